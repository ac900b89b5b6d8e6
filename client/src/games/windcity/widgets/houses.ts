/**
 * Every house on the board in its owner's colour: doubles as two houses,
 * premium ones (beach or double) with a gold star, insured ones in a white
 * frame with a shield. It draws the houses it is given (the board as shown,
 * which lags behind the view while an act is animated).
 */
import { Graphics } from 'pixi.js';
import type { HouseSquare } from '@fireside/shared/games/windcity/types';
import { isPremium } from '@fireside/shared/games/windcity/queries';
import { playerColorNum } from '../../colors.js';
import { squareCentre, type WcLayout } from '../layout.js';
import { C } from './palette.js';
import { Memo } from './memo.js';
import { houseShape, shieldShape, star } from './shapes.js';

export class HousesWidget {
  readonly view = new Graphics();
  private memo = new Memo();

  update(L: WcLayout, houses: readonly (HouseSquare | null)[]): void {
    if (!this.memo.changed(L.board, L.cell, houses)) return;
    const g = this.view;
    const cell = L.cell;
    g.clear();
    houses.forEach((h, sq) => {
      if (!h) return;
      const p = squareCentre(L, sq);
      if (h.insured) {
        // Insured: a white frame round the square (the house is "turned").
        g.roundRect(p.x - cell / 2 + 3, p.y - cell / 2 + 3, cell - 6, cell - 6, 5)
          .fill({ color: 0xffffff, alpha: 0.22 })
          .stroke({ width: 2, color: C.shield, alpha: 0.95 });
      }
      houseShape(g, p.x, p.y + cell * 0.04, cell * 0.62, playerColorNum(h.owner), h.count === 2);
      // Premium (beach or double): a gold star, worth 20.
      if (isPremium(sq, h)) star(g, p.x - cell * 0.32, p.y - cell * 0.3, cell * 0.12, C.gold);
      if (h.insured) shieldShape(g, p.x + cell * 0.3, p.y - cell * 0.28, cell * 0.14);
    });
  }
}
