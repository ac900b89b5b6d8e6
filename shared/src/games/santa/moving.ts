/**
 * Santa Claus Is Comin' To Town: a move played out (all mutate the clone
 * that rules.ts's apply made). The counter enters the houses of its path in
 * order: Santa leaves presents, kids who see Santa score and may take a
 * present, Santa chooses when several kids could; then the turn passes on,
 * movers with no legal move stay put, and the last mover ends the round (and
 * the last round the game). Rules: docs/rules/santa.md.
 */
import type { Seat } from '../../engine/contract.js';
import { ROUNDS, SIGHTING_POINTS, roleOf, routesFrom } from './queries.js';
import { getTown } from './town.js';
import type { HouseId, SantaState, ScoreCause } from './types.js';

export function score(next: SantaState, seat: Seat, delta: number, cause: ScoreCause, house: HouseId, other: Seat | null): void {
  next.scores[seat] += delta;
  next.log.push({ kind: 'score', round: next.round, seat, delta, cause, house, other });
}

export function takePresent(next: SantaState, kid: Seat, house: HouseId): void {
  next.present[house] = false;
  score(next, kid, 1, 'took-present', house, next.santa);
  score(next, next.santa, -1, 'lost-present', house, kid);
}

/**
 * Enter the houses of a move in order, scoring each. Stops (phase 'give') when
 * Santa must choose which of several kids takes a present; applyGive resumes
 * with the rest. When the move is done, the turn passes on.
 */
export function walk(next: SantaState, seat: Seat, path: HouseId[]): void {
  for (let i = 0; i < path.length; i++) {
    const house = path[i];
    next.positions[seat] = house;
    const away = next.away.includes(house);
    if (seat === next.santa) {
      if (!away && !next.present[house] && next.supply > 0) {
        next.present[house] = true;
        next.supply--;
        score(next, seat, 1, 'present', house, null);
      }
      const kids = kidsOn(next, house);
      if (kids.length === 0) continue;
      next.sighted = true;
      for (const kid of kids) score(next, kid, SIGHTING_POINTS, 'saw-santa', house, seat);
      if (away || !next.present[house]) continue;
      if (kids.length === 1) {
        takePresent(next, kids[0], house);
        continue;
      }
      next.pendingGive = { house, kids, rest: path.slice(i + 1) };
      next.phase = 'give';
      return;
    }
    if (next.positions[next.santa] !== house) continue;
    score(next, seat, SIGHTING_POINTS, 'saw-santa', house, next.santa);
    if (!next.sighted && !away && next.present[house]) takePresent(next, seat, house);
    next.sighted = true;
  }
  next.turn++;
  skipStuckMovers(next);
}

function kidsOn(s: SantaState, house: HouseId): Seat[] {
  return s.positions.map((p, seat) => (p === house && seat !== s.santa ? seat : -1)).filter((seat) => seat >= 0);
}

/** Movers with no legal move at all stay put (logged); after the last mover the round ends. */
export function skipStuckMovers(next: SantaState): void {
  const town = getTown(next.town);
  while (next.turn < next.order.length) {
    const seat = next.order[next.turn];
    const card = next.played[seat]!;
    if (routesFrom(town, next.positions[seat]!, card, roleOf(next, seat)).length > 0) return;
    next.log.push({ kind: 'stay', round: next.round, seat, card, at: next.positions[seat]! });
    next.turn++;
  }
  endRound(next);
}

function endRound(next: SantaState): void {
  next.scoreLog.push(next.scores.slice());
  if (next.round >= ROUNDS) {
    const best = Math.max(...next.scores);
    next.winners = next.scores.map((_, s) => s).filter((s) => next.scores[s] === best);
    next.phase = 'over';
    next.log.push({ kind: 'end', winners: next.winners.slice(), scores: next.scores.slice() });
    return;
  }
  next.round++;
  next.phase = 'pick';
  next.picks = Array(next.players).fill(null);
  next.played = Array(next.players).fill(null);
  next.tied = [];
  next.candidates = [];
  next.orderBy = null;
  next.order = [];
  next.turn = 0;
  next.sighted = false;
}
