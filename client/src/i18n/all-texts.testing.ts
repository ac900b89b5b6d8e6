/**
 * For tests: every text the client has, in each language — the common texts
 * and each registered game's own — imported at once (a page loads a game's
 * texts only with its module). Every game of shared/src/games/metas.ts needs
 * an entry: its type asks for one, and gameTexts names a missing one.
 */
import { metaIds, type GameId } from '@fireside/shared/games/metas';
import en from './en.js';
import ja from './ja.js';
import fr from './fr.js';
import giftEn from '../games/gifttrap/i18n/en.js';
import giftJa from '../games/gifttrap/i18n/ja.js';
import giftFr from '../games/gifttrap/i18n/fr.js';
import santaEn from '../games/santa/i18n/en.js';
import santaJa from '../games/santa/i18n/ja.js';
import santaFr from '../games/santa/i18n/fr.js';
import windEn from '../games/windcity/i18n/en.js';
import windJa from '../games/windcity/i18n/ja.js';
import windFr from '../games/windcity/i18n/fr.js';

export const COMMON_TEXTS = { en, ja, fr };
export type Lang = keyof typeof COMMON_TEXTS;

const GAME_TEXTS: Record<GameId, Record<Lang, unknown>> = {
  gifttrap: { en: giftEn, ja: giftJa, fr: giftFr },
  santa: { en: santaEn, ja: santaJa, fr: santaFr },
  windcity: { en: windEn, ja: windJa, fr: windFr },
};

/** Each registered game's own texts in `lang`, as [id, texts]; throws for a game with none. */
export function gameTexts(lang: Lang): [GameId, unknown][] {
  return metaIds.map((g) => {
    if (!GAME_TEXTS[g]) throw new Error(`no texts for ${g}: add the game to GAME_TEXTS in client/src/i18n/all-texts.testing.ts`);
    return [g, GAME_TEXTS[g][lang]];
  });
}
