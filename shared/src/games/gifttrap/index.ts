/**
 * Gift Trap: the game definition the registry hosts, assembled from small
 * pure modules (schemas: input shapes; rules: the engine; views: what each
 * audience sees; bot: random and sensible players).
 */
import type { GameDefinition } from '../../engine/contract.js';
import { botAction, sampleAction } from './bot.js';
import { parseAction, parseOptions } from './schemas.js';
import { apply, awaiting, defaultOptions, result, setup } from './rules.js';
import { gifttrapMeta } from './meta.js';
import { stepClock } from './clock.js';
import { publicView, seatView } from './views.js';
import { wireShapes } from './wire.js';
import type { GiftTrapAction, GiftTrapOptions, GiftTrapPublicView, GiftTrapSeatView, GiftTrapState } from './types.js';

export const gifttrap: GameDefinition<GiftTrapState, GiftTrapAction, GiftTrapOptions, GiftTrapPublicView, GiftTrapSeatView> = {
  id: gifttrapMeta.id,
  minPlayers: gifttrapMeta.minPlayers,
  maxPlayers: gifttrapMeta.maxPlayers,
  defaultOptions,
  parseOptions,
  parseAction,
  setup,
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
export { slotCount, giftsPerRecipient, giftValue, movePawn, revealOrderFrom } from './rules.js';
export * from './types.js';
export { CATALOGUE, cardById, giftOnSlot } from './catalogue.js';
