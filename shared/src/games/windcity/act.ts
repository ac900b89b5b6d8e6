/**
 * Wind City: the act. The card and the plan are revealed, then the planned
 * actions run in order: the hurricane's moves (houses destroyed, the
 * observatory's pay, the exit off the north edge that ends the game) and the
 * Kauf, which pauses the act until the active player names its square. At
 * the end the plan is paid and the calm bonus earned. Rules: rules.ts.
 */
import { ok, reject, type Result, type Seat } from '../../engine/contract.js';
import { isLand } from './board.js';
import { cardById } from './cards.js';
import { CALM_PAY, OBSERVATORY_PAY, kaufSquares, kaufVoid, planCost, runMove, type PathBoard } from './queries.js';
import { cloneState, coin, nextLive, record } from './state.js';
import { beginTurn, endGame } from './turn.js';
import type { ActSegment, SquareId, WindCityState } from './types.js';

export function applyKauf(state: WindCityState, seat: Seat, sq: SquareId): Result<WindCityState> {
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

/** The act: reveal the card and the plan, then run the actions in order. */
export function startAct(next: WindCityState): void {
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
