/**
 * The games this client knows: a small list for the home page, and a loader
 * for each game's module. Names and descriptions live in the common texts
 * under games.<id>; everything else a game says is in its own texts, fetched
 * with its module (never on the home page).
 */
import type { GameModule } from './types.js';
import type { AnyGame } from '@fireside/shared/engine/contract';
import { useTexts, type TextLoaders } from '../i18n/index.js';
import type { GlyphName } from '../art/glyphs.js';

export interface GameInfo {
  id: string;
  icon: GlyphName;
  minPlayers: number;
  maxPlayers: number;
  minutes: [number, number];
  load(): Promise<GameModule>;
  /** The game's engine, for replays only (the live tables never run the rules of a whole game). */
  engine(): Promise<AnyGame>;
}

/** A game's module, fetched together with its texts in the current language (the module renders with them at once). */
function withTexts(id: string, module: () => Promise<{ default: GameModule }>, texts: TextLoaders): () => Promise<GameModule> {
  return async () => (await Promise.all([module(), useTexts(id, texts)]))[0].default;
}

export const GAMES: GameInfo[] = [
  {
    id: 'gifttrap',
    icon: 'gift',
    minPlayers: 3,
    maxPlayers: 8,
    minutes: [30, 60],
    load: withTexts('gifttrap', () => import('./gifttrap/module.js'), {
      en: () => import('./gifttrap/i18n/en.js'),
      ja: () => import('./gifttrap/i18n/ja.js'),
      fr: () => import('./gifttrap/i18n/fr.js'),
    }),
    engine: () => import('@fireside/shared/games/gifttrap/index').then((m) => m.gifttrap as AnyGame),
  },
  {
    id: 'santa',
    icon: 'santa',
    minPlayers: 3,
    maxPlayers: 4,
    minutes: [30, 45],
    load: withTexts('santa', () => import('./santa/module.js'), {
      en: () => import('./santa/i18n/en.js'),
      ja: () => import('./santa/i18n/ja.js'),
      fr: () => import('./santa/i18n/fr.js'),
    }),
    engine: () => import('@fireside/shared/games/santa/index').then((m) => m.santa as AnyGame),
  },
  {
    id: 'windcity',
    icon: 'cyclone',
    minPlayers: 2,
    maxPlayers: 5,
    minutes: [45, 90],
    load: withTexts('windcity', () => import('./windcity/module.js'), {
      en: () => import('./windcity/i18n/en.js'),
      ja: () => import('./windcity/i18n/ja.js'),
      fr: () => import('./windcity/i18n/fr.js'),
    }),
    engine: () => import('@fireside/shared/games/windcity/index').then((m) => m.windcity as AnyGame),
  },
];

export function gameInfo(id: string): GameInfo | undefined {
  return GAMES.find((g) => g.id === id);
}
