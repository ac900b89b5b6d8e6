/** Where everything goes on the Santa Claus table, for a given canvas width. Pure geometry. */
import type { Town } from '@fireside/shared/games/santa/types';
import type { Pt, Rect } from '../common/geometry.js';

export interface SantaLayout {
  W: number;
  H: number;
  narrow: boolean;
  pad: number;
  header: Rect;
  /** The night-time town panel. */
  board: Rect;
  /** Pixels per lattice step. */
  cell: number;
  /** Pixel position of lattice (0, 0). */
  origin: Pt;
  /** Phones: the town is turned a quarter (north to the right) so it fills a portrait screen with bigger houses. */
  rotated: boolean;
  rows: number;
  /** A strip at the bottom of the board for the latest event (room for two lines on a phone). */
  caption: Rect;
  /** The height of a one-line caption. */
  captionLine: number;
  plates: Rect[];
  /** Card slot on each plate (the card of this round). */
  plateCards: Rect[];
  hand: Rect | null;
  /** By card value - 1. */
  cards: Rect[];
  /** Sizes derived from the cell. */
  houseW: number;
  counterR: number;
  showNames: boolean;
}

/** Margin around the lattice, in cells (paths curve a little outside it). */
const MARGIN_X = 0.62;
const MARGIN_TOP = 0.62;

export function computeLayout(W: number, town: Town, players: number, showHand: boolean): SantaLayout {
  const narrow = W < 640;
  const pad = narrow ? 8 : 16;
  const gap = narrow ? 6 : 12;
  const inner = W - 2 * pad;
  let y = pad;

  const header: Rect = { x: pad, y, w: inner, h: narrow ? 24 : 28 };
  y += header.h + (narrow ? 4 : 8);

  // A wide town on a narrow portrait screen: turn it a quarter so that its houses are a third bigger.
  const rotated = narrow && town.cols > town.rows;
  const across = rotated ? town.rows : town.cols;
  const down = rotated ? town.cols : town.rows;
  const spanX = across - 1 + 2 * MARGIN_X;
  const cell = Math.min(narrow ? 64 : 84, inner / spanX);
  const showNames = cell >= 62;
  const captionLine = narrow ? 24 : 30;
  const captionH = narrow ? 36 : captionLine;
  const bottomM = showNames ? 0.72 : 0.5;
  const boardW = spanX * cell;
  const boardH = (down - 1 + MARGIN_TOP + bottomM) * cell + captionH;
  const board: Rect = { x: pad + (inner - boardW) / 2, y, w: boardW, h: boardH };
  const origin = { x: board.x + MARGIN_X * cell, y: board.y + MARGIN_TOP * cell };
  const caption: Rect = { x: board.x + 8, y: board.y + board.h - captionH - 4, w: board.w - 16, h: captionH };
  y += boardH + gap;

  const { plates, plateCards, h: platesH } = placePlates(narrow, pad, gap, inner, y, players);
  y += platesH;

  let hand: Rect | null = null;
  let cards: Rect[] = [];
  if (showHand) {
    y += gap + 4;
    ({ hand, cards } = placeHand(narrow, pad, inner, y));
    y += hand.h;
  }
  y += pad;

  return {
    W,
    H: Math.ceil(y),
    narrow,
    pad,
    header,
    board,
    cell,
    origin,
    rotated,
    rows: town.rows,
    caption,
    captionLine,
    plates,
    plateCards,
    hand,
    cards,
    houseW: Math.max(18, cell * (narrow ? 0.5 : 0.46)),
    counterR: Math.max(7.5, cell * 0.15),
    showNames,
  };
}

/** The players' plates from `y` down: 2 columns on phones, up to 4 in a row otherwise, each with its card slot; and their height. */
function placePlates(narrow: boolean, pad: number, gap: number, inner: number, y: number, players: number): { plates: Rect[]; plateCards: Rect[]; h: number } {
  const pcols = narrow ? 2 : Math.min(players, 4);
  const prow = Math.ceil(players / pcols);
  const plateW = (inner - (pcols - 1) * gap) / pcols;
  const plateH = narrow ? 58 : 66;
  const plates: Rect[] = [];
  const plateCards: Rect[] = [];
  const cw = narrow ? 27 : 32;
  const ch = Math.round(cw * 1.38);
  for (let i = 0; i < players; i++) {
    const r = Math.floor(i / pcols);
    const c = i % pcols;
    const rect = { x: pad + c * (plateW + gap), y: y + r * (plateH + gap), w: plateW, h: plateH };
    plates.push(rect);
    plateCards.push({ x: rect.x + rect.w - cw - 8, y: rect.y + (rect.h - ch) / 2, w: cw, h: ch });
  }
  return { plates, plateCards, h: prow * plateH + (prow - 1) * gap };
}

