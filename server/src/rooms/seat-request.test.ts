/** The join option `seat` (seat-request.ts): what is accepted, and which seat a request ends on. */
import { describe, expect, it } from '@jest/globals';
import { parseSeatRequest, seatToTake } from './seat-request.js';

describe('seat requested in a join', () => {
  it('accepts none, "watch" and a seat index; refuses anything else', () => {
    for (const ok of [undefined, 'watch', 0, 3, 63]) expect(parseSeatRequest(ok)).toEqual({ ok: true, seat: ok });
    for (const bad of [-1, 64, 1.5, Number.NaN, Infinity, '2', 'sit', null, {}, [1], true]) {
      expect(parseSeatRequest(bad)).toEqual({ ok: false, reason: 'seat must be a seat number from 0 to 63 or "watch".' });
    }
  });

  it('takes the seat asked for if free, else the next free one after it, wrapping round; -1 if none', () => {
    const kinds = ['human', 'empty', 'bot', 'empty'];
    expect(seatToTake(kinds, 1)).toBe(1);
    expect(seatToTake(kinds, 2)).toBe(3);
    expect(seatToTake(['empty', 'empty', 'human', 'human'], 2)).toBe(0);
    expect(seatToTake(['human', 'bot', 'empty', 'human'], 3)).toBe(2);
    // Beyond a table made smaller: from the first seat.
    expect(seatToTake(kinds, 9)).toBe(1);
    expect(seatToTake(['human', 'bot'], 0)).toBe(-1);
    expect(seatToTake([], 0)).toBe(-1);
  });
});
