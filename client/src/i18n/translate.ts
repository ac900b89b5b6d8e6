/**
 * Key lookup, plurals and {{variable}} interpolation over nested text trees:
 * the few i18next features the client used, in a few hundred bytes instead of
 * i18next's ~15 KB gzip on every page (issue 10: the home page's budget).
 * Pure functions, no DOM: the browser-facing part is in index.ts.
 */

/** A tree of texts: `{ home: { create: 'Create room' } }` holds `home.create`. */
export interface Texts {
  [key: string]: string | Texts;
}

/** The string at a dotted key, or undefined (a missing key, or a key naming a subtree). */
export function lookup(tree: Texts | undefined, key: string): string | undefined {
  let node: string | Texts | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `count` in `lang` ('one', 'other'...), as i18next's `_one`/`_other` key suffixes use it. */
export function pluralCategory(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(count);
}

/**
 * Replace each {{name}} by vars.name. As i18next did (escapeValue off, skipOnVariables on):
 * no HTML escaping (texts only ever go to textContent), null becomes '', and a
 * placeholder without a variable stays as it is, so a missing argument shows.
 */
export function interpolate(text: string, vars?: Record<string, unknown>): string {
  if (!vars || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, name: string) => {
    if (!Object.hasOwn(vars, name)) return whole;
    const value = vars[name];
    return value === undefined ? whole : value === null ? '' : String(value);
  });
}

/**
 * The text for `key` in the first of `trees` that has it (the current
 * language, then the fallback); with a numeric `count`, `key_<category>` first
 * (`key_one`, `key_other`), then `key`. With a `variant` (`touch`: the page is
 * used with a finger, which taps rather than clicks), `key_<variant>` comes
 * before `key` in each tree. The key itself when no tree has it.
 */
export function translate(trees: { lang: string; texts: Texts | undefined }[], key: string, vars?: Record<string, unknown>, variant?: string): string {
  const count = vars?.count;
  const keys = variant ? [`${key}_${variant}`, key] : [key];
  for (const { lang, texts } of trees) {
    for (const k of keys) {
      const text = (typeof count === 'number' ? lookup(texts, `${k}_${pluralCategory(lang, count)}`) : undefined) ?? lookup(texts, k);
      if (text !== undefined) return interpolate(text, vars);
    }
  }
  return key;
}

/**
 * The key of a refusal's text: a game's own code (`santa/not-in-hand`) in that
 * game's texts (`santa.errors.not-in-hand`, loaded with the game, the only
 * place it can be refused), any other in the common texts (`errors.codes.…`).
 */
export function errorKey(code: string): string {
  const slash = code.indexOf('/');
  return slash > 0 ? `${code.slice(0, slash)}.errors.${code.slice(slash + 1)}` : `errors.codes.${code}`;
}
