/**
 * Intents and options whose values throw when zod compares them (found by
 * the fuzzer: a `length` whose `valueOf` is not a function) are refused as
 * malformed, never thrown: a throw inside a room's handler answers
 * `internal` and logs a stack trace.
 */
import { describe, expect, it } from '@jest/globals';
import { games } from '../games/registry.js';

const hostile = () => ({ length: { valueOf: 1, toString: 2 } });
const fields = ['path', 'order', 'tiles', 'wants', 'actions', 'squares', 'house', 'card', 'slot', 'tier'];
const types = ['move', 'order', 'give', 'want', 'plan', 'ask', 'renew', 'away', 'pick', 'flip', 'chooseTier', 'nope'];

describe.each(Object.values(games))('$id refuses input that throws on comparison', (game) => {
  it('as a malformed action', () => {
    for (const type of types) {
      for (const field of fields) {
        const res = game.parseAction({ type, [field]: hostile() });
        expect(res.ok).toBe(false);
      }
    }
    expect(game.parseAction(hostile()).ok).toBe(false);
  });

  it('as options, without throwing (unknown fields are dropped)', () => {
    for (const field of ['goal', 'doubleGifts', 'awayMarkers', 'tieBreak', 'santaSeat', 'length', 'rounds']) {
      expect(() => game.parseOptions({ [field]: hostile() }, game.minPlayers)).not.toThrow();
    }
  });
});
