/**
 * My plan's path on the board as it stands: its steps in my colour, a
 * numbered dot where each action stops (+5 on an observatory), and a red
 * cross on each house it would blow away.
 */
import { Container, Graphics, Text } from 'pixi.js';
import { playerColorNum } from '../../colors.js';
import type { Preview } from '../model.js';
import { squareCentre, type WcLayout } from '../layout.js';
import { C } from './palette.js';
import { Memo } from './memo.js';
import { makeText, setText } from './text.js';
import { stepLines } from './shapes.js';

export class PreviewWidget {
  readonly view = new Container();
  private lines = new Graphics();
  private dots = new Graphics();
  private crosses = new Graphics();
  /** Labels made as needed: the stops' numbers and the observatories' "+5". */
  private numbers: Text[] = [];
  private bonuses: Text[] = [];
  private memo = new Memo();

  constructor() {
    this.view.addChild(this.lines, this.dots, this.crosses);
  }

  update(L: WcLayout, p: Preview | null, me: number): void {
    if (!this.memo.changed(L.board, L.cell, p, me)) return;
    this.lines.clear();
    this.dots.clear();
    this.crosses.clear();
    const stops = p && me >= 0 ? this.draw(L, p, playerColorNum(me)) : [];
    this.placeLabels(L, stops);
  }

  /** Draws the path and the crosses; returns the stops to label. */
  private draw(L: WcLayout, p: Preview, color: number): { k: number; sq: number; observatory: boolean }[] {
    const cell = L.cell;
    const width = Math.max(3, cell * 0.09);
    for (const seg of p.segments) for (const st of seg.steps) stepLines(this.lines, L, st, st.extra ? 0xffffff : color, width, 0.95);
    const stops: { k: number; sq: number; observatory: boolean }[] = [];
    p.segments.forEach((seg, k) => {
      if (seg.stop === null || seg.kauf) return;
      const c = squareCentre(L, seg.stop);
      this.dots
        .circle(c.x - cell * 0.28, c.y + cell * 0.28, Math.max(8, cell * 0.2))
        .fill(color)
        .stroke({ width: 2, color: 0xffffff });
      stops.push({ k, sq: seg.stop, observatory: seg.observatory });
    });
    for (const sq of p.destroyed) {
      const c = squareCentre(L, sq);
      const d = cell * 0.3;
      this.crosses
        .moveTo(c.x - d, c.y - d)
        .lineTo(c.x + d, c.y + d)
        .moveTo(c.x + d, c.y - d)
        .lineTo(c.x - d, c.y + d)
        .stroke({ width: Math.max(3, cell * 0.08), color: C.bad, alpha: 0.95, cap: 'round' });
    }
    return stops;
  }

  private placeLabels(L: WcLayout, stops: { k: number; sq: number; observatory: boolean }[]): void {
    const cell = L.cell;
    const r = Math.max(8, cell * 0.2);
    while (this.numbers.length < stops.length) {
      this.numbers.push(makeText(this.view, { fontWeight: '900', fill: 0xffffff }, 0.5, 0.5));
      this.bonuses.push(makeText(this.view, { fontWeight: '900', fill: C.gold, stroke: { color: 0x000000, width: 3 } }, 0.5, 0.5));
    }
    this.numbers.forEach((num, i) => {
      const stop = stops[i];
      const bonus = this.bonuses[i];
      num.visible = bonus.visible = false;
      if (!stop) return;
      const c = squareCentre(L, stop.sq);
      setText(num, String(stop.k + 1), c.x - cell * 0.28, c.y + cell * 0.28, Math.round(r * 1.2));
      if (stop.observatory) setText(bonus, '+5', c.x + cell * 0.25, c.y + cell * 0.3, Math.round(r * 1.1));
    });
  }
}
