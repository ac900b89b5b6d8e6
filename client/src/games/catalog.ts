/**
 * The games this client knows: a small list for the home page, and a loader
 * for each game's module. Names and descriptions live in i18n under games.<id>.
 */
import type { GameModule } from './types.js';
import type { AnyGame } from '@fireside/shared/engine/contract';

export interface GameInfo {
  id: string;
  icon: string;
  minPlayers: number;
  maxPlayers: number;
  minutes: [number, number];
  load(): Promise<GameModule>;
  /** The game's engine, for replays only (the live tables never run the rules of a whole game). */
  engine(): Promise<AnyGame>;
}

export const GAMES: GameInfo[] = [
  {
    id: 'gifttrap',
    icon: '🎁',
    minPlayers: 3,
    maxPlayers: 8,
    minutes: [30, 60],
    load: () => import('./gifttrap/module.js').then((m) => m.default),
    engine: () => import('@fireside/shared/games/gifttrap/index').then((m) => m.gifttrap as AnyGame),
  },
  {
    id: 'santa',
    icon: '🎅',
    minPlayers: 3,
    maxPlayers: 4,
    minutes: [30, 45],
    load: () => import('./santa/module.js').then((m) => m.default),
    engine: () => import('@fireside/shared/games/santa/index').then((m) => m.santa as AnyGame),
  },
  {
    id: 'windcity',
    icon: '🌀',
    minPlayers: 2,
    maxPlayers: 5,
    minutes: [45, 90],
    load: () => import('./windcity/module.js').then((m) => m.default),
    engine: () => import('@fireside/shared/games/windcity/index').then((m) => m.windcity as AnyGame),
  },
];

export function gameInfo(id: string): GameInfo | undefined {
  return GAMES.find((g) => g.id === id);
}
