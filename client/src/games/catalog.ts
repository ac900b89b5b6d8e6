/**
 * The games this client knows: a small list for the home page, and a loader
 * for each game's module. Names and descriptions live in the common texts
 * under games.<id>; everything else a game says is in its own texts, fetched
 * with its module (never on the home page). Ids, player counts and minutes
 * come from the games' metas (shared/src/games/<id>/meta.ts).
 */
import type { GameModule } from './types.js';
import type { AnyGame } from '@fireside/shared/engine/contract';
import { useTexts, type TextLoaders } from '../i18n/index.js';
import type { GlyphName } from '../art/glyphs.js';
import { gameMetas, type GameId } from '@fireside/shared/games/metas';

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

/** What only the client adds to a game's meta: its glyph, its module and texts, its engine for replays. */
type ClientParts = Pick<GameInfo, 'icon' | 'load' | 'engine'>;

/** One entry per meta (the type asks for every game id in shared/src/games/metas.ts). */
const CLIENT_PARTS: Record<GameId, ClientParts> = {
  gifttrap: {
    icon: 'gift',
    load: withTexts('gifttrap', () => import('./gifttrap/module.js'), {
      en: () => import('./gifttrap/i18n/en.js'),
      ja: () => import('./gifttrap/i18n/ja.js'),
      fr: () => import('./gifttrap/i18n/fr.js'),
    }),
    engine: () => import('@fireside/shared/games/gifttrap/index').then((m) => m.gifttrap as AnyGame),
  },
  santa: {
    icon: 'santa',
    load: withTexts('santa', () => import('./santa/module.js'), {
      en: () => import('./santa/i18n/en.js'),
      ja: () => import('./santa/i18n/ja.js'),
      fr: () => import('./santa/i18n/fr.js'),
    }),
    engine: () => import('@fireside/shared/games/santa/index').then((m) => m.santa as AnyGame),
  },
  windcity: {
    icon: 'cyclone',
    load: withTexts('windcity', () => import('./windcity/module.js'), {
      en: () => import('./windcity/i18n/en.js'),
      ja: () => import('./windcity/i18n/ja.js'),
      fr: () => import('./windcity/i18n/fr.js'),
    }),
    engine: () => import('@fireside/shared/games/windcity/index').then((m) => m.windcity as AnyGame),
  },
};

/** The games in the metas' order, with their player counts and minutes from the metas. */
export const GAMES: GameInfo[] = gameMetas.map((meta) => ({
  id: meta.id,
  minPlayers: meta.minPlayers,
  maxPlayers: meta.maxPlayers,
  minutes: [meta.minutes[0], meta.minutes[1]],
  ...CLIENT_PARTS[meta.id],
}));

export function gameInfo(id: string): GameInfo | undefined {
  return GAMES.find((g) => g.id === id);
}
