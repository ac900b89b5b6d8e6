/**
 * Gift Trap: the random player (sampleAction, for tests and fuzzing, sees the
 * full state) and the bot (botAction, sees ONLY the public view and its own
 * seat view, so it cannot cheat).
 *
 * The bot's model of taste: every gift has a public "broad appeal" (a hash of
 * its id, the same for everybody, like "most people like chocolate") and each
 * bot seat adds a private taste (a hash of seat + gift id). Bots assume other
 * players like broadly appealing gifts, give those, and want what they like
 * among the gifts they expect to receive.
 */
import type { RandomSource, Seat } from '../../engine/contract.js';
import { pick, randomInt, shuffled } from '../../engine/rng.js';
import { CATALOGUE } from './catalogue.js';
import { awaiting, giftsPerRecipient, legalTiers, unopenedTiles } from './rules.js';
import {
  TIERS,
  type GiftTrapAction,
  type GiftTrapPublicView,
  type GiftTrapSeatView,
  type GiftTrapState,
  type GiveTile,
  type LaidSlot,
  type Wants,
} from './types.js';

// ---------------------------------------------------------------------------
// Random legal play (full state).

/** Give tiles: the first (N-1)·k slots of a random order, k to each other seat. */
function randomGive(players: number, seat: Seat, slots: number, per: number, rng: RandomSource): GiveTile[] {
  const order = shuffled(rng, Array.from({ length: slots }, (_, i) => i));
  const tiles: GiveTile[] = [];
  for (let to = 0; to < players; to++) {
    if (to === seat) continue;
    for (let j = 0; j < per; j++) tiles.push({ to, slot: order[tiles.length] });
  }
  return tiles;
}

