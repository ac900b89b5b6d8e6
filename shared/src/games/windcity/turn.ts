/**
 * Wind City: a turn's beginning (insurance expires, the card is drawn, a
 * player who cannot pay for any action goes bankrupt) and the game's end
 * (places). Rules: rules.ts. All but placesOf mutate the clone.
 */
import type { Seat } from '../../engine/contract.js';
import { Rng, shuffled } from '../../engine/rng.js';
import { SQUARES } from './board.js';
import { cardById, cheapestAction } from './cards.js';
import { pointsOf } from './queries.js';
import { livePlayers, nextLive, record } from './state.js';
import type { SquareId, WindCityState } from './types.js';

/**
 * Begin `seat`'s turn: its insurance expires, it draws; a player who cannot
 * afford any action of the card is bankrupt (and the next one begins).
 */
export function beginTurn(next: WindCityState, seat: Seat): void {
  for (;;) {
    next.turn++;
    next.active = seat;
    next.renewed = [];
    next.market = null;
    next.log.push({ kind: 'turn', turn: next.turn, seat });
    const expired: SquareId[] = [];
    for (let sq = 0; sq < SQUARES; sq++) {
      const h = next.houses[sq];
      if (h && h.owner === seat && h.insured) {
        next.houses[sq] = { ...h, insured: false };
        expired.push(sq);
      }
    }
    if (expired.length) next.log.push({ kind: 'expire', turn: next.turn, seat, squares: expired });
    if (next.drawPile.length === 0) {
      next.drawPile = shuffled(new Rng(next.rng), next.discard);
      next.log.push({ kind: 'reshuffle', turn: next.turn, cards: next.drawPile.length });
      next.discard = [];
    }
    const id = next.drawPile.pop()!;
    next.log.push({ kind: 'draw', turn: next.turn, seat });
    const card = cardById(id);
    if (cheapestAction(card) <= next.coins[seat]) {
      next.card = id;
      next.plan = null;
      next.phase = 'plan';
      return;
    }
    // Bankrupt: the card is revealed and discarded, the houses leave the board.
    const squares: SquareId[] = [];
    let pieces = 0;
    for (let sq = 0; sq < SQUARES; sq++) {
      const h = next.houses[sq];
      if (h && h.owner === seat) {
        squares.push(sq);
        pieces += h.count;
        next.houses[sq] = null;
      }
    }
    next.stock[seat] = 0;
    next.out[seat] = true;
    next.outTurn[seat] = next.turn;
    next.discard.push(id);
    next.card = null;
    next.plan = null;
    next.log.push({ kind: 'bankrupt', turn: next.turn, seat, card: id, coins: next.coins[seat], squares, houses: pieces });
    record(next, seat);
    if (livePlayers(next).length <= 1) {
      endGame(next, 'last-player');
      return;
    }
    seat = nextLive(next, seat);
  }
}

export function endGame(next: WindCityState, reason: 'exit' | 'last-player'): void {
  next.phase = 'over';
  next.market = null;
  const scores = pointsOf(next.houses, next.players);
  const places = placesOf(scores, next.coins, next.outTurn);
  next.places = places;
  next.winners = places.flatMap((p, seat) => (p === 1 ? [seat] : []));
  next.log.push({ kind: 'end', reason, winners: next.winners.slice(), scores, places: places.slice() });
}

/**
 * Places (1-based, shared when equal): players still in the game by points,
 * then coins; bankrupt players after them, the later out the better.
 */
export function placesOf(points: number[], coins: number[], outTurn: (number | null)[]): number[] {
  const key = (s: Seat): [number, number, number] => (outTurn[s] === null ? [1, points[s], coins[s]] : [0, outTurn[s]!, 0]);
  const better = (a: Seat, b: Seat): boolean => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return ka[i] > kb[i];
    return false;
  };
  return points.map((_, s) => 1 + points.filter((__, o) => better(o, s)).length);
}
