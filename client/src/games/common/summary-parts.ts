/** The pieces every round summary is made of: a list of what happened and a before → after score table. */
import { h } from '../../util/dom.js';
import { playerColor } from '../colors.js';
// The card's styles come with its content (loaded with the first summary, see the tables' summarize()).
import './round-summary.css';

export function seatDot(seat: number): HTMLElement {
  return h('span', { class: 'summary-dot', style: { background: playerColor(seat) }, 'aria-hidden': 'true' });
}

/** A heading and a list of sentences, each after its seat's colour when it has one. */
export function eventList(title: string, lines: { seat: number | null; text: string }[], testid?: string): HTMLElement[] {
  if (!lines.length) return [];
  return [
    h('h3', null, title),
    h(
      'ul',
      { testid },
      lines.map((l) => h('li', null, l.seat === null ? null : seatDot(l.seat), l.text)),
    ),
  ];
}

export interface ScoreColumn {
  label: string;
  /** Per seat. */
  before: number[];
  after: number[];
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}

/**
 * One row per seat, one cell per column: "12 → 15 (+3)" (just the value when
 * nothing changed). Rows keep the seats' order, so a player finds their line
 * where it was last round.
 */
export function scoreTable(names: string[], columns: ScoreColumn[], testid = 'summary-scores'): HTMLElement {
  return h(
    'table',
    { class: 'summary-scores', testid },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('th', null, ''),
        columns.map((c) => h('th', { scope: 'col' }, c.label)),
      ),
    ),
    h(
      'tbody',
      null,
      names.map((name, seat) =>
        h(
          'tr',
          { dataset: { seat: String(seat) } },
          h('th', { scope: 'row' }, seatDot(seat), name),
          columns.map((c) => {
            const before = c.before[seat] ?? 0;
            const after = c.after[seat] ?? 0;
            const d = after - before;
            if (d === 0) return h('td', null, String(after));
            return h('td', null, `${before} → ${after} `, h('span', { class: d > 0 ? 'up' : 'down' }, `(${signed(d)})`));
          }),
        ),
      ),
    ),
  );
}
