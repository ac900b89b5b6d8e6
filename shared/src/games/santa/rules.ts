/**
 * Santa Claus Is Comin' To Town: the rules engine (setup, apply, awaiting,
 * result); a move played out (presents, sightings, the round's end) is in
 * moving.ts. The move geometry (legal routes) shared with bots and client is in
 * queries.ts and re-exported here. Rules: docs/rules/santa.md. Every
 * function here is pure: `apply` clones its input and only ever mutates the
 * clone, and all randomness comes from the generator stored in the state (it
 * is only used at setup, to draw Santa).
 */
import { ok, reject, type MatchResult, type Result, type Seat } from '../../engine/contract.js';
import { admitAction } from '../../engine/admit.js';
import { Rng, randomInt, seedRng } from '../../engine/rng.js';
import {
  CARDS,
  MAX_PLAYERS,
  MIN_PLAYERS,
  SUPPLY,
  awayMarkerCount,
  awayPlacerOrder,
  cardName,
  checkRoute,
  legalAwayHouses,
  moveKind,
  roleOf,
  starterOrder,
} from './queries.js';
import { score, skipStuckMovers, takePresent, walk } from './moving.js';
import { actionSchema } from './schemas.js';
import { ELFENBEIN, getTown, isHouse, registerTown } from './town.js';
import type { HouseId, LogEntry, SantaAction, SantaOptions, SantaPhase, SantaState, Town } from './types.js';

// The constants and move geometry live in queries.ts, zod-free for the web
// client; importers of rules.ts still get them here.
export * from './queries.js';

// ---------------------------------------------------------------------------
// Setup

export function defaultOptions(_players: number): SantaOptions {
  return { awayMarkers: 'round', tieBreak: 'lowest-card', santaSeat: null };
}

/** Create a match. `town` is for tests (the game is played in Elfenbein). */
export function setup(players: number, options: SantaOptions, seed: string, town: Town = ELFENBEIN): SantaState {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new Error(`Santa Claus is for ${MIN_PLAYERS} or ${MAX_PLAYERS} players, not ${players}`);
  }
  const wanted = options.santaSeat ?? null;
  if (wanted !== null && (!Number.isInteger(wanted) || wanted < 0 || wanted >= players)) {
    throw new Error(`No seat ${wanted} for Santa at a table of ${players}`);
  }
  registerTown(town);
  const rngState = seedRng(seed);
  const rng = new Rng(rngState);
  // The draw happens even when Santa is chosen, so the generator's use is the same in every room.
  const drawn = randomInt(rng, players);
  const santa = wanted ?? drawn;
  const count = awayMarkerCount(options, players);
  const state: SantaState = {
    game: 'santa',
    players,
    options: { awayMarkers: options.awayMarkers, tieBreak: options.tieBreak, santaSeat: wanted },
    rng: rngState,
    town: town.id,
    phase: 'away',
    santa,
    round: 0,
    hands: Array.from({ length: players }, () => CARDS.slice()),
    picks: Array(players).fill(null),
    played: Array(players).fill(null),
    awayPlacers: awayPlacerOrder(santa, players, count),
    awayIndex: 0,
    away: [],
    starters: starterOrder(santa, players),
    startIndex: 0,
    positions: Array(players).fill(null),
    present: town.houses.map(() => false),
    supply: SUPPLY,
    scores: Array(players).fill(0),
    tied: [],
    candidates: [],
    orderBy: null,
    order: [],
    turn: 0,
    sighted: false,
    pendingGive: null,
    rounds: [],
    scoreLog: [],
    log: [],
    winners: null,
  };
  skipImpossibleAway(state);
  return state;
}

// ---------------------------------------------------------------------------
// Apply

/**
 * A copy of the state that apply may mutate. Append-only records (log
 * entries, round records, score-log rows) are never mutated once written, so
 * the copy shares them with the original (structuredClone of a long log was
 * most of the engine's time); everything else is copied.
 */
export function cloneState(s: SantaState): SantaState {
  return {
    ...s,
    options: { ...s.options },
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    hands: s.hands.map((h) => h.slice()),
    picks: s.picks.slice(),
    played: s.played.slice(),
    awayPlacers: s.awayPlacers.slice(),
    away: s.away.slice(),
    starters: s.starters.slice(),
    positions: s.positions.slice(),
    present: s.present.slice(),
    scores: s.scores.slice(),
    tied: s.tied.slice(),
    candidates: s.candidates.slice(),
    order: s.order.slice(),
    pendingGive: s.pendingGive ? { house: s.pendingGive.house, kids: s.pendingGive.kids.slice(), rest: s.pendingGive.rest.slice() } : null,
    rounds: s.rounds.slice(),
    scoreLog: s.scoreLog.slice(),
    log: s.log.slice(),
    winners: s.winners ? s.winners.slice() : null,
  };
}

