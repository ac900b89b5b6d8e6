/** The end of a Wind City match: places, houses, points and coins, and two SVG charts over the turns (from the per-turn records). */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { WindCityPublicView } from '@fireside/shared/games/windcity/types';
import { houseStats } from './stats.js';
import { LineChart, jitter, legend, niceStep, playerDot, seatNames, valueAxis, winnersLine } from '../common/end-screen.js';
import { iconEl } from '../../art/icons.js';

/** Grid steps of both axes (beyond 100: steps of 200). */
const STEPS = [1, 2, 5, 10, 20, 25, 50, 100];

/** One line per player: x = the turn (0 = after setup), y = the value after it. */
export function lineChart(series: number[][], turns: number[], names: string[], title: string, testid: string): HTMLElement {
  const last = Math.max(1, turns[turns.length - 1] ?? 1);
  const axis = valueAxis(series, STEPS);
  const c = new LineChart({ W: 560, H: 240, m: { l: 38, r: 14, t: 14, b: 32 } }, last, axis.min, axis.max, title);
  for (let v = axis.min; v <= axis.max; v += axis.step) c.gridLine(v);
  const tick = niceStep(last, STEPS);
  for (let k = 0; k <= last; k += tick) c.xLabel(k);
  c.xTitle(t('windcity.end.turn'), 3);
  series.forEach((vals, seat) => {
    const dy = jitter(seat, series.length, 1.2);
    c.playerLine(seat, names[seat], turns, vals, dy);
    const i = vals.length - 1;
    if (i >= 0) c.dot(seat, turns[i], vals[i], dy, 4.5, 1.5);
  });
  return c.figure(title, testid);
}

export function renderEnd(snap: RoomSnapshot): HTMLElement {
  const v = snap.view as WindCityPublicView | null;
  if (!v || v.game !== 'windcity') return h('div');
  const names = seatNames(snap, v.players);
  const winners = snap.result?.winners ?? v.winners ?? [];
  const points = snap.result?.scores ?? v.points;
  const places = v.places ?? names.map(() => 1);
  const order = names.map((_, i) => i).sort((a, b) => places[a] - places[b] || points[b] - points[a] || a - b);
  const records = v.records.length ? v.records : [];
  const turns = records.map((r) => r.turn);
  const houses = names.map((_, seat) => records.map((r) => r.houses[seat] ?? 0));
  const coins = names.map((_, seat) => records.map((r) => r.coins[seat] ?? 0));
  const endLog = v.log.find((e) => e.kind === 'end');
  const reason = endLog && endLog.kind === 'end' ? endLog.reason : 'exit';
  return h(
    'div',
    { class: 'wc-end' },
    winnersLine(names, winners),
    h('p', { class: 'hint', testid: 'end-reason' }, t(`windcity.end.reason.${reason}`, { turns: v.turn })),
    h(
      'table',
      { class: 'score-table final', testid: 'final-scores' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', null, '#'),
          h('th', null, ''),
          h('th', null, t('windcity.col.houses')),
          h('th', null, t('windcity.end.premium')),
          h('th', null, t('windcity.col.points')),
          h('th', null, iconEl('coin', 16)),
        ),
      ),
      h(
        'tbody',
        null,
        order.map((i) => {
          const st = houseStats(v, i);
          return h(
            'tr',
            { class: winners.includes(i) ? 'win' : '' },
            h('td', null, String(places[i])),
            h(
              'td',
              null,
              playerDot(i),
              names[i],
              winners.includes(i) ? [' ', iconEl('trophy', 16)] : '',
              v.out[i] ? h('small', { class: 'muted' }, ` · ${t('windcity.end.bankrupt', { turn: v.outTurn[i] ?? '?' })}`) : null,
            ),
            h('td', null, String(st.pieces)),
            h('td', null, String(st.premium)),
            h('td', null, String(points[i] ?? 0)),
            h('td', null, String(v.coins[i])),
          );
        }),
      ),
    ),
    records.length > 1
      ? h(
          'div',
          { class: 'charts wc-charts', testid: 'end-chart' },
          lineChart(houses, turns, names, t('windcity.end.housesChart'), 'chart-houses'),
          lineChart(coins, turns, names, t('windcity.end.coinsChart'), 'chart-coins'),
        )
      : null,
    legend(names),
  );
}
