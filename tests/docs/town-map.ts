/**
 * Santa's town drawn as text, the way docs/rules/santa.md shows it: house
 * labels on the lattice, `-` `|` `/` `\` for the streets (paths are listed in
 * the doc's table, not drawn). The test compares the doc's drawing with this.
 */
import type { Town } from '@fireside/shared/games/santa/types';

/** Width of a lattice column in characters. */
const W = 5;

export function townMap(town: Town): string {
  const at = new Map(town.houses.map((h) => [`${h.col},${h.row}`, h.id]));
  const streets = new Set(town.streets.map((s) => `${Math.min(s.a, s.b)}-${Math.max(s.a, s.b)}`));
  const house = (col: number, row: number) => at.get(`${col},${row}`);
  const joined = (a: number | undefined, b: number | undefined) => a !== undefined && b !== undefined && streets.has(`${Math.min(a, b)}-${Math.max(a, b)}`);
  const cols = Array.from({ length: town.cols }, (_, c) => c);
  const lines = ['      ' + cols.map((c) => String(c).padEnd(W)).join('')];
  for (let r = 0; r < town.rows; r++) {
    const label = (c: number) => {
      const h = house(c, r);
      return h === undefined ? '  ' : town.houses[h].label.padStart(2);
    };
    lines.push(String(r).padEnd(4) + cols.map((c) => label(c) + (c < town.cols - 1 ? (joined(house(c, r), house(c + 1, r)) ? ' - ' : '   ') : '')).join(''));
    if (r === town.rows - 1) break;
    const between = cols.map((c) => {
      const down = ' ' + (joined(house(c, r), house(c, r + 1)) ? '|' : ' ');
      if (c === town.cols - 1) return down;
      const diagonal = joined(house(c, r), house(c + 1, r + 1)) ? '\\' : joined(house(c + 1, r), house(c, r + 1)) ? '/' : ' ';
      return `${down} ${diagonal} `;
    });
    lines.push('    ' + between.join(''));
  }
  return lines.map((l) => l.trimEnd()).join('\n');
}
