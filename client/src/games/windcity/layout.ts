/** Where everything goes on the Wind City table, for a given canvas width. Pure geometry. */
import { COLS, ROWS, colOf, rowOf } from '@fireside/shared/games/windcity/board';
import type { Pt, Rect } from '../common/geometry.js';

export interface WcLayout {
  W: number;
  H: number;
  narrow: boolean;
  pad: number;
  /** The turn and phase, then the deck; on two lines (the deck under the title) when one is too short for them. */
  header: Rect;
  headerLines: 1 | 2;
  /** The latest event, under the header. */
  caption: Rect;
  /** The grid itself (8 × 15 cells; north up). */
  board: Rect;
  /** The frame around the grid, with room for labels and the wrap arrows. */
  frame: Rect;
  cell: number;
  /** Width of the strip beside each east/west edge where wrapping steps leave and come back. */
  edge: number;
  plates: Rect[];
  /** The card: a title line and five action tiles. */
  cardPanel: Rect;
  tiles: Rect[];
  /** Under the tiles: the plan's total. */
  planLine: Rect;
}

/**
 * `maxH`: on a wide screen the board's cells shrink (down to 24 px) so that
 * the whole table fits in this height — the window's, from the canvas down
 * (pixi-scene.ts) — and the sea rows where the hurricane starts are never
 * below the fold. On a phone the board keeps the width's cell size.
 * `headerLines`: 2 when the header's title and deck line cannot share one
 * line (French on a phone); the scene measures that (widgets/header.ts).
 */
export function computeLayout(W: number, players: number, maxH = Infinity, headerLines: 1 | 2 = 1): WcLayout {
  const narrow = W < 700;
  const pad = narrow ? 8 : 14;
  const gap = narrow ? 8 : 14;
  const inner = W - 2 * pad;
  let y = pad;
  const header: Rect = { x: pad, y, w: inner, h: (narrow ? 22 : 26) + (headerLines - 1) * (narrow ? 15 : 17) };
  y += header.h + 2;
  const caption: Rect = { x: pad, y, w: inner, h: narrow ? 20 : 22 };
  y += caption.h + (narrow ? 4 : 8);

  const labelW = narrow ? 16 : 20;
  const edge = narrow ? 8 : 12;
  const bottomLabel = narrow ? 14 : 16;
  let cell: number;
  if (narrow) {
    cell = Math.floor(Math.min(56, (inner - labelW - 2 * edge - 4) / COLS));
  } else {
    // The board takes a bit more than half the width; the players and the card go beside it.
    const boardMax = Math.max(320, inner - 280 - gap);
    cell = Math.floor(Math.min(52, (boardMax - labelW - 2 * edge - 4) / COLS));
    // Everything above and below the rows: the header and caption, the column letters, the paddings.
    const around = y + bottomLabel + 8 + pad;
    cell = Math.min(cell, Math.floor((maxH - around) / ROWS));
  }
  cell = Math.max(24, cell);
  const frameW = labelW + 2 * edge + COLS * cell + 4;
  const frameH = ROWS * cell + bottomLabel + 8;
  const frame: Rect = { x: narrow ? pad + (inner - frameW) / 2 : pad, y, w: frameW, h: frameH };
  const board: Rect = { x: frame.x + labelW + edge + 2, y: frame.y + 4, w: COLS * cell, h: ROWS * cell };

  const plates: Rect[] = [];
  const tiles: Rect[] = [];
  let cardPanel: Rect;
  let planLine: Rect;
  if (narrow) {
    y += frameH + gap;
    const pcols = 2;
    const plateW = (inner - gap) / pcols;
    const plateH = 54;
    for (let i = 0; i < players; i++) {
      const r = Math.floor(i / pcols);
      const c = i % pcols;
      plates.push({ x: pad + c * (plateW + gap), y: y + r * (plateH + 6), w: plateW, h: plateH });
    }
    y += Math.ceil(players / pcols) * (plateH + 6) - 6 + gap;
    const tgap = 5;
    const tw = (inner - 4 * tgap) / 5;
    const th = 62;
    cardPanel = { x: pad, y, w: inner, h: 24 + th + 26 };
    for (let k = 0; k < 5; k++) tiles.push({ x: pad + k * (tw + tgap), y: y + 24, w: tw, h: th });
    planLine = { x: pad, y: y + 24 + th + 4, w: inner, h: 20 };
    y += cardPanel.h + pad;
    return { W, H: Math.ceil(y), narrow, pad, header, headerLines, caption, board, frame, cell, edge, plates, cardPanel, tiles, planLine };
  }
  const sideX = frame.x + frame.w + gap;
  const sideW = W - pad - sideX;
  let sy = frame.y;
  const plateH = 58;
  for (let i = 0; i < players; i++) {
    plates.push({ x: sideX, y: sy, w: sideW, h: plateH });
    sy += plateH + 6;
  }
  sy += gap - 6;
  const th = 44;
  const tgap = 6;
  cardPanel = { x: sideX, y: sy, w: sideW, h: 26 + 5 * th + 4 * tgap + 28 };
  for (let k = 0; k < 5; k++) tiles.push({ x: sideX, y: sy + 26 + k * (th + tgap), w: sideW, h: th });
  planLine = { x: sideX, y: sy + 26 + 5 * th + 4 * tgap + 6, w: sideW, h: 20 };
  sy += cardPanel.h;
  const H = Math.ceil(Math.max(frame.y + frame.h, sy) + pad);
  return { W, H, narrow, pad, header, headerLines, caption, board, frame, cell, edge, plates, cardPanel, tiles, planLine };
}

/** The rectangle of a square (north up). */
export function cellRect(L: WcLayout, col: number, row: number): Rect {
  return { x: L.board.x + col * L.cell, y: L.board.y + (ROWS - 1 - row) * L.cell, w: L.cell, h: L.cell };
}

export function squareCentre(L: WcLayout, sq: number): Pt {
  const r = cellRect(L, colOf(sq), rowOf(sq));
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}

/** The square under a point of the canvas, or null. */
export function squareAt(L: WcLayout, x: number, y: number): number | null {
  const col = Math.floor((x - L.board.x) / L.cell);
  const rowFromTop = Math.floor((y - L.board.y) / L.cell);
  if (col < 0 || col >= COLS || rowFromTop < 0 || rowFromTop >= ROWS) return null;
  return (ROWS - 1 - rowFromTop) * COLS + col;
}
