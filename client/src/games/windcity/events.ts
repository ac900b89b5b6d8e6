/** Turning Wind City log entries into short sentences, for the caption on the board and the events list. */
import { t, listNames } from '../../i18n/index.js';
import type { LogEntry } from '@fireside/shared/games/windcity/types';
import { cardById } from '@fireside/shared/games/windcity/cards';
import { actionText, seatName, squareName, type Model } from './model.js';

/** A plan in words: "North 2, then East 3". */
export function planText(card: number, plan: number[]): string {
  const c = cardById(card);
  return plan.map((i) => actionText(c.actions[i])).join(t('windcity.then'));
}

export function describe(e: LogEntry, m: Model): string | null {
  const name = (seat: number) => seatName(m, seat);
  switch (e.kind) {
    case 'hurricane':
      return t('windcity.events.hurricane', { name: name(e.seat), sq: squareName(e.square) });
    case 'place':
      return t('windcity.events.place', { name: name(e.seat), sq: squareName(e.square) });
    case 'turn':
      return t('windcity.events.turn', { turn: e.turn, name: name(e.seat) });
    case 'expire':
      return t('windcity.events.expire', { name: name(e.seat), count: e.squares.length });
    case 'reshuffle':
      return t('windcity.events.reshuffle', { count: e.cards });
    case 'draw':
      return t('windcity.events.draw', { name: name(e.seat) });
    case 'bankrupt':
      return t('windcity.events.bankrupt', { name: name(e.seat), card: e.card, coins: e.coins, count: e.houses });
    case 'planned':
      return t('windcity.events.planned', { name: name(e.seat) });
    case 'renew':
      return e.squares.length
        ? t('windcity.events.renew', { name: name(e.seat), count: e.squares.length, cost: e.cost, squares: e.squares.map(squareName).join(' ') })
        : t('windcity.events.renewNone', { name: name(e.seat) });
    case 'insured':
      return t('windcity.events.insured', {
        seller: name(e.seller),
        buyer: name(e.buyer),
        count: e.squares.length,
        price: e.price,
        squares: e.squares.map(squareName).join(' '),
      });
    case 'market-closed':
      return t(e.expired ? 'windcity.events.marketTimeUp' : 'windcity.events.marketClosed');
    case 'reveal':
      return t('windcity.events.reveal', { name: name(e.seat), card: e.card, plan: planText(e.card, e.plan) });
    case 'destroy':
      return t(e.count === 2 ? 'windcity.events.destroyDouble' : 'windcity.events.destroy', { owner: name(e.owner), sq: squareName(e.square) });
    case 'kauf':
      return t('windcity.events.kauf', { name: name(e.seat), sq: squareName(e.square) });
    case 'kauf-void':
      return t('windcity.events.kaufVoid', { name: name(e.seat), reason: t(`windcity.kaufVoid.${e.reason}`) });
    case 'exit':
      return t('windcity.events.exit', { name: name(e.seat) });
    case 'coins':
      if (e.cause === 'observatory') return t('windcity.events.observatory', { name: name(e.seat), n: e.delta });
      if (e.cause === 'calm') return t('windcity.events.calm', { name: name(e.seat), n: e.delta });
      if (e.cause === 'plan') return t('windcity.events.paid', { name: name(e.seat), n: -e.delta });
      return null;
    case 'end':
      return t('windcity.events.end', { winners: t('game.winner', { count: e.winners.length, names: listNames(e.winners.map(name)) }) });
  }
}

/** The entries of this turn and the one before (or of the setup), newest last, with their text. */
export function recentEntries(m: Model): { turn: number; text: string; seat: number | null; kind: LogEntry['kind'] }[] {
  const v = m.view;
  const out: { turn: number; text: string; seat: number | null; kind: LogEntry['kind'] }[] = [];
  const from = Math.max(1, v.turn - 1);
  let turn = 0;
  const setup = v.turn === 0;
  for (const e of v.log) {
    if ('turn' in e && typeof e.turn === 'number') turn = e.turn;
    if (setup ? e.kind !== 'place' && e.kind !== 'hurricane' : turn < from) continue;
    if (e.kind === 'draw' || e.kind === 'planned') continue;
    const text = describe(e, m);
    if (text) out.push({ turn, text, seat: 'seat' in e ? e.seat : e.kind === 'insured' ? e.buyer : null, kind: e.kind });
  }
  return setup ? out.slice(-8) : out;
}
