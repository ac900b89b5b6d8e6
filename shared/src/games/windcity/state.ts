/**
 * Wind City: the copy of the state that `apply` mutates, and the bookkeeping
 * every step of the engine shares (coins with their log entry, the turn
 * records, who is still in the game). Rules: rules.ts.
 */
import type { Seat } from '../../engine/contract.js';
import { piecesOf, pointsOf } from './queries.js';
import type { ActRecord, CoinCause, TurnRecord, WindCityState } from './types.js';

/**
 * A copy of the state that apply may mutate. House squares are replaced, never
 * mutated, so the houses array is copied shallowly; append-only records (log
 * entries, turn records, finished act segments' steps) are shared.
 */
export function cloneState(s: WindCityState): WindCityState {
  return {
    ...s,
    options: { ...s.options },
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    houses: s.houses.slice(),
    stock: s.stock.slice(),
    coins: s.coins.slice(),
    out: s.out.slice(),
    outTurn: s.outTurn.slice(),
    drawPile: s.drawPile.slice(),
    discard: s.discard.slice(),
    plan: s.plan ? s.plan.slice() : null,
    renewed: s.renewed.slice(),
    market: s.market
      ? {
          seller: s.market.seller,
          buyers: s.market.buyers.slice(),
          deciding: s.market.deciding.slice(),
          requests: s.market.requests.map((r) => ({ ...r, squares: r.squares.slice() })),
          accepted: s.market.accepted.slice(),
        }
      : null,
    act: s.act ? copyAct(s.act) : null,
    records: s.records.slice(),
    log: s.log.slice(),
    winners: s.winners ? s.winners.slice() : null,
    places: s.places ? s.places.slice() : null,
  };
}

export function copyAct(a: ActRecord): ActRecord {
  return { ...a, plan: a.plan.slice(), segments: a.segments.map((seg) => ({ ...seg })) };
}

// ---------------------------------------------------------------------------
// Bookkeeping (all mutate the clone)

export function coin(next: WindCityState, seat: Seat, delta: number, cause: CoinCause, other: Seat | null): void {
  next.coins[seat] += delta;
  next.log.push({ kind: 'coins', turn: next.turn, seat, delta, cause, other });
}

export function record(next: WindCityState, seat: Seat | null): void {
  const entry: TurnRecord = {
    turn: next.turn,
    seat,
    houses: piecesOf(next.houses, next.players),
    points: pointsOf(next.houses, next.players),
    coins: next.coins.slice(),
    hurricane: next.hurricane,
  };
  next.records.push(entry);
}

export const livePlayers = (s: WindCityState): Seat[] => s.out.flatMap((o, seat) => (o ? [] : [seat]));

export function nextLive(s: WindCityState, after: Seat): Seat {
  for (let i = 1; i <= s.players; i++) {
    const seat = (after + i) % s.players;
    if (!s.out[seat]) return seat;
  }
  return after;
}
