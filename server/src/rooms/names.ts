/**
 * Nicknames: what is left after cleaning must be visible, and nobody at a
 * table can pass for somebody else (the host above all).
 *
 * Cleaning removes what renders as nothing or spoofs text: controls, format
 * characters (bidi marks, U+061C, soft hyphen, zero-width ones — except the
 * joiner inside an emoji sequence), Hangul and Braille fillers that look like
 * blanks, variation selectors outside emoji, and caps runs of combining marks
 * (so "Zalgo" text cannot overdraw its neighbours).
 *
 * Uniqueness compares two loose keys; two names are one when either key
 * matches, and a second comer gets a numbered suffix:
 * - the case key (nameKey: compatibility-normalised, case-folded, spaces
 *   dropped, common Cyrillic and Greek look-alikes mapped to Latin): "Alice",
 *   "ALICE", "A lice" and "Аlice" with a Cyrillic A are one name;
 * - the look-alike key (lookalikeKey: the Unicode confusables skeleton of
 *   UTS #39, from the `unhomoglyph` package's copy of confusables.txt, then
 *   lower-cased and skeletoned again): "AIice" (capital I), "A1ice", "Ꭺlice"
 *   (Cherokee), "0tto" and "Υann" (Greek) read as "Alice", "Otto", "Yann".
 *   The skeleton is case-sensitive (I → l, 0 → O, 1 → l), hence the skeleton
 *   before lower-casing; lower-casing after it joins "0TTO" and "otto" too.
 * Accents stay: "Léa" and "Lea", "Chloé" and "Chloe" are different names (as
 * in UTS #39; only combining marks left alone after cleaning are dropped).
 * Some pairs that many fonts draw alike collide as well ("rn" and "m"): the
 * cost is a number after a newcomer's name.
 */
import unhomoglyph from 'unhomoglyph';

export const NAME_MAX = 24;
export const DEFAULT_NAME = 'Player';
/** Combining marks kept after one base character (after NFC, real scripts need at most this). */
export const MAX_MARKS = 3;

// Controls, format characters (Cf) and private-use/unassigned code points, plus
// the fillers and blanks that are letters or symbols by category but show nothing.
// eslint-disable-next-line no-misleading-character-class -- U+034F, a combining mark, is one of the characters listed, not a mark on U+2800
const INVISIBLE = /[\p{Cc}\p{Co}\p{Cn}\u115F\u1160\u3164\uFFA0\u2800\u034F\u17B4\u17B5\u180B-\u180F]/gu;
// Every format character but the zero-width joiner, which emoji sequences need.
const FORMAT_BUT_ZWJ = /(?!\u200D)\p{Cf}/gu;
// A joiner not between two pictographs joins nothing visible.
// eslint-disable-next-line no-misleading-character-class -- one character, VS16 or a skin-tone modifier, not a sequence
const STRAY_ZWJ = /(?<!\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
// Variation selectors are only meaningful right after an emoji (or a keycap's digit).
const STRAY_VS = /(?<![\p{Extended_Pictographic}#*0-9])[\uFE00-\uFE0F]/gu;
const MARK = /\p{M}/u;

/** Keeps at most `MAX_MARKS` combining marks after each base character, none at the start. */
function capMarks(text: string): string {
  let out = '';
  let run = 0;
  let hasBase = false;
  for (const ch of text) {
    if (MARK.test(ch)) {
      if (!hasBase || run >= MAX_MARKS) continue;
      run++;
    } else {
      run = 0;
      hasBase = ch !== ' ';
    }
    out += ch;
  }
  return out;
}

/** Removes invisible and spoofing characters, then trims (chat lines use this too). */
export function cleanText(text: string): string {
  const visible = text.normalize('NFC').replace(INVISIBLE, '').replace(FORMAT_BUT_ZWJ, '').replace(STRAY_ZWJ, '').replace(STRAY_VS, '');
  return capMarks(visible).trim();
}

/** Number of characters (code points, so an emoji counts once). */
export function charLength(text: string): number {
  return [...text].length;
}

/**
 * A nickname: cleaned, whitespace collapsed and trimmed, cut to 24
 * characters; `fallback` when nothing visible is left.
 */
export function sanitizeName(input: unknown, fallback: string | null = DEFAULT_NAME): string | null {
  if (typeof input !== 'string') return fallback;
  // Clean first: JavaScript's \s also matches some format characters (U+FEFF).
  const clean = cleanText(input.replace(/[\t\n\v\f\r\u0085]/g, ' ')).replace(/\s+/gu, ' ');
  const cut = [...clean].slice(0, NAME_MAX).join('').trim();
  return cut.length > 0 && /[^\p{M}\s]/u.test(cut) ? cut : fallback;
}

// Cyrillic and Greek letters that look like Latin ones (lower case, after case folding).
// prettier-ignore
const LOOKALIKES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l', ɡ: 'g', ı: 'i',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ζ: 'z',
};

/** The case key: equal keys are "the same name" to a reader (so are equal lookalikeKeys). */
export function nameKey(name: string): string {
  const folded = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{M}]/gu, '');
  let out = '';
  for (const ch of folded) out += LOOKALIKES[ch] ?? ch;
  return out;
}

/** UTS #39's skeleton: NFD, every character replaced by its confusables.txt prototype, NFD again. */
function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/** The key of names that look alike in any case: the skeleton (whitespace dropped), lower-cased, skeletoned again. */
export function lookalikeKey(name: string): string {
  return skeleton(skeleton(name.replace(/\s/gu, '')).toLowerCase());
}

/** Both keys of a name, told apart by a prefix (a name collides when either is taken). */
const keysOf = (name: string): string[] => [`case:${nameKey(name)}`, `look:${lookalikeKey(name)}`];

/**
 * `wanted`, or `wanted 2`, `wanted 3` … (cut to fit 24 characters) — the first
 * whose keys differ from those of every name in `taken`.
 */
export function uniqueName(wanted: string, taken: Iterable<string>): string {
  const keys = new Set<string>();
  for (const t of taken) for (const key of keysOf(t)) keys.add(key);
  const free = (name: string) => keysOf(name).every((key) => !keys.has(key));
  if (free(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const base = [...wanted]
      .slice(0, NAME_MAX - suffix.length)
      .join('')
      .trim();
    const candidate = `${base}${suffix}`;
    if (free(candidate)) return candidate;
  }
}
