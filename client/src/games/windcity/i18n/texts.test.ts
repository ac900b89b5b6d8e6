/** Wind City's texts: the German card name "Kauf" (the rules' word) is translated in every language (issue 12). */
import { describe, expect, it } from '@jest/globals';
import en from './en.js';
import fr from './fr.js';
import ja from './ja.js';
import rulesEn from './rules-en.js';
import rulesFr from './rules-fr.js';
import rulesJa from './rules-ja.js';

function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(strings);
  return [];
}

describe('Wind City texts', () => {
  it.each([
    ['en', [en, rulesEn]],
    ['fr', [fr, rulesFr]],
    ['ja', [ja, rulesJa]],
  ])('%s never says "Kauf"', (_lang, texts) => {
    const all = strings(texts);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((s) => /kauf/i.test(s))).toEqual([]);
  });
});