/** Which phase each action type belongs to. */
const PHASE_OF: Record<SantaAction['type'], SantaPhase> = {
  away: 'away',
  start: 'start',
  pick: 'pick',
  chooser: 'chooser',
  order: 'order',
  move: 'move',
  give: 'give',
};

export function apply(state: SantaState, seat: Seat, intent: SantaAction): Result<SantaState> {
  const admitted = admitAction(state, seat, intent, { name: 'Santa Claus', schema: actionSchema, phaseOf: PHASE_OF });
  if (!admitted.ok) return admitted;
  const action = admitted.value;
  switch (action.type) {
    case 'away':
      return applyAway(state, seat, action.house);
    case 'start':
      return applyStart(state, seat, action.house);
    case 'pick':
      return applyPick(state, seat, action.card);
    case 'chooser':
      return applyChooser(state, seat, action.seat);
    case 'order':
      return applyOrder(state, seat, action.order);
    case 'move':
      return applyMove(state, seat, action.path);
    case 'give':
      return applyGive(state, seat, action.kid);
  }
}

function applyAway(state: SantaState, seat: Seat, house: HouseId): Result<SantaState> {
  const placer = state.awayPlacers[state.awayIndex];
  if (seat !== placer) return reject('not-your-turn', `Seat ${placer} places the next away marker.`);
  const town = getTown(state.town);
  if (!isHouse(town, house)) return reject('santa/bad-house', `There is no house ${house} in this town.`);
  if (state.away.includes(house)) return reject('santa/away-taken', 'That house already has an away marker.');
  if (!legalAwayHouses(state).includes(house)) {
    return reject('santa/away-adjacent', 'An away marker may not go next to a house with one (by street or path).');
  }
  const next = cloneState(state);
  next.away.push(house);
  next.log.push({ kind: 'away', seat, house });
  next.awayIndex++;
  skipImpossibleAway(next);
  return ok(next);
}

/**
 * Skip placers with no legal house (mutates). Legality does not depend on the
 * placer, so once one cannot place, nobody can: the remaining markers stay
 * off the board. Ends the away phase when every turn is done.
 */
function skipImpossibleAway(next: SantaState): void {
  while (next.awayIndex < next.awayPlacers.length && legalAwayHouses(next).length === 0) {
    next.log.push({ kind: 'away-skip', seat: next.awayPlacers[next.awayIndex] });
    next.awayIndex++;
  }
  if (next.awayIndex >= next.awayPlacers.length) next.phase = 'start';
}

function applyStart(state: SantaState, seat: Seat, house: HouseId): Result<SantaState> {
  const starter = state.starters[state.startIndex];
  if (seat !== starter) return reject('not-your-turn', `Seat ${starter} places a counter now.`);
  if (!isHouse(getTown(state.town), house)) return reject('santa/bad-house', `There is no house ${house} in this town.`);
  const next = cloneState(state);
  next.positions[seat] = house;
  next.log.push({ kind: 'start', seat, house });
  next.startIndex++;
  if (seat === next.santa) {
    // A present and 1 point unless away; no sighting is scored in setup.
    if (!next.away.includes(house) && next.supply > 0) {
      next.present[house] = true;
      next.supply--;
      score(next, next.santa, 1, 'start-present', house, null);
    }
    next.scoreLog.push(next.scores.slice());
    next.phase = 'pick';
    next.round = 1;
  }
  return ok(next);
}

function applyPick(state: SantaState, seat: Seat, card: number): Result<SantaState> {
  if (!state.hands[seat].includes(card)) {
    return reject('santa/not-in-hand', `The ${cardName(card)} is not in your hand any more.`);
  }
  const next = cloneState(state);
  next.picks[seat] = card;
  // The last pick reveals all of them together; until then a pick may be changed.
  if (next.picks.every((p) => p !== null)) reveal(next);
  return ok(next);
}

