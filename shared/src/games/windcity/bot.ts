/**
 * Wind City: the random player (sampleAction, for tests and fuzzing, sees the
 * full state) and the bot (botAction, sees ONLY the public view and its own
 * seat view, so it cannot cheat).
 *
 * The bot's ideas:
 * - Plan: try every affordable plan (at most 85) on a copy of the board, with
 *   the renewal it would buy to protect its own houses on the path, and score
 *   the outcome: houses destroyed (its own cost it fully, the others' help it
 *   a little, the leader's more), coins spent and earned (observatories, the
 *   calm bonus), the Kauf it can make, where the hurricane ends (near its own
 *   houses north of it is dangerous, the others' less so), how far north it
 *   goes (the leader wants the storm gone, the others want it to linger; every
 *   bot tires of a long game, so bot games always end), and, if the plan blows
 *   the hurricane off the north edge, whether it would win (points, then
 *   coins). It never spends its last coin unless that wins (a player with no
 *   coin goes bankrupt at its next turn).
 * - Renew: of its houses insured when the turn began (the only ones it may
 *   renew), those its plan would destroy, then the ones most threatened until
 *   its next turn, keeping a reserve. A plan is scored with that renewal, so
 *   it avoids its own uninsured houses, which it cannot protect this turn.
 *   The calm bonus is only counted for a plan that moves the storm.
 * - Market: whether it still has to act comes from its own seat view (the
 *   public view does not say who has asked or passed). Buy insurance for
 *   houses close to the hurricane when the risk is worth the price; as the
 *   seller, accept unless the request saves houses its plan was going to blow
 *   away and those are worth more than the price.
 * - Placement: its beach houses first (1–2), then northern rows, away from the
 *   hurricane's column and not in a line with its other houses.
 */
import type { RandomSource, Seat } from '../../engine/contract.js';
import { pick, randomInt, shuffled } from '../../engine/rng.js';
import { COLS, SQUARES, colDistance, colOf, isBeach, isLand, rowOf } from './board.js';
import { cardById } from './cards.js';
import {
  awaitedSeats,
  awaiting,
  housePoints,
  kaufSquares,
  kaufVoid,
  legalPlacements,
  marketPrice,
  planCost,
  renewPrice,
  renewableSquares,
  runMove,
} from './rules.js';
import type { Card, HouseSquare, SquareId, WindCityAction, WindCityPublicView, WindCitySeatView, WindCityState } from './types.js';

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

// ---------------------------------------------------------------------------
// Random legal play (full state).

/** One or two distinct items at random (fewer if there are fewer). */
function randomFew<T>(rng: RandomSource, items: readonly T[]): T[] {
  const out = shuffled(rng, items);
  return out.slice(0, 1 + randomInt(rng, 2));
}

export function sampleAction(state: WindCityState, seat: Seat, rng: RandomSource): WindCityAction | null {
  if (!awaiting(state).includes(seat)) return null;
  switch (state.phase) {
    case 'hurricane':
      return { type: 'hurricane', col: randomInt(rng, COLS) };
    case 'placement': {
      const squares = legalPlacements(state, seat);
      return squares.length ? { type: 'place', square: pick(rng, squares) } : null;
    }
    case 'plan': {
      // A size first (1, 2 or 3 actions, weighted 3:2:1 among the affordable sizes), then a plan of that size.
      const plans = affordablePlans(cardById(state.card!), state.coins[seat]);
      const sizes = [1, 1, 1, 2, 2, 3].filter((k) => plans.some((p) => p.length === k));
      const size = pick(rng, sizes);
      return {
        type: 'plan',
        actions: pick(
          rng,
          plans.filter((p) => p.length === size),
        ).slice(),
      };
    }
    case 'renew': {
      // Mostly nothing (5 in 6), else one or two renewable houses at random (within the budget).
      if (rng.next() < 5 / 6) return { type: 'renew', squares: [] };
      let budget = state.coins[seat] - planCost(cardById(state.card!), state.plan!);
      const squares: SquareId[] = [];
      for (const sq of randomFew(rng, renewableSquares(state))) {
        const price = renewPrice(sq, state.houses[sq]!);
        if (price <= budget) {
          squares.push(sq);
          budget -= price;
        }
      }
      return { type: 'renew', squares };
    }
    case 'market': {
      const m = state.market!;
      if (m.deciding[seat]) {
        // Mostly a pass, else one or two of its uninsured houses at random (affordable).
        if (rng.next() < 0.75) return { type: 'pass' };
        let budget = state.coins[seat];
        const squares: SquareId[] = [];
        const mine = ownSquares(state.houses, seat).filter((sq) => !state.houses[sq]!.insured);
        for (const sq of randomFew(rng, mine)) {
          const price = marketPrice(sq, state.houses[sq]!);
          if (price <= budget) {
            squares.push(sq);
            budget -= price;
          }
        }
        return squares.length ? { type: 'ask', squares } : { type: 'pass' };
      }
      const waiting = m.requests.filter((r) => r.answer === null);
      return { type: 'answer', buyer: pick(rng, waiting).buyer, accept: rng.next() < 0.5 };
    }
    case 'kauf':
      return { type: 'kauf', square: pick(rng, kaufSquares(state, seat)) };
    default:
      return null;
  }
}

