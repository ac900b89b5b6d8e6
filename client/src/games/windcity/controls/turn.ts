/** The active player's controls in a turn: the secret plan, the renewal of insurance, a Kauf's house. */
import { h, type Children } from '../../../util/dom.js';
import { t } from '../../../i18n/index.js';
import { iconEl } from '../../../art/icons.js';
import type { Card } from '@fireside/shared/games/windcity/types';
import { actionText, myCard, myKauf, renewPrice, renewableOf } from '../model.js';
import { planText } from '../events.js';
import type { ControlActions } from '../controls.js';
import { previewText, squareButtons, totalLine, waitLead, type PhaseCtx } from './parts.js';

/** The card's five actions as toggles, numbered in the plan's order once chosen. */
function actionButtons(card: Card, plan: number[], sent: boolean, a: ControlActions): HTMLElement {
  return h(
    'div',
    { class: 'wc-actions', role: 'group', 'aria-label': t('windcity.plan.card', { n: card.id }) },
    card.actions.map((act, i) => {
      const k = plan.indexOf(i);
      return h(
        'button',
        {
          class: `btn wc-action-btn${k >= 0 ? ' selected' : ''}`,
          type: 'button',
          testid: `action-${i}`,
          'aria-pressed': String(k >= 0),
          disabled: sent || (k < 0 && plan.length >= 3),
          onclick: () => a.toggleAction(i),
        },
        h('span', { class: 'wc-action-num' }, k >= 0 ? `${k + 1}.` : `(${i + 1})`),
        h('span', { class: 'wc-action-text' }, actionText(act)),
        h('span', { class: 'wc-price' }, iconEl('coin', 14), String(act.cost)),
      );
    }),
  );
}

/** The plan in order, each action with up, down and remove buttons. */
function planList(card: Card, plan: number[], a: ControlActions): Children {
  const button = (testid: string, label: string, text: string, disabled: boolean, onclick: () => void) =>
    h('button', { class: 'btn btn-small', type: 'button', testid, disabled, 'aria-label': label, onclick }, text);
  return [
    h('h3', { class: 'sub' }, t('windcity.plan.order')),
    h(
      'ol',
      { class: 'wc-plan', testid: 'plan-list' },
      plan.map((i, k) => {
        const action = actionText(card.actions[i]);
        return h(
          'li',
          { class: 'wc-plan-item' },
          h('span', { class: 'wc-plan-text' }, action, h('small', { class: 'muted' }, ' ', iconEl('coin', 13), String(card.actions[i].cost))),
          button(`plan-up-${i}`, t('windcity.plan.up', { action }), '↑', k === 0, () => a.movePlan(i, -1)),
          button(`plan-down-${i}`, t('windcity.plan.down', { action }), '↓', k === plan.length - 1, () => a.movePlan(i, 1)),
          button(`plan-remove-${i}`, t('windcity.plan.remove', { action }), '✕', false, () => a.toggleAction(i)),
        );
      }),
    ),
  ];
}

export function planPhase({ s, a, m, v }: PhaseCtx): Children {
  const card = myCard(m);
  if (!card || !s.canPlan) return waitLead(m, 'windcity.plan.waiting', v.active);
  const coins = v.coins[m.me];
  const over = s.planCost > coins;
  return [
    h('p', { class: 'lead' }, t('windcity.plan.yours', { n: card.id })),
    h('p', { class: 'hint' }, t('windcity.plan.hint')),
    actionButtons(card, s.plan, s.sent, a),
    s.plan.length ? planList(card, s.plan, a) : null,
    totalLine('plan-total', over, t('windcity.card.total', { cost: s.planCost, coins })),
    previewText(s),
    h(
      'button',
      { class: 'btn btn-primary btn-big', type: 'button', testid: 'plan-confirm', disabled: s.sent || !s.plan.length || over, onclick: () => a.confirmPlan() },
      '✓ ',
      t('windcity.plan.confirm'),
    ),
  ];
}

export function renewPhase({ s, a, m, v }: PhaseCtx): Children {
  const card = myCard(m);
  if (m.me !== v.active || !card) return waitLead(m, 'windcity.renew.waiting', v.active);
  // Only the insurance that expired as this turn began may be renewed; no new house can be insured.
  const mine = renewableOf(v, m.me);
  const cost = s.selected.reduce((sum, sq) => sum + renewPrice(sq, v.houses[sq]!), 0);
  const spare = v.coins[m.me] - s.planCost;
  const over = cost > spare;
  return [
    h('p', { class: 'lead' }, t('windcity.renew.yours')),
    h('p', { class: 'hint' }, t('windcity.renew.plan', { plan: planText(card.id, s.plan), cost: s.planCost })),
    previewText(s),
    h('p', { class: 'hint' }, t('windcity.renew.hint')),
    mine.length
      ? squareButtons(m, mine, 'renew', (sq) => a.toggleSquare(sq), { selected: s.selected, price: (sq) => renewPrice(sq, v.houses[sq]!), disabled: s.sent })
      : h('p', { class: 'hint' }, t('windcity.renew.none')),
    totalLine('renew-total', over, t('windcity.renew.total', { cost, spare })),
    h(
      'button',
      { class: 'btn btn-primary btn-big', type: 'button', testid: 'renew-confirm', disabled: s.sent || over, onclick: () => a.confirmRenew() },
      '✓ ',
      s.selected.length ? t('windcity.renew.confirm', { count: s.selected.length, cost }) : t('windcity.renew.skip'),
    ),
  ];
}

export function kaufPhase({ s, a, m, v }: PhaseCtx): Children {
  const ks = myKauf(m);
  if (!ks || s.sent) return waitLead(m, 'windcity.kauf.waiting', v.active);
  return [
    h('p', { class: 'lead' }, t('windcity.kauf.yours')),
    h('p', { class: 'hint' }, t('windcity.kauf.hint')),
    squareButtons(m, ks, 'kauf', (sq) => a.clickSquare(sq)),
  ];
}
