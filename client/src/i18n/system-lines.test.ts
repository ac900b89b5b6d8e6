/**
 * Every system line the room's chat shows is worded in the reader's language
 * (issue 12): the room log's events (`log.<event>`, from the server's code and
 * the member's name) and the refusals shown as notices (`errors.codes.<code>`,
 * or `<game>.errors.<key>` for a game's own `<game>/<key>` codes). A missing
 * text would fall back to English on a French or Japanese page.
 *
 * The refusal codes are those the protocol lists, the engines' common ones,
 * and every code literal in the server's `fail(…)` calls and in each game's
 * engine source, so a new code without texts fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOM_ERROR_CODES, ROOM_LOG_EVENTS } from '@fireside/shared/protocol/messages';
import { COMMON_REJECTION_CODES } from '@fireside/shared/engine/contract';
import { metaIds } from '@fireside/shared/games/metas';
import { errorKey, lookup, type Texts } from './translate.js';
import { COMMON_TEXTS, gameTexts, type Lang } from './all-texts.testing.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** What a page in each language has once a game's room is entered: the common texts, each game's under its id. */
function pageTexts(lang: Lang): Texts {
  return { ...COMMON_TEXTS[lang], ...Object.fromEntries(gameTexts(lang)) } as unknown as Texts;
}
const texts: Record<string, Texts> = { en: pageTexts('en'), ja: pageTexts('ja'), fr: pageTexts('fr') };

/** The TypeScript files under a folder of the repository, tests left out. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(path.join(entry.parentPath, entry.name));
  }
  return out;
}

/** Every distinct first capture of `re` in those files. */
function literals(files: string[], re: RegExp): string[] {
  const found = new Set<string>();
  for (const file of files) for (const m of fs.readFileSync(file, 'utf8').matchAll(re)) found.add(m[1]);
  return [...found].sort();
}

function refusalCodes(): string[] {
  const server = literals(sources('server/src'), /\b(?:fail|RoomError)\(\s*'([a-z0-9/-]+)'/g);
  const games = metaIds.flatMap((g) => literals(sources(`shared/src/games/${g}`), new RegExp(`'(${g}/[a-z0-9-]+)'`, 'g')));
  return [...new Set([...ROOM_ERROR_CODES, ...COMMON_REJECTION_CODES, ...server, ...games])].sort();
}

/** `key` in each language: missing ones, and ja/fr texts left in English. */
function untranslated(key: string): string[] {
  const problems: string[] = [];
  const english = lookup(texts.en, key);
  if (english === undefined) problems.push(`${key}: no English text`);
  for (const lang of ['ja', 'fr']) {
    const text = lookup(texts[lang], key);
    if (text === undefined) problems.push(`${key}: no ${lang} text`);
    else if (text === english) problems.push(`${key}: ${lang} text is the English one`);
  }
  return problems;
}

describe('system lines of the room chat', () => {
  it('words every room-log event in en, ja and fr, from its name (and seat)', () => {
    const problems = ROOM_LOG_EVENTS.flatMap((event) => {
      const key = `log.${event}`;
      const missing = untranslated(key);
      if (missing.length) return missing;
      // The chat passes { name, seat } (client/src/chat/chat.ts): a text must name the member, and the seat for `sat`.
      return ['en', 'ja', 'fr'].flatMap((lang) => {
        const text = lookup(texts[lang], key)!;
        const wants = event === 'sat' ? ['{{name}}', '{{seat}}'] : ['{{name}}'];
        return wants.filter((w) => !text.includes(w)).map((w) => `${key} (${lang}) lacks ${w}`);
      });
    });
    expect(problems).toEqual([]);
  });

  it('finds the refusal codes of the server and of each game', () => {
    const codes = refusalCodes();
    // The scan sees the codes it should (a broken pattern would find none and pass below).
    expect(codes).toEqual(expect.arrayContaining(['not-host', 'bad-member', 'not-your-turn', 'santa/not-in-hand', 'windcity/quota', 'gifttrap/bad-slot']));
  });

  it('words every refusal code in en, ja and fr, without variables it is not given', () => {
    const problems = refusalCodes().flatMap((code) => {
      const key = errorKey(code);
      const missing = untranslated(key);
      if (missing.length) return missing;
      // A notice has only the code: a {{variable}} would show as it is.
      return ['en', 'ja', 'fr'].filter((lang) => lookup(texts[lang], key)!.includes('{{')).map((lang) => `${key} (${lang}) has a variable`);
    });
    expect(problems).toEqual([]);
  });

  it("looks a game's own codes up in that game's texts, the others in the common ones", () => {
    expect(errorKey('santa/not-in-hand')).toBe('santa.errors.not-in-hand');
    expect(errorKey('not-your-turn')).toBe('errors.codes.not-your-turn');
  });
});
