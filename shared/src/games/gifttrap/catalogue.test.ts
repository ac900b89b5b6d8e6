import { describe, expect, it } from '@jest/globals';
import { CATALOGUE, cardById, giftOnSlot } from './catalogue.js';
import { TIERS, type Gift, type Lang } from './types.js';

const LANGS: readonly Lang[] = ['en', 'ja', 'fr'];
/** Maximum length in code points, per language. */
const MAX_LEN: Readonly<Record<Lang, number>> = { en: 24, ja: 12, fr: 24 };
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;

const allCards = TIERS.flatMap((t) => CATALOGUE[t]);
const allGifts: Gift[] = allCards.flatMap((c) => c.sides);

describe('gift catalogue', () => {
  it('has at least 40 cards in every tier, each of its own tier', () => {
    for (const tier of TIERS) {
      expect(CATALOGUE[tier].length).toBeGreaterThanOrEqual(40);
      for (const card of CATALOGUE[tier]) expect(card.tier).toBe(tier);
    }
  });

  it('has unique card ids and gift ids', () => {
    const cardIds = allCards.map((c) => c.id);
    expect(new Set(cardIds).size).toBe(cardIds.length);
    const giftIds = allGifts.map((g) => g.id);
    expect(new Set(giftIds).size).toBe(giftIds.length);
    for (const card of allCards) {
      expect(card.id).toMatch(/^(black|blue|red|yellow)-\d{2,}$/);
      expect(card.sides.map((g) => g.id)).toEqual([`${card.id}a`, `${card.id}b`]);
    }
  });

  it('puts two different gifts on every card', () => {
    for (const {
      id,
      sides: [a, b],
    } of allCards) {
      for (const lang of LANGS) {
        expect({ id, lang, same: a.name[lang].toLowerCase() === b.name[lang].toLowerCase() }).toEqual({
          id,
          lang,
          same: false,
        });
      }
    }
  });

  it('never repeats a gift name anywhere in the catalogue, in any language', () => {
    for (const lang of LANGS) {
      const seen = new Map<string, string>();
      const dups: string[] = [];
      for (const gift of allGifts) {
        const key = gift.name[lang].normalize('NFC').toLowerCase().trim();
        const prev = seen.get(key);
        if (prev) dups.push(`${lang} "${gift.name[lang]}": ${prev} and ${gift.id}`);
        else seen.set(key, gift.id);
      }
      expect(dups).toEqual([]);
    }
  });

  it('gives every gift short, non-empty, trimmed names', () => {
    const bad: string[] = [];
    for (const gift of allGifts) {
      for (const lang of LANGS) {
        const name = gift.name[lang];
        const len = [...name].length;
        if (len === 0 || len > MAX_LEN[lang] || name.trim() !== name || /\s{2}/.test(name)) {
          bad.push(`${gift.id} ${lang} "${name}" (${len})`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('writes Japanese names in Japanese', () => {
    const bad = allGifts.filter((g) => !JAPANESE.test(g.name.ja)).map((g) => `${g.id} ${g.name.ja}`);
    expect(bad).toEqual([]);
  });

  it('gives every gift a pictographic icon', () => {
    const bad = allGifts.filter((g) => g.icon.length === 0 || g.icon.trim() !== g.icon || !PICTOGRAPHIC.test(g.icon)).map((g) => `${g.id} "${g.icon}"`);
    expect(bad).toEqual([]);
  });

  it('looks cards up by id and gifts up by laid-out slot', () => {
    for (const card of allCards) {
      expect(cardById(card.id)).toBe(card);
      expect(giftOnSlot({ cardId: card.id, side: 0 })).toBe(card.sides[0]);
      expect(giftOnSlot({ cardId: card.id, side: 1 })).toBe(card.sides[1]);
    }
    expect(cardById('black-01').tier).toBe('black');
    expect(giftOnSlot({ cardId: 'yellow-01', side: 1 }).id).toBe('yellow-01b');
    expect(() => cardById('purple-01')).toThrow();
    expect(() => cardById('black-999')).toThrow();
  });
});
