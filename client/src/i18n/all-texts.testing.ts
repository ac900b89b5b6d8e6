/**
 * For tests: every text the client has, in each language — the common texts
 * and each registered game's own — imported at once (a page loads a game's
 * texts only with its module). Every game of shared/src/games/metas.ts needs
 * its texts at client/src/games/<id>/i18n/<lang>.ts: loading names a missing one.
 */
import { metaIds, type GameId } from '@fireside/shared/games/metas';
import en from './en.js';
import ja from './ja.js';
import fr from './fr.js';
export const COMMON_TEXTS = { en, ja, fr };
export type Lang = keyof typeof COMMON_TEXTS;

/** A game's texts in one language: client/src/games/<id>/i18n/<lang>.ts, found by path (a new game adds no line here). */
async function loadTexts(id: GameId, lang: Lang): Promise<[Lang, unknown]> {
  try {
    return [lang, ((await import(`../games/${id}/i18n/${lang}.js`)) as { default: unknown }).default];
  } catch (e) {
    throw new Error(`no ${lang} texts for ${id} (client/src/games/${id}/i18n/${lang}.ts)`, { cause: e });
  }
}

const LANG_IDS = Object.keys(COMMON_TEXTS) as Lang[];
const GAME_TEXTS = Object.fromEntries(
  await Promise.all(metaIds.map(async (id) => [id, Object.fromEntries(await Promise.all(LANG_IDS.map((lang) => loadTexts(id, lang))))] as const)),
) as Record<GameId, Record<Lang, unknown>>;

/** Each registered game's own texts in `lang`, as [id, texts]; throws for a game with none. */
export function gameTexts(lang: Lang): [GameId, unknown][] {
  return metaIds.map((g) => [g, GAME_TEXTS[g][lang]]);
}
