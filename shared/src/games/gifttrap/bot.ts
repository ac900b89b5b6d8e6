/**
 * Gift Trap: the random player (sampleAction, for tests and fuzzing, sees the
 * full state) and the bot (botAction, sees ONLY the public view and its own
 * seat view, so it cannot cheat).
 *
 * The bot plays like a person (see taste.ts): it has its own taste, fixed by
 * its persona (a secret string per bot seat and match, passed by the server);
 * it assumes strangers like broadly appealing gifts, and learns each player's
 * taste from what the reveals of earlier rounds showed. It gives each player
 * the gifts it expects that player to want most, and wants what it likes among
 * the gifts it expects to receive (what the others can have learned of it).
 * All of it is recomputed from the public view on every call: a pure function.
 */
import type { RandomSource, Seat } from '../../engine/contract.js';
import { pick, randomInt, shuffled } from '../../engine/rng.js';
import { CATALOGUE } from './catalogue.js';
import { awaiting, giftsPerRecipient, legalTiers, unopenedTiles } from './rules.js';
import { appeal, giftIdOf, learnedTaste, liking, personaTaste, type Taste } from './taste.js';
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

export { appeal, giftIdOf, hashUnit } from './taste.js';

// ---------------------------------------------------------------------------
// Random legal play (full state).