export function sampleAction(state: GiftTrapState, seat: Seat, rng: RandomSource): GiftTrapAction | null {
  if (!awaiting(state).includes(seat)) return null;
  switch (state.phase) {
    case 'layout': {
      if (state.tier === null) {
        const tiers = legalTiers(state);
        return tiers.length ? { type: 'chooseTier', tier: pick(rng, tiers) } : null;
      }
      // Flip now and then, but mostly progress, so random games finish.
      if (rng.next() < 0.3) return { type: 'flip', slot: randomInt(rng, state.slots.length) };
      return { type: 'confirmLayout' };
    }
    case 'give':
      return {
        type: 'give',
        tiles: randomGive(state.players, seat, state.slots.length, giftsPerRecipient(state.options.doubleGifts), rng),
      };
    case 'want': {
      const [great, good, ok, noWay] = shuffled(rng, state.slots.map((_, i) => i));
      return { type: 'want', wants: { great, good, ok, noWay } };
    }
    case 'reveal': {
      const givers = [...new Set(unopenedTiles(state).filter((t) => t.to === seat).map((t) => t.from))];
      return givers.length ? { type: 'open', from: pick(rng, givers) } : null;
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------
// The bot (public view + own seat view only).

/** FNV-1a, mapped to [0, 1): a stable pseudo-random number per string. */
export function hashUnit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}

/** The gift id on a slot, by the catalogue's id convention (no lookup, so unknown test cards work too). */
export function giftIdOf(slot: LaidSlot): string {
  return `${slot.cardId}${slot.side === 0 ? 'a' : 'b'}`;
}

/** Public "broad appeal" of a gift: what the bots believe most people think of it. */
export function appeal(giftId: string): number {
  return hashUnit(`appeal:${giftId}`);
}

/** A bot seat's own taste for a gift: mostly broad appeal, partly personal. */
export function taste(seat: Seat, giftId: string): number {
  return 0.6 * appeal(giftId) + 0.4 * hashUnit(`taste:${seat}:${giftId}`);
}

/** Is this seat awaited, judged from the public view alone? */
function awaitedInView(view: GiftTrapPublicView, seat: Seat): boolean {
  switch (view.phase) {
    case 'layout':
      return view.parent === seat;
    case 'give':
      return !view.giveSubmitted[seat];
    case 'want':
      return !view.wantSubmitted[seat];
    case 'reveal':
      return view.revealer === seat;
    default:
      return false;
  }
}

/** Slot indices ordered by broad appeal, best first (a little noise breaks ties and varies play). */
function slotsByAppeal(slots: LaidSlot[], rng: RandomSource, noise: number): number[] {
  const score = slots.map((s) => appeal(giftIdOf(s)) + noise * rng.next());
  return slots.map((_, i) => i).sort((a, b) => score[b] - score[a] || a - b);
}

function botLayout(view: GiftTrapPublicView, rng: RandomSource): GiftTrapAction | null {
  if (view.tier === null) {
    // Between rounds every card is back in its deck, so a deck holds its whole catalogue tier.
    // (If the catalogue knows no big enough tier, the decks were set up otherwise: try any.)
    const tiers = TIERS.filter((t) => CATALOGUE[t].length >= view.slotCount);
    return { type: 'chooseTier', tier: pick(rng, tiers.length ? tiers : TIERS) };
  }
  // Show the more broadly appealing side of each card: gifts everybody likes
  // make it easier for everybody to guess and please, the parent included.
  for (let i = 0; i < view.slots.length; i++) {
    const slot = view.slots[i];
    const other: LaidSlot = { cardId: slot.cardId, side: slot.side === 0 ? 1 : 0 };
    if (appeal(giftIdOf(other)) > appeal(giftIdOf(slot))) return { type: 'flip', slot: i };
  }
  return { type: 'confirmLayout' };
}

function botGive(view: GiftTrapPublicView, seat: Seat, rng: RandomSource): GiftTrapAction {
  // Nothing tells recipients apart before their wants are shown, so every
  // recipient is expected to want the broadly appealing gifts: give the best
  // (N-1)·k of them, each to a random recipient, and keep the least appealing.
  const per = giftsPerRecipient(view.options.doubleGifts);
  const best = slotsByAppeal(view.slots, rng, 0.1).slice(0, (view.players - 1) * per);
  const recipients = shuffled(
    rng,
    Array.from({ length: view.players }, (_, s) => s).filter((s) => s !== seat).flatMap((s) => Array(per).fill(s) as Seat[]),
  );
  return { type: 'give', tiles: recipients.map((to, i) => ({ to, slot: best[i] })) };
}

function botWant(view: GiftTrapPublicView, own: GiftTrapSeatView, seat: Seat): GiftTrapAction {
  // Others are expected to give the top (N-1)·k gifts by broad appeal, so those
  // are the ones likely to reach this seat; the seat also leans to what it
  // personally likes. The gifts it gave away itself are the ones it judged
  // most giftable, so they get a small boost too. NO WAY goes on the gift it
  // least expects to receive and likes least, where it costs least.
  const per = giftsPerRecipient(view.options.doubleGifts);
  const k = (view.players - 1) * per;
  const order = view.slots.map((_, i) => i).sort((a, b) => appeal(giftIdOf(view.slots[b])) - appeal(giftIdOf(view.slots[a])) || a - b);
  const rank = new Map(order.map((slot, r) => [slot, r]));
  const gaveAway = new Set((own.myGifts ?? []).map((t) => t.slot));
  const score = view.slots.map((s, i) => {
    const likelyReceived = 1 / (1 + Math.exp(1.5 * (rank.get(i)! - k + 0.5)));
    return taste(seat, giftIdOf(s)) + likelyReceived + (gaveAway.has(i) ? 0.1 : 0);
  });
  const bySlot = view.slots.map((_, i) => i).sort((a, b) => score[b] - score[a] || a - b);
  const wants: Wants = { great: bySlot[0], good: bySlot[1], ok: bySlot[2], noWay: bySlot[bySlot.length - 1] };
  return { type: 'want', wants };
}

export function botAction(
  view: GiftTrapPublicView,
  own: GiftTrapSeatView,
  seat: Seat,
  rng: RandomSource,
): GiftTrapAction | null {
  if (!awaitedInView(view, seat)) return null;
  switch (view.phase) {
    case 'layout':
      return botLayout(view, rng);
    case 'give':
      return botGive(view, seat, rng);
    case 'want':
      return botWant(view, own, seat);
    case 'reveal': {
      // The values are unknown until opened, so the order does not matter: open any.
      const givers = [...new Set(view.closed.filter((c) => c.to === seat).map((c) => c.from))];
      return givers.length ? { type: 'open', from: pick(rng, givers) } : null;
    }
    default:
      return null;
  }
}
