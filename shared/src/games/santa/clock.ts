/**
 * Santa's clocks: the time each step may take at each pace (the room runs
 * them, engine contract `stepClock`). Keys name one occurrence of a step, so
 * a seat's clock restarts only when a new one begins.
 */
import type { Seat, SeatStep, StepBudget } from '../../engine/contract.js';
import type { SantaState } from './types.js';

const PLACE: StepBudget = { relaxed: 60, normal: 30, fast: 15 };
const PICK: StepBudget = { relaxed: 90, normal: 45, fast: 20 };
const DECIDE: StepBudget = { relaxed: 60, normal: 30, fast: 15 };
const MOVE: StepBudget = { relaxed: 90, normal: 45, fast: 20 };

export function stepClock(state: SantaState, _seat: Seat): SeatStep | null {
  const r = state.round;
  switch (state.phase) {
    case 'away':
      return { key: `away:${state.awayIndex}`, budget: PLACE };
    case 'start':
      return { key: `start:${state.startIndex}`, budget: PLACE };
    case 'pick':
      return { key: `pick:${r}`, budget: PICK };
    case 'chooser':
      return { key: `chooser:${r}`, budget: DECIDE };
    case 'order':
      return { key: `order:${r}`, budget: DECIDE };
    case 'move':
      return { key: `move:${r}:${state.turn}`, budget: MOVE };
    case 'give':
      return { key: `give:${r}:${state.turn}`, budget: DECIDE };
    case 'over':
      return null;
  }
}
