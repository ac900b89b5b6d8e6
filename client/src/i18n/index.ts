/**
 * Texts in three languages: default from navigator.language, remembered in
 * localStorage. Only what the page needs is fetched (issue 10, the bundle
 * budgets): the common texts of the current language at boot, each game's
 * texts when the game loads (useTexts), and another language's texts when the
 * player switches to it (setLang waits for them, then everything re-renders).
 */
import { storage, LANG_KEY } from '../util/storage.js';
import { Emitter } from '../util/emitter.js';
import { errorKey, translate, type Texts } from './translate.js';

export type { Texts };
export type Lang = 'en' | 'ja' | 'fr';
export const LANGS: { id: Lang; label: string }[] = [
  { id: 'en', label: 'English' },
  { id: 'ja', label: '日本語' },
  { id: 'fr', label: 'Français' },
];

/** A text table's type with its strings widened, so that every language must have the keys of English. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** How to fetch one part of the texts (the common texts, or one game's) in each language. */
export type TextLoaders = Record<Lang, () => Promise<{ default: object }>>;

const COMMON: TextLoaders = {
  en: () => import('./en.js'),
  ja: () => import('./ja.js'),
  fr: () => import('./fr.js'),
};

/** Per language, the texts fetched so far: the common tree, each game's under its id (`gifttrap.…`). */
const trees: Partial<Record<Lang, Texts>> = {};
/** Fetches under way or done, per `lang/part`: each part is fetched once per language. */
const fetches = new Map<string, Promise<void>>();
/** The `lang/part` keys whose texts are in `trees`. */
const fetched = new Set<string>();
/** The games whose texts are in use: a language change fetches theirs too. */
const parts = new Map<string, TextLoaders>();
let current: Lang = 'en';

function initialLang(): Lang {
  const saved = storage.get(LANG_KEY);
  if (saved === 'en' || saved === 'ja' || saved === 'fr') return saved;
  for (const l of navigator.languages ?? [navigator.language]) {
    const base = l.toLowerCase().slice(0, 2);
    if (base === 'ja' || base === 'fr' || base === 'en') return base;
  }
  return 'en';
}

/**
 * Put a part's texts at its place in the tree: `gifttrap` at `gifttrap`, a
 * part of a part (`gifttrap.rules`, loaded later) inside it. Whichever comes
 * first (a language change fetches them together), neither erases the other.
 */
function place(tree: Texts, part: string, texts: Texts): void {
  const path = part.split('.');
  const last = path.pop()!;
  let node = tree;
  for (const key of path) node = (node[key] ??= {}) as Texts;
  node[last] = { ...((node[last] as Texts | undefined) ?? {}), ...texts };
}

/** Fetch one part in one language (once; a failed fetch may be tried again). `part` null: the common texts. */
function fetchPart(l: Lang, part: string | null, loaders: TextLoaders): Promise<void> {
  const key = `${l}/${part ?? ''}`;
  let pending = fetches.get(key);
  if (!pending) {
    pending = loaders[l]().then(({ default: texts }) => {
      const tree = (trees[l] ??= {});
      if (part) place(tree, part, texts as Texts);
      else Object.assign(tree, texts);
      fetched.add(key);
    });
    pending.catch(() => fetches.delete(key));
    fetches.set(key, pending);
  }
  return pending;
}

/** Everything in use, in language `l`: the common texts and every registered game's. */
function fetchAll(l: Lang): Promise<unknown> {
  return Promise.all([fetchPart(l, null, COMMON), ...[...parts].map(([part, loaders]) => fetchPart(l, part, loaders))]);
}

/** Whether everything in use is here in language `l`. */
function complete(l: Lang): boolean {
  return fetched.has(`${l}/`) && [...parts.keys()].every((part) => fetched.has(`${l}/${part}`));
}

export const languageChanged = new Emitter<Lang>();

export async function initI18n(): Promise<void> {
  current = initialLang();
  await fetchAll(current);
  document.documentElement.lang = current;
}

/**
 * A game's texts, under `<part>.` (e.g. `gifttrap.options.goal20`), in the
 * current language now and in any language switched to later. Resolves when
 * they can be used.
 */
export function useTexts(part: string, loaders: TextLoaders): Promise<void> {
  parts.set(part, loaders);
  return fetchPart(current, part, loaders);
}

export function lang(): Lang {
  return current;
}

/** The language last asked for: when switches overlap, the last one wins. */
let wanted: Lang | null = null;

/** Switch language once its texts are here (rejects, and keeps the language, if they cannot be fetched). */
export async function setLang(next: Lang): Promise<void> {
  wanted = next;
  // A game may start using texts while we wait: fetch again until nothing in use is missing.
  while (!complete(next)) await fetchAll(next);
  if (wanted !== next) return;
  storage.set(LANG_KEY, next);
  current = next;
  document.documentElement.lang = next;
  languageChanged.emit(next);
}

/** The text for `key` in the current language (English if it lacks one), with {{variables}} and `count` plurals. */
export function t(key: string, vars?: Record<string, unknown>): string {
  const chain = [{ lang: current, texts: trees[current] }];
  if (current !== 'en') chain.push({ lang: 'en', texts: trees.en });
  return translate(chain, key, vars, touchScreen() ? 'touch' : undefined);
}

/** A finger is the main pointer (a phone, a tablet): texts say "tap" where they say "click" (their `_touch` keys). */
export function touchScreen(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

/** Translate a server error: by code when we know it, else the server's English message. */
export function tError(code: string, message: string): string {
  const key = errorKey(code);
  const text = t(key);
  return text !== key ? text : message || code;
}

/** Join names in the current language: "A, B and C". */
export function listNames(names: string[]): string {
  try {
    return new Intl.ListFormat(lang(), { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
