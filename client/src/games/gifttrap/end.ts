/** The end of a match: winners, final scores and each player's progress per round (SVG charts). */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { GiftTrapPublicView } from '@fireside/shared/games/gifttrap/types';
import { trackTicks } from '../common/chart-steps.js';
import { LineChart, jitter, legend, playerDot, seatNames, winnersLine } from '../common/end-screen.js';
import { iconEl } from '../../art/icons.js';

/** A track over the rounds, one line per player, up to the goal. */
function chart(title: string, series: number[][], goal: number, names: string[]): HTMLElement {
  const rounds = Math.max(1, series[0]?.length - 1 || 1);
  const c = new LineChart({ W: 460, H: 240, m: { l: 34, r: 12, t: 14, b: 30 } }, rounds, 0, goal, title);
  for (const v of trackTicks(goal)) c.gridLine(v, v === goal ? 'grid goal' : 'grid');
  const step = Math.max(1, Math.ceil(rounds / 10));
  for (let r = 0; r <= rounds; r += step) c.xLabel(r);
  c.xTitle(t('gifttrap.end.round'), 4);
  series.forEach((vals, seat) => {
    const dy = jitter(seat, series.length, 1.2);
    c.playerLine(
      seat,
      names[seat],
      vals.map((_, r) => r),
      vals,
      dy,
    );
    const last = vals.length - 1;
    c.dot(seat, last, vals[last], dy, 4, 1.5);
  });
  return c.figure(title);
}

export function renderEnd(snap: RoomSnapshot): HTMLElement {
  const v = snap.view as GiftTrapPublicView | null;
  if (!v) return h('div');
  const names = seatNames(snap, v.players);
  const winners = snap.result?.winners ?? v.winners ?? [];
  const goal = v.options.goal;
  const give = names.map((_, seat) => [0, ...v.history.map((r) => r.give[seat])]);
  const get = names.map((_, seat) => [0, ...v.history.map((r) => r.get[seat])]);
  const order = names
    .map((_, i) => i)
    .sort(
      (a, b) =>
        Number(winners.includes(b)) - Number(winners.includes(a)) ||
        Math.min(v.give[b], v.get[b]) - Math.min(v.give[a], v.get[a]) ||
        v.give[b] + v.get[b] - (v.give[a] + v.get[a]),
    );
  return h(
    'div',
    { class: 'gt-end' },
    winnersLine(names, winners),
    h(
      'table',
      { class: 'score-table final', testid: 'final-scores' },
      h('thead', null, h('tr', null, h('th', null, ''), h('th', null, t('gifttrap.tracks.give')), h('th', null, t('gifttrap.tracks.get')))),
      h(
        'tbody',
        null,
        order.map((i) =>
          h(
            'tr',
            { class: winners.includes(i) ? 'win' : '' },
            h('td', null, playerDot(i), names[i], winners.includes(i) ? [' ', iconEl('trophy', 16)] : ''),
            h('td', null, String(v.give[i])),
            h('td', null, String(v.get[i])),
          ),
        ),
      ),
    ),
    h('h3', { class: 'sub' }, t('gifttrap.end.chart')),
    h('div', { class: 'charts', testid: 'end-chart' }, chart(t('gifttrap.end.give'), give, goal, names), chart(t('gifttrap.end.get'), get, goal, names)),
    legend(names),
  );
}
