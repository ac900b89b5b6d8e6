/**
 * Wind City: the rules engine's entry (setup, apply, awaiting, result). apply
 * places the hurricane and the houses and takes the plan here, and hands the
 * rest on: insurance and the market (and its legacy time limit, `expire`) to
 * market.ts, the act to act.ts, a turn's beginning and the game's end to
 * turn.ts; state.ts has the clone and the bookkeeping they share. The
 * helpers shared with the bots and the client (legal placements, prices,
 * Kauf squares, the hurricane's path) are in queries.ts and re-exported
 * here. Rules: docs/rules/windcity.md. Every function of the engine is pure:
 * `apply` clones its input and only ever mutates the clone, and all
 * randomness (the shuffles of the deck) comes from the generator stored in
 * the state.
 *
 * Decisions on what the rulings leave open (also in the in-game rules page):
 * - Seat 0 places the hurricane; placement starts at seat 1 and goes round
 *   the table; seat 0 takes the first turn.
 * - A plan names 1–3 DISTINCT actions of the card. Every planned action is
 *   paid for at the end of the act, even one that has no effect (a south move
 *   refused at row 0, a Kauf that cannot be carried out when it runs).
 * - Kauf may always be planned; when it runs it needs a house in stock (houses
 *   of yours destroyed earlier, this act included), the hurricane below the top
 *   three rows, and an eligible house (own, single, uninsured, not on the
 *   beach, in a row north of the hurricane's); otherwise it is void. When it
 *   can run, the act pauses (phase 'kauf') and the active player names the
 *   square (always, even with a single choice).
 * - A north step off the top row ends the game at once: the rest of the plan
 *   does not run and nothing more is paid or earned (the plan included).
 * - A move that takes no step (south at row 0) stops nowhere: no observatory
 *   pay. The extra step after an insured house repeats at most once around the
 *   board's width (a whole row of insured houses: the hurricane stays on the
 *   one it stopped on).
 * - Renewal: only the houses whose insurance expired as this turn began
 *   (the turn's 'expire' log entry) may be insured at the bank; the active
 *   player never insures a house that was not insured (see renewableSquares).
 * - The +3 needs the hurricane to have taken at least one step during the
 *   act, entered no house square (insured ones included) and to stand on land
 *   at the end. A plan that takes no step (Kauf only, south moves refused at
 *   row 0) earns nothing.
 * - Market: each other player asks once (one request for any number of its
 *   uninsured houses, affordable) or passes; the active player accepts or
 *   declines the request as a whole; the buyer pays on acceptance. Players who
 *   cannot buy anything (no uninsured house they can afford) pass
 *   automatically. A declined request is never made public, and neither is
 *   whether a buyer has asked or passed before the market closes (the public
 *   view and publicAwaiting show the same thing for all three).
 * - Bankrupt players keep their coins but rank after every player still in
 *   the game (the later out, the better). When only one player is left in the
 *   game, the game ends at once.
 */
import { ok, reject, type MatchResult, type Result, type Seat } from '../../engine/contract.js';
import { admitAction } from '../../engine/admit.js';
import { Rng, seedRng, shuffled } from '../../engine/rng.js';
import { COLS, HOUSES_PER_PLAYER, SQUARES, START_COINS, squareId } from './board.js';
import { CARD_IDS, cardById } from './cards.js';
import { MARKET_SECONDS, MAX_PLAN, MAX_PLAYERS, MIN_PLAYERS, placementProblem, planCost, pointsOf } from './queries.js';
import { applyKauf } from './act.js';
import { applyAnswer, applyAsk, applyPass, applyRenew } from './market.js';
import { cloneState, record } from './state.js';
import { beginTurn } from './turn.js';
import { actionSchema } from './schemas.js';
import type { SquareId, WindCityAction, WindCityOptions, WindCityPhase, WindCityState } from './types.js';

// The board queries (prices, placements, the hurricane's path...) live in
// queries.ts, zod-free for the web client; importers of rules.ts still get them here.
export * from './queries.js';

// ---------------------------------------------------------------------------
// Setup

export function defaultOptions(_players: number): WindCityOptions {
  return { marketSeconds: MARKET_SECONDS };
}

export function setup(players: number, options: WindCityOptions, seed: string): WindCityState {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new Error(`Wind City is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${players}`);
  }
  const rngState = seedRng(seed);
  const rng = new Rng(rngState);
  const drawPile = shuffled(rng, CARD_IDS);
  return {
    game: 'windcity',
    players,
    options: { marketSeconds: options?.marketSeconds ?? MARKET_SECONDS },
    rng: rngState,
    phase: 'hurricane',
    hurricane: null,
    houses: Array(SQUARES).fill(null),
    stock: Array(players).fill(HOUSES_PER_PLAYER),
    coins: Array(players).fill(START_COINS),
    out: Array(players).fill(false),
    outTurn: Array(players).fill(null),
    placed: 0,
    active: 0,
    turn: 0,
    drawPile,
    discard: [],
    card: null,
    plan: null,
    renewed: [],
    market: null,
    act: null,
    records: [],
    log: [],
    winners: null,
    places: null,
  };
}

// ---------------------------------------------------------------------------
// Apply

const PHASE_OF: Record<WindCityAction['type'], WindCityPhase> = {
  hurricane: 'hurricane',
  place: 'placement',
  plan: 'plan',
  renew: 'renew',
  ask: 'market',
  pass: 'market',
  answer: 'market',
  kauf: 'kauf',
};

