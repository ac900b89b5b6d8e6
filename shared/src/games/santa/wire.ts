/**
 * Santa's public objects that travel without their keys (see
 * shared/src/protocol/wire-shapes.ts): each shape is the exact keys, in
 * order, the engine writes. Public shapes only, and never the shape of an
 * object a seat view holds (shared/src/protocol/wire-shapes.test.ts checks
 * both over bot games, and that their views use no undeclared shape).
 */
import type { ShapeKeys } from '../../engine/contract.js';

export const wireShapes: ShapeKeys = [
  // Round records (RoundRecord).
  ['round', 'cards', 'orderBy', 'order'],
  // Log entries (LogEntry), by kind.
  ['kind', 'seat', 'house'], // away, start
  ['kind', 'seat'], // away-skip
  ['kind', 'round', 'cards'], // reveal
  ['kind', 'round', 'seat', 'reason', 'tied'], // order-by
  ['kind', 'round', 'seat', 'order'], // order
  ['kind', 'round', 'seat', 'card', 'from', 'path', 'how'], // move
  ['kind', 'round', 'seat', 'card', 'at'], // stay
  ['kind', 'round', 'seat', 'delta', 'cause', 'house', 'other'], // score
  ['kind', 'winners', 'scores'], // end
];
