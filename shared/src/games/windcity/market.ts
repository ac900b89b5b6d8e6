/**
 * Wind City: insurance. The active player's renewal at the bank, then the
 * market (the other players ask for insurance or pass, the active player
 * accepts or declines each request), which opens the act when it closes.
 * Rules: rules.ts.
 */
import { ok, reject, type Result, type Seat } from '../../engine/contract.js';
import { SQUARES, isSquare } from './board.js';
import { cardById } from './cards.js';
import { marketPrice, planCost, renewPrice, renewableSquares } from './queries.js';
import { startAct } from './act.js';
import { cloneState, coin } from './state.js';
import type { SquareId, WindCityState } from './types.js';

export function applyRenew(state: WindCityState, seat: Seat, squares: SquareId[]): Result<WindCityState> {
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

export function applyAsk(state: WindCityState, seat: Seat, squares: SquareId[]): Result<WindCityState> {
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

export function applyPass(state: WindCityState, seat: Seat): Result<WindCityState> {
  const market = state.market!;
  if (!market.deciding[seat]) {
    return reject('not-your-turn', seat === market.seller ? 'You sell insurance; answer the requests.' : 'You have already asked or passed.');
  }
  const next = cloneState(state);
  next.market!.deciding[seat] = false;
  maybeCloseMarket(next);
  return ok(next);
}

export function applyAnswer(state: WindCityState, seat: Seat, buyer: Seat, accept: boolean): Result<WindCityState> {
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