/** Reveal the picks, discard them from the hands, and find who names the order (mutates). */
function reveal(next: SantaState): void {
  const cards = next.picks as number[];
  next.played = cards.slice();
  next.hands = next.hands.map((hand, s) => hand.filter((c) => c !== cards[s]));
  next.picks = Array(next.players).fill(null);
  next.log.push({ kind: 'reveal', round: next.round, cards: cards.slice() });
  const seats = cards.map((_, s) => s);
  const high = Math.max(...cards);
  const tied = seats.filter((s) => cards[s] === high);
  next.tied = tied;
  if (tied.length === 1) return setOrderBy(next, tied[0], 'highest');
  if (next.options.tieBreak === 'lowest-card') {
    const low = Math.min(...cards);
    const lowest = seats.filter((s) => cards[s] === low);
    if (lowest.length === 1) return setOrderBy(next, lowest[0], 'lowest-card');
    return setOrderBy(next, next.santa, 'santa-tie');
  }
  const least = Math.min(...tied.map((s) => next.scores[s]));
  const candidates = tied.filter((s) => next.scores[s] === least);
  if (candidates.length === 1) return setOrderBy(next, candidates[0], 'lowest-score');
  next.candidates = candidates;
  next.phase = 'chooser';
}

function setOrderBy(next: SantaState, seat: Seat, reason: Extract<LogEntry, { kind: 'order-by' }>['reason']): void {
  next.orderBy = seat;
  next.phase = 'order';
  next.log.push({ kind: 'order-by', round: next.round, seat, reason, tied: next.tied.slice() });
}

function applyChooser(state: SantaState, seat: Seat, chosen: Seat): Result<SantaState> {
  if (seat !== state.santa) return reject('not-your-turn', 'Santa chooses who names the order.');
  if (!state.candidates.includes(chosen)) {
    return reject('santa/not-a-candidate', `Choose one of the tied players: seats ${state.candidates.join(', ')}.`);
  }
  const next = cloneState(state);
  next.candidates = [];
  setOrderBy(next, chosen, 'santa-chose');
  return ok(next);
}

function applyOrder(state: SantaState, seat: Seat, order: Seat[]): Result<SantaState> {
  if (seat !== state.orderBy) return reject('not-your-turn', `Seat ${state.orderBy} names the order this round.`);
  const n = state.players;
  if (order.length !== n || new Set(order).size !== n || order.some((s) => s >= n)) {
    return reject('santa/not-a-permutation', `Name every seat (0 to ${n - 1}) exactly once.`);
  }
  const next = cloneState(state);
  next.order = order.slice();
  next.turn = 0;
  next.sighted = false;
  next.phase = 'move';
  next.log.push({ kind: 'order', round: next.round, seat, order: order.slice() });
  next.rounds.push({ round: next.round, cards: (next.played as number[]).slice(), orderBy: seat, order: order.slice() });
  skipStuckMovers(next);
  return ok(next);
}

function applyMove(state: SantaState, seat: Seat, path: HouseId[]): Result<SantaState> {
  const mover = state.order[state.turn];
  if (seat !== mover) return reject('not-your-turn', `Seat ${mover} moves now.`);
  const card = state.played[seat]!;
  const from = state.positions[seat]!;
  const role = roleOf(state, seat);
  const problem = checkRoute(getTown(state.town), from, card, role, path);
  if (problem) return { ok: false, error: problem };
  const next = cloneState(state);
  next.log.push({ kind: 'move', round: next.round, seat, card, from, path: path.slice(), how: moveKind(card, role) });
  walk(next, seat, path.slice());
  return ok(next);
}

function applyGive(state: SantaState, seat: Seat, kid: Seat): Result<SantaState> {
  const pending = state.pendingGive!;
  if (seat !== state.santa) return reject('not-your-turn', 'Santa chooses who takes the present.');
  if (!pending.kids.includes(kid)) {
    return reject('santa/not-there', `Choose one of the kids on that house: seats ${pending.kids.join(', ')}.`);
  }
  const next = cloneState(state);
  next.pendingGive = null;
  next.phase = 'move';
  takePresent(next, kid, pending.house);
  walk(next, seat, pending.rest);
  return ok(next);
}

// ---------------------------------------------------------------------------

export function awaiting(state: SantaState): Seat[] {
  switch (state.phase) {
    case 'away':
      return [state.awayPlacers[state.awayIndex]];
    case 'start':
      return [state.starters[state.startIndex]];
    case 'pick':
      return state.picks.map((p, s) => (p === null ? s : -1)).filter((s) => s >= 0);
    case 'chooser':
    case 'give':
      return [state.santa];
    case 'order':
      return [state.orderBy!];
    case 'move':
      return [state.order[state.turn]];
    case 'over':
      return [];
  }
}

export function result(state: SantaState): MatchResult | null {
  if (state.phase !== 'over' || !state.winners) return null;
  return { winners: state.winners.slice(), scores: state.scores.slice() };
}
