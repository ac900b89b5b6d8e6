/**
 * Wind City: the rules engine (setup, apply, awaiting, result, the market's
 * time limit). The helpers shared with the bots and the client (legal
 * placements, prices, Kauf squares, the hurricane's path) are in queries.ts
 * and re-exported here. Rules:
 * docs/rules/windcity.md. Every function here is pure: `apply` clones its
 * input and only ever mutates the clone, and all randomness (the shuffles of
 * the deck) comes from the generator stored in the state.
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
import { COLS, HOUSES_PER_PLAYER, SQUARES, START_COINS, isLand, isSquare, squareId } from './board.js';
import { CARD_IDS, cardById, cheapestAction } from './cards.js';
import {
  CALM_PAY,
  MARKET_SECONDS,
  MAX_PLAN,
  MAX_PLAYERS,
  MIN_PLAYERS,
  OBSERVATORY_PAY,
  kaufSquares,
  kaufVoid,
  marketPrice,
  piecesOf,
  placementProblem,
  planCost,
  pointsOf,
  renewPrice,
  renewableSquares,
  runMove,
  type PathBoard,
} from './queries.js';
import { actionSchema } from './schemas.js';
import type { ActRecord, ActSegment, CoinCause, SquareId, TurnRecord, WindCityAction, WindCityOptions, WindCityPhase, WindCityState } from './types.js';

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

function applyRenew(state: WindCityState, seat: Seat, squares: SquareId[]): Result<WindCityState> {
  if (seat !== state.active) return reject('not-your-turn', `Seat ${state.active} renews now.`);
  if (new Set(squares).size !== squares.length) return reject('windcity/duplicate', 'A house is named twice.');
  const renewable = renewableSquares(state);
  let cost = 0;
  for (const sq of squares) {
    const h = isSquare(sq) ? state.houses[sq] : null;
    if (!h || h.owner !== seat) return reject('windcity/not-own-house', `Square ${sq} has no house of yours.`);
    if (h.insured) return reject('windcity/already-insured', `The house on square ${sq} is already insured.`);
    if (!renewable.includes(sq)) {
      return reject('windcity/not-renewable', `The house on square ${sq} was not insured when your turn began: you may only renew insurance, not buy it.`);
    }
    cost += renewPrice(sq, h);
  }
  const reserve = planCost(cardById(state.card!), state.plan!);
  if (cost > state.coins[seat] - reserve) {
    return reject('windcity/renew-cost', `Renewing costs ${cost}; you must keep ${reserve} for your plan and have ${state.coins[seat]}.`);
  }
  const next = cloneState(state);
  for (const sq of squares) next.houses[sq] = { ...next.houses[sq]!, insured: true };
  next.renewed = squares.slice();
  if (cost > 0) coin(next, seat, -cost, 'renew', null);
  next.log.push({ kind: 'renew', turn: next.turn, seat, squares: squares.slice(), cost });
  openMarket(next);
  return ok(next);
}

function applyAsk(state: WindCityState, seat: Seat, squares: SquareId[]): Result<WindCityState> {
  const market = state.market!;
  if (!market.deciding[seat]) {
    return reject('not-your-turn', seat === market.seller ? 'You sell insurance; you cannot buy it now.' : 'You have already asked or passed.');
  }
  if (squares.length === 0) return reject('windcity/empty-request', 'Name at least one house, or pass.');
  if (new Set(squares).size !== squares.length) return reject('windcity/duplicate', 'A house is named twice.');
  let price = 0;
  for (const sq of squares) {
    const h = isSquare(sq) ? state.houses[sq] : null;
    if (!h || h.owner !== seat) return reject('windcity/not-own-house', `Square ${sq} has no house of yours.`);
    if (h.insured) return reject('windcity/already-insured', `The house on square ${sq} is already insured.`);
    price += marketPrice(sq, h);
  }
  if (price > state.coins[seat]) {
    return reject('windcity/ask-cost', `That insurance costs ${price}; you have ${state.coins[seat]}.`);
  }
  const next = cloneState(state);
  next.market!.deciding[seat] = false;
  next.market!.requests.push({ buyer: seat, squares: squares.slice(), price, answer: null });
  maybeCloseMarket(next);
  return ok(next);
}

function applyPass(state: WindCityState, seat: Seat): Result<WindCityState> {
  const market = state.market!;
  if (!market.deciding[seat]) {
    return reject('not-your-turn', seat === market.seller ? 'You sell insurance; answer the requests.' : 'You have already asked or passed.');
  }
  const next = cloneState(state);
  next.market!.deciding[seat] = false;
  maybeCloseMarket(next);
  return ok(next);
}

function applyAnswer(state: WindCityState, seat: Seat, buyer: Seat, accept: boolean): Result<WindCityState> {
  const market = state.market!;
  if (seat !== market.seller) return reject('not-your-turn', `Seat ${market.seller} answers the requests.`);
  const index = market.requests.findIndex((r) => r.buyer === buyer && r.answer === null);
  if (index < 0) return reject('windcity/no-request', `Seat ${buyer} has no request waiting for an answer.`);
  const next = cloneState(state);
  const request = next.market!.requests[index];
  if (accept) {
    request.answer = 'accepted';
    next.market!.accepted.push(buyer);
    coin(next, buyer, -request.price, 'insurance-bought', seat);
    coin(next, seat, request.price, 'insurance-sold', buyer);
    for (const sq of request.squares) next.houses[sq] = { ...next.houses[sq]!, insured: true };
    next.log.push({ kind: 'insured', turn: next.turn, buyer, seller: seat, squares: request.squares.slice(), price: request.price });
  } else {
    request.answer = 'declined';
  }
  maybeCloseMarket(next);
  return ok(next);
}

function applyKauf(state: WindCityState, seat: Seat, sq: SquareId): Result<WindCityState> {
  if (seat !== state.active) return reject('not-your-turn', `Seat ${state.active} chooses the Kauf square.`);
  if (!kaufSquares(state, seat).includes(sq)) {
    return reject('windcity/kauf-square', 'Kauf goes on one of your own single, uninsured, non-beach houses in a row north of the hurricane.');
  }
  const next = cloneState(state);
  next.houses[sq] = { ...next.houses[sq]!, count: 2 };
  next.stock[seat]--;
  const segments = next.act!.segments;
  const seg = segments[segments.length - 1] as Extract<ActSegment, { kind: 'kauf' }>;
  seg.square = sq;
  next.log.push({ kind: 'kauf', turn: next.turn, seat, square: sq });
  continueAct(next);
  return ok(next);
}

// ---------------------------------------------------------------------------
// The turn (all mutate the clone)

function coin(next: WindCityState, seat: Seat, delta: number, cause: CoinCause, other: Seat | null): void {
  next.coins[seat] += delta;
  next.log.push({ kind: 'coins', turn: next.turn, seat, delta, cause, other });
}

function record(next: WindCityState, seat: Seat | null): void {
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

const livePlayers = (s: WindCityState): Seat[] => s.out.flatMap((o, seat) => (o ? [] : [seat]));

function nextLive(s: WindCityState, after: Seat): Seat {
  for (let i = 1; i <= s.players; i++) {
    const seat = (after + i) % s.players;
    if (!s.out[seat]) return seat;
  }
  return after;
}

/**
 * Begin `seat`'s turn: its insurance expires, it draws; a player who cannot
 * afford any action of the card is bankrupt (and the next one begins).
 */
