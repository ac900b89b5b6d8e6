/**
 * Wind City's clocks: the time each step may take at each pace (the room
 * runs them, engine contract `stepClock`). The market's budget comes from
 * the room's `marketSeconds` option (at the normal pace); every seat of the
 * market shares one key, so a buyer who has secretly passed keeps the same
 * clock as one still thinking (who has passed is secret).
 *
 * And the bots' pace in the market (`botMovesAtOnce`): a bot seller answers
 * a request at once. Its answer is a step that exists only when a buyer
 * asked; paced like any bot move, it closed the market one bot delay later
 * than when everybody passed, which told the table that someone had asked
 * (docs/rules/windcity.md#insurance-market).
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

/** The seller's answer, the one market step that only a secret request makes: a bot answers it without the bot delay. */
export function botMovesAtOnce(state: WindCityState, seat: Seat): boolean {
  return state.phase === 'market' && state.market !== null && seat === state.market.seller;
}
