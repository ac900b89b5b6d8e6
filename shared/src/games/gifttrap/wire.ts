/**
 * Gift Trap's public objects that travel without their keys (see
 * shared/src/protocol/wire-shapes.ts): each shape is the exact keys, in
 * order, the engine writes. Public shapes only, and never the shape of an
 * object a seat view holds (shared/src/protocol/wire-shapes.test.ts checks
 * both over bot games, and that their views use no undeclared shape).
 */
import type { ShapeKeys } from '../../engine/contract.js';

export const wireShapes: ShapeKeys = [
  ['cardId', 'side'], // a gift card on the table
  ['from', 'to'], // a closed gift
  ['from', 'to', 'slot', 'value'], // an opened gift
  // Not the wants ({great, good, ok, noWay}): a seat view holds them while
  // secret, and a secret's shape must keep its keys on the wire (see wire-shapes.ts).
  ['round', 'parent', 'give', 'get', 'tier', 'slots', 'opened', 'wants'], // a finished round (history)
];
