/** The setup's controls: the hurricane's column, then the houses placed in turn. */
import { h, type Children } from '../../../util/dom.js';
import { t } from '../../../i18n/index.js';
import { iconEl } from '../../../art/icons.js';
import { isObservatory, rowOf, sectionOf, BEACH_ROW } from '@fireside/shared/games/windcity/board';
import { colName, housesOf, myPlacements, squareName, type Model } from '../model.js';
import { squareButtons, waitLead, type PhaseCtx } from './parts.js';

export function hurricanePhase({ s, a, m, v }: PhaseCtx): Children {
  if (v.placer === null) return null;
  if (m.me !== v.placer || s.sent) return waitLead(m, 'windcity.hurricane.waiting', v.placer);
  return [
    h('p', { class: 'lead' }, t('windcity.hurricane.yours')),
    h('p', { class: 'hint' }, t('windcity.hurricane.hint')),
    h(
      'div',
      { class: 'wc-cols', role: 'group' },
      Array.from({ length: 8 }, (_, col) =>
        h(
          'button',
          {
            class: 'btn wc-col-btn',
            type: 'button',
            testid: `col-${col}`,
            'aria-label': t('windcity.hurricane.col', { sq: squareName(col) }),
            onclick: () => a.hurricane(col),
          },
          colName(col),
          isObservatory(col) ? [' ', iconEl('telescope', 14)] : '',
        ),
      ),
    ),
  ];
}

/** Per section in play: my houses there and the quota; beach houses. */
function quotaLine(m: Model): HTMLElement {
  const v = m.view;
  const mine = housesOf(v, m.me);
  const parts = v.sections.map((s) => t('windcity.placement.section', { s, n: mine.filter((sq) => sectionOf(sq) === s).length, q: v.quota }));
  const beach = mine.filter((sq) => rowOf(sq) === BEACH_ROW).length;
  parts.push(t('windcity.placement.beach', { n: beach, max: v.beachMax }));
  return h('p', { class: 'hint', testid: 'quota' }, parts.join(' · '));
}

export function placementPhase({ s, a, m, v }: PhaseCtx): Children {
  if (v.placer === null) return null;
  const legal = myPlacements(m);
  if (!legal || s.sent) return [waitLead(m, 'windcity.placement.waiting', v.placer), m.me >= 0 ? quotaLine(m) : null];
  const left = 12 - housesOf(v, m.me).length;
  return [
    h('p', { class: 'lead' }, t('windcity.placement.yours', { count: left })),
    h('p', { class: 'hint' }, t('windcity.placement.hint', { quota: v.quota, max: v.beachMax })),
    quotaLine(m),
    squareButtons(m, legal, 'square', (sq) => a.clickSquare(sq)),
  ];
}
