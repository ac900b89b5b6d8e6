/**
 * Fair starts of the seat clocks (seat-clocks.ts) on a hand-turned clock: a
 * human seat's clock waits up to the grace for its player's first frame, a
 * bot's counts at once, a reload gives back its time once, capped.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { AnyGame } from '@fireside/shared';
import { SeatClocks } from './seat-clocks.js';

const BUDGET = 10_000;
const GRACE = 3000;
let step = 'give:1';
const game = { stepClock: () => ({ key: step, budget: { relaxed: BUDGET / 1000, normal: BUDGET / 1000, fast: BUDGET / 1000 } }) } as unknown as AnyGame;
let now = 1_000_000;
const made: SeatClocks[] = [];
afterEach(() => made.forEach((c) => c.stopAll()));

function clocks(bots: number[] = []): SeatClocks {
  const c = new SeatClocks({ game, pace: 'relaxed', scale: 1, now: () => now, graceMs: GRACE, immediate: (s) => bots.includes(s), onTimeout: () => undefined });
  made.push(c);
  step = 'give:1';
  c.update({}, new Set([0, 1]), 2);
  return c;
}

describe('fair clock starts', () => {
  it("waits for the player's first frame, at most the grace; a bot's clock counts at once", () => {
    const c = clocks([1]);
    const start = now;
    expect(c.deadline(0)).toBe(start + GRACE + BUDGET);
    expect(c.budget(0)).toBe(BUDGET);
    expect(c.deadline(1)).toBe(start + BUDGET);
    now += 1200;
    expect(c.shown(0, c.clockId(0))).toBe(true);
    expect(c.deadline(0)).toBe(now + BUDGET);
    now += 100;
    c.shown(0, c.clockId(0)); // once per step
    expect(c.deadline(0)).toBe(start + 1200 + BUDGET);
  });

  it('a first frame after the grace changes nothing; another seat’s or a finished clock is refused', () => {
    const c = clocks();
    const start = now;
    expect(c.shown(0, c.clockId(1))).toBe(false);
    now += GRACE + 500;
    expect(c.shown(0, c.clockId(0))).toBe(true);
    expect(c.deadline(0)).toBe(start + GRACE + BUDGET);
    const old = c.clockId(1);
    step = 'want:1';
    c.update({}, new Set([0, 1]), 2);
    expect(c.clockId(1)).not.toBe(old);
    expect(c.shown(1, old)).toBe(false);
  });

  it('a reload gives back the time since the drop at its next first frame, capped at the grace, once per step', () => {
    const c = clocks();
    c.shown(0, c.clockId(0));
    c.shown(1, c.clockId(1));
    const [d0, d1] = [c.deadline(0), c.deadline(1)];
    c.away(0, now);
    c.away(1, now);
    now += 800;
    c.shown(0, c.clockId(0));
    expect(c.deadline(0)).toBe(d0 + 800);
    now += 4000;
    c.shown(1, c.clockId(1));
    expect(c.deadline(1)).toBe(d1 + GRACE);
    c.away(0, now);
    now += 1000;
    c.shown(0, c.clockId(0));
    expect(c.deadline(0)).toBe(d0 + 800);
  });
});
