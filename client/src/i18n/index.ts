/** i18next set-up: three languages, default from navigator.language, remembered in localStorage. */
import i18next from 'i18next';
import en from './en.js';
import ja from './ja.js';
import fr from './fr.js';
import { storage, LANG_KEY } from '../util/storage.js';
import { Emitter } from '../util/emitter.js';

export type Lang = 'en' | 'ja' | 'fr';
export const LANGS: { id: Lang; label: string }[] = [
  { id: 'en', label: 'English' },
  { id: 'ja', label: '日本語' },
  { id: 'fr', label: 'Français' },
];

function initialLang(): Lang {
  const saved = storage.get(LANG_KEY);
  if (saved === 'en' || saved === 'ja' || saved === 'fr') return saved;
  for (const l of navigator.languages ?? [navigator.language]) {
    const base = l.toLowerCase().slice(0, 2);
    if (base === 'ja' || base === 'fr' || base === 'en') return base;
  }
  return 'en';
}

export const languageChanged = new Emitter<Lang>();

export async function initI18n(): Promise<void> {
  await i18next.init({
    lng: initialLang(),
    fallbackLng: 'en',
    resources: { en: { translation: en }, ja: { translation: ja }, fr: { translation: fr } },
    interpolation: { escapeValue: false }, // we only ever set textContent
  });
  document.documentElement.lang = lang();
}

export function lang(): Lang {
  const l = i18next.language;
  return l === 'ja' || l === 'fr' ? l : 'en';
}

export async function setLang(next: Lang): Promise<void> {
  storage.set(LANG_KEY, next);
  await i18next.changeLanguage(next);
  document.documentElement.lang = next;
  languageChanged.emit(next);
}

export function t(key: string, vars?: Record<string, unknown>): string {
  return String(i18next.t(key, vars as never));
}

/** Translate a server error: by code when we know it, else the server's English message. */
export function tError(code: string, message: string): string {
  const key = `errors.codes.${code}`;
  return i18next.exists(key) ? t(key) : message || code;
}

/** Join names in the current language: "A, B and C". */
export function listNames(names: string[]): string {
  try {
    return new Intl.ListFormat(lang(), { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
