/** The end of a match: winners, final scores, and each player's score after every round (an SVG chart from scoreLog). */
import { h } from '../../util/dom.js';
import { t, listNames } from '../../i18n/index.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { SantaPublicView } from '@fireside/shared/games/santa/types';
import { playerColor } from '../colors.js';

const SVG = 'http://www.w3.org/2000/svg';
function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

function niceStep(span: number): number {
  for (const step of [1, 2, 5, 10, 20, 25, 50]) if (span / step <= 6) return step;
  return 100;
}

/** Score after setup (x = 0) and after each round, one line per player. */
export function scoreChart(series: number[][], names: string[], roles: string[]): HTMLElement {
  const W = 560;
  const H = 260;
  const m = { l: 36, r: 14, t: 14, b: 32 };
  const rounds = Math.max(1, (series[0]?.length ?? 1) - 1);
  const all = series.flat();
  const lo = Math.min(0, ...all);
  const hiRaw = Math.max(5, ...all);
  const step = niceStep(hiRaw - lo);
  const hi = Math.ceil(hiRaw / step) * step;
  const min = Math.floor(lo / step) * step;
  const x = (r: number) => m.l + (r / rounds) * (W - m.l - m.r);
  const y = (v: number) => H - m.b - ((v - min) / (hi - min || 1)) * (H - m.t - m.b);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': t('santa.end.chart') });
  for (let v = min; v <= hi; v += step) {
    svg.append(s('line', { x1: m.l, x2: W - m.r, y1: y(v), y2: y(v), class: 'grid' }));
    svg.append(s('text', { x: m.l - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, String(v)));
  }
  for (let r = 0; r <= rounds; r++) svg.append(s('text', { x: x(r), y: H - m.b + 16, 'text-anchor': 'middle', class: 'axis' }, r === 0 ? '0' : String(r)));
  svg.append(s('text', { x: W - m.r, y: H - 3, 'text-anchor': 'end', class: 'axis' }, t('santa.end.round')));
  series.forEach((vals, seat) => {
    const jitter = (seat - (series.length - 1) / 2) * 1.4; // equal lines stay visible
    const pts = vals.map((v, r) => `${x(r).toFixed(1)},${(y(v) + jitter).toFixed(1)}`).join(' ');
    const line = s('polyline', { points: pts, fill: 'none', stroke: playerColor(seat), 'stroke-width': 2.5, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' });
    if (roles[seat] === 'santa') line.setAttribute('stroke-dasharray', '7 4');
    line.append(s('title', {}, names[seat]));
    svg.append(line);
    vals.forEach((v, r) => svg.append(s('circle', { cx: x(r), cy: y(v) + jitter, r: r === vals.length - 1 ? 4.5 : 2.2, fill: playerColor(seat), stroke: '#fff4e2', 'stroke-width': r === vals.length - 1 ? 1.5 : 0 })));
  });
  return h('figure', { class: 'chart-box' }, h('figcaption', null, t('santa.end.chart')), svg as unknown as HTMLElement);
}

export function renderEnd(snap: RoomSnapshot): HTMLElement {
  const v = snap.view as SantaPublicView | null;
  if (!v || v.game !== 'santa') return h('div');
  const names = Array.from({ length: v.players }, (_, i) => snap.seats[i]?.name || `#${i + 1}`);
  const roles = names.map((_, i) => (i === v.santa ? 'santa' : 'kid'));
  const winners = snap.result?.winners ?? v.winners ?? [];
  const scores = snap.result?.scores ?? v.scores;
  const seen = names.map((_, i) => v.log.filter((e) => e.kind === 'score' && e.seat === i && e.cause === 'saw-santa').length);
  const presents = names.map((_, i) =>
    v.log.filter((e) => e.kind === 'score' && e.seat === i && (i === v.santa ? e.cause === 'present' || e.cause === 'start-present' : e.cause === 'took-present')).length,
  );
  const order = names.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
  const log = v.scoreLog.length ? v.scoreLog : [v.scores];
  const series = names.map((_, seat) => log.map((row) => row[seat] ?? 0));
  const rounds = log.length - 1;
  return h(
    'div',
    { class: 'sc-end' },
    h('p', { class: 'winners big', testid: 'end-winners' }, '🏆 ', t('game.winner', { count: winners.length, names: listNames(winners.map((w) => names[w])) })),
    h(
      'table',
      { class: 'score-table final', testid: 'final-scores' },
      h('thead', null, h('tr', null, h('th', null, ''), h('th', null, t('santa.end.seen')), h('th', null, t('santa.end.presents')), h('th', null, t('santa.score')))),
      h(
        'tbody',
        null,
        order.map((i) =>
          h(
            'tr',
            { class: winners.includes(i) ? 'win' : '' },
            h('td', null, h('span', { class: 'pdot', style: { background: playerColor(i) } }), i === v.santa ? '🎅 ' : '', names[i], winners.includes(i) ? ' 🏆' : ''),
            h('td', null, i === v.santa ? '—' : String(seen[i])),
            h('td', null, String(presents[i])),
            h('td', null, String(scores[i])),
          ),
        ),
      ),
    ),
    h('div', { class: 'sc-chart', testid: 'end-chart' }, scoreChart(series, names, roles)),
    h('ul', { class: 'legend' }, names.map((n, i) => h('li', null, h('span', { class: 'pdot', style: { background: playerColor(i) } }), i === v.santa ? `🎅 ${n}` : n))),
    rounds > 0
      ? h(
          'details',
          { class: 'log-details sc-per-round', dataset: { key: 'per-round' } },
          h('summary', null, t('santa.end.perRound')),
          h(
            'div',
            { class: 'sc-table-scroll' },
            h(
              'table',
              { class: 'score-table sc-rounds', testid: 'per-round' },
              h('thead', null, h('tr', null, h('th', null, ''), h('th', null, t('santa.end.start')), Array.from({ length: rounds }, (_, r) => h('th', null, String(r + 1))))),
              h(
                'tbody',
                null,
                names.map((n, i) =>
                  h(
                    'tr',
                    null,
                    h('td', null, h('span', { class: 'pdot', style: { background: playerColor(i) } }), n),
                    h('td', null, String(log[0][i] ?? 0)),
                    Array.from({ length: rounds }, (_, r) => {
                      const d = (log[r + 1][i] ?? 0) - (log[r][i] ?? 0);
                      return h('td', { class: d > 0 ? 'up' : d < 0 ? 'down' : '' }, d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '·');
                    }),
                  ),
                ),
              ),
            ),
          ),
        )
      : null,
  );
}
