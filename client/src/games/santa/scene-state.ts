/** What the Santa scene shows (SceneState, from the table) and where its clicks go (SceneCallbacks). */
import type { HouseId, Route } from '@fireside/shared/games/santa/types';
import type { Model } from './model.js';

export interface SceneState {
  model: Model;
  /** Houses that may be clicked now (setup placement or move destinations). */
  clickable: HouseId[];
  clickMode: 'away' | 'start' | 'move' | null;
  /** A destination with several routes: the target and the remaining routes to choose from. */
  routeTarget: HouseId | null;
  routeChoices: Route[];
  /** My face-down pick (shown only to me). */
  myPick: number | null;
  canPick: boolean;
  /** My draft of the order, when I name it. */
  orderDraft: number[] | null;
  /** Plates that may be clicked (Santa choosing the order namer, or the kid who takes a present). */
  plateChoice: number[];
  /** An action was sent for this step: waiting for the server. */
  sent: boolean;
}

export interface SceneCallbacks {
  clickHouse(house: HouseId): void;
  clickCard(card: number): void;
  clickPlate(seat: number): void;
}