function beginTurn(next: WindCityState, seat: Seat): void {
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

/** Can `seat` buy any insurance now: an own uninsured house whose price it can pay? */
function canBuy(s: WindCityState, seat: Seat): boolean {
  for (let sq = 0; sq < SQUARES; sq++) {
    const h = s.houses[sq];
    if (h && h.owner === seat && !h.insured && marketPrice(sq, h) <= s.coins[seat]) return true;
  }
  return false;
}

function openMarket(next: WindCityState): void {
  const seller = next.active;
  const deciding = next.out.map((o, seat) => !o && seat !== seller && canBuy(next, seat));
  next.market = {
    seller,
    // From public facts only (houses, insurance, coins), so it may be shown to everybody.
    buyers: deciding.flatMap((d, seat) => (d ? [seat] : [])),
    deciding,
    requests: [],
    accepted: [],
  };
  next.phase = 'market';
  maybeCloseMarket(next);
}

function maybeCloseMarket(next: WindCityState): void {
  const m = next.market!;
  if (m.deciding.some(Boolean) || m.requests.some((r) => r.answer === null)) return;
  closeMarket(next, false);
}

function closeMarket(next: WindCityState, expired: boolean): void {
  next.log.push({ kind: 'market-closed', turn: next.turn, expired });
  startAct(next);
}

/** The act: reveal the card and the plan, then run the actions in order. */
function startAct(next: WindCityState): void {
  const seat = next.active;
  next.log.push({ kind: 'reveal', turn: next.turn, seat, card: next.card!, plan: next.plan!.slice() });
  next.act = {
    turn: next.turn,
    seat,
    card: next.card!,
    plan: next.plan!.slice(),
    start: next.hurricane!,
    segments: [],
    enteredHouse: false,
    calm: false,
    paid: 0,
    exited: false,
    done: false,
  };
  continueAct(next);
}

function continueAct(next: WindCityState): void {
  const act = next.act!;
  const seat = act.seat;
  const card = cardById(act.card);
  while (act.segments.length < act.plan.length) {
    const number = act.plan[act.segments.length];
    const action = card.actions[number];
    if (action.kind === 'kauf') {
      const why = kaufVoid(next, seat);
      act.segments.push({ kind: 'kauf', action: number, square: null, void: why });
      if (why) {
        next.log.push({ kind: 'kauf-void', turn: next.turn, seat, reason: why });
        continue;
      }
      next.phase = 'kauf';
      return;
    }
    const board: PathBoard = { houses: next.houses, hurricane: next.hurricane! };
    const from = next.hurricane!;
    const out = runMove(board, action);
    next.hurricane = board.hurricane;
    for (const st of out.steps) {
      if (st.destroyed) {
        next.stock[st.destroyed.owner] += st.destroyed.count;
        next.log.push({ kind: 'destroy', turn: next.turn, seat, owner: st.destroyed.owner, square: st.to!, count: st.destroyed.count });
      }
    }
    if (out.enteredHouse) act.enteredHouse = true;
    act.segments.push({
      kind: 'move',
      action: number,
      dir: action.dir,
      distance: action.distance,
      from,
      steps: out.steps,
      blocked: out.blocked,
      stop: out.stop,
      observatory: out.observatory,
    });
    if (out.exited) {
      act.exited = true;
      act.done = true;
      next.hurricane = null;
      next.log.push({ kind: 'exit', turn: next.turn, seat });
      next.discard.push(act.card);
      next.card = null;
      next.plan = null;
      record(next, seat);
      endGame(next, 'exit');
      return;
    }
    if (out.observatory) coin(next, seat, OBSERVATORY_PAY, 'observatory', null);
  }
  // The end of the act: pay the plan, then the calm bonus (the storm must have moved: a Kauf-only
  // plan or south moves refused at row 0 earn nothing).
  act.paid = planCost(card, act.plan);
  coin(next, seat, -act.paid, 'plan', null);
  const moved = act.segments.some((seg) => seg.kind === 'move' && seg.steps.length > 0);
  if (moved && !act.enteredHouse && isLand(next.hurricane!)) {
    act.calm = true;
    coin(next, seat, CALM_PAY, 'calm', null);
  }
  act.done = true;
  next.discard.push(act.card);
  next.card = null;
  next.plan = null;
  record(next, seat);
  beginTurn(next, nextLive(next, seat));
}

function endGame(next: WindCityState, reason: 'exit' | 'last-player'): void {
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

/**
 * Legacy: the market's time was up (matches stored before per-seat clocks,
 * see clock.ts, hold such events; replays still apply them): every stalled buyer passes, every unanswered request is declined. Pure. */
export function expire(state: WindCityState): WindCityState {
  if (state.phase !== 'market') return state;
  const next = cloneState(state);
  const m = next.market!;
  m.deciding = m.deciding.map(() => false);
  for (const r of m.requests) if (r.answer === null) r.answer = 'declined';
  closeMarket(next, true);
  return next;
}

export function result(state: WindCityState): MatchResult | null {
  if (state.phase !== 'over' || !state.winners) return null;
  return { winners: state.winners.slice(), scores: pointsOf(state.houses, state.players) };
}
