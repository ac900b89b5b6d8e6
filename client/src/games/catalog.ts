/**
 * The games this client knows: a small list for the home page, and a loader
 * for each game's module. Names and descriptions live in the common texts
 * under games.<id>; everything else a game says is in its own texts, fetched
 * with its module (never on the home page). Ids, icons, player counts and
 * minutes come from the games' metas (shared/src/games/<id>/meta.ts).
 */
import type { GameModule } from './types.js';
import type { AnyGame } from '@fireside/shared/engine/contract';
import { LANGS, useTexts, type TextLoaders } from '../i18n/index.js';
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

// Each game's table module, texts and engine, found by their paths (client/src/games/<id>/module.ts,
// <id>/i18n/<lang>.ts, shared/src/games/<id>/index.ts): a new game adds no line here. Lazy: each
// stays a chunk of its own, fetched when a table of that game opens (or its replay).
const MODULES = import.meta.glob<{ default: GameModule }>('./*/module.ts');
const TEXTS = import.meta.glob<{ default: object }>('./*/i18n/{en,fr,ja}.ts');
const ENGINES = import.meta.glob<Record<string, AnyGame>>('../../../shared/src/games/*/index.ts');

function found<T>(files: Record<string, T>, path: string, what: string): T {
  const file = files[path];
  if (!file) throw new Error(`The client has no ${what} (${path}).`);
  return file;
}

/** What only the client adds to a game's meta: its module and texts, its engine for replays. */
function clientParts(id: GameId): Pick<GameInfo, 'load' | 'engine'> {
  const texts = Object.fromEntries(LANGS.map(({ id: lang }) => [lang, found(TEXTS, `./${id}/i18n/${lang}.ts`, `${lang} texts for ${id}`)]));
  const engine = found(ENGINES, `../../../shared/src/games/${id}/index.ts`, `engine for ${id}`);
  return {
    load: withTexts(id, found(MODULES, `./${id}/module.ts`, `table for ${id}`), texts as TextLoaders),
    engine: () => engine().then((m) => m[id]),
  };
}

/** The games in the metas' order, with their player counts and minutes from the metas. */
export const GAMES: GameInfo[] = gameMetas.map((meta) => ({
  id: meta.id,
  minPlayers: meta.minPlayers,
  maxPlayers: meta.maxPlayers,
  minutes: [meta.minutes[0], meta.minutes[1]],
  icon: meta.icon as GlyphName, // a glyph of the atlas: catalog-icons.test.ts
  ...clientParts(meta.id),
}));

export function gameInfo(id: string): GameInfo | undefined {
  return GAMES.find((g) => g.id === id);
}
