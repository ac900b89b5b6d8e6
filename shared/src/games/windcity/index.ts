/**
 * Wind City: the game definition the registry hosts, assembled from small
 * pure modules (board and cards: the parts as data; schemas: input shapes;
 * rules: the engine; views: what each audience sees; bot: random and sensible
 * players).
 */
import type { GameDefinition } from '../../engine/contract.js';
import { botAction, sampleAction } from './bot.js';
import { parseAction, parseOptions } from './schemas.js';
import { apply, awaiting, defaultOptions, publicAwaiting, result, setup } from './rules.js';
import { expire } from './market.js';
import { windcityMeta } from './meta.js';
import { botMovesAtOnce, stepClock } from './clock.js';
import { publicView, seatView } from './views.js';
import { wireShapes } from './wire.js';
import type { WindCityAction, WindCityOptions, WindCityPublicView, WindCitySeatView, WindCityState } from './types.js';

export const windcity: GameDefinition<WindCityState, WindCityAction, WindCityOptions, WindCityPublicView, WindCitySeatView> = {
  id: windcityMeta.id,
  minPlayers: windcityMeta.minPlayers,
  maxPlayers: windcityMeta.maxPlayers,
  defaultOptions,
  parseOptions,
  parseAction,
  setup,
  apply,
  publicView,
  seatView,
  awaiting,
  publicAwaiting,
  sampleAction,
  botAction,
  botMovesAtOnce,
  result,
  wireShapes,
  stepClock,
  // Replays matches stored before per-seat clocks (their market timer's `expire` events).
  expire,
};

// Helpers for the client and the server.
export {
  CALM_PAY,
  MARKET_SECONDS,
  MAX_PLAN,
  OBSERVATORY_PAY,
  housePoints,
  isPremium,
  kaufSquares,
  kaufVoid,
  legalPlacements,
  marketPrice,
  piecesOf,
  publicAwaiting,
  placementProblem,
  planCost,
  pointsOf,
  quotasFeasible,
  renewPrice,
  renewableSquares,
  runMove,
} from './rules.js';
export { awaitingView, awaitsMe } from './bot.js';
export { ALL_PLANS, affordablePlans, threat } from './bot-eval.js';
export * from './board.js';
export { CARDS, CARD_IDS, cardById, cheapestAction, describeAction } from './cards.js';
export * from './types.js';
