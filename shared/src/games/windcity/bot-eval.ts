/**
 * Wind City: the bot's judgement, from the public view only: the plans of a
 * card, what a plan would do to the board (simulate), its score for the bot
 * (evaluatePlan: the ideas are listed in bot.ts) and the risk to a house
 * before the bot's next turn. bot.ts makes the choices with these.
 */
import type { RandomSource, Seat } from '../../engine/contract.js';
import { SQUARES, colDistance, colOf, isBeach, isLand, rowOf } from './board.js';
import { housePoints, kaufSquares, kaufVoid, planCost, renewPrice, renewableSquares, runMove } from './queries.js';
import type { Card, HouseSquare, SquareId, WindCityPublicView } from './types.js';

// ---------------------------------------------------------------------------
// Plans

/** Every plan of a card: 1–3 distinct action numbers in order (5 + 20 + 60 = 85). */
export const ALL_PLANS: readonly number[][] = (() => {
  const out: number[][] = [];
  for (let a = 0; a < 5; a++) {
    out.push([a]);
    for (let b = 0; b < 5; b++) {
      if (b === a) continue;
      out.push([a, b]);
      for (let c = 0; c < 5; c++) if (c !== a && c !== b) out.push([a, b, c]);
    }
  }
  return out;
})();

/** The affordable plans of a card with these coins. */
export const affordablePlans = (card: Card, coins: number): number[][] => ALL_PLANS.filter((p) => planCost(card, p) <= coins);

export function ownSquares(houses: readonly (HouseSquare | null)[], seat: Seat): SquareId[] {
  const out: SquareId[] = [];
  for (let sq = 0; sq < houses.length; sq++) if (houses[sq]?.owner === seat) out.push(sq);
  return out;
}

// ---------------------------------------------------------------------------
// Scores (views only)

/**
 * How threatened a square is by a hurricane standing on `h` (0..1): close
 * columns and the rows just north of it (the deck drifts north) most.
 */
export function threat(h: SquareId, sq: SquareId): number {
  const dr = rowOf(sq) - rowOf(h);
  const dc = colDistance(colOf(sq), colOf(h));
  const far = dc + (dr >= 0 ? dr * 0.6 : -dr * 1.6);
  return Math.max(0, 1 - far / 5);
}

interface Sim {
  /** Points destroyed per owner. */
  lost: number[];
  income: number;
  calm: boolean;
  exited: boolean;
  end: SquareId;
  houses: (HouseSquare | null)[];
  kauf: number;
}

/**
 * Play a plan on a copy of the board, with `insured` of the bot's own houses
 * insured first. Kauf squares are chosen as the bot would (the least
 * threatened eligible house).
 */
export function simulate(v: WindCityPublicView, seat: Seat, card: Card, plan: readonly number[], insured: ReadonlySet<SquareId>): Sim {
  const houses = v.houses.map((h, sq) => (h && insured.has(sq) ? { ...h, insured: true } : h));
  const stock = v.stock.slice();
  const lost = Array(v.players).fill(0);
  const board = { houses, hurricane: v.hurricane! };
  let income = 0;
  let entered = false;
  let moved = false;
  let kauf = 0;
  for (const i of plan) {
    const a = card.actions[i];
    if (a.kind === 'kauf') {
      if (!kaufVoid({ houses, hurricane: board.hurricane, stock }, seat)) {
        const sq = bestKaufSquare(houses, board.hurricane, seat);
        houses[sq] = { ...houses[sq]!, count: 2 };
        stock[seat]--;
        kauf++;
      }
      continue;
    }
    const out = runMove(board, a);
    for (const st of out.steps) {
      if (st.destroyed) {
        lost[st.destroyed.owner] += st.to !== null && isBeach(st.to) ? 20 : st.destroyed.count * 10;
        stock[st.destroyed.owner] += st.destroyed.count;
      }
    }
    if (out.enteredHouse) entered = true;
    if (out.steps.length > 0) moved = true;
    if (out.exited) return { lost, income, calm: false, exited: true, end: board.hurricane, houses, kauf };
    if (out.observatory) income += 5;
  }
  const calm = moved && !entered && isLand(board.hurricane);
  if (calm) income += 3;
  return { lost, income, calm, exited: false, end: board.hurricane, houses, kauf };
}

export function bestKaufSquare(houses: readonly (HouseSquare | null)[], hurricane: SquareId, seat: Seat): SquareId {
  const options = kaufSquares({ houses, hurricane, stock: [] }, seat);
  let best = options[0];
  let bestScore = Infinity;
  for (const sq of options) {
    const s = threat(hurricane, sq) * 10 - rowOf(sq) * 0.01;
    if (s < bestScore) {
      bestScore = s;
      best = sq;
    }
  }
  return best;
}

/** Value of a coin to the bot: more when it is short of them. */
export const coinWeight = (coins: number): number => (coins < 8 ? 1.2 : coins < 20 ? 0.7 : 0.5);

