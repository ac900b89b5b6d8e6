/**
 * Santa's round summary: the cards, who named the order, every move and every
 * point of the round that just ended, and the scores before → after. All of
 * it comes from the public log (`round` on each entry) and `scoreLog[r]`
 * (the scores after round r).
 */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { LogEntry } from '@fireside/shared/games/santa/types';
import type { SummaryContent } from '../common/round-summary.js';
import { eventList, scoreTable } from '../common/summary-parts.js';
import { describe } from './events.js';
import type { Model } from './model.js';

/** The round to sum up now: the previous one once the next round's picks begin, the last one at the end. */
function finishedRound(m: Model): { round: number; final: boolean } | null {
  const v = m.view;
  if (v.phase === 'over') return v.round >= 1 ? { round: v.round, final: true } : null;
  if (v.phase === 'pick' && v.round > 1) return { round: v.round - 1, final: false };
  return null;
}

const entrySeat = (e: LogEntry): number | null => ('seat' in e ? e.seat : null);

export function santaSummary(m: Model): SummaryContent | null {
  const found = finishedRound(m);
  if (!found) return null;
  const { round, final } = found;
  const v = m.view;
  const entries = v.log.filter((e) => 'round' in e && e.round === round);
  const line = (e: LogEntry) => ({ seat: entrySeat(e), text: describe(e, m) });
  const before = v.scoreLog[round - 1] ?? v.scores.map(() => 0);
  const after = v.scoreLog[round] ?? v.scores;
  const body = h(
    'div',
    { class: 'santa-summary' },
    eventList(t('santa.summary.happened'), entries.filter((e) => e.kind !== 'score').map(line), 'summary-events'),
    eventList(t('santa.summary.points'), entries.filter((e) => e.kind === 'score').map(line), 'summary-points'),
    h('h3', null, t('santa.scores')),
    scoreTable(m.names, [{ label: t('santa.score'), before, after }]),
  );
  return {
    key: `${m.snap.matchNo}:r${round}`,
    title: t(final ? 'santa.summary.lastTitle' : 'santa.summary.title', { n: round }),
    body,
    final,
  };
}
