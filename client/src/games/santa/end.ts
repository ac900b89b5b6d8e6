/** The end of a match: winners, final scores, and each player's score after every round (an SVG chart from scoreLog). */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { SantaPublicView } from '@fireside/shared/games/santa/types';
import { LineChart, jitter, legend, playerDot, seatNames, valueAxis, winnersLine } from '../common/end-screen.js';
import { iconEl } from '../../art/icons.js';

/** Grid steps of the score axis (beyond 50: steps of 100). */
const SCORE_STEPS = [1, 2, 5, 10, 20, 25, 50];

/** Score after setup (x = 0) and after each round, one line per player. */
export function scoreChart(series: number[][], names: string[], roles: string[]): HTMLElement {
  const rounds = Math.max(1, (series[0]?.length ?? 1) - 1);
  const axis = valueAxis(series, SCORE_STEPS);
  const c = new LineChart({ W: 560, H: 260, m: { l: 36, r: 14, t: 14, b: 32 } }, rounds, axis.min, axis.max, t('santa.end.chart'));
  for (let v = axis.min; v <= axis.max; v += axis.step) c.gridLine(v);
  for (let r = 0; r <= rounds; r++) c.xLabel(r);
  c.xTitle(t('santa.end.round'), 3);
  series.forEach((vals, seat) => {
    const dy = jitter(seat, series.length, 1.4);
    const line = c.playerLine(
      seat,
      names[seat],
      vals.map((_, r) => r),
      vals,
      dy,
    );
    if (roles[seat] === 'santa') line.setAttribute('stroke-dasharray', '7 4');
    const last = vals.length - 1;
    vals.forEach((v, r) => c.dot(seat, r, v, dy, r === last ? 4.5 : 2.2, r === last ? 1.5 : 0));
  });
  return c.figure(t('santa.end.chart'));
}

/** Each player's points after the setup and won or lost in each round. */
function perRound(names: string[], log: number[][]): HTMLElement | null {
  const rounds = log.length - 1;
  if (rounds <= 0) return null;
  const delta = (i: number, r: number) => {
    const d = (log[r + 1][i] ?? 0) - (log[r][i] ?? 0);
    return h('td', { class: d > 0 ? 'up' : d < 0 ? 'down' : '' }, d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '·');
  };
  return h(
    'details',
    { class: 'log-details sc-per-round', dataset: { key: 'per-round' } },
    h('summary', null, t('santa.end.perRound')),
    h(
      'div',
      { class: 'sc-table-scroll' },
      h(
        'table',
        { class: 'score-table sc-rounds', testid: 'per-round' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th', null, ''),
            h('th', null, t('santa.end.start')),
            Array.from({ length: rounds }, (_, r) => h('th', null, String(r + 1))),
          ),
        ),
        h(
          'tbody',
          null,
          names.map((n, i) =>
            h(
              'tr',
              null,
              h('td', null, playerDot(i), n),
              h('td', null, String(log[0][i] ?? 0)),
              Array.from({ length: rounds }, (_, r) => delta(i, r)),
            ),
          ),
        ),
      ),
    ),
  );
}

/** The final scores, best first: how often each kid saw Santa, the presents left (Santa) or taken (kids). */
function finalScores(v: SantaPublicView, names: string[], winners: number[], scores: number[]): HTMLElement {
  const seen = names.map((_, i) => v.log.filter((e) => e.kind === 'score' && e.seat === i && e.cause === 'saw-santa').length);
  const presents = names.map(
    (_, i) =>
      v.log.filter(
        (e) => e.kind === 'score' && e.seat === i && (i === v.santa ? e.cause === 'present' || e.cause === 'start-present' : e.cause === 'took-present'),
      ).length,
  );
  const order = names.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
  return h(
    'table',
    { class: 'score-table final', testid: 'final-scores' },
    h(
      'thead',
      null,
      h('tr', null, h('th', null, ''), h('th', null, t('santa.end.seen')), h('th', null, t('santa.end.presents')), h('th', null, t('santa.score'))),
    ),
    h(
      'tbody',
      null,
      order.map((i) =>
        h(
          'tr',
          { class: winners.includes(i) ? 'win' : '' },
          h('td', null, playerDot(i), i === v.santa ? [iconEl('santa', 16), ' '] : '', names[i], winners.includes(i) ? [' ', iconEl('trophy', 16)] : ''),
          h('td', null, i === v.santa ? '—' : String(seen[i])),
          h('td', null, String(presents[i])),
          h('td', null, String(scores[i])),
        ),
      ),
    ),
  );
}

export function renderEnd(snap: RoomSnapshot): HTMLElement {
  const v = snap.view as SantaPublicView | null;
  if (!v || v.game !== 'santa') return h('div');
  const names = seatNames(snap, v.players);
  const roles = names.map((_, i) => (i === v.santa ? 'santa' : 'kid'));
  const winners = snap.result?.winners ?? v.winners ?? [];
  const scores = snap.result?.scores ?? v.scores;
  const log = v.scoreLog.length ? v.scoreLog : [v.scores];
  const series = names.map((_, seat) => log.map((row) => row[seat] ?? 0));
  return h(
    'div',
    { class: 'sc-end' },
    winnersLine(names, winners),
    finalScores(v, names, winners, scores),
    h('div', { class: 'sc-chart', testid: 'end-chart' }, scoreChart(series, names, roles)),
    legend(names, (n, i) => (i === v.santa ? [iconEl('santa', 16), ' ', n] : n)),
    perRound(names, log),
  );
}