interface Evaluated {
  plan: number[];
  insure: SquareId[];
  value: number;
}

/** Score a plan (with the renewal that protects the bot's houses on its path). */
export function evaluatePlan(v: WindCityPublicView, seat: Seat, card: Card, plan: number[]): Evaluated {
  const coins = v.coins[seat];
  const cost = planCost(card, plan);
  // Renew own houses on the path while the budget lasts (re-simulating: the extra steps change the
  // path). Only those insured when the turn began can be: the others must take their chances.
  const renewable = renewableSquares(v);
  const insure = new Set<SquareId>();
  let insureCost = 0;
  let sim = simulate(v, seat, card, plan, insure);
  for (let round = 0; round < 3 && sim.lost[seat] > 0; round++) {
    let added = false;
    for (let sq = 0; sq < SQUARES; sq++) {
      const h = v.houses[sq];
      if (!h || h.owner !== seat || insure.has(sq) || h.insured || sim.houses[sq] || !renewable.includes(sq)) continue;
      const price = renewPrice(sq, h);
      if (coins - cost - insureCost - price >= 1) {
        insure.add(sq);
        insureCost += price;
        added = true;
      }
    }
    if (!added) break;
    sim = simulate(v, seat, card, plan, insure);
  }
  const w = coinWeight(coins);
  const points = v.points;
  const live = v.out.flatMap((o, s) => (o ? [] : [s]));
  const rivals = live.filter((s) => s !== seat);
  const bestRival = Math.max(...rivals.map((s) => points[s]));
  let value = 0;
  for (const s of live) {
    if (s === seat) value -= sim.lost[s];
    else value += (sim.lost[s] * (points[s] >= bestRival ? 0.6 : 0.3)) / Math.max(1, rivals.length - 1) ** 0.5;
  }
  value += (sim.income - cost - insureCost) * w;
  value += sim.kauf * 7;
  const after = coins - cost - insureCost + sim.income;
  if (sim.exited) {
    // The game ends now: do I win (points, then coins)?
    const final = (s: Seat) => [points[s] - sim.lost[s], s === seat ? after : v.coins[s]];
    const [mp, mc] = final(seat);
    let winning = 1; // 1 alone on top, 0 shared, -1 beaten
    for (const s of rivals) {
      const [p, c] = final(s);
      if (p > mp || (p === mp && c > mc)) winning = -1;
      else if (p === mp && c === mc && winning === 1) winning = 0;
    }
    value += winning === 1 ? 400 : winning === 0 ? 40 : -400;
    return { plan, insure: [...insure], value };
  }
  if (after <= 0) value -= 200 + points[seat];
  else if (after < 4) value -= 6;
  // Where the hurricane ends: my houses close to it (north most) are in danger on the next turns,
  // the others' houses there are my rivals' worry (compared with the average rival).
  let mine = 0;
  let theirs = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    const h = sim.houses[sq];
    if (!h || h.insured || v.out[h.owner]) continue;
    const t = threat(sim.end, sq);
    if (t <= 0) continue;
    if (h.owner === seat) mine += t * housePoints(sq, h);
    else theirs += t * housePoints(sq, h);
  }
  value -= (mine - theirs / Math.max(1, rivals.length)) * 0.3;
  // The game's end: the leader wants the storm gone, the others want it to linger (but every bot
  // tires of a long game, so bot games always end).
  const margin = points[seat] - bestRival;
  const pull = (margin > 0 ? 2 : margin === 0 ? -0.3 : -1) + v.turn / 100;
  value += pull * (rowOf(sim.end) - rowOf(v.hurricane!));
  return { plan, insure: [...insure], value };
}

export function bestPlan(v: WindCityPublicView, seat: Seat, card: Card, rng: RandomSource): Evaluated {
  let best: Evaluated | null = null;
  for (const plan of affordablePlans(card, v.coins[seat])) {
    const e = evaluatePlan(v, seat, card, plan);
    e.value += rng.next() * 0.01;
    if (!best || e.value > best.value) best = e;
  }
  return best!;
}

/** Turns of other players before `seat` plays again, counting the current act. */
function turnsUntilMine(v: WindCityPublicView, seat: Seat): number {
  let n = 0;
  for (let i = 0; i < v.players; i++) {
    const s = (v.active + i) % v.players;
    if (s === seat && i > 0) break;
    if (!v.out[s] && s !== seat) n++;
  }
  return Math.max(1, n);
}

/** Chance (rough) that an uninsured house on `sq` is blown away before `seat`'s next turn. */
export function risk(v: WindCityPublicView, seat: Seat, sq: SquareId, from: SquareId = v.hurricane!): number {
  const turns = turnsUntilMine(v, seat);
  return Math.min(0.9, threat(from, sq) * (0.35 + 0.12 * turns));
}
