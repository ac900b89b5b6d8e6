/**
 * Santa Claus: the constraints of the rules on the town data
 * (docs/rules/santa.md#the-town), and the geometry helpers.
 */
import { describe, expect, it } from '@jest/globals';
import { DIRECTIONS, ELFENBEIN as T, directionBetween, neighbours, pathJoins, streetJoins, streetRay, streetStep, townGraph } from './town.js';

const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
const cheb = (a: number, b: number) => Math.max(Math.abs(T.houses[a].col - T.houses[b].col), Math.abs(T.houses[a].row - T.houses[b].row));

describe('the town of Elfenbein (data)', () => {
  it('has 30–40 houses on distinct integer lattice points inside the board, ids = indices, labelled', () => {
    expect(T.houses.length).toBeGreaterThanOrEqual(30);
    expect(T.houses.length).toBeLessThanOrEqual(40);
    const points = new Set<string>();
    T.houses.forEach((h, i) => {
      expect(h.id).toBe(i);
      expect(Number.isInteger(h.col) && Number.isInteger(h.row)).toBe(true);
      expect(h.col).toBeGreaterThanOrEqual(0);
      expect(h.col).toBeLessThan(T.cols);
      expect(h.row).toBeGreaterThanOrEqual(0);
      expect(h.row).toBeLessThan(T.rows);
      points.add(`${h.col},${h.row}`);
      expect(h.label.length).toBeGreaterThan(0);
      expect(h.name.en.length).toBeGreaterThan(0);
    });
    expect(points.size).toBe(T.houses.length);
    expect(new Set(T.houses.map((h) => h.label)).size).toBe(T.houses.length);
    // It reads well on a board: roughly 8×6, most lattice points used, some gaps.
    expect(T.cols * T.rows).toBeLessThanOrEqual(64);
    expect(T.houses.length).toBeLessThan(T.cols * T.rows);
    expect(T.houses.length / (T.cols * T.rows)).toBeGreaterThan(0.6);
  });

  it('has streets of one lattice step in one of the 8 directions, mostly orthogonal, no duplicates', () => {
    const seen = new Set<string>();
    let diagonal = 0;
    for (const { a, b } of T.streets) {
      expect(a).not.toBe(b);
      expect(T.houses[a]).toBeDefined();
      expect(T.houses[b]).toBeDefined();
      expect(cheb(a, b)).toBe(1);
      expect(directionBetween(T, a, b)).not.toBeNull();
      if (T.houses[a].col !== T.houses[b].col && T.houses[a].row !== T.houses[b].row) diagonal++;
      expect(seen.has(key(a, b))).toBe(false);
      seen.add(key(a, b));
    }
    expect(diagonal).toBeGreaterThan(0);
    expect(diagonal / T.streets.length).toBeLessThan(0.2);
  });

  it('has no two diagonal streets crossing each other', () => {
    const at = townGraph(T).at;
    for (const { a, b } of T.streets) {
      const ha = T.houses[a],
        hb = T.houses[b];
      if (ha.col === hb.col || ha.row === hb.row) continue;
      const c = at.get(`${ha.col},${hb.row}`);
      const d = at.get(`${hb.col},${ha.row}`);
      if (c !== undefined && d !== undefined) expect(streetJoins(T, c, d)).toBe(false);
    }
  });

  it('connects every house to every other by streets', () => {
    const dist = townGraph(T).streetDist;
    for (const row of dist) for (const d of row) expect(Number.isFinite(d)).toBe(true);
  });

  it('misses some streets, so the town has blocks and dead ends', () => {
    const at = townGraph(T).at;
    let missing = 0;
    for (const h of T.houses) {
      for (const [dc, dr] of [
        [1, 0],
        [0, 1],
      ]) {
        const n = at.get(`${h.col + dc},${h.row + dr}`);
        if (n !== undefined && !streetJoins(T, h.id, n)) missing++;
      }
    }
    expect(missing).toBeGreaterThanOrEqual(3);
    const deadEnds = T.houses.filter((h) => neighbours(T, h.id, false).length === 1);
    expect(deadEnds.length).toBeGreaterThanOrEqual(2);
    // Blocks: lattice cells whose four sides are not all streets.
    let blocks = 0;
    for (let c = 0; c < T.cols - 1; c++) {
      for (let r = 0; r < T.rows - 1; r++) {
        const corners = [`${c},${r}`, `${c + 1},${r}`, `${c + 1},${r + 1}`, `${c},${r + 1}`].map((k) => at.get(k));
        const sides = corners.every((x) => x !== undefined) ? corners.filter((x, i) => streetJoins(T, x!, corners[(i + 1) % 4]!)).length : 0;
        if (sides < 4) blocks++;
      }
    }
    expect(blocks).toBeGreaterThan(10);
  });

  it('has 8–14 curved paths, each joining two houses no street joins', () => {
    expect(T.paths.length).toBeGreaterThanOrEqual(8);
    expect(T.paths.length).toBeLessThanOrEqual(14);
    const seen = new Set<string>();
    for (const p of T.paths) {
      expect(p.a).not.toBe(p.b);
      expect(T.houses[p.a]).toBeDefined();
      expect(T.houses[p.b]).toBeDefined();
      expect(streetJoins(T, p.a, p.b)).toBe(false);
      expect(seen.has(key(p.a, p.b))).toBe(false);
      seen.add(key(p.a, p.b));
      expect(p.via.length).toBeGreaterThanOrEqual(1);
      for (const [x, y] of p.via) {
        expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
        expect(x).toBeGreaterThan(-0.5);
        expect(x).toBeLessThan(T.cols - 0.5);
        expect(y).toBeGreaterThan(-0.5);
        expect(y).toBeLessThan(T.rows - 0.5);
      }
    }
  });

  it('names every house in English, Japanese and French', () => {
    for (const h of T.houses) {
      expect(h.name.ja?.length).toBeGreaterThan(0);
      expect(h.name.fr?.length).toBeGreaterThan(0);
    }
  });
});

