/**
 * Santa Claus Is Comin' To Town: the game definition the registry hosts,
 * assembled from small pure modules (town: the map as data; schemas: input
 * shapes; rules: the engine and move geometry; views: what each audience sees;
 * bot: random and sensible players).
 */
import type { GameDefinition } from '../../engine/contract.js';
import { botAction, sampleAction } from './bot.js';
import { parseAction, parseOptions } from './schemas.js';
import { apply, awaiting, defaultOptions, result, setup } from './rules.js';
import { santaMeta } from './meta.js';
import { stepClock } from './clock.js';
import { publicView, seatView } from './views.js';
import { wireShapes } from './wire.js';
import type { SantaAction, SantaOptions, SantaPublicView, SantaSeatView, SantaState } from './types.js';

export const santa: GameDefinition<SantaState, SantaAction, SantaOptions, SantaPublicView, SantaSeatView> = {
  id: santaMeta.id,
  minPlayers: santaMeta.minPlayers,
  maxPlayers: santaMeta.maxPlayers,
  defaultOptions,
  parseOptions,
  parseAction,
  // Only the contract's three arguments: the rules' optional fourth (another town) is for tests.
  setup: (players, options, seed) => setup(players, options, seed),
  apply,
  publicView,
  seatView,
  awaiting,
  sampleAction,
  botAction,
  result,
  wireShapes,
  stepClock,
};

// Helpers for the client and the server.
export {
  ROUNDS,
  SUPPLY,
  SIGHTING_POINTS,
  awayMarkerCount,
  cardName,
  checkRoute,
  isFaceCard,
  legalAwayHouses,
  legalMoves,
  maxSteps,
  moveKind,
  roleOf,
  routesFrom,
  type BoardLike,
} from './rules.js';
export { DIRECTIONS, ELFENBEIN, directionBetween, getTown, neighbours, pathJoins, streetJoins, streetRay, streetStep, townGraph } from './town.js';
export * from './types.js';
