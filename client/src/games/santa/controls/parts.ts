/** Small pieces the Santa controls share: a player's dot and name, what a card does, houses as buttons. */
import { h } from '../../../util/dom.js';
import { t } from '../../../i18n/index.js';
import { playerColor } from '../../colors.js';
import { iconEl } from '../../../art/icons.js';
import type { HouseId } from '@fireside/shared/games/santa/types';
import { maxSteps } from '@fireside/shared/games/santa/queries';
import { houseLabel, houseName, nameYou, seatName, type Model } from '../model.js';
import type { SceneState } from '../scene-state.js';
import type { ControlActions } from './types.js';

export function dot(seat: number): HTMLElement {
  return h('span', { class: 'pdot', style: { background: playerColor(seat) }, 'aria-hidden': 'true' });
}

export function who(m: Model, seat: number): HTMLElement {
  return h('span', { class: 'who' }, dot(seat), seat === m.view.santa ? [iconEl('santa'), ' '] : '', nameYou(m, seat));
}

/** What a card does for a role, in words. */
export function howText(card: number, santa: boolean): string {
  if (card >= 11) return santa ? t('santa.move.flight') : t('santa.move.bike');
  return t(santa ? 'santa.move.walkSanta' : 'santa.move.walk', { max: maxSteps(card) });
}

/** A "waiting for someone" line. */
export function waitingLead(text: string): HTMLElement {
  return h('p', { class: 'lead' }, iconEl('hourglass'), ' ', text);
}

/** A house as a button: its number and name, its present or luggage, and the counters on it. */
function houseButton(m: Model, id: HouseId, a: ControlActions, prefix: string, s: SceneState): HTMLElement {
  const here = m.view.positions.map((p, seat) => (p === id ? seat : -1)).filter((seat) => seat >= 0);
  return h(
    'button',
    {
      class: `btn sc-house-btn${s.routeTarget === id ? ' selected' : ''}`,
      type: 'button',
      testid: `${prefix}-${id}`,
      'aria-label': t('santa.house', { label: m.town.houses[id].label, name: houseName(m.town, id) }),
      onclick: () => a.clickHouse(id),
    },
    h('span', { class: 'sc-house-label' }, houseLabel(m.town, id)),
    m.view.present[id] ? h('span', { class: 'sc-mini', 'aria-hidden': 'true' }, iconEl('gift', 14)) : null,
    m.view.away.includes(id) ? h('span', { class: 'sc-mini', 'aria-hidden': 'true' }, iconEl('luggage', 14)) : null,
    here.map((seat) =>
      h(
        'span',
        { class: 'mark', style: { background: playerColor(seat) }, 'aria-hidden': 'true' },
        seat === m.view.santa ? iconEl('santa', 14) : seatName(m, seat).slice(0, 1).toUpperCase(),
      ),
    ),
  );
}

export function houseButtons(m: Model, houses: HouseId[], a: ControlActions, prefix: string, s: SceneState): HTMLElement {
  return h(
    'div',
    { class: 'sc-houses', role: 'group' },
    houses.map((id) => houseButton(m, id, a, prefix, s)),
  );
}
