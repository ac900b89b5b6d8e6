import type { AnyGame } from '../engine/contract.js';
import type { GameId } from './metas.js';
import { gifttrap } from './gifttrap/index.js';
import { santa } from './santa/index.js';
import { windcity } from './windcity/index.js';

/**
 * The engines of the games Fireside hosts, one for each meta in metas.ts
 * (the type asks for every meta's id; metas.test.ts checks the ids and the
 * player counts agree). Only implemented games belong here.
 */
export const games = { gifttrap, santa, windcity } satisfies Record<GameId, AnyGame>;

export type { GameId };
export const gameIds = Object.keys(games) as GameId[];

export function getGame(id: string): AnyGame | undefined {
  return Object.prototype.hasOwnProperty.call(games, id) ? (games as Record<string, AnyGame>)[id] : undefined;
}
