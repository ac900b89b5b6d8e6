/** Wind City's manifest: plain data the home page, the engine and the tests share (game-meta.ts). */
import type { GameMeta } from '../game-meta.js';

export const windcityMeta = {
  id: 'windcity',
  icon: 'cyclone',
  minPlayers: 2,
  maxPlayers: 5,
  minutes: [45, 90],
  testing: {
    // The market open 10 s instead of the default.
    quickOptions: { marketSeconds: 10 },
    fuzzTables: [
      { players: 2, spectators: 2 },
      { players: 3, spectators: 1 },
      { players: 4, spectators: 1 },
    ],
    benchPlayers: 5,
    // A hurricane path, a market and a city of 25 districts: more to tell than the others.
    benchBytesPerGame: 60 * 1024,
    tableTextsWhole: true,
  },
} as const satisfies GameMeta;
