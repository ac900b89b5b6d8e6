/**
 * Gift Trap's clocks: the time each step may take at each pace (the room
 * runs them, engine contract `stepClock`). A give or a want may be resent
 * until everyone has submitted; the clock covers the whole step.
 */
import type { Seat, SeatStep, StepBudget } from '../../engine/contract.js';
import type { GiftTrapState } from './types.js';

const LAYOUT: StepBudget = { relaxed: 60, normal: 30, fast: 15 };
const GIVE: StepBudget = { relaxed: 180, normal: 90, fast: 45 };
const WANT: StepBudget = { relaxed: 120, normal: 60, fast: 30 };
const REVEAL: StepBudget = { relaxed: 60, normal: 30, fast: 15 };

export function stepClock(state: GiftTrapState, _seat: Seat): SeatStep | null {
  const r = state.round;
  switch (state.phase) {
    case 'layout':
      return { key: `layout:${r}`, budget: LAYOUT };
    case 'give':
      return { key: `give:${r}`, budget: GIVE };
    case 'want':
      return { key: `want:${r}`, budget: WANT };
    case 'reveal':
      return { key: `reveal:${r}:${state.revealIndex}`, budget: REVEAL };
    case 'over':
      return null;
  }
}
