/** The end of a Wind City match: places, houses, points and coins, and two SVG charts over the turns (from the per-turn records). */
import { h } from '../../util/dom.js';
import { t, listNames } from '../../i18n/index.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { WindCityPublicView } from '@fireside/shared/games/windcity/types';
import { playerColor } from '../colors.js';
import { houseStats } from './stats.js';

const SVG = 'http://www.w3.org/2000/svg';
function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

function niceStep(span: number): number {
  for (const step of [1, 2, 5, 10, 20, 25, 50, 100]) if (span / step <= 6) return step;
  return 200;
}

/** One line per player: x = the turn (0 = after setup), y = the value after it. */
export function lineChart(series: number[][], turns: number[], names: string[], title: string, testid: string): HTMLElement {
  const W = 560;
  const H = 240;
  const m = { l: 38, r: 14, t: 14, b: 32 };
  const last = Math.max(1, turns[turns.length - 1] ?? 1);
  const all = series.flat();
  const lo = Math.min(0, ...all);
  const hiRaw = Math.max(5, ...all);
  const step = niceStep(hiRaw - lo);
  const hi = Math.ceil(hiRaw / step) * step;
  const min = Math.floor(lo / step) * step;
  const x = (turn: number) => m.l + (turn / last) * (W - m.l - m.r);
  const y = (v: number) => H - m.b - ((v - min) / (hi - min || 1)) * (H - m.t - m.b);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': title });
  for (let v = min; v <= hi; v += step) {
    svg.append(s('line', { x1: m.l, x2: W - m.r, y1: y(v), y2: y(v), class: 'grid' }));
    svg.append(s('text', { x: m.l - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, String(v)));
  }
  const tick = niceStep(last);
  for (let k = 0; k <= last; k += tick) svg.append(s('text', { x: x(k), y: H - m.b + 16, 'text-anchor': 'middle', class: 'axis' }, String(k)));
  svg.append(s('text', { x: W - m.r, y: H - 3, 'text-anchor': 'end', class: 'axis' }, t('windcity.end.turn')));
  series.forEach((vals, seat) => {
    const jitter = (seat - (series.length - 1) / 2) * 1.2;
    const pts = vals.map((v, i) => `${x(turns[i]).toFixed(1)},${(y(v) + jitter).toFixed(1)}`).join(' ');
    const line = s('polyline', { points: pts, fill: 'none', stroke: playerColor(seat), 'stroke-width': 2.5, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' });
    line.append(s('title', {}, names[seat]));
    svg.append(line);
    const i = vals.length - 1;
    if (i >= 0) svg.append(s('circle', { cx: x(turns[i]), cy: y(vals[i]) + jitter, r: 4.5, fill: playerColor(seat), stroke: '#fff4e2', 'stroke-width': 1.5 }));
  });
  return h('figure', { class: 'chart-box', testid }, h('figcaption', null, title), svg as unknown as HTMLElement);
}

export function renderEnd(snap: RoomSnapshot): HTMLElement {
  const v = snap.view as WindCityPublicView | null;
  if (!v || v.game !== 'windcity') return h('div');
  const names = Array.from({ length: v.players }, (_, i) => snap.seats[i]?.name || `#${i + 1}`);
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
    h('p', { class: 'winners big', testid: 'end-winners' }, '🏆 ', t('game.winner', { count: winners.length, names: listNames(winners.map((w) => names[w])) })),
    h('p', { class: 'hint', testid: 'end-reason' }, t(`windcity.end.reason.${reason}`, { turns: v.turn })),
    h(
      'table',
      { class: 'score-table final', testid: 'final-scores' },
      h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, ''), h('th', null, t('windcity.col.houses')), h('th', null, t('windcity.end.premium')), h('th', null, t('windcity.col.points')), h('th', null, '🪙'))),
      h(
        'tbody',
        null,
        order.map((i) => {
          const st = houseStats(v, i);
          return h(
            'tr',
            { class: winners.includes(i) ? 'win' : '' },
            h('td', null, String(places[i])),
            h('td', null, h('span', { class: 'pdot', style: { background: playerColor(i) } }), names[i], winners.includes(i) ? ' 🏆' : '', v.out[i] ? h('small', { class: 'muted' }, ` · ${t('windcity.end.bankrupt', { turn: v.outTurn[i] ?? '?' })}`) : null),
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
    h('ul', { class: 'legend' }, names.map((n, i) => h('li', null, h('span', { class: 'pdot', style: { background: playerColor(i) } }), n))),
  );
}
