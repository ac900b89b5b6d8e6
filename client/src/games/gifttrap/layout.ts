/** Where everything goes on the Gift Trap table, for a given canvas width. Pure geometry. */
import type { Rect } from '../common/geometry.js';

export interface TableLayout {
  W: number;
  H: number;
  narrow: boolean;
  pad: number;
  header: Rect;
  tracks: { give: Rect; get: Rect; labelW: number };
  cards: Rect[];
  tray: Rect | null;
  trayTiles: Rect[];
  plates: Rect[];
}

export function computeLayout(W: number, slotCount: number, players: number, showTray: boolean): TableLayout {
  const narrow = W < 640;
  const pad = narrow ? 10 : 18;
  const gap = narrow ? 8 : 14;
  const inner = W - 2 * pad;
  let y = pad;

  const header: Rect = { x: pad, y, w: inner, h: 26 };
  y += header.h + 6;

  const trackH = narrow ? 52 : 58;
  const give: Rect = { x: pad, y, w: inner, h: trackH };
  y += trackH;
  const get: Rect = { x: pad, y, w: inner, h: trackH };
  y += trackH + (narrow ? 10 : 16);

  // Cards: as many columns as fit at a comfortable size, rows balanced.
  const count = Math.max(1, slotCount);
  const minW = narrow ? 96 : 112;
  const maxW = narrow ? 140 : 150;
  let cols = Math.min(count, Math.max(1, Math.floor((inner + gap) / (minW + gap))));
  const rows = Math.ceil(count / cols);
  cols = Math.ceil(count / rows);
  const cardW = Math.min(maxW, (inner - (cols - 1) * gap) / cols);
  const cardH = Math.round(cardW * (narrow ? 1.1 : 1.22));
  const cards: Rect[] = [];
  for (let r = 0; r < rows; r++) {
    const inRow = Math.min(cols, count - r * cols);
    const rowW = inRow * cardW + (inRow - 1) * gap;
    const x0 = pad + (inner - rowW) / 2;
    for (let c = 0; c < inRow; c++) cards.push({ x: x0 + c * (cardW + gap), y: y + r * (cardH + gap), w: cardW, h: cardH });
  }
  y += rows * cardH + (rows - 1) * gap + (narrow ? 12 : 18);

  let tray: Rect | null = null;
  const trayTiles: Rect[] = [];
  if (showTray) {
    const tileW = narrow ? 76 : 92;
    const tileH = 44;
    const tgap = narrow ? 8 : 12;
    tray = { x: pad, y, w: inner, h: tileH + 8 };
    const rowW = 4 * tileW + 3 * tgap;
    const x0 = pad + (inner - rowW) / 2;
    for (let i = 0; i < 4; i++) trayTiles.push({ x: x0 + i * (tileW + tgap), y: y + 4, w: tileW, h: tileH });
    y += tray.h + (narrow ? 12 : 18);
  }

  const pcols = narrow ? 2 : Math.min(players, W >= 980 ? 4 : 3);
  const prow = Math.ceil(players / pcols);
  const plateW = (inner - (pcols - 1) * gap) / pcols;
  const plateH = narrow ? 84 : 92;
  const plates: Rect[] = [];
  for (let i = 0; i < players; i++) {
    const r = Math.floor(i / pcols);
    const c = i % pcols;
    plates.push({ x: pad + c * (plateW + gap), y: y + r * (plateH + gap), w: plateW, h: plateH });
  }
  y += prow * plateH + (prow - 1) * gap + pad;

  return { W, H: Math.ceil(y), narrow, pad, header, tracks: { give, get, labelW: narrow ? 50 : 74 }, cards, tray, trayTiles, plates };
}
