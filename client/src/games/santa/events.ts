/** Turning log entries into short sentences ("Bob saw Santa +3") for captions and the event list. */
import { t, listNames } from '../../i18n/index.js';
import type { LogEntry } from '@fireside/shared/games/santa/types';
import { cardText, houseLabel, seatName, type Model } from './model.js';

export function describe(e: LogEntry, m: Model): string {
  const name = (seat: number) => seatName(m, seat);
  const house = (id: number) => houseLabel(m.town, id);
  switch (e.kind) {
    case 'away':
      return t('santa.events.away', { name: name(e.seat), house: house(e.house) });
    case 'away-skip':
      return t('santa.events.awaySkip');
    case 'start':
      return t('santa.events.start', { name: name(e.seat), house: house(e.house) });
    case 'reveal':
      return t('santa.events.reveal', { cards: listNames(e.cards.map((c, s) => `${name(s)} ${cardText(c, s)}`)) });
    case 'order-by':
      return t(`santa.orderBy.${e.reason}`, { name: name(e.seat) });
    case 'order':
      return t('santa.events.order', { names: e.order.map(name).join(' → ') });
    case 'move':
      return t(`santa.events.${e.how}`, { name: name(e.seat), house: house(e.path[e.path.length - 1]) });
    case 'stay':
      return t('santa.events.stay', { name: name(e.seat), house: house(e.at) });
    case 'score':
      return t(`santa.events.${e.cause}`, { name: name(e.seat), house: house(e.house) });
    case 'end':
      return t('santa.events.end', { winners: t('game.winner', { count: e.winners.length, names: listNames(e.winners.map(name)) }) });
  }
}

/** The log entries of the current round (or of the setup), for the event list, and that round (0: setup). */
export function currentEntries(m: Model): { round: number; entries: LogEntry[] } {
  const v = m.view;
  const log = v.log;
  // During the pick phase the round has not begun: show the previous one (the setup before round 1).
  const round = v.phase === 'pick' ? v.round - 1 : v.round;
  if (round <= 0) {
    return { round: 0, entries: log.filter((e) => e.kind === 'away' || e.kind === 'away-skip' || e.kind === 'start' || (e.kind === 'score' && e.round === 0)) };
  }
  return { round, entries: log.filter((e) => 'round' in e && e.round === round) };
}

/** Is this entry worth a caption on the board? */
export function isCaption(e: LogEntry): boolean {
  return e.kind === 'score' || e.kind === 'stay' || e.kind === 'away-skip';
}
