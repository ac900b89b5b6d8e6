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
 *
 * The scores (of a plan, of the risk to a house) are in bot-eval.ts; this
 * module makes the choices with them.
 */
import type { RandomSource, Seat } from '../../engine/contract.js';
import { pick, randomInt, shuffled } from '../../engine/rng.js';
import { COLS, colDistance, colOf, isBeach, rowOf } from './board.js';
import { cardById } from './cards.js';
import { housePoints, kaufSquares, legalPlacements, marketPrice, planCost, renewPrice, renewableSquares } from './queries.js';
import { awaitedSeats, awaiting } from './rules.js';
import { affordablePlans, bestKaufSquare, bestPlan, coinWeight, evaluatePlan, ownSquares, risk, simulate } from './bot-eval.js';
import type { SquareId, WindCityAction, WindCityPublicView, WindCitySeatView, WindCityState } from './types.js';

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
