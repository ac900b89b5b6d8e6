/** The Santa controls while the order of the round is named: my draft (drag, or the arrows) and its confirmation, or whom we wait for. */
import { h } from '../../../util/dom.js';
import { t } from '../../../i18n/index.js';
import { iconEl } from '../../../art/icons.js';
import type { LogEntry } from '@fireside/shared/games/santa/types';
import { cardText, nameYou, seatName, type Model } from '../model.js';
import { dot, waitingLead } from './parts.js';
import type { ControlActions, Part } from './types.js';

/** Why this seat names the order this round (the last order-by entry since the reveal). */
function lastOrderBy(m: Model): Extract<LogEntry, { kind: 'order-by' }> | null {
  for (let i = m.view.log.length - 1; i >= 0; i--) {
    const e = m.view.log[i];
    if (e.kind === 'order-by' && e.round === m.view.round) return e;
    if (e.kind === 'reveal') break;
  }
  return null;
}

/** Drag and drop within the list: the dragged seat goes to the place it is dropped on. */
function dragHandlers(a: ControlActions, seat: number, i: number): Record<string, (e: DragEvent) => void> {
  return {
    ondragstart: (e) => {
      e.dataTransfer?.setData('text/plain', String(seat));
      (e.currentTarget as HTMLElement).classList.add('dragging');
    },
    ondragend: (e) => (e.currentTarget as HTMLElement).classList.remove('dragging'),
    ondragover: (e) => {
      e.preventDefault();
      (e.currentTarget as HTMLElement).classList.add('over');
    },
    ondragleave: (e) => (e.currentTarget as HTMLElement).classList.remove('over'),
    ondrop: (e) => {
      e.preventDefault();
      const from = Number(e.dataTransfer?.getData('text/plain'));
      if (Number.isInteger(from) && from !== seat) a.placeInOrder(from, i);
    },
  };
}

function arrow(m: Model, a: ControlActions, seat: number, delta: -1 | 1, disabled: boolean): HTMLElement {
  const up = delta < 0;
  return h(
    'button',
    {
      class: 'btn btn-small sc-arrow',
      type: 'button',
      testid: `order-${up ? 'up' : 'down'}-${seat}`,
      disabled,
      'aria-label': t(up ? 'santa.order.up' : 'santa.order.down', { name: seatName(m, seat) }),
      onclick: () => a.moveInOrder(seat, delta),
    },
    up ? '↑' : '↓',
  );
}

/** One seat of my draft: its place, name and card, and arrows to move it. */
function orderItem(m: Model, a: ControlActions, d: number[], seat: number, i: number): HTMLElement {
  const v = m.view;
  return h(
    'li',
    { class: 'sc-order-item', draggable: 'true', dataset: { seat: String(seat) }, ...dragHandlers(a, seat, i) },
    h('span', { class: 'sc-order-num' }, String(i + 1)),
    dot(seat),
    h('span', { class: 'sc-order-name' }, seat === v.santa ? [iconEl('santa'), ' '] : '', nameYou(m, seat)),
    h('span', { class: `sc-card-text${seat % 2 === 1 ? ' red' : ''}` }, v.played[seat] !== null ? cardText(v.played[seat]!, seat) : ''),
    arrow(m, a, seat, -1, i === 0),
    arrow(m, a, seat, 1, i === d.length - 1),
  );
}

export const order: Part = (s, a) => {
  const m = s.model;
  const v = m.view;
  if (v.orderBy === null) return null;
  const why = lastOrderBy(m);
  const reason = why ? h('p', { class: 'hint', testid: 'order-by' }, t(`santa.orderBy.${why.reason}`, { name: seatName(m, why.seat) })) : null;
  const d = s.orderDraft;
  if (!d) return [reason, waitingLead(t('santa.order.waiting', { name: seatName(m, v.orderBy) }))];
  return [
    reason,
    h('p', { class: 'lead' }, t('santa.order.yours')),
    h('p', { class: 'hint' }, t('santa.order.hint')),
    h(
      'ol',
      { class: 'sc-order', testid: 'order-list' },
      d.map((seat, i) => orderItem(m, a, d, seat, i)),
    ),
    h(
      'button',
      { class: 'btn btn-primary btn-big', type: 'button', testid: 'order-confirm', disabled: s.sent, onclick: () => a.confirmOrder() },
      '✓ ',
      t('santa.order.confirm'),
    ),
  ];
};
