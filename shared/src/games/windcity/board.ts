/**
 * Wind City: the board as data. A grid 8 columns wide and 15 rows high; row 0
 * is the southmost. Rows 0–2 are the sea; then four land sections of three
 * rows each, south to north. Row 3 (the first land row) is the beach row. Each
 * of the five sections has two observatories on fixed squares (none on the
 * beach row), where no house may stand.
 */
import type { Dir, Section, SquareId } from './types.js';

export const COLS = 8;
export const ROWS = 15;
export const SQUARES = COLS * ROWS;
/** Rows 0..SEA_ROWS-1 are the sea. */
export const SEA_ROWS = 3;
export const BEACH_ROW = 3;
export const TOP_ROW = ROWS - 1;
/** Kauf is not allowed while the hurricane stands in the top three rows. */
export const KAUF_TOP_ROWS = 3;

export const squareId = (col: number, row: number): SquareId => row * COLS + col;
export const colOf = (sq: SquareId): number => sq % COLS;
export const rowOf = (sq: SquareId): number => Math.floor(sq / COLS);
export const isSquare = (sq: number): boolean => Number.isInteger(sq) && sq >= 0 && sq < SQUARES;

export const sectionOfRow = (row: number): Section => (row < SEA_ROWS ? 0 : ((1 + Math.floor((row - SEA_ROWS) / 3)) as Section));
export const sectionOf = (sq: SquareId): Section => sectionOfRow(rowOf(sq));
export const isLand = (sq: SquareId): boolean => rowOf(sq) >= SEA_ROWS;
export const isBeach = (sq: SquareId): boolean => rowOf(sq) === BEACH_ROW;
/** The rows of a section, south to north. */
export const sectionRows = (s: Section): number[] => (s === 0 ? [0, 1, 2] : [0, 1, 2].map((i) => SEA_ROWS + 3 * (s - 1) + i));

/** Observatories [col, row], two per section. */
// prettier-ignore
export const OBSERVATORY_CELLS: readonly (readonly [number, number])[] = [
  [1, 1], [5, 2], // the sea
  [6, 4], [2, 5], // section 1 (beach row 3 kept free)
  [4, 6], [0, 8], // section 2
  [5, 9], [1, 11], // section 3
  [3, 12], [6, 13], // section 4
];
export const OBSERVATORIES: readonly SquareId[] = OBSERVATORY_CELLS.map(([c, r]) => squareId(c, r));
const OBS = new Set(OBSERVATORIES);
export const isObservatory = (sq: SquareId): boolean => OBS.has(sq);

/**
 * One step from `sq` the way `dir`. East and west wrap around. Returns
 * 'off-south' for a step south off row 0 (not taken) and 'off-north' for a
 * step north off the top row (the hurricane leaves; the game ends).
 */
export function step(sq: SquareId, dir: Dir): { to: SquareId; wrapped: boolean } | 'off-south' | 'off-north' {
  const col = colOf(sq);
  const row = rowOf(sq);
  switch (dir) {
    case 'N':
      return row === TOP_ROW ? 'off-north' : { to: squareId(col, row + 1), wrapped: false };
    case 'S':
      return row === 0 ? 'off-south' : { to: squareId(col, row - 1), wrapped: false };
    case 'E':
      return col === COLS - 1 ? { to: squareId(0, row), wrapped: true } : { to: sq + 1, wrapped: false };
    case 'W':
      return col === 0 ? { to: squareId(COLS - 1, row), wrapped: true } : { to: sq - 1, wrapped: false };
  }
}

/** Column distance with the east–west wrap. */
export const colDistance = (a: number, b: number): number => {
  const d = Math.abs(a - b);
  return Math.min(d, COLS - d);
};

// ---------------------------------------------------------------------------
// Player-count parameters

export const HOUSES_PER_PLAYER = 12;
export const START_COINS = 40;

/** The land sections in play. */
export function sectionsInPlay(players: number): Section[] {
  return players >= 5 ? [1, 2, 3, 4] : players === 4 ? [1, 2, 3] : [1, 2];
}
/** Houses each player puts in each section in play. */
export const sectionQuota = (players: number): number => HOUSES_PER_PLAYER / sectionsInPlay(players).length;
export const BEACH_MIN = 1;
export const beachMax = (players: number): number => (players >= 5 ? 2 : 3);
