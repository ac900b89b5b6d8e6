/** Gift Trap's end charts: whole-number value lines on tracks of whole points (issue 12: no 7.5 / 22.5). */
import { describe, expect, it } from '@jest/globals';
import { trackTicks } from './chart-steps.js';

describe('track chart ticks', () => {
  it.each([[30], [20], [25], [40], [12], [7]])('goal %i: whole numbers from 0 to the goal, a few of them', (goal) => {
    const ticks = trackTicks(goal);
    expect(ticks[0]).toBe(0);
    expect(ticks[ticks.length - 1]).toBe(goal);
    expect(ticks.every(Number.isInteger)).toBe(true);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(8);
  });

  it('goal 30 gives 0, 5, …, 30', () => {
    expect(trackTicks(30)).toEqual([0, 5, 10, 15, 20, 25, 30]);
  });
});
