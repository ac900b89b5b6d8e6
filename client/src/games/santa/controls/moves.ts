/** The Santa controls while the players move: the turns, my move (destinations, then a route when several lead there), Santa's gift, and the end. */
import { h } from '../../../util/dom.js';
import { t } from '../../../i18n/index.js';
import { iconEl } from '../../../art/icons.js';
import { cardName, cardText, houseLabel, myMoves, seatName } from '../model.js';
import type { SceneState } from '../scene-state.js';
import { dot, houseButtons, howText, waitingLead } from './parts.js';
import type { ControlActions, Part } from './types.js';
import { winnersControls } from '../../common/winners.js';

/** The order of the round: who has moved, who moves now. */
export const turns: Part = (s) => {
  const m = s.model;
  const v = m.view;
  if (!v.order.length) return null;
  return h(
    'ol',
    { class: 'sc-turns', testid: 'turns', 'aria-label': t('santa.move.order') },
    v.order.map((seat, i) =>
      h(
        'li',
        { class: i < v.turn ? 'done' : i === v.turn ? 'now' : '' },
        dot(seat),
        seatName(m, seat),
        i < v.turn ? ` ✓` : i === v.turn ? ` · ${t('santa.order.now')}` : '',
      ),
    ),
  );
};

/** Several routes lead to the house I chose: one button each (the houses on the way), and a way back. */
function routeButtons(s: SceneState, a: ControlActions, target: number): HTMLElement[] {
  const m = s.model;
  const from = m.view.positions[m.me]!;
  return [
    h('p', { class: 'hint' }, t('santa.move.routes', { house: houseLabel(m.town, target) })),
    h(
      'div',
      { class: 'open-buttons', testid: 'routes' },
      s.routeChoices.map((route, k) => {
        const via = route.slice(0, -1);
        return h(
          'button',
          { class: 'btn sc-route-btn', type: 'button', testid: `route-${k}`, onclick: () => a.chooseRoute(route) },
          h('span', { class: 'sc-route-path' }, [from, ...route].map((id) => m.town.houses[id].label).join(' → ')),
          h(
            'small',
            { class: 'muted' },
            via.length ? t('santa.move.via', { houses: via.map((id) => houseLabel(m.town, id)).join(', ') }) : t('santa.move.direct'),
          ),
        );
      }),
    ),
    h('button', { class: 'btn btn-ghost', type: 'button', testid: 'route-cancel', onclick: () => a.cancelRoute() }, t('santa.move.cancel')),
  ];
}

export const move: Part = (s, a) => {
  const m = s.model;
  const v = m.view;
  if (v.mover === null) return null;
  const moves = myMoves(m);
  const card = v.played[v.mover];
  if (moves && s.clickable.length) {
    const lead = h('p', { class: 'lead' }, t('santa.move.yours', { card: cardName(moves.card), how: howText(moves.card, m.me === v.santa) }));
    if (s.routeTarget !== null && s.routeChoices.length > 1) return [lead, routeButtons(s, a, s.routeTarget)];
    return [
      lead,
      h('p', { class: 'hint' }, t('santa.move.click')),
      h('h3', { class: 'sub' }, t('santa.move.destinations')),
      houseButtons(m, moves.destinations, a, 'dest', s),
    ];
  }
  if (m.me >= 0 && card !== null) return waitingLead(t('santa.move.waiting', { name: seatName(m, v.mover), card: cardText(card, v.mover) }));
  return h('p', { class: 'lead' }, t('santa.move.spectator', { name: seatName(m, v.mover) }));
};

/** Santa met kids at a house with a present: he chooses who takes it. */
export const give: Part = (s, a) => {
  const m = s.model;
  const v = m.view;
  const g = v.pendingGive;
  if (!g) return null;
  if (m.me !== v.santa) return waitingLead(t('santa.give.waiting', { name: seatName(m, v.santa), house: houseLabel(m.town, g.house) }));
  return [
    h('p', { class: 'lead' }, t('santa.give.yours', { house: houseLabel(m.town, g.house) })),
    h(
      'div',
      { class: 'open-buttons' },
      g.kids.map((kid) =>
        h(
          'button',
          { class: 'btn btn-primary', type: 'button', testid: `give-${kid}`, onclick: () => a.clickPlate(kid) },
          iconEl('gift'),
          ' ',
          dot(kid),
          t('santa.give.kid', { name: seatName(m, kid) }),
        ),
      ),
    ),
  ];
};

export const over: Part = (s, a) => {
  const m = s.model;
  const v = m.view;
  if (!v.winners) return null;
  return winnersControls(
    m.names.map((_, seat) => seatName(m, seat)),
    v.winners,
    t('santa.phase.over'),
    () => a.showResults(),
  );
};
