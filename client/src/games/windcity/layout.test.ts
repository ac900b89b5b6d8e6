/** Wind City's table geometry: on a desktop the whole board fits the window's height (issue 12). */
import { describe, expect, it } from '@jest/globals';
import { ROWS } from '@fireside/shared/games/windcity/board';
import { computeLayout } from './layout.js';

const bottomOfBoard = (L: ReturnType<typeof computeLayout>) => L.board.y + L.board.h;

describe('Wind City layout', () => {
  it('shrinks the cells so that every row, the sea included, fits the height it is given', () => {
    // 1280×900: the canvas starts ~140 px down the page, so ~750 px are left for it.
    for (const players of [2, 5]) {
      const L = computeLayout(960, players, 750);
      expect(bottomOfBoard(L)).toBeLessThanOrEqual(750);
      expect(L.frame.y + L.frame.h).toBeLessThanOrEqual(750);
      expect(L.cell).toBeGreaterThanOrEqual(24);
      expect(L.board.h).toBe(ROWS * L.cell);
    }
  });

  it('keeps the full-size cells when the window is tall enough, and never goes below 24 px', () => {
    expect(computeLayout(960, 4, 2000).cell).toBe(computeLayout(960, 4).cell);
    expect(computeLayout(960, 4).cell).toBeGreaterThan(computeLayout(960, 4, 750).cell);
    expect(computeLayout(960, 4, 200).cell).toBe(24);
  });

  it('leaves a phone board at the width it fills (the page scrolls there)', () => {
    expect(computeLayout(390, 4, 500).cell).toBe(computeLayout(390, 4).cell);
  });

  it('gives a two-line header a line more and moves everything under it down by as much', () => {
    const one = computeLayout(390, 4);
    const two = computeLayout(390, 4, Infinity, 2);
    expect(two.header.h).toBeGreaterThan(one.header.h);
    expect(two.caption.y - one.caption.y).toBe(two.header.h - one.header.h);
    expect(two.board.y - one.board.y).toBe(two.header.h - one.header.h);
    expect(two.caption.y).toBeGreaterThanOrEqual(two.header.y + two.header.h);
  });
});
