/** The top bar: brand (link home), a slot for room info, the language switcher. */
import { h } from '../util/dom.js';
import { LANGS, lang, setLang, t } from '../i18n/index.js';

export function renderHeader(info: Node | null = null): HTMLElement {
  const select = h(
    'select',
    {
      class: 'lang-select',
      testid: 'lang-select',
      'aria-label': t('app.language'),
      onchange: (e: Event) => void setLang((e.target as HTMLSelectElement).value as never),
    },
    LANGS.map((l) => h('option', { value: l.id, selected: l.id === lang() }, l.label)),
  );
  return h(
    'header',
    { class: 'topbar' },
    h('a', { class: 'brand', href: '/', 'data-link': true, 'aria-label': t('app.home'), testid: 'home-link' }, h('span', { class: 'brand-flame', 'aria-hidden': 'true' }, '🔥'), h('span', { class: 'brand-name' }, t('app.name'))),
    h('div', { class: 'topbar-info' }, info),
    h('label', { class: 'lang' }, h('span', { class: 'sr-only' }, t('app.language')), h('span', { class: 'lang-globe', 'aria-hidden': 'true' }, '🌐'), select),
  );
}
