/**
 * Gift Trap's round summary: every opening of the round that just ended (who
 * gave what to whom, and what it was worth) and how far each pawn moved. The
 * round's record in `history` holds it all, the last opening included, which
 * the live view never shows (the next round begins at once).
 */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { RoundRecord } from '@fireside/shared/games/gifttrap/types';
import type { SummaryContent } from '../common/round-summary.js';
import { eventList, scoreTable } from '../common/summary-parts.js';
import { formatValue, giftName, giftOf, type Model } from './model.js';

/** The record the table should sum up now: the previous round's while the next is set up, the last one at the end. */
function finishedRound(m: Model): { record: RoundRecord; before: RoundRecord | null; final: boolean } | null {
  const v = m.view;
  const n = v.history.length;
  const last = v.history[n - 1];
  if (!last) return null;
  const final = v.phase === 'over';
  const settingUp = v.phase === 'layout' || v.phase === 'give' || v.phase === 'want';
  if (!final && !(settingUp && last.round === v.round - 1)) return null;
  return { record: last, before: v.history[n - 2] ?? null, final };
}

export function giftTrapSummary(m: Model): SummaryContent | null {
  const found = finishedRound(m);
  if (!found) return null;
  const { record, before, final } = found;
  const zeros = Array.from({ length: m.n }, () => 0);
  const openings = record.opened.map((o) => {
    const gift = giftOf(record.slots[o.slot]);
    return {
      seat: o.from,
      text: t('gifttrap.reveal.result', {
        from: m.names[o.from],
        to: m.names[o.to],
        gift: gift ? `${gift.icon} ${giftName(gift)}` : '?',
        value: formatValue(o.value),
      }),
    };
  });
  const body = h(
    'div',
    { class: 'gt-summary' },
    eventList(t('gifttrap.summary.openings'), openings, 'summary-openings'),
    h('h3', null, t('gifttrap.summary.pawns')),
    scoreTable(m.names, [
      { label: t('gifttrap.tracks.give'), before: before?.give ?? zeros, after: record.give },
      { label: t('gifttrap.tracks.get'), before: before?.get ?? zeros, after: record.get },
    ]),
  );
  return {
    key: `${m.snap.matchNo}:r${record.round}`,
    title: t(final ? 'gifttrap.summary.lastTitle' : 'gifttrap.summary.title', { n: record.round }),
    body,
    final,
  };
}