function ownSquares(houses: readonly (HouseSquare | null)[], seat: Seat): SquareId[] {
  const out: SquareId[] = [];
  for (let sq = 0; sq < houses.length; sq++) if (houses[sq]?.owner === seat) out.push(sq);
  return out;
}

// ---------------------------------------------------------------------------
// The bot (views only)

/** The seats the public view shows as awaited (the same as the engine's publicAwaiting). */
export function awaitingView(v: WindCityPublicView): Seat[] {
  return awaitedSeats(v.phase, v.active, v.market);
}

/**
 * Whether the game waits on `seat` now, from what that seat may see (the
 * same as the engine's `awaiting(state).includes(seat)`). In the market the
 * public view shows every buyer and the seller as awaited for the whole
 * market; the seat's own view tells whether it still has to ask or pass (a
 * buyer) or has a request to answer (the seller).
 */
export function awaitsMe(v: WindCityPublicView, own: WindCitySeatView, seat: Seat): boolean {
  if (!awaitingView(v).includes(seat)) return false;
  if (v.phase !== 'market') return true;
  return own.deciding || (v.market!.seller === seat && own.requests.some((r) => r.answer === null));
}

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
function simulate(v: WindCityPublicView, seat: Seat, card: Card, plan: readonly number[], insured: ReadonlySet<SquareId>): Sim {
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

function bestKaufSquare(houses: readonly (HouseSquare | null)[], hurricane: SquareId, seat: Seat): SquareId {
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
const coinWeight = (coins: number): number => (coins < 8 ? 1.2 : coins < 20 ? 0.7 : 0.5);

interface Evaluated {
  plan: number[];
  insure: SquareId[];
  value: number;
}

/** Score a plan (with the renewal that protects the bot's houses on its path). */
function evaluatePlan(v: WindCityPublicView, seat: Seat, card: Card, plan: number[]): Evaluated {
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

function bestPlan(v: WindCityPublicView, seat: Seat, card: Card, rng: RandomSource): Evaluated {
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
function risk(v: WindCityPublicView, seat: Seat, sq: SquareId, from: SquareId = v.hurricane!): number {
  const turns = turnsUntilMine(v, seat);
  return Math.min(0.9, threat(from, sq) * (0.35 + 0.12 * turns));
}

export function botAction(v: WindCityPublicView, own: WindCitySeatView, seat: Seat, rng: RandomSource): WindCityAction | null {
  if (!awaitsMe(v, own, seat)) return null;
  switch (v.phase) {
    case 'hurricane':
      return { type: 'hurricane', col: randomInt(rng, COLS) };
    case 'placement':
      return { type: 'place', square: botPlacement(v, seat, rng) };
    case 'plan': {
      const card = cardById(own.card!);
      return { type: 'plan', actions: bestPlan(v, seat, card, rng).plan.slice() };
    }
    case 'renew':
      return { type: 'renew', squares: botRenew(v, own, seat) };
    case 'market': {
      if (own.deciding) return botBuy(v, seat);
      // The seller (awaitsMe: a request waits for its answer).
      const r = own.requests.find((x) => x.answer === null)!;
      return { type: 'answer', buyer: r.buyer, accept: botAccepts(v, own, seat, r.squares, r.price) };
    }
    case 'kauf':
      return { type: 'kauf', square: bestKaufSquare(v.houses, v.hurricane!, seat) };
    default:
      return null;
  }
}

function botPlacement(v: WindCityPublicView, seat: Seat, rng: RandomSource): SquareId {
  const legal = legalPlacements(v, seat);
  const mine = ownSquares(v.houses, seat);
  const beach = mine.filter(isBeach).length;
  const wantBeach = v.players >= 5 ? 1 : 2;
  const hCol = v.hurricane === null ? -1 : colOf(v.hurricane);
  let best = legal[0];
  let bestScore = -Infinity;
  for (const sq of legal) {
    const row = rowOf(sq);
    const col = colOf(sq);
    let score = rng.next();
    if (isBeach(sq)) score += beach < wantBeach ? 6 : -4;
    else score += (row % 3) * 1.5 + row * 0.15; // northern rows of a section, northern sections a little
    if (hCol >= 0) score -= colDistance(col, hCol) === 0 ? 2 : colDistance(col, hCol) === 1 ? 1 : 0;
    for (const o of mine) {
      const same = rowOf(o) === row ? colDistance(colOf(o), col) : colOf(o) === col ? Math.abs(rowOf(o) - row) : 99;
      if (same <= 3) score -= 1.5;
    }
    if (score > bestScore) {
      bestScore = score;
      best = sq;
    }
  }
  return best;
}

function botRenew(v: WindCityPublicView, own: WindCitySeatView, seat: Seat): SquareId[] {
  const card = cardById(own.card!);
  const plan = own.plan!;
  const cost = planCost(card, plan);
  const e = evaluatePlan(v, seat, card, plan);
  let budget = v.coins[seat] - cost;
  const chosen: SquareId[] = [];
  for (const sq of e.insure) {
    const price = renewPrice(sq, v.houses[sq]!);
    if (price <= budget - 1) {
      chosen.push(sq);
      budget -= price;
    }
  }
  // Then the most threatened others, keeping a reserve for the next turns.
  const sim = simulate(v, seat, card, plan, new Set(chosen));
  const reserve = 8;
  const candidates = renewableSquares(v)
    .filter((sq) => !chosen.includes(sq) && sim.houses[sq])
    .map((sq) => ({ sq, r: risk(v, seat, sq, sim.end) * housePoints(sq, v.houses[sq]!) - renewPrice(sq, v.houses[sq]!) }))
    .filter((c) => c.r > 0.5)
    .sort((a, b) => b.r - a.r);
  for (const { sq } of candidates) {
    const price = renewPrice(sq, v.houses[sq]!);
    if (budget - price >= reserve) {
      chosen.push(sq);
      budget -= price;
    }
  }
  return chosen;
}

function botBuy(v: WindCityPublicView, seat: Seat): WindCityAction {
  const coins = v.coins[seat];
  const w = coinWeight(coins);
  const reserve = 8;
  const candidates = ownSquares(v.houses, seat)
    .filter((sq) => !v.houses[sq]!.insured)
    .map((sq) => {
      const h = v.houses[sq]!;
      return { sq, price: marketPrice(sq, h), gain: risk(v, seat, sq) * housePoints(sq, h) - marketPrice(sq, h) * w };
    })
    .filter((c) => c.gain > 0)
    .sort((a, b) => b.gain - a.gain);
  let budget = coins - reserve;
  const squares: SquareId[] = [];
  for (const c of candidates) {
    if (c.price <= budget) {
      squares.push(c.sq);
      budget -= c.price;
    }
  }
  return squares.length ? { type: 'ask', squares } : { type: 'pass' };
}

function botAccepts(v: WindCityPublicView, own: WindCitySeatView, seat: Seat, squares: SquareId[], price: number): boolean {
  const card = cardById(own.card!);
  const plan = own.plan!;
  const before = simulate(v, seat, card, plan, new Set());
  // The same plan when the buyer's houses are insured too.
  const insured: WindCityPublicView = {
    ...v,
    houses: v.houses.map((h, sq) => (h && squares.includes(sq) ? { ...h, insured: true } : h)),
  };
  const after = simulate(insured, seat, card, plan, new Set());
  if (after.exited !== before.exited) return false; // a sale never changes whether the storm leaves
  let delta = price * coinWeight(v.coins[seat]);
  for (let s = 0; s < v.players; s++) {
    const diff = after.lost[s] - before.lost[s];
    delta += s === seat ? -diff : diff * 0.35;
  }
  delta += (after.income - before.income) * 0.5;
  return delta >= 0;
}
