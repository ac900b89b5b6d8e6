/** What the Santa controls can do (the table implements it) and the shape of a phase's render function. */
import type { HouseId, Route } from '@fireside/shared/games/santa/types';
import type { Children } from '../../../util/dom.js';
import type { SceneState } from '../scene-state.js';

export interface ControlActions {
  clickHouse(house: HouseId): void;
  pick(card: number): void;
  chooseRoute(route: Route): void;
  cancelRoute(): void;
  moveInOrder(seat: number, delta: number): void;
  placeInOrder(seat: number, index: number): void;
  confirmOrder(): void;
  clickPlate(seat: number): void;
  openRules(): void;
  showResults(): void;
}

/** One part of a phase's controls (nothing when it has nothing to say now). */
export type Part = (s: SceneState, a: ControlActions) => Children;
