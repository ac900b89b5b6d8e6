/**
 * The rules page: every ruling of docs/rules/gifttrap.md in the current
 * language, in a modal dialog, with this room's track length and the
 * double-gifts variant marked.
 */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { GiftTrapOptions } from '@fireside/shared/games/gifttrap/types';
import { rulesDialog } from '../common/rules-dialog.js';
import './gifttrap.css';
import { iconEl } from '../../art/icons.js';

const GOALS = [20, 30, 40] as const;
const DEFAULT_GOAL = 30;

/** Whether the double-gifts variant can be played with this many players (as the engine has it). */
function doubleAllowed(players: number): boolean {
  return players >= 3 && players <= 4;
}

/** How many gifts are laid out each round (N+1, or 8/9 with double gifts). */
function slotCount(options: GiftTrapOptions, players: number): number {
  if (options.doubleGifts && doubleAllowed(players)) return players === 3 ? 8 : 9;
  return players + 1;
}

function mark(text: string | HTMLElement, on: boolean, isDefault: boolean, testid: string): HTMLElement {
  return h(
    'li',
    { class: `gt-variant${on ? ' on' : ''}`, testid, dataset: { on: String(on) } },
    h('span', { class: 'gt-variant-mark', 'aria-hidden': 'true' }, on ? '✓' : '○'),
    h(
      'span',
      null,
      text,
      isDefault ? h('small', { class: 'gt-tag' }, t('gifttrap.rules.default')) : null,
      on ? h('strong', { class: 'gt-tag on' }, t('gifttrap.rules.on')) : null,
    ),
  );
}

function section(key: string, children: (HTMLElement | string)[], vars: Record<string, unknown> = {}): HTMLElement {
  return h(
    'section',
    { class: 'gt-rules-section', testid: `rules-${key}` },
    h('h3', null, t(`gifttrap.rules.${key}.title`)),
    children.map((p) => (typeof p === 'string' ? h('p', null, t(`gifttrap.rules.${key}.${p}`, vars)) : p)),
  );
}

/** One step of a round: its name in bold, then what happens. */
function step(key: string, vars: Record<string, unknown> = {}): HTMLElement {
  return h('li', null, h('strong', null, t(`gifttrap.rules.round.${key}Name`)), ' ', t(`gifttrap.rules.round.${key}`, vars));
}

/** The rules as a DOM tree (also used by the lobby). */
export function rulesContent(options: GiftTrapOptions, players: number): HTMLElement {
  const allowed = doubleAllowed(players);
  const doubleOn = options.doubleGifts && allowed;
  const vars = { goal: options.goal, players, slots: slotCount(options, players) };
  return h(
    'div',
    { class: 'gt-rules-body' },
    h('p', { class: 'gt-rules-intro' }, t('gifttrap.rules.intro')),
    h(
      'p',
      { class: 'gt-rules-room', testid: 'rules-room', dataset: { goal: String(options.goal), double: String(doubleOn) } },
      iconEl('gift'),
      ' ',
      t(doubleOn ? 'gifttrap.rules.roomDouble' : 'gifttrap.rules.room', vars),
    ),
    section('parts', [
      'p1',
      'goal',
      h(
        'ul',
        { class: 'gt-variants', testid: 'rules-goals' },
        GOALS.map((g) => mark(t(`gifttrap.options.goal${g}`), options.goal === g, g === DEFAULT_GOAL, `rules-goal-${g}`)),
      ),
      'p2',
      'p3',
    ]),
    section(
      'round',
      [h('ol', { class: 'gt-steps' }, step('layout'), step('give'), step('want'), step('reveal'), step('value'), step('clamp', vars), step('end'))],
      vars,
    ),
    section(
      'double',
      [
        h('ul', { class: 'gt-variants', testid: 'rules-variant-double' }, mark(t('gifttrap.rules.double.item'), doubleOn, false, 'rules-double-gifts')),
        'p1',
        'p2',
        'p3',
        allowed ? (doubleOn ? '' : 'off') : h('p', { class: 'gt-rules-note' }, t('gifttrap.rules.double.unavailable', { n: players })),
      ].filter((x) => x !== ''),
    ),
    section('hidden', ['p1', 'p2', 'p3', 'p4']),
  );
}

const dialog = rulesDialog('gifttrap', 'gt');

/** Open the rules in a modal dialog. */
export function openRules(options: GiftTrapOptions, players: number): void {
  dialog.open(() => rulesContent(options, players));
}

export function closeRules(): void {
  dialog.close();
}