/** My thirteen cards from `y` down: one row, or two on a phone (a card lifts when picked). */
function placeHand(narrow: boolean, pad: number, inner: number, y: number): { hand: Rect; cards: Rect[] } {
  const perRow = narrow ? 7 : 13;
  const rows = Math.ceil(13 / perRow);
  const cgap = narrow ? 5 : 7;
  const cardW = Math.min(58, (inner - (perRow - 1) * cgap) / perRow);
  const cardH = Math.round(cardW * 1.36);
  const lift = 8;
  const cards: Rect[] = [];
  for (let k = 0; k < 13; k++) {
    const r = Math.floor(k / perRow);
    const inRow = Math.min(perRow, 13 - r * perRow);
    const rowW = inRow * cardW + (inRow - 1) * cgap;
    const x0 = pad + (inner - rowW) / 2;
    const c = k - r * perRow;
    cards.push({ x: x0 + c * (cardW + cgap), y: y + lift + r * (cardH + cgap), w: cardW, h: cardH });
  }
  return { hand: { x: pad, y, w: inner, h: rows * cardH + (rows - 1) * cgap + lift }, cards };
}

export function latticeToPx(L: SantaLayout, col: number, row: number): Pt {
  if (L.rotated) return { x: L.origin.x + (L.rows - 1 - row) * L.cell, y: L.origin.y + col * L.cell };
  return { x: L.origin.x + col * L.cell, y: L.origin.y + row * L.cell };
}

/**
 * Points along a smooth curve through the given points (Catmull–Rom), for the
 * winding paths: drawn from these samples, and counters follow them.
 */
export function smoothCurve(points: Pt[], samplesPerSegment = 12): Pt[] {
  if (points.length < 3) {
    // A gentle bow for a path without control points, so it never looks like a street.
    if (points.length === 2) {
      const [a, b] = points;
      const mid = { x: (a.x + b.x) / 2 - (b.y - a.y) * 0.25, y: (a.y + b.y) / 2 + (b.x - a.x) * 0.25 };
      return smoothCurve([a, mid, b], samplesPerSegment);
    }
    return points.slice();
  }
  const out: Pt[] = [];
  const p = [points[0], ...points, points[points.length - 1]];
  for (let i = 1; i < p.length - 2; i++) {
    const [p0, p1, p2, p3] = [p[i - 1], p[i], p[i + 1], p[i + 2]];
    for (let k = 0; k < samplesPerSegment; k++) {
      const t = k / samplesPerSegment;
      const t2 = t * t;
      const t3 = t2 * t;
      out.push({
        x: 0.5 * (2 * p1.x + (-p0.x + p2.x) * t + (2 * p0.x - 5 * p1.x + 4 * p2.x - p3.x) * t2 + (-p0.x + 3 * p1.x - 3 * p2.x + p3.x) * t3),
        y: 0.5 * (2 * p1.y + (-p0.y + p2.y) * t + (2 * p0.y - 5 * p1.y + 4 * p2.y - p3.y) * t2 + (-p0.y + 3 * p1.y - 3 * p2.y + p3.y) * t3),
      });
    }
  }
  out.push(points[points.length - 1]);
  return out;
}

/** The point at fraction k (0..1) of a polyline's length. */
export function alongPolyline(pts: Pt[], k: number): Pt {
  if (pts.length === 1) return pts[0];
  const lens: number[] = [];
  let total = 0;
  for (let i = 1; i < pts.length; i++) {
    const d = Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
    lens.push(d);
    total += d;
  }
  let want = Math.max(0, Math.min(1, k)) * total;
  for (let i = 0; i < lens.length; i++) {
    if (want <= lens[i] || i === lens.length - 1) {
      const f = lens[i] ? Math.min(1, want / lens[i]) : 1;
      return { x: pts[i].x + (pts[i + 1].x - pts[i].x) * f, y: pts[i].y + (pts[i + 1].y - pts[i].y) * f };
    }
    want -= lens[i];
  }
  return pts[pts.length - 1];
}
