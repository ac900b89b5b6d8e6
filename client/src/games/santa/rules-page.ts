/**
 * The rules page: every ruling of docs/rules/santa.md in the current
 * language, in a modal dialog, with the variants of this room marked.
 */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { SantaOptions } from '@fireside/shared/games/santa/types';
import { rulesDialog } from '../common/rules-dialog.js';

function variant(text: string, on: boolean, isDefault: boolean, testid: string): HTMLElement {
  return h(
    'li',
    { class: `sc-variant${on ? ' on' : ''}`, testid, dataset: { on: String(on) } },
    h('span', { class: 'sc-variant-mark', 'aria-hidden': 'true' }, on ? '✓' : '○'),
    h(
      'span',
      null,
      text,
      isDefault ? h('small', { class: 'sc-tag' }, t('santa.rules.default')) : null,
      on ? h('strong', { class: 'sc-tag on' }, t('santa.rules.on')) : null,
    ),
  );
}

function section(key: string, paras: (HTMLElement | string)[]): HTMLElement {
  return h(
    'section',
    { class: 'sc-rules-section' },
    h('h3', null, t(`santa.rules.${key}.title`)),
    paras.map((p) => (typeof p === 'string' ? h('p', null, t(`santa.rules.${key}.${p}`)) : p)),
  );
}

/** The rules as a DOM tree (also used by tests and the lobby). */
export function rulesContent(options: Pick<SantaOptions, 'awayMarkers' | 'tieBreak'>): HTMLElement {
  return h(
    'div',
    { class: 'sc-rules-body' },
    h('p', { class: 'sc-rules-intro' }, t('santa.rules.intro')),
    section('parts', ['p1', 'p2', 'p3', 'p4']),
    section('setup', [
      'p1',
      h(
        'ul',
        { class: 'sc-variants', testid: 'rules-variant-away' },
        variant(t('santa.rules.setup.awayRound'), options.awayMarkers === 'round', true, 'rules-away-round'),
        variant(t('santa.rules.setup.awaySix'), options.awayMarkers === 'six', false, 'rules-away-six'),
      ),
      'p2',
      'p3',
      'p4',
    ]),
    section('round', [
      'p1',
      'p2',
      h(
        'ul',
        { class: 'sc-variants', testid: 'rules-variant-tie' },
        variant(t('santa.rules.round.tieLowestCard'), options.tieBreak === 'lowest-card', true, 'rules-tie-lowest-card'),
        variant(t('santa.rules.round.tieLowestScore'), options.tieBreak === 'lowest-score', false, 'rules-tie-lowest-score'),
      ),
      'p3',
      'p4',
    ]),
    section('moving', ['p1', 'p2', 'p3', 'p4', 'p5']),
    section('scoring', ['p1', 'p2', 'p3', 'p4', 'p5']),
    section('hidden', ['p1']),
  );
}

const dialog = rulesDialog('santa', 'sc');

/** Open the rules in a modal dialog. */
export function openRules(options: Pick<SantaOptions, 'awayMarkers' | 'tieBreak'>): void {
  dialog.open(() => rulesContent(options));
}

export function closeRules(): void {
  dialog.close();
}
