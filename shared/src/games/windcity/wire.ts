/**
 * Wind City's public objects that travel without their keys (see
 * shared/src/protocol/wire-shapes.ts): each shape is the exact keys, in
 * order, the engine writes. Public shapes only, and never the shape of an
 * object a seat view holds (shared/src/protocol/wire-shapes.test.ts checks
 * both over bot games, and that their views use no undeclared shape).
 */
import type { ShapeKeys } from '../../engine/contract.js';

export const wireShapes: ShapeKeys = [
  // Houses, turn records, accepted insurance, an act's segments and steps.
  ['owner', 'count', 'insured'],
  ['turn', 'seat', 'houses', 'points', 'coins', 'hurricane'],
  ['buyer', 'squares', 'price'],
  ['kind', 'action', 'dir', 'distance', 'from', 'steps', 'blocked', 'stop', 'observatory'],
  ['kind', 'action', 'square', 'void'],
  ['from', 'to', 'wrapped', 'extra', 'destroyed', 'passed'],
  ['owner', 'count'],
  // Log entries (LogEntry), by kind.
  ['kind', 'seat', 'square'], // hurricane, place
  ['kind', 'turn', 'seat'], // turn, draw, planned, exit
  ['kind', 'turn', 'seat', 'squares'], // expire
  ['kind', 'turn', 'cards'], // reshuffle
  ['kind', 'turn', 'seat', 'card', 'coins', 'squares', 'houses'], // bankrupt
  ['kind', 'turn', 'seat', 'squares', 'cost'], // renew
  ['kind', 'turn', 'buyer', 'seller', 'squares', 'price'], // insured
  ['kind', 'turn', 'expired'], // market-closed
  ['kind', 'turn', 'seat', 'card', 'plan'], // reveal
  ['kind', 'turn', 'seat', 'owner', 'square', 'count'], // destroy
  ['kind', 'turn', 'seat', 'square'], // kauf
  ['kind', 'turn', 'seat', 'reason'], // kauf-void
  ['kind', 'turn', 'seat', 'delta', 'cause', 'other'], // coins
  ['kind', 'reason', 'winners', 'scores', 'places'], // end
];
