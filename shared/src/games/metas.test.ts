import { describe, expect, it } from '@jest/globals';
import { gameMetas, metaIds, metaOf } from './metas.js';
import { games, gameIds } from './registry.js';

describe('game metas', () => {
  it('name the same games as the engine registry, in the fixed order', () => {
    expect(metaIds).toEqual(['gifttrap', 'santa', 'windcity']);
    expect([...gameIds].sort()).toEqual([...metaIds].sort());
  });

  it.each(gameMetas.map((m) => [m.id, m] as const))("%s: the engine's player counts are its meta's", (id, meta) => {
    const engine = games[id];
    expect({ id: engine.id, minPlayers: engine.minPlayers, maxPlayers: engine.maxPlayers }).toEqual({
      id: meta.id,
      minPlayers: meta.minPlayers,
      maxPlayers: meta.maxPlayers,
    });
  });

  it.each(gameMetas.map((m) => [m.id, m] as const))('%s: minutes and test table sizes are sensible', (_id, meta) => {
    expect(meta.minPlayers).toBeGreaterThanOrEqual(1);
    expect(meta.maxPlayers).toBeGreaterThanOrEqual(meta.minPlayers);
    expect(meta.minutes[0]).toBeGreaterThan(0);
    expect(meta.minutes[1]).toBeGreaterThanOrEqual(meta.minutes[0]);
    const seats = [meta.testing.benchPlayers, ...meta.testing.fuzzTables.map((t) => t.players)];
    for (const n of seats) expect(n >= meta.minPlayers && n <= meta.maxPlayers).toBe(true);
  });

  it('finds a meta by id, and none for an unknown id', () => {
    expect(metaOf('santa')?.maxPlayers).toBe(4);
    expect(metaOf('chess')).toBeUndefined();
  });
});
