/** Gift Trap's manifest: plain data the home page, the engine and the tests share (game-meta.ts). */
import type { GameMeta } from '../game-meta.js';

export const gifttrapMeta = {
  id: 'gifttrap',
  icon: 'gift',
  minPlayers: 3,
  maxPlayers: 8,
  minutes: [30, 60],
  testing: {
    // A match to 20 points instead of the table's default goal.
    quickOptions: { goal: 20 },
    fuzzTables: [
      { players: 3, spectators: 1 },
      { players: 4, spectators: 2 },
      { players: 5, spectators: 1 },
    ],
    benchPlayers: 5,
    benchBytesPerGame: 30 * 1024,
    tableTextsWhole: true,
  },
} as const satisfies GameMeta;
