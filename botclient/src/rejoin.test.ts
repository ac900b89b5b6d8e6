import { describe, expect, it } from '@jest/globals';
import { rejoinDelay } from './rejoin.js';

describe('rejoinDelay', () => {
  it('doubles from 250 ms up to 2 s, each wait between half and all of its ceiling', () => {
    const ceilings = [250, 500, 1000, 2000, 2000, 2000];
    ceilings.forEach((ceiling, attempt) => {
      expect(rejoinDelay(attempt, () => 0)).toBe(ceiling / 2);
      expect(rejoinDelay(attempt, () => 0.999999)).toBe(ceiling);
    });
  });

  it('spreads bots dropped together (jitter)', () => {
    const waits = new Set(Array.from({ length: 50 }, () => rejoinDelay(3)));
    expect(waits.size).toBeGreaterThan(10);
  });
});
