/** A path the client has no page for: say so, and lead home (never a blank page or a silent redirect). */
import { h } from '../util/dom.js';
import { t } from '../i18n/index.js';
import { iconEl } from '../art/icons.js';

export function renderNotFound(): HTMLElement {
  return h(
    'main',
    { class: 'not-found' },
    h(
      'div',
      { class: 'card error-card', testid: 'page-not-found', role: 'alert' },
      h('div', { class: 'error-icon', 'aria-hidden': 'true' }, iconEl('compass', 48)),
      h('h1', { class: 'card-title' }, t('notFound.title')),
      h('p', null, t('notFound.text')),
      h('div', { class: 'row row-center' }, h('a', { class: 'btn btn-primary', href: '/', 'data-link': true, testid: 'back-home' }, t('errors.backHome'))),
    ),
  );
}
