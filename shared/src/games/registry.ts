import type { AnyGame } from '../engine/contract.js';
import { gifttrap } from './gifttrap/index.js';
import { santa } from './santa/index.js';
import { windcity } from './windcity/index.js';

/** The games Fireside hosts. Only implemented games belong here. */
export const games = { gifttrap, santa, windcity } satisfies Record<string, AnyGame>;

export type GameId = keyof typeof games;
export const gameIds = Object.keys(games) as GameId[];

export function getGame(id: string): AnyGame | undefined {
  return Object.prototype.hasOwnProperty.call(games, id) ? (games as Record<string, AnyGame>)[id] : undefined;
}
