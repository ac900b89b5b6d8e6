/**
 * Wind City's summary of a turn, once its act is over: the plan that ran,
 * what the hurricane did (houses destroyed, insurance sold, coins paid and
 * won) and each player's coins and points before → after. Every turn ends
 * with a `TurnRecord` (a bankruptcy and the hurricane's exit too), so the
 * newest record names the turn to sum up; its log entries carry its number.
 */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { LogEntry } from '@fireside/shared/games/windcity/types';
import type { SummaryContent } from '../common/round-summary.js';
import { eventList, scoreTable } from '../common/summary-parts.js';
import { describe } from './events.js';
import { seatName, type Model } from './model.js';

/** Entries that only say the turn is under way: the summary tells what came of it. */
const QUIET: ReadonlySet<LogEntry['kind']> = new Set(['turn', 'draw', 'planned', 'market-closed']);

function entrySeat(e: LogEntry): number | null {
  if (e.kind === 'insured') return e.buyer;
  if (e.kind === 'destroy') return e.owner;
  return 'seat' in e ? e.seat : null;
}

export function actSummary(m: Model): SummaryContent | null {
  const v = m.view;
  const n = v.records.length;
  const record = v.records[n - 1];
  const before = v.records[n - 2];
  if (!record || !before || record.turn < 1 || record.seat === null) return null;
  const final = v.phase === 'over';
  const lines = v.log
    .filter((e) => 'turn' in e && e.turn === record.turn && !QUIET.has(e.kind))
    .flatMap((e) => {
      const text = describe(e, m);
      return text ? [{ seat: entrySeat(e), text }] : [];
    });
  const body = h(
    'div',
    { class: 'wc-summary' },
    eventList(t('windcity.summary.happened'), lines, 'summary-events'),
    h('h3', null, t('windcity.players')),
    scoreTable(m.names, [
      { label: t('windcity.summary.coins'), before: before.coins, after: record.coins },
      { label: t('windcity.col.points'), before: before.points, after: record.points },
    ]),
  );
  return {
    key: `${m.snap.matchNo}:t${record.turn}`,
    title: t(final ? 'windcity.summary.lastTitle' : 'windcity.summary.title', { n: record.turn, name: seatName(m, record.seat) }),
    body,
    final,
  };
}
