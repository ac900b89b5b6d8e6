/**
 * Plural forms come from Intl.PluralRules (translate.ts: `key_one`,
 * `key_other`), never from a "(s)" fallback (issue 23): "Choose 3 more
 * gifts", not "gift(s)". Every text of the page and of each game, in every
 * language, is checked.
 */
import { describe, expect, it } from '@jest/globals';
import { translate, type Texts } from './translate.js';
import en from './en.js';
import fr from './fr.js';
import ja from './ja.js';
import gtEn from '../games/gifttrap/i18n/en.js';
import gtFr from '../games/gifttrap/i18n/fr.js';
import gtJa from '../games/gifttrap/i18n/ja.js';
import gtRulesEn from '../games/gifttrap/i18n/rules-en.js';
import gtRulesFr from '../games/gifttrap/i18n/rules-fr.js';
import gtRulesJa from '../games/gifttrap/i18n/rules-ja.js';
import scEn from '../games/santa/i18n/en.js';
import scFr from '../games/santa/i18n/fr.js';
import scJa from '../games/santa/i18n/ja.js';
import scRulesEn from '../games/santa/i18n/rules-en.js';
import scRulesFr from '../games/santa/i18n/rules-fr.js';
import scRulesJa from '../games/santa/i18n/rules-ja.js';
import wcEn from '../games/windcity/i18n/en.js';
import wcFr from '../games/windcity/i18n/fr.js';
import wcJa from '../games/windcity/i18n/ja.js';
import wcRulesEn from '../games/windcity/i18n/rules-en.js';
import wcRulesFr from '../games/windcity/i18n/rules-fr.js';
import wcRulesJa from '../games/windcity/i18n/rules-ja.js';

/** Every string of a text tree, with its key path. */
function strings(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

/** "gift(s)", "cadeau(x)", "joueur(se)s", "ami(e)s", "(es)": a plural or gender left to the reader. */
const FALLBACK = /\p{L}\((s|x|e|es|se|nt)\)|\((e|se)\)s/u;

describe('plural forms', () => {
  it.each([
    ['en', [en, gtEn, gtRulesEn, scEn, scRulesEn, wcEn, wcRulesEn]],
    ['fr', [fr, gtFr, gtRulesFr, scFr, scRulesFr, wcFr, wcRulesFr]],
    ['ja', [ja, gtJa, gtRulesJa, scJa, scRulesJa, wcJa, wcRulesJa]],
  ])('no %s text says "(s)": plurals come from Intl.PluralRules', (_lang, trees) => {
    const all = trees.flatMap((tree) => strings(tree));
    expect(all.length).toBeGreaterThan(300);
    expect(all.filter(([, text]) => FALLBACK.test(text))).toEqual([]);
  });

  it('words the gifts still to choose in the singular and the plural', () => {
    const say = (lang: string, texts: Texts, count: number) => translate([{ lang, texts: { gifttrap: texts } }], 'gifttrap.give.incomplete', { count });
    expect(say('en', gtEn, 1)).toBe('Choose 1 more gift.');
    expect(say('en', gtEn, 3)).toBe('Choose 3 more gifts.');
    expect(say('fr', gtFr, 1)).toBe('Encore 1 cadeau à choisir.');
    expect(say('fr', gtFr, 2)).toBe('Encore 2 cadeaux à choisir.');
  });
});
