/** Santa Claus Is Comin' To Town's manifest: plain data the home page, the engine and the tests share (game-meta.ts). */
import type { GameMeta } from '../game-meta.js';

export const santaMeta = {
  id: 'santa',
  icon: 'santa',
  minPlayers: 3,
  maxPlayers: 4,
  minutes: [30, 45],
  testing: {
    fuzzTables: [
      { players: 3, spectators: 1 },
      { players: 4, spectators: 1 },
      { players: 3, spectators: 2 },
    ],
    benchPlayers: 4,
    benchBytesPerGame: 30 * 1024,
    // Santa's own test (santa-phone.test.ts) checks how its texts shorten.
    tableTextsWhole: false,
  },
} as const satisfies GameMeta;
