/** The client's text lookup: what it kept of i18next's behaviour (keys, `_one`/`_other` plurals, {{variables}}, fallback). */
import { interpolate, lookup, pluralCategory, translate, type Texts } from './translate.js';

const en: Texts = {
  home: { create: 'Create room', players: '{{min}}–{{max}} players' },
  lobby: { spectators_one: '{{count}} watching', spectators_other: '{{count}} watching (many)' },
  only: { en: 'English only' },
};
const ja: Texts = {
  home: { create: 'ルームを作る', players: '{{min}}〜{{max}}人' },
  lobby: { spectators_one: '観戦{{count}}人 (one)', spectators_other: '観戦{{count}}人' },
};

describe('lookup', () => {
  it('finds a string at a dotted key', () => {
    expect(lookup(en, 'home.create')).toBe('Create room');
  });

  it('is undefined for a missing key, a subtree, or a path through a string', () => {
    expect(lookup(en, 'home.nope')).toBeUndefined();
    expect(lookup(en, 'home')).toBeUndefined();
    expect(lookup(en, 'home.create.more')).toBeUndefined();
    expect(lookup(undefined, 'home.create')).toBeUndefined();
  });

  it('never reads inherited properties', () => {
    expect(lookup(en, 'home.toString')).toBeUndefined();
    expect(lookup(en, '__proto__')).toBeUndefined();
  });
});

describe('interpolate', () => {
  it('replaces {{name}} (spaces allowed) without escaping', () => {
    expect(interpolate('{{min}}–{{ max }} <b>', { min: 3, max: 8 })).toBe('3–8 <b>');
  });

  it('leaves a placeholder without a value as it is, and writes null as nothing', () => {
    expect(interpolate('Hi {{name}}', {})).toBe('Hi {{name}}');
    expect(interpolate('Hi {{name}}', { name: undefined })).toBe('Hi {{name}}');
    expect(interpolate('Hi {{name}}!', { name: null })).toBe('Hi !');
  });
});

describe('translate', () => {
  const chain = (texts: Texts, lang = 'en') => [
    { lang, texts },
    { lang: 'en', texts: en },
  ];

  it('picks the plural form of the language, then falls back to the bare key', () => {
    expect(translate(chain(en), 'lobby.spectators', { count: 1 })).toBe('1 watching');
    expect(translate(chain(en), 'lobby.spectators', { count: 2 })).toBe('2 watching (many)');
    expect(translate(chain(ja, 'ja'), 'lobby.spectators', { count: 1 })).toBe('観戦1人');
    expect(translate(chain(en), 'home.players', { count: 2, min: 2, max: 5 })).toBe('2–5 players');
  });

  it('uses the fallback language for a key the current one lacks, and the key when none has it', () => {
    expect(translate(chain(ja, 'ja'), 'home.create')).toBe('ルームを作る');
    expect(translate(chain(ja, 'ja'), 'only.en')).toBe('English only');
    expect(translate(chain(ja, 'ja'), 'gifttrap.rules.title')).toBe('gifttrap.rules.title');
  });

  it('knows the plural categories of the three languages', () => {
    expect([0, 1, 2].map((n) => pluralCategory('en', n))).toEqual(['other', 'one', 'other']);
    expect([0, 1, 2].map((n) => pluralCategory('fr', n))).toEqual(['one', 'one', 'other']);
    expect([0, 1, 2].map((n) => pluralCategory('ja', n))).toEqual(['other', 'other', 'other']);
  });
});
