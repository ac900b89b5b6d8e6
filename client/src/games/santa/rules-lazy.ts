/** The rules dialog and its texts, loaded when first opened (from the lobby or the table): see common/lazy.ts. */
import { lazyRules } from '../common/lazy.js';
import { useTexts } from '../../i18n/index.js';

export const rules = lazyRules(async () => {
  const [page] = await Promise.all([
    import('./rules-page.js'),
    useTexts('santa.rules', {
      en: () => import('./i18n/rules-en.js'),
      ja: () => import('./i18n/rules-ja.js'),
      fr: () => import('./i18n/rules-fr.js'),
    }),
  ]);
  return page;
});