describe('geometry helpers', () => {
  it('gives neighbours by street, and by street or path', () => {
    // Inn (3,2): streets to Town Hall (3,1), Fountain House (3,3), Post Office (4,1); a path to Market.
    expect(neighbours(T, 14, false)).toEqual([8, 9, 20]);
    expect(neighbours(T, 14, true)).toEqual([8, 9, 15, 20]);
    expect(pathJoins(T, 14, 15)).toBe(true);
    expect(pathJoins(T, 15, 14)).toBe(true);
    expect(streetJoins(T, 14, 15)).toBe(false);
    for (const h of T.houses) {
      for (const n of neighbours(T, h.id, false)) expect(neighbours(T, n, false)).toContain(h.id);
      expect(neighbours(T, h.id, true).length).toBeGreaterThanOrEqual(neighbours(T, h.id, false).length);
    }
  });

  it('steps and rays go straight along streets only', () => {
    expect(DIRECTIONS).toHaveLength(8);
    // Column 7 is one long street: Clock Tower (7,1) down to Gingerbread House (7,5).
    expect(streetRay(T, 11, [0, 1])).toEqual([17, 23, 29, 35]);
    expect(streetRay(T, 35, [0, -1])).toEqual([29, 23, 17, 11]);
    // Row 3: Library – Fountain House – Church – Butcher, then a gap.
    expect(streetRay(T, 19, [1, 0])).toEqual([20, 21, 22]);
    // Diagonal street Post Office (4,1) – Inn (3,2).
    expect(streetStep(T, 9, [-1, 1])).toBe(14);
    // A missing street: Fountain House (3,3) – Café (3,4).
    expect(streetStep(T, 20, [0, 1])).toBeNull();
    // A path is not a street: Inn – Market.
    expect(streetStep(T, 14, [1, 0])).toBeNull();
    expect(directionBetween(T, 20, 21)).toEqual([1, 0]);
    expect(directionBetween(T, 20, 35)).toBeNull();
  });

  it('computes street and Santa distances', () => {
    const g = townGraph(T);
    expect(g.streetDist[14][15]).toBeGreaterThan(1);
    expect(g.santaDist[14][15]).toBe(1);
    for (let a = 0; a < T.houses.length; a++) {
      for (let b = 0; b < T.houses.length; b++) {
        expect(g.santaDist[a][b]).toBeLessThanOrEqual(g.streetDist[a][b]);
        expect(g.streetDist[a][b]).toBe(g.streetDist[b][a]);
      }
    }
  });
});
