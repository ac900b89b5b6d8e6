/**
 * The DOM side of the Wind City table: every action the canvas offers is
 * also a button here (squares, the card's actions and their order, houses to
 * insure, the market's answers), so the game is playable by keyboard, by
 * screen reader and on a phone (where these controls stack below the table).
 * Each phase has its own small render function (controls/); the table
 * morphs the result into place (util/dom.ts), so a button under the pointer
 * is kept, never replaced mid-click.
 */
import { h, type Children } from '../../util/dom.js';
import type { SquareId, WindCityPhase } from '@fireside/shared/games/windcity/types';
import type { SceneState } from './scene.js';
import type { PhaseCtx } from './controls/parts.js';
import { hurricanePhase, placementPhase } from './controls/setup.js';
import { kaufPhase, planPhase, renewPhase } from './controls/turn.js';
import { marketPhase } from './controls/market.js';
import { deciding, events, head, lastAct, scores, winners } from './controls/info.js';

export interface ControlActions {
  clickSquare(sq: SquareId): void;
  hurricane(col: number): void;
  toggleAction(i: number): void;
  movePlan(i: number, delta: number): void;
  confirmPlan(): void;
  toggleSquare(sq: SquareId): void;
  confirmRenew(): void;
  ask(): void;
  pass(): void;
  answer(buyer: number, accept: boolean): void;
  clearSelection(): void;
  openRules(): void;
  showResults(): void;
}

/** What each phase offers (or, to those it does not wait for, whom it waits for). */
const PHASES: Record<WindCityPhase, (c: PhaseCtx) => Children> = {
  hurricane: hurricanePhase,
  placement: placementPhase,
  plan: planPhase,
  renew: renewPhase,
  market: marketPhase,
  kauf: kaufPhase,
  over: () => null,
};

export function renderControls(s: SceneState, a: ControlActions, secondsLeft: number | null): HTMLElement[] {
  const m = s.model;
  const v = m.view;
  const phase = h(
    'div',
    { class: `wc-phase wc-${v.phase}`, testid: `phase-${v.phase}` },
    // A replay asks nothing: no phase's prompt, choices or clock, only what happened.
    m.snap.replay ? null : PHASES[v.phase]({ s, a, m, v, secondsLeft }),
    lastAct(m),
    winners(m, a),
  );
  return [head(m, a), deciding(m), phase, events(m), scores(m)].filter((x): x is HTMLElement => x instanceof HTMLElement);
}
