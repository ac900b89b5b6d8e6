/**
 * The checks every game's `apply` makes before its own rules, shared so that
 * the same kind of bad intent gets the same rejection code in every game.
 */
import { ok, reject, type Result, type Seat } from './contract.js';

/** What a game tells `admitAction` about itself. */
export interface ActionGate<P extends string, A extends { type: string }> {
  /** The game's name in messages, e.g. 'Gift Trap'. */
  name: string;
  /** The action schema: `apply` may be called without `parseAction` (bots, tests), so the shape is checked again. */
  schema: { safeParse(input: unknown): { success: true; data: unknown } | { success: false } };
  /** Which phase each action type belongs to. */
  phaseOf: Record<A['type'], P>;
}

/**
 * The action, re-parsed, if the match is not over, it has the shape of an
 * action of this game, the seat is at the table and the action belongs to the
 * current phase (checked in this order); otherwise the matching rejection.
 */
export function admitAction<P extends string, A extends { type: string }>(
  state: { phase: P | 'over'; players: number },
  seat: Seat,
  action: A,
  gate: ActionGate<P, A>,
): Result<A> {
  if (state.phase === 'over') return reject('game-over', 'The game is over.');
  const parsed = gate.schema.safeParse(action);
  if (!parsed.success) return reject('malformed', `Not a ${gate.name} action.`);
  const admitted = parsed.data as A;
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) {
    return reject('not-your-turn', `Seat ${seat} is not at this table.`);
  }
  if (gate.phaseOf[admitted.type as A['type']] !== state.phase) {
    return reject('wrong-phase', `"${admitted.type}" is not possible during the ${state.phase} phase.`);
  }
  return ok(admitted);
}
