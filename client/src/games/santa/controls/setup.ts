/** The Santa controls of the setup: placing the away markers, then the counters. */
import { h } from '../../../util/dom.js';
import { t } from '../../../i18n/index.js';
import { seatName, setupHouses } from '../model.js';
import { houseButtons, waitingLead } from './parts.js';
import type { Part } from './types.js';

export const away: Part = (s, a) => {
  const m = s.model;
  const v = m.view;
  const houses = setupHouses(m);
  if (houses && s.clickable.length) {
    return [
      h('p', { class: 'lead' }, t('santa.away.yours', { count: v.awayLeft })),
      h('p', { class: 'hint' }, t('santa.away.hint')),
      houseButtons(m, houses, a, 'house', s),
    ];
  }
  if (v.awayPlacer === null) return null;
  return [waitingLead(t('santa.away.waiting', { name: seatName(m, v.awayPlacer), count: v.awayLeft })), h('p', { class: 'hint' }, t('santa.away.hint'))];
};

export const start: Part = (s, a) => {
  const m = s.model;
  const v = m.view;
  if (v.starter === null) return null;
  const houses = setupHouses(m);
  if (!houses || !s.clickable.length) return waitingLead(t('santa.start.waiting', { name: seatName(m, v.starter) }));
  return [h('p', { class: 'lead' }, m.me === v.santa ? t('santa.start.yoursSanta') : t('santa.start.yoursKid')), houseButtons(m, houses, a, 'house', s)];
};
