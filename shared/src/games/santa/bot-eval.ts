/**
 * Santa Claus Is Comin' To Town: the bot's judgement, from the public view
 * only: which houses a card lets a counter reach (tables per town), how
 * threatened a house is, how central, a guess of the others' picks and the
 * chance of playing the highest card. bot.ts makes the choices with these
 * (its ideas are listed there).
 */
import type { RandomSource, Seat } from '../../engine/contract.js';
import { legalMoves, routesFrom } from './queries.js';
import type { TownGraph } from './town.js';
import type { HouseId, Role, SantaPublicView, Town } from './types.js';

// ---------------------------------------------------------------------------
// Reach tables: which houses a card class lets a counter enter from a house.

/** 0: cards 1–5, 1: cards 6–10, 2: J/Q/K. */
export const cardClass = (card: number): 0 | 1 | 2 => (card <= 5 ? 0 : card <= 10 ? 1 : 2);
const CLASS_CARD = [5, 10, 13] as const;

interface Reach {
  /** [role][class][from] → per house: 1 when some legal route enters it. */
  enter: Record<Role, Uint8Array[][]>;
  /** [role][class][from] → per house: 1 when some legal route ends there. */
  end: Record<Role, Uint8Array[][]>;
}

const reaches = new Map<Town, Reach>();

export function reachOf(town: Town): Reach {
  let r = reaches.get(town);
  if (r) return r;
  const n = town.houses.length;
  const table = (role: Role, which: 'enter' | 'end') =>
    CLASS_CARD.map((card) =>
      town.houses.map((h) => {
        const set = new Uint8Array(n);
        for (const route of routesFrom(town, h.id, card, role)) {
          if (which === 'end') set[route[route.length - 1]] = 1;
          else for (const x of route) set[x] = 1;
        }
        return set;
      }),
    );
  r = {
    enter: { kid: table('kid', 'enter'), santa: table('santa', 'enter') },
    end: { kid: table('kid', 'end'), santa: table('santa', 'end') },
  };
  reaches.set(town, r);
  return r;
}

/** Can a kid at `from` with `card` enter `target`? */
export function kidReaches(town: Town, from: HouseId, card: number, target: HouseId): boolean {
  return reachOf(town).enter.kid[cardClass(card)][from][target] === 1;
}

/** The share of a kid's hand whose cards reach `target` from `from`. */
export function kidReachShare(town: Town, from: HouseId, hand: number[], target: HouseId): number {
  if (hand.length === 0) return 0;
  let n = 0;
  for (const c of hand) if (kidReaches(town, from, c, target)) n++;
  return n / hand.length;
}

// ---------------------------------------------------------------------------
// Scores (public view only).

/** Weight of a kid's point in Santa's eyes (kids are rivals, but there are several of them). */
export const KID_POINT_FOR_SANTA = 0.4;
/** Weight of the kids' joint cover of the houses Santa may walk to next (kids hunt together). */
export const COVER_WEIGHT = 4;

export interface Ctx {
  view: SantaPublicView;
  seat: Seat;
  town: Town;
  g: TownGraph;
  kids: Seat[];
  santaAt: HouseId | null;
  rng: RandomSource;
  /** guessPick's answers, per seat, for this decision. */
  guesses: Map<Seat, Map<number, number>>;
}

/** The best of some options by score (ties broken at random through a little noise). */
export function best<T>(items: T[], score: (t: T) => number, rng: RandomSource, noise = 0.01): T {
  let top = items[0];
  let topScore = -Infinity;
  for (const item of items) {
    const s = score(item) + noise * rng.next();
    if (s > topScore) {
      topScore = s;
      top = item;
    }
  }
  return top;
}

/** How central a house is: how many houses a kid reaches from it with a 6–10 or a bike jump. */
export function centrality(ctx: Ctx, h: HouseId): number {
  const r = reachOf(ctx.town).enter.kid;
  let n = 0;
  for (let x = 0; x < ctx.town.houses.length; x++) n += r[1][h][x] + r[2][h][x];
  return n;
}

/** How many kids could enter house h with some card of their hand (a share per kid). */
export function threat(ctx: Ctx, h: HouseId, kids: Seat[] = ctx.kids): number {
  let t = 0;
  for (const k of kids) {
    const at = ctx.view.positions[k];
    if (at !== null) t += kidReachShare(ctx.town, at, ctx.view.hands[k], h);
  }
  return t;
}

/**
 * A guess of another player's pick: weights over their hand. Santa plays high
 * when kids can reach him; a kid plays the cards that reach Santa, high ones
 * more, when it can.
 */
function guessPick(ctx: Ctx, other: Seat): Map<number, number> {
  const cached = ctx.guesses.get(other);
  if (cached) return cached;
  const { view, town } = ctx;
  const hand = view.hands[other];
  const weights = new Map<number, number>();
  const santaAt = ctx.santaAt;
  const danger = santaAt === null ? 0 : threat(ctx, santaAt);
  for (const c of hand) {
    let w = 1;
    if (other === view.santa) w *= 1 + Math.min(danger, 1.5) * (c / 13) * 2;
    else if (santaAt !== null && view.positions[other] !== null && kidReaches(town, view.positions[other]!, c, santaAt)) {
      w *= 1.5 + c / 13;
    }
    weights.set(c, w);
  }
  ctx.guesses.set(other, weights);
  return weights;
}

/** The chance that `card` is the single highest pick (a tie counts a little). */
export function chanceHighest(ctx: Ctx, card: number): number {
  let p = 1;
  for (let o = 0; o < ctx.view.players; o++) {
    if (o === ctx.seat) continue;
    let below = 0,
      equal = 0,
      total = 0;
    for (const [c, w] of guessPick(ctx, o)) {
      total += w;
      if (c < card) below += w;
      else if (c === card) equal += w;
    }
    p *= total > 0 ? (below + 0.3 * equal) / total : 1;
  }
  return p;
}

/** The cost of spending a card now: its rank in the hand (playing the top card costs most). */
export function spendCost(hand: number[], card: number): number {
  if (hand.length <= 1) return 0;
  const rank = hand.filter((c) => c < card).length / (hand.length - 1); // 0..1
  return 1.6 * rank;
}

/** Kids whose revealed card reaches house h from where they stand. */
export function reachersOf(ctx: Ctx, h: HouseId, kids: Seat[] = ctx.kids): Seat[] {
  return kids.filter((k) => {
    const at = ctx.view.positions[k];
    const card = ctx.view.played[k];
    return at !== null && card !== null && kidReaches(ctx.town, at, card, h);
  });
}

/** Santa moving first: the fewest kids (revealed cards) that can reach where he can end. */
export function safestEnd(ctx: Ctx): number {
  const santa = ctx.view.santa;
  const moves = legalMoves(ctx.view, santa);
  if (!moves) return 0;
  let least = Infinity;
  for (const h of moves.destinations) least = Math.min(least, reachersOf(ctx, h).length);
  return least;
}