/** Give tiles: the first (N-1)·k slots of a random order, k to each other seat. */
function randomGive(players: number, seat: Seat, slots: number, per: number, rng: RandomSource): GiveTile[] {
  const order = shuffled(
    rng,
    Array.from({ length: slots }, (_, i) => i),
  );
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
      const [great, good, ok, noWay] = shuffled(
        rng,
        state.slots.map((_, i) => i),
      );
      return { type: 'want', wants: { great, good, ok, noWay } };
    }
    case 'reveal': {
      const givers = [
        ...new Set(
          unopenedTiles(state)
            .filter((t) => t.to === seat)
            .map((t) => t.from),
        ),
      ];
      return givers.length ? { type: 'open', from: pick(rng, givers) } : null;
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------
// The bot (public view + own seat view only).

/** The persona of a bot whose caller gave none (tests, fuzzing): fixed by the seat. */
export const seatPersona = (seat: Seat): string => `seat:${seat}`;

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

/** Slot indices, best liked first (ties by slot). */
function ranked(taste: Taste, slots: readonly LaidSlot[]): number[] {
  const score = slots.map((s) => liking(taste, giftIdOf(s)));
  return slots.map((_, i) => i).sort((a, b) => score[b] - score[a] || a - b);
}

/**
 * The want tile a recipient of this taste would likely put on each slot: its
 * three favourites GREAT, GOOD, OK, its least liked NO WAY, −1 elsewhere.
 */
function expectedWant(taste: Taste, slots: readonly LaidSlot[]): number[] {
  const order = ranked(taste, slots);
  const values = slots.map(() => -1);
  order.slice(0, 3).forEach((slot, r) => (values[slot] = 3 - r));
  if (order.length > 3) values[order[order.length - 1]] = -4;
  return values;
}

/**
 * Give every recipient `per` different slots (all different), maximising the
 * sum of `value[r][slot]`: greedy, then local moves (a free slot instead, two
 * recipients swap, or one moves to a free slot and another takes its old one)
 * until none improves (the tables are at most 7 recipients by 9 slots).
 */
export function assignGifts(value: readonly number[][], recipients: readonly Seat[], per: number, slots: number): GiveTile[] {
  const tiles: GiveTile[] = [];
  const used = new Set<number>();
  const pairs = recipients.flatMap((to) => Array.from({ length: slots }, (_, slot) => ({ to, slot })));
  pairs.sort((a, b) => value[b.to][b.slot] - value[a.to][a.slot] || a.to - b.to || a.slot - b.slot);
  for (const p of pairs) {
    if (used.has(p.slot) || tiles.filter((t) => t.to === p.to).length >= per) continue;
    tiles.push({ ...p });
    used.add(p.slot);
  }
  for (let improved = true, rounds = 0; improved && rounds < 50; rounds++) {
    improved = false;
    for (const a of tiles) {
      for (let slot = 0; slot < slots; slot++) {
        if (!used.has(slot) && value[a.to][slot] > value[a.to][a.slot]) {
          used.delete(a.slot);
          used.add(slot);
          a.slot = slot;
          improved = true;
        }
      }
      for (const b of tiles) {
        if (b.to === a.to) continue;
        const now = value[a.to][a.slot] + value[b.to][b.slot];
        if (value[a.to][b.slot] + value[b.to][a.slot] > now) {
          [a.slot, b.slot] = [b.slot, a.slot];
          improved = true;
          continue;
        }
        // A chain: a moves to a free slot, b takes a's.
        for (let free = 0; free < slots; free++) {
          if (used.has(free) || value[a.to][free] + value[b.to][a.slot] <= now) continue;
          used.delete(b.slot);
          used.add(free);
          [a.slot, b.slot] = [free, a.slot];
          improved = true;
          break;
        }
      }
    }
  }
  return tiles;
}

function botGive(view: GiftTrapPublicView, seat: Seat, rng: RandomSource): GiftTrapAction {
  // Each recipient gets the gifts this bot expects it to want most, judged by
  // what the reveals so far showed of it (a stranger: broad appeal). A little
  // noise breaks ties, so strangers are served in no fixed order.
  const per = giftsPerRecipient(view.options.doubleGifts);
  const recipients = Array.from({ length: view.players }, (_, s) => s).filter((s) => s !== seat);
  const value: number[][] = [];
  for (const to of recipients) {
    const { taste } = learnedTaste(view.history, to);
    const wants = expectedWant(taste, view.slots);
    const scores = view.slots.map((s) => liking(taste, giftIdOf(s)));
    value[to] = wants.map((w, i) => w + 0.05 * scores[i] + 0.2 * rng.next());
  }
  return { type: 'give', tiles: assignGifts(value, recipients, per, view.slots.length) };
}

function botWant(view: GiftTrapPublicView, seat: Seat, persona: string): GiftTrapAction {
  // A person wants what they like among what they expect to receive, and they
  // expect the others to give them what the others can know of their taste:
  // their wants in earlier reveals and the gifts that landed with them. NO WAY
  // goes where it costs least: a gift unlikely to come and little liked.
  const per = giftsPerRecipient(view.options.doubleGifts);
  const coming = Math.min((view.players - 1) * per, view.slots.length);
  const believed = ranked(learnedTaste(view.history, seat, true).taste, view.slots);
  const rank = new Map(believed.map((slot, r) => [slot, r]));
  const likely = view.slots.map((_, i) => 1 / (1 + Math.exp(1.2 * (rank.get(i)! - coming / 2))));
  const mine = personaTaste(persona);
  const like = view.slots.map((s) => liking(mine, giftIdOf(s)));
  const want = view.slots.map((_, i) => like[i] + 1.5 * likely[i]);
  const bySlot = view.slots.map((_, i) => i).sort((a, b) => want[b] - want[a] || a - b);
  const [great, good, ok] = bySlot;
  const rest = bySlot.slice(3);
  const cost = (i: number) => like[i] + 3 * likely[i];
  const noWay = rest.reduce((best, i) => (cost(i) < cost(best) ? i : best), rest[0]);
  const wants: Wants = { great, good, ok, noWay };
  return { type: 'want', wants };
}

/**
 * `persona` fixes this bot's taste (see taste.ts): a stable secret string per
 * bot seat and match. Without one (tests, fuzzing) the seat fixes it.
 */
export function botAction(
  view: GiftTrapPublicView,
  _own: GiftTrapSeatView,
  seat: Seat,
  rng: RandomSource,
  persona: string = seatPersona(seat),
): GiftTrapAction | null {
  if (!awaitedInView(view, seat)) return null;
  switch (view.phase) {
    case 'layout':
      return botLayout(view, rng);
    case 'give':
      return botGive(view, seat, rng);
    case 'want':
      return botWant(view, seat, persona);
    case 'reveal': {
      // The values are unknown until opened, so the order does not matter: open any.
      const givers = [...new Set(view.closed.filter((c) => c.to === seat).map((c) => c.from))];
      return givers.length ? { type: 'open', from: pick(rng, givers) } : null;
    }
    default:
      return null;
  }
}
