/**
 * The squares that respond to a click now (gold; chosen ones ember, with a
 * tick), and, for the seller in the market, the houses of each waiting
 * request outlined in the buyer's colour.
 */
import { Container, Graphics, Text } from 'pixi.js';
import { colOf, rowOf } from '@fireside/shared/games/windcity/board';
import type { SquareId } from '@fireside/shared/games/windcity/types';
import { playerColorNum } from '../../colors.js';
import { cellRect, squareCentre, type WcLayout } from '../layout.js';
import { C } from './palette.js';
import { Memo } from './memo.js';
import { makeText, setText } from './text.js';
import { dashedRect } from './shapes.js';

export interface MarksInput {
  clickable: SquareId[];
  selected: SquareId[];
  requests: { buyer: number; squares: SquareId[] }[];
  sent: boolean;
}

export class MarksWidget {
  readonly view = new Container();
  private g = new Graphics();
  /** Ticks on the chosen houses, made as needed and hidden when not. */
  private ticks: Text[] = [];
  private memo = new Memo();

  constructor() {
    this.view.addChild(this.g);
  }

  /** True when the marks changed (the hover follows them). */
  update(L: WcLayout, s: MarksInput): boolean {
    if (!this.memo.changed(L.board, L.cell, s.clickable, s.selected, s.requests, s.sent)) return false;
    const g = this.g;
    g.clear();
    if (!s.sent) {
      const sel = new Set(s.selected);
      for (const sq of s.clickable) {
        const r = cellRect(L, colOf(sq), rowOf(sq));
        const chosen = sel.has(sq);
        const color = chosen ? C.ember : C.gold;
        g.rect(r.x + 2, r.y + 2, r.w - 4, r.h - 4)
          .fill({ color, alpha: chosen ? 0.4 : 0.2 })
          .stroke({ width: chosen ? 3 : 2, color, alpha: 0.95 });
      }
    }
    for (const req of s.requests) {
      for (const sq of req.squares) {
        const r = cellRect(L, colOf(sq), rowOf(sq));
        dashedRect(g, r.x + 3, r.y + 3, r.w - 6, r.h - 6, playerColorNum(req.buyer));
      }
    }
    this.placeTicks(L, s.sent ? [] : s.selected);
    return true;
  }

  private placeTicks(L: WcLayout, squares: SquareId[]): void {
    const cell = L.cell;
    while (this.ticks.length < squares.length) {
      this.ticks.push(makeText(this.view, { fontWeight: '900', fill: 0xffffff, stroke: { color: C.ember, width: 3 } }, 0.5, 0.5));
    }
    this.ticks.forEach((tx, i) => {
      const sq = squares[i];
      if (sq === undefined) {
        tx.visible = false;
        return;
      }
      const p = squareCentre(L, sq);
      setText(tx, '✓', p.x + cell * 0.3, p.y + cell * 0.28, Math.round(cell * 0.34));
    });
  }
}