export function apply(state: WindCityState, seat: Seat, intent: WindCityAction): Result<WindCityState> {
  const admitted = admitAction(state, seat, intent, { name: 'Wind City', schema: actionSchema, phaseOf: PHASE_OF });
  if (!admitted.ok) return admitted;
  const action = admitted.value;
  switch (action.type) {
    case 'hurricane':
      return applyHurricane(state, seat, action.col);
    case 'place':
      return applyPlace(state, seat, action.square);
    case 'plan':
      return applyPlan(state, seat, action.actions);
    case 'renew':
      return applyRenew(state, seat, action.squares);
    case 'ask':
      return applyAsk(state, seat, action.squares);
    case 'pass':
      return applyPass(state, seat);
    case 'answer':
      return applyAnswer(state, seat, action.buyer, action.accept);
    case 'kauf':
      return applyKauf(state, seat, action.square);
  }
}

function applyHurricane(state: WindCityState, seat: Seat, col: number): Result<WindCityState> {
  if (seat !== 0) return reject('not-your-turn', 'The first player (seat 0) places the hurricane.');
  if (col < 0 || col >= COLS) return reject('windcity/bad-column', `Columns are 0 to ${COLS - 1}.`);
  const next = cloneState(state);
  next.hurricane = squareId(col, 0);
  next.log.push({ kind: 'hurricane', seat, square: next.hurricane });
  next.phase = 'placement';
  next.active = 1 % next.players;
  return ok(next);
}

function applyPlace(state: WindCityState, seat: Seat, sq: SquareId): Result<WindCityState> {
  if (seat !== state.active) return reject('not-your-turn', `Seat ${state.active} places the next house.`);
  const problem = placementProblem(state, seat, sq);
  if (problem) return { ok: false, error: problem };
  const next = cloneState(state);
  next.houses[sq] = { owner: seat, count: 1, insured: false };
  next.stock[seat]--;
  next.placed++;
  next.log.push({ kind: 'place', seat, square: sq });
  if (next.placed < HOUSES_PER_PLAYER * next.players) {
    next.active = (1 + next.placed) % next.players;
    return ok(next);
  }
  record(next, null);
  beginTurn(next, 0);
  return ok(next);
}

function applyPlan(state: WindCityState, seat: Seat, actions: number[]): Result<WindCityState> {
  if (seat !== state.active) return reject('not-your-turn', `Seat ${state.active} plans now.`);
  if (actions.length < 1 || actions.length > MAX_PLAN) {
    return reject('windcity/plan-size', 'A plan names 1 to 3 of the card’s actions.');
  }
  if (new Set(actions).size !== actions.length || actions.some((i) => i < 0 || i > 4)) {
    return reject('windcity/plan-actions', 'A plan names distinct actions of the card (1 to 5).');
  }
  const card = cardById(state.card!);
  const cost = planCost(card, actions);
  if (cost > state.coins[seat]) {
    return reject('windcity/plan-cost', `That plan costs ${cost}; you have ${state.coins[seat]}.`);
  }
  const next = cloneState(state);
  next.plan = actions.slice();
  next.log.push({ kind: 'planned', turn: next.turn, seat });
  next.phase = 'renew';
  return ok(next);
}

// ---------------------------------------------------------------------------
// Awaiting, time limit, expiry, result

/**
 * The seats the engine waits on (bots and the room's scheduling use it). In
 * the market: the buyers still deciding, and the seller while some request
 * waits for an answer. That set is SECRET (it tells who asked or passed), so
 * it is never shown to everybody: see publicAwaiting.
 */
export function awaiting(state: WindCityState): Seat[] {
  if (state.phase !== 'market') return awaitedSeats(state.phase, state.active, state.market);
  const m = state.market!;
  const seats = m.deciding.flatMap((d, seat) => (d ? [seat] : []));
  if (m.requests.some((r) => r.answer === null)) seats.push(m.seller);
  return seats.sort((a, b) => a - b);
}

/**
 * The seats shown to everybody as awaited. Outside the market the same as
 * `awaiting`; in the market the buyers and the seller for the whole market,
 * a set that changes only when the market opens or closes (public events),
 * so the awaited flags cannot tell who asked, passed or was declined.
 * Always a superset of `awaiting`.
 */
export function publicAwaiting(state: WindCityState): Seat[] {
  return awaitedSeats(state.phase, state.active, state.market);
}

/**
 * The publicly awaited seats, from what the state and the public view both
 * show: the engine (publicAwaiting, and awaiting outside the market) and the
 * bot (awaitingView) share this so they cannot disagree.
 */
export function awaitedSeats(phase: WindCityPhase, active: Seat, market: { seller: Seat; buyers: readonly Seat[] } | null): Seat[] {
  switch (phase) {
    case 'hurricane':
      return [0];
    case 'placement':
    case 'plan':
    case 'renew':
    case 'kauf':
      return [active];
    case 'market':
      return [...market!.buyers, market!.seller].sort((a, b) => a - b);
    case 'over':
      return [];
  }
}

export function result(state: WindCityState): MatchResult | null {
  if (state.phase !== 'over' || !state.winners) return null;
  return { winners: state.winners.slice(), scores: pointsOf(state.houses, state.players) };
}
