/**
 * The city grid: the sea with its waves, the beach row, the four land
 * sections (those not in play greyed and hatched), the grid, the wrap strips
 * and arrows at the east and west edges, the observatories and the labels.
 * It changes only with the layout, the sections in play and the language.
 */
import { Container, Graphics, Text } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import { COLS, ROWS, SEA_ROWS, BEACH_ROW, OBSERVATORIES, sectionOfRow } from '@fireside/shared/games/windcity/board';
import { cellRect, squareCentre, type WcLayout } from '../layout.js';
import { C } from './palette.js';
import { Memo } from './memo.js';
import { makeText, setText } from './text.js';
import { observatoryShape } from './shapes.js';

const SECTIONS = [1, 2, 3, 4] as const;

/** The sea, the beach and the land, row by row; the sections not in play greyed out. */
function drawGround(g: Graphics, L: WcLayout, inPlay: Set<number>): void {
  const b = L.board;
  g.roundRect(L.frame.x, L.frame.y, L.frame.w, L.frame.h, 10).fill(C.frame);
  // Wrap strips at the east and west edges.
  g.rect(b.x - L.edge, b.y, L.edge, b.h).fill({ color: C.wave, alpha: 0.12 });
  g.rect(b.x + b.w, b.y, L.edge, b.h).fill({ color: C.wave, alpha: 0.12 });
  for (let row = 0; row < ROWS; row++) {
    const section = sectionOfRow(row);
    const r = cellRect(L, 0, row);
    let color: number;
    if (row < SEA_ROWS) color = row % 2 ? C.sea : C.seaDeep;
    else if (row === BEACH_ROW) color = C.sand;
    else color = C.land[section - 1];
    g.rect(b.x, r.y, b.w, L.cell).fill(color);
    if (row >= SEA_ROWS && !inPlay.has(section)) g.rect(b.x, r.y, b.w, L.cell).fill({ color: C.inactive, alpha: 0.78 });
  }
  // Waves on the sea.
  const cell = L.cell;
  for (let row = 0; row < SEA_ROWS; row++) {
    const r = cellRect(L, 0, row);
    for (let k = 0; k < COLS * 2; k++) {
      const x = b.x + (k + 0.25 + (row % 2) * 0.5) * (cell / 2);
      const y = r.y + cell * (0.35 + 0.3 * ((k + row) % 2));
      g.moveTo(x - cell * 0.12, y)
        .quadraticCurveTo(x, y - cell * 0.08, x + cell * 0.12, y)
        .stroke({ width: 1.5, color: C.wave, alpha: 0.45 });
    }
  }
}

/** Hatching over the sections not in play, the grid lines and the wrap arrows. */
function drawLines(g: Graphics, L: WcLayout, inPlay: Set<number>): void {
  const b = L.board;
  const cell = L.cell;
  for (const section of SECTIONS) {
    if (inPlay.has(section)) continue;
    const top = cellRect(L, 0, SEA_ROWS + 3 * (section - 1) + 2).y;
    const h = cell * 3;
    for (let x = -h; x < b.w; x += cell * 0.5) {
      const x0 = Math.max(0, x);
      const x1 = Math.min(b.w, x + h);
      if (x1 <= x0) continue;
      g.moveTo(b.x + x0, top + h - (x0 - x))
        .lineTo(b.x + x1, top + h - (x1 - x))
        .stroke({ width: 1, color: 0x000000, alpha: 0.22 });
    }
  }
  for (let c = 0; c <= COLS; c++)
    g.moveTo(b.x + c * cell, b.y)
      .lineTo(b.x + c * cell, b.y + b.h)
      .stroke({ width: 1, color: C.grid, alpha: 0.18 });
  for (let r = 0; r <= ROWS; r++)
    g.moveTo(b.x, b.y + r * cell)
      .lineTo(b.x + b.w, b.y + r * cell)
      .stroke({ width: r % 3 === 0 ? 2 : 1, color: C.grid, alpha: r % 3 === 0 ? 0.45 : 0.18 });
  for (const row of [1, 5, 9, 13]) {
    const y = cellRect(L, 0, row).y + cell / 2;
    const a = L.edge * 0.42;
    g.poly([b.x - L.edge + 2, y, b.x - 3, y - a, b.x - 3, y + a]).fill({ color: C.wave, alpha: 0.55 });
    g.poly([b.x + b.w + L.edge - 2, y, b.x + b.w + 3, y - a, b.x + b.w + 3, y + a]).fill({ color: C.wave, alpha: 0.55 });
  }
}

export class BoardWidget {
  readonly view = new Container();
  private ground = new Graphics();
  private observatories = new Graphics();
  private rows: Text[] = [];
  private cols: Text[] = [];
  /** "Not in play", one per section, shown over the sections left out. */
  private outLabels: Text[] = [];
  private sea: Text;
  private memo = new Memo();

  constructor() {
    this.view.addChild(this.ground, this.observatories);
    for (let row = 0; row < ROWS; row++) this.rows.push(makeText(this.view, { fill: C.muted, fontWeight: '600' }, 1, 0.5));
    for (let col = 0; col < COLS; col++) this.cols.push(makeText(this.view, { fill: C.muted, fontWeight: '700' }, 0.5, 0));
    for (let k = 0; k < SECTIONS.length; k++) {
      const tx = makeText(this.view, { fill: 0xe8e2d8, fontWeight: '700', stroke: { color: 0x2a2a2a, width: 3 } }, 0.5, 0.5);
      tx.alpha = 0.8;
      this.outLabels.push(tx);
    }
    this.sea = makeText(this.view, { fill: 0xcfeaff, fontStyle: 'italic' }, 1, 0.5);
    this.sea.alpha = 0.6;
  }

  update(L: WcLayout, sections: readonly number[]): void {
    const out = t('windcity.board.notInPlay');
    const sea = t('windcity.board.sea');
    if (!this.memo.changed(L.board, L.frame, L.cell, L.narrow, sections, out, sea)) return;
    const inPlay = new Set<number>(sections);
    this.ground.clear();
    drawGround(this.ground, L, inPlay);
    drawLines(this.ground, L, inPlay);
    this.observatories.clear();
    for (const sq of OBSERVATORIES) observatoryShape(this.observatories, squareCentre(L, sq), L.cell);
    this.placeLabels(L, inPlay, out, sea);
  }

  /** Rows at the left, columns under the board, the sea, the sections not in play. */
  private placeLabels(L: WcLayout, inPlay: Set<number>, out: string, sea: string): void {
    const b = L.board;
    const small = L.narrow ? 9 : 11;
    this.rows.forEach((tx, row) => setText(tx, String(row + 1), b.x - L.edge - 3, cellRect(L, 0, row).y + L.cell / 2, small));
    this.cols.forEach((tx, col) => setText(tx, 'ABCDEFGH'[col], b.x + (col + 0.5) * L.cell, b.y + b.h + 2, small));
    SECTIONS.forEach((section, k) => {
      const tx = this.outLabels[k];
      const r = cellRect(L, 0, SEA_ROWS + 3 * (section - 1) + 1);
      setText(tx, out, b.x + b.w / 2, r.y + L.cell / 2, L.narrow ? 11 : 13);
      tx.visible = !inPlay.has(section);
    });
    setText(this.sea, sea, b.x + b.w - 4, cellRect(L, 0, 1).y + L.cell * 0.5, small);
  }
}
