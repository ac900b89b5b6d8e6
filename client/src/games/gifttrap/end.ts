/** The end of a match: winners, final scores and each player's progress per round (SVG charts). */
import { h } from '../../util/dom.js';
import { t, listNames } from '../../i18n/index.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { GiftTrapPublicView } from '@fireside/shared/games/gifttrap/types';
import { playerColor } from '../colors.js';

const SVG = 'http://www.w3.org/2000/svg';
function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

function chart(title: string, series: number[][], goal: number, names: string[]): HTMLElement {
  const W = 460;
  const H = 240;
  const m = { l: 34, r: 12, t: 14, b: 30 };
  const rounds = Math.max(1, series[0]?.length - 1 || 1);
  const x = (r: number) => m.l + (r / rounds) * (W - m.l - m.r);
  const y = (v: number) => H - m.b - (v / goal) * (H - m.t - m.b);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': title });
  for (let v = 0; v <= goal; v += goal / 4) {
    svg.append(s('line', { x1: m.l, x2: W - m.r, y1: y(v), y2: y(v), class: v === goal ? 'grid goal' : 'grid' }));
    svg.append(s('text', { x: m.l - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, String(v)));
  }
  const step = Math.max(1, Math.ceil(rounds / 10));
  for (let r = 0; r <= rounds; r += step) svg.append(s('text', { x: x(r), y: H - m.b + 16, 'text-anchor': 'middle', class: 'axis' }, String(r)));
  svg.append(s('text', { x: W - m.r, y: H - 4, 'text-anchor': 'end', class: 'axis' }, t('gifttrap.end.round')));
  series.forEach((vals, seat) => {
    const jitter = (seat - (series.length - 1) / 2) * 1.2; // overlapping lines stay visible
    const pts = vals.map((v, r) => `${x(r).toFixed(1)},${(y(v) + jitter).toFixed(1)}`).join(' ');
    const line = s('polyline', { points: pts, fill: 'none', stroke: playerColor(seat), 'stroke-width': 2.5, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' });
    line.append(s('title', {}, names[seat]));
    svg.append(line);
    const last = vals.length - 1;
    svg.append(s('circle', { cx: x(last), cy: y(vals[last]) + jitter, r: 4, fill: playerColor(seat), stroke: '#fff4e2', 'stroke-width': 1.5 }));
  });
  return h('figure', { class: 'chart-box' }, h('figcaption', null, title), svg as unknown as HTMLElement);
}

export function renderEnd(snap: RoomSnapshot): HTMLElement {
  const v = snap.view as GiftTrapPublicView | null;
  if (!v) return h('div');
  const names = Array.from({ length: v.players }, (_, i) => snap.seats[i]?.name || `#${i + 1}`);
  const winners = snap.result?.winners ?? v.winners ?? [];
  const goal = v.options.goal;
  const give = names.map((_, seat) => [0, ...v.history.map((r) => r.give[seat])]);
  const get = names.map((_, seat) => [0, ...v.history.map((r) => r.get[seat])]);
  const order = names.map((_, i) => i).sort((a, b) => Number(winners.includes(b)) - Number(winners.includes(a)) || Math.min(v.give[b], v.get[b]) - Math.min(v.give[a], v.get[a]) || v.give[b] + v.get[b] - (v.give[a] + v.get[a]));
  return h(
    'div',
    { class: 'gt-end' },
    h('p', { class: 'winners big', testid: 'end-winners' }, '🏆 ', t('game.winner', { count: winners.length, names: listNames(winners.map((w) => names[w])) })),
    h(
      'table',
      { class: 'score-table final', testid: 'final-scores' },
      h('thead', null, h('tr', null, h('th', null, ''), h('th', null, t('gifttrap.tracks.give')), h('th', null, t('gifttrap.tracks.get')))),
      h(
        'tbody',
        null,
        order.map((i) => h('tr', { class: winners.includes(i) ? 'win' : '' }, h('td', null, h('span', { class: 'pdot', style: { background: playerColor(i) } }), names[i], winners.includes(i) ? ' 🏆' : ''), h('td', null, String(v.give[i])), h('td', null, String(v.get[i])))),
      ),
    ),
    h('h3', { class: 'sub' }, t('gifttrap.end.chart')),
    h('div', { class: 'charts', testid: 'end-chart' }, chart(t('gifttrap.end.give'), give, goal, names), chart(t('gifttrap.end.get'), get, goal, names)),
    h('ul', { class: 'legend' }, names.map((n, i) => h('li', null, h('span', { class: 'pdot', style: { background: playerColor(i) } }), n))),
  );
}
