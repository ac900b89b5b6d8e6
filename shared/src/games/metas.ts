/**
 * Every game Fireside hosts, as plain data (game-meta.ts), in a fixed order:
 * the home page lists them in it, and tests and benchmarks loop over it
 * instead of writing the game list by hand. The engines are in registry.ts,
 * which must hold the same ids (metas.test.ts); a new game adds its meta here.
 */
import type { GameMeta } from './game-meta.js';
import { gifttrapMeta } from './gifttrap/meta.js';
import { santaMeta } from './santa/meta.js';
import { windcityMeta } from './windcity/meta.js';

export type { GameMeta } from './game-meta.js';

export const gameMetas = [gifttrapMeta, santaMeta, windcityMeta] as const;

export type GameId = (typeof gameMetas)[number]['id'];
export const metaIds: GameId[] = gameMetas.map((m) => m.id);

export function isGameId(id: string): id is GameId {
  return (metaIds as string[]).includes(id);
}

/** A game's meta by id (undefined for an id Fireside does not host). */
export function metaOf(id: string): GameMeta | undefined {
  return gameMetas.find((m) => m.id === id);
}
