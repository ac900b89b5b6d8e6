/**
 * Wind City's clocks: the time each step may take at each pace (the room
 * runs them, engine contract `stepClock`). The market's budget comes from
 * the room's `marketSeconds` option (at the normal pace); every seat of the
 * market shares one key, so a buyer who has secretly passed keeps the same
 * clock as one still thinking (who has passed is secret).
 */
import type { Seat, SeatStep, StepBudget } from '../../engine/contract.js';
import type { WindCityState } from './types.js';

const PLACE: StepBudget = { relaxed: 60, normal: 30, fast: 15 };
const PLAN: StepBudget = { relaxed: 150, normal: 75, fast: 35 };
const DECIDE: StepBudget = { relaxed: 60, normal: 30, fast: 15 };

function marketBudget(seconds: number): StepBudget {
  return { relaxed: seconds * 2, normal: seconds, fast: Math.max(10, Math.round(seconds / 2)) };
}

export function stepClock(state: WindCityState, _seat: Seat): SeatStep | null {
  const t = state.turn;
  switch (state.phase) {
    case 'hurricane':
      return { key: 'hurricane', budget: PLACE };
    case 'placement':
      return { key: `placement:${state.placed}`, budget: PLACE };
    case 'plan':
      return { key: `plan:${t}`, budget: PLAN };
    case 'renew':
      return { key: `renew:${t}`, budget: DECIDE };
    case 'market':
      return { key: `market:${t}`, budget: marketBudget(state.options.marketSeconds) };
    case 'kauf':
      return { key: `kauf:${t}:${state.act?.segments.length ?? 0}`, budget: DECIDE };
    case 'over':
      return null;
  }
}
