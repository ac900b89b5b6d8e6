/**
 * The rules page: every ruling of docs/rules/windcity.md and the engine's
 * own decisions, in the current language, in a modal dialog.
 */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { WindCityOptions } from '@fireside/shared/games/windcity/types';
import { rulesDialog } from '../common/rules-dialog.js';

function section(key: string, paras: string[], vars: Record<string, unknown> = {}): HTMLElement {
  return h(
    'section',
    { class: 'wc-rules-section', testid: `rules-${key}` },
    h('h3', null, t(`windcity.rules.${key}.title`)),
    paras.map((p) => h('p', null, t(`windcity.rules.${key}.${p}`, vars))),
  );
}

function list(key: string, items: string[], vars: Record<string, unknown> = {}): HTMLElement {
  return h(
    'section',
    { class: 'wc-rules-section', testid: `rules-${key}` },
    h('h3', null, t(`windcity.rules.${key}.title`)),
    h(
      'ul',
      null,
      items.map((p) => h('li', null, t(`windcity.rules.${key}.${p}`, vars))),
    ),
  );
}

/** The rules as a DOM tree (also used by the lobby). */
export function rulesContent(options: WindCityOptions, players: number): HTMLElement {
  const vars = { s: options.marketSeconds, players };
  return h(
    'div',
    { class: 'wc-rules-body' },
    h('p', { class: 'wc-rules-intro' }, t('windcity.rules.intro')),
    section('parts', ['p1', 'p2', 'p3', 'p4']),
    section('setup', ['p1', 'p2', 'p3', 'p4']),
    list('turn', ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'], vars),
    list('act', ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']),
    section('kauf', ['p1', 'p2']),
    section('end', ['p1', 'p2']),
    section('hidden', ['p1', 'p2', 'p3']),
    list('decisions', ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'], vars),
    section('board', ['p1', 'p2']),
  );
}

const dialog = rulesDialog('windcity', 'wc');

/** Open the rules in a modal dialog. */
export function openRules(options: WindCityOptions, players: number): void {
  dialog.open(() => rulesContent(options, players));
}

export function closeRules(): void {
  dialog.close();
}
