/**
 * "Tap" on touch screens (issue 23, item 7): a text that says "click" has a
 * `_touch` variant, which t() picks when the main pointer is a finger
 * (`(pointer: coarse)`, index.ts), in every language.
 */
import { describe, expect, it } from '@jest/globals';
import { translate, type Texts } from './translate.js';
import { COMMON_TEXTS, gameTexts, type Lang } from './all-texts.testing.js';
import scEn from '../games/santa/i18n/en.js';

/** Every string of a text tree, by key path. */
function strings(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

const CLICK = { en: /click/i, fr: /cliqu/i, ja: /クリック/ };
const TAP = { en: /\btap/i, fr: /touch/i, ja: /タップ/ };

/** The common texts and every game's, in one language. */
function allTexts(lang: Lang): Record<string, unknown> {
  return { common: COMMON_TEXTS[lang], ...Object.fromEntries(gameTexts(lang)) };
}

describe('touch wording', () => {
  it.each((['en', 'fr', 'ja'] as const).map((lang) => [lang, allTexts(lang)] as const))(
    'every %s text that says "click" says "tap" on a touch screen',
    (lang, tree) => {
      const texts = new Map(strings(tree));
      const clicks = [...texts].filter(([key, text]) => !key.endsWith('_touch') && CLICK[lang].test(text));
      expect(clicks.length).toBeGreaterThan(0);
      const wrong = clicks.flatMap(([key]) => {
        const touch = texts.get(`${key}_touch`);
        return touch !== undefined && TAP[lang].test(touch) && !CLICK[lang].test(touch) ? [] : [key];
      });
      expect(wrong).toEqual([]);
    },
  );

  it('t() picks the touch variant only when asked', () => {
    const chain = [{ lang: 'en', texts: { santa: scEn } as Texts }];
    expect(translate(chain, 'santa.move.click')).toBe('Click a highlighted house.');
    expect(translate(chain, 'santa.move.click', undefined, 'touch')).toBe('Tap a highlighted house.');
    // No variant for this key: the plain text.
    expect(translate(chain, 'santa.move.routes', { house: 'A' }, 'nothing')).toMatch(/click a house/);
  });
});
