/** The top bar: brand (link home), a slot for room info, the language switcher. */
import { h } from '../util/dom.js';
import { LANGS, lang, setLang, t, type Lang } from '../i18n/index.js';
import { iconEl } from '../art/icons.js';

export function renderHeader(info: Node | null = null): HTMLElement {
  const select = h(
    'select',
    {
      class: 'lang-select',
      testid: 'lang-select',
      'aria-label': t('app.language'),
      onchange: (e: Event) => {
        const choice = e.target as HTMLSelectElement;
        // The new language's texts are fetched first: if that fails (offline), the page stays in this one.
        setLang(choice.value as Lang).catch(() => (choice.value = lang()));
      },
    },
    LANGS.map((l) => h('option', { value: l.id, selected: l.id === lang() }, l.label)),
  );
  return h(
    'header',
    { class: 'topbar' },
    h(
      'a',
      { class: 'brand', href: '/', 'data-link': true, 'aria-label': t('app.home'), testid: 'home-link' },
      h('span', { class: 'brand-flame', 'aria-hidden': 'true' }, iconEl('fire', 26)),
      h('span', { class: 'brand-name' }, t('app.name')),
    ),
    h('div', { class: 'topbar-info' }, info),
    h(
      'label',
      { class: 'lang' },
      h('span', { class: 'sr-only' }, t('app.language')),
      h('span', { class: 'lang-globe', 'aria-hidden': 'true' }, iconEl('globe', 18)),
      select,
    ),
  );
}
