/** Wind City's texts: the German card name "Kauf" (the rules' word) is translated in every language (issue 12). */
import { describe, expect, it } from '@jest/globals';
import en from './en.js';
import fr from './fr.js';
import ja from './ja.js';

function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(strings);
  return [];
}

describe('Wind City texts', () => {
  it.each([
    ['en', en],
    ['fr', fr],
    ['ja', ja],
  ])('%s never says "Kauf"', (_lang, texts) => {
    const all = strings(texts);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((s) => /kauf/i.test(s))).toEqual([]);
  });
});
