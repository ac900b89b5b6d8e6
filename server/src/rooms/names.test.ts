/** Names: invisible and spoofing characters go, look-alikes collide, a table's names are unique. */
import { describe, expect, it } from '@jest/globals';
import { MAX_MARKS, lookalikeKey, nameKey, sanitizeName, uniqueName } from './names.js';

describe('sanitizeName removes what shows nothing', () => {
  it.each([
    ['Hangul filler U+3164', 'A\u3164B', 'AB'],
    ['Braille blank U+2800', '\u2800Bob\u2800', 'Bob'],
    ['Arabic letter mark U+061C', 'Bo\u061Cb', 'Bob'],
    ['soft hyphen', 'Bo\u00ADb', 'Bob'],
    ['right-to-left override', 'Bob\u202Exyz', 'Bobxyz'],
    ['zero-width space and joiner between letters', 'B\u200Bo\u200Db', 'Bob'],
    ['word joiner and BOM', '\u2060B\uFEFFob', 'Bob'],
    ['combining grapheme joiner', 'Bo\u034Fb', 'Bob'],
    ['Hangul fillers U+115F/U+1160/U+FFA0', '\u115FB\u1160o\uFFA0b', 'Bob'],
    ['a stray variation selector', 'Bo\uFE0Fb', 'Bob'],
    ['private use', 'Bo\uE000b', 'Bob'],
  ])('%s', (_what, input, expected) => {
    expect(sanitizeName(input)).toBe(expected);
  });

  it('names of only invisible characters fall back', () => {
    expect(sanitizeName('\u3164\u3164')).toBe('Player');
    expect(sanitizeName('\u2800')).toBe('Player');
    expect(sanitizeName('\u0301\u0301\u0301', null)).toBeNull();
    expect(sanitizeName('\u200D\u061C', null)).toBeNull();
  });

  it('caps runs of combining marks', () => {
    const zalgo = 'Z' + '\u0336\u0337\u0338\u0334\u0335'.repeat(10) + 'a';
    const out = sanitizeName(zalgo)!;
    expect([...out]).toHaveLength(1 + MAX_MARKS + 1);
    expect(out.startsWith('Z')).toBe(true);
    expect(out.endsWith('a')).toBe(true);
  });

  it('keeps real scripts and emoji sequences', () => {
    expect(sanitizeName('Chloé')).toBe('Chloé');
    expect(sanitizeName('Nguyễn')).toBe('Nguyễn');
    expect(sanitizeName('さくら')).toBe('さくら');
    expect(sanitizeName('नमस्ते')).toBe('नमस्ते');
    expect(sanitizeName('👨‍👩‍👧 family')).toBe('👨‍👩‍👧 family');
    expect(sanitizeName('❤️ Ann')).toBe('❤️ Ann');
    expect(sanitizeName('👍🏽')).toBe('👍🏽');
  });
});

describe('uniqueName', () => {
  it('treats case, spacing, width and Cyrillic/Greek look-alikes as the same name', () => {
    expect(nameKey('Alice')).toBe(nameKey('ALICE'));
    expect(nameKey('Alice')).toBe(nameKey('A lice'));
    expect(nameKey('Alice')).toBe(nameKey('Ａｌｉｃｅ'));
    expect(nameKey('Alice')).toBe(nameKey('\u0410lice')); // Cyrillic А
    expect(nameKey('Bob')).not.toBe(nameKey('Rob'));
  });

  it('adds a number to a name already at the table', () => {
    expect(uniqueName('Bob', ['Alice'])).toBe('Bob');
    expect(uniqueName('Alice', ['Alice'])).toBe('Alice 2');
    expect(uniqueName('\u0410lice', ['Alice', 'Alice 2'])).toBe('\u0410lice 3');
    expect(uniqueName('alice 2', ['Alice', 'Alice 2'])).toBe('alice 2 2');
  });

  // Issue 22, item 8: a capital I, a digit one, a Cherokee A (U+13AA), a digit zero, a Greek capital upsilon (U+03A5).
  it.each([
    ['AIice', 'Alice'],
    ['A1ice', 'Alice'],
    ['\u13AAlice', 'Alice'],
    ['0tto', 'Otto'],
    ['\u03A5ann', 'Yann'],
  ])('"%s" reads as "%s": it gets a number at a table that has it', (lookalike, existing) => {
    expect(lookalikeKey(lookalike)).toBe(lookalikeKey(existing));
    expect(uniqueName(lookalike, ['Alice', 'Otto', 'Yann'])).toBe(`${lookalike} 2`);
    // Whichever comes first: the real name after the look-alike is numbered too.
    expect(uniqueName(existing, [lookalike])).toBe(`${existing} 2`);
  });

  it('look-alikes collide in any case, and the numbered names are checked the same way', () => {
    expect(uniqueName('0TTO', ['otto'])).toBe('0TTO 2');
    expect(uniqueName('ALlCE', ['ALICE'])).toBe('ALlCE 2'); // a small l among capitals
    expect(uniqueName('Ada (b0t)', ['Ada (bot)'])).toBe('Ada (b0t) 2'); // a bot's name
    expect(uniqueName('A1ice', ['Alice', 'AIice 2'])).toBe('A1ice 3');
  });

  it('keeps names that only look different apart: accents, other scripts, other letters', () => {
    const table = ['Al', 'Lea', 'Chloe', 'さくら', 'Yann', 'Otto', 'Bob'];
    for (const name of ['Ali', 'Léa', 'Chloé', 'サクラ', 'さくらこ', '桜', 'Yan', 'Otto-Hans', 'Rob', 'Ann', 'Ole', 'Io']) {
      expect([name, uniqueName(name, table)]).toEqual([name, name]);
    }
  });

  it('stays within 24 characters', () => {
    const long = 'x'.repeat(24);
    const out = uniqueName(long, [long]);
    expect([...out]).toHaveLength(24);
    expect(out.endsWith(' 2')).toBe(true);
  });
});
