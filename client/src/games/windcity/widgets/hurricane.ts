/** The hurricane on the board: its storm drawing (remade only when the cells change size), where it stands, and its spin. */
import { Container } from 'pixi.js';
import type { SquareId } from '@fireside/shared/games/windcity/types';
import { squareCentre, type WcLayout } from '../layout.js';
import { stormShape } from './shapes.js';

export class HurricaneWidget {
  /** The act's animation moves and fades this container itself. */
  readonly view = new Container();
  private cell = 0;

  /** Stand on `sq` (hidden when null), whole and opaque. */
  place(L: WcLayout, sq: SquareId | null): void {
    if (this.cell !== L.cell) {
      for (const c of this.view.removeChildren()) c.destroy({ children: true });
      this.cell = L.cell;
      this.view.addChild(stormShape(L.cell));
    }
    this.view.visible = sq !== null;
    this.view.alpha = 1;
    if (sq !== null) {
      const p = squareCentre(L, sq);
      this.view.position.set(p.x, p.y);
    }
  }
}
