/**
 * Gift Trap: what each audience may see. The public view is built field by
 * field from the state (never by copying the state and deleting secrets), so a
 * new secret field added to the state can never leak by default.
 */
import type { Seat } from '../../engine/contract.js';
import { copyRoundRecord, currentRevealer, slotCount, unopenedTiles, wantsRevealed } from './rules.js';
import type { GiftTrapPublicView, GiftTrapSeatView, GiftTrapState } from './types.js';

export function publicView(state: GiftTrapState): GiftTrapPublicView {
  // Face-down tiles: who gave to whom, never the slot. Sorted by (from, to) so
  // that the order in which a giver submitted its tiles leaks nothing.
  const closed = unopenedTiles(state)
    .map(({ from, to }) => ({ from, to }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
  return {
    game: 'gifttrap',
    phase: state.phase,
    players: state.players,
    options: { ...state.options },
    round: state.round,
    parent: state.parent,
    tier: state.tier,
    slots: state.slots.map((s) => ({ cardId: s.cardId, side: s.side })),
    slotCount: slotCount(state.players, state.options.doubleGifts),
    giveSubmitted: state.gifts.map((g) => g !== null),
    wantSubmitted: state.wants.map((w) => w !== null),
    revealer: currentRevealer(state),
    revealOrder: state.revealOrder.slice(),
    revealedWants: state.wants.map((w, s) => (w && wantsRevealed(state, s) ? { ...w } : null)),
    opened: state.opened.map((o) => ({ ...o })),
    closed,
    give: state.give.slice(),
    get: state.get.slice(),
    history: state.history.map(copyRoundRecord),
    winners: state.winners ? state.winners.slice() : null,
  };
}

export function seatView(state: GiftTrapState, seat: Seat): GiftTrapSeatView {
  const gifts = state.gifts[seat];
  const wants = state.wants[seat];
  return {
    seat,
    myGifts: gifts ? gifts.map((t) => ({ to: t.to, slot: t.slot })) : null,
    myWants: wants ? { ...wants } : null,
  };
}
