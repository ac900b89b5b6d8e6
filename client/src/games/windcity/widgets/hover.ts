/** A white outline on the clickable square under the pointer. */
import { Graphics } from 'pixi.js';
import { colOf, rowOf } from '@fireside/shared/games/windcity/board';
import type { SquareId } from '@fireside/shared/games/windcity/types';
import { cellRect, type WcLayout } from '../layout.js';

export class HoverWidget {
  readonly view = new Graphics();
  square: SquareId | null = null;

  /** Outline `sq` (none while an action is on its way to the server). */
  show(L: WcLayout | null, sq: SquareId | null, sent: boolean): void {
    this.square = sq;
    this.view.clear();
    if (sq === null || !L || sent) return;
    const r = cellRect(L, colOf(sq), rowOf(sq));
    this.view.rect(r.x + 1, r.y + 1, r.w - 2, r.h - 2).stroke({ width: 3, color: 0xffffff, alpha: 0.9 });
  }
}
