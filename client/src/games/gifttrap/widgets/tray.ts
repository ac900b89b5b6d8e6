/** The wish tiles (+3, +2, +1, −4) to drag or pick while wishing: each dims once placed and shows where it went. */
import { Container, Graphics, Rectangle, type FederatedPointerEvent, type Text } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import { tableText } from '../../common/pixi-scene.js';
import type { Rect } from '../../common/geometry.js';
import { WANT_COLOR, WANT_KINDS, WANT_LABEL, type WantKind } from '../model.js';
import type { SceneState, Token } from '../scene-types.js';
import { C, Inputs, hex, place } from './theme.js';
import { FitText } from './text.js';

export interface TrayInput {
  startDrag(token: Token, e: FederatedPointerEvent): void;
}

class WishTile {
  readonly view = new Container();
  private g = new Graphics();
  private value: Text;
  private where: FitText;
  private inputs = new Inputs();

  constructor(kind: WantKind, input: TrayInput) {
    this.view.addChild(this.g);
    this.value = tableText(this.view, WANT_LABEL[kind], { fontSize: 17, fontWeight: '900', fill: 0xffffff }, 10, 0, 0, 0.5);
    this.where = new FitText(this.view, { fontWeight: '700', fill: 0xffffff }, 1, 0.5);
    this.view.eventMode = 'static';
    this.view.cursor = 'grab';
    this.view.on('pointerdown', (e: FederatedPointerEvent) => input.startDrag({ kind: 'want', want: kind }, e));
  }

  update(r: Rect, kind: WantKind, placed: number | undefined, selected: boolean): void {
    place(this.view, r.x, r.y);
    if (this.inputs.changed(r.w, r.h, placed !== undefined, selected)) {
      const g = this.g
        .clear()
        .roundRect(0, 0, r.w, r.h, 9)
        .fill({ color: hex(WANT_COLOR[kind]), alpha: placed !== undefined ? 0.45 : 1 });
      if (selected) g.roundRect(-3, -3, r.w + 6, r.h + 6, 11).stroke({ width: 3, color: C.gold });
      else g.roundRect(0, 0, r.w, r.h, 9).stroke({ width: 1.5, color: 0xffffff, alpha: 0.7 });
      this.view.hitArea = new Rectangle(0, 0, r.w, r.h);
    }
    place(this.value, 10, r.h / 2 + 1);
    // The wish's name (or where it lies) takes the width the value leaves.
    const label = placed !== undefined ? `→ ${placed + 1}` : t(`gifttrap.want.${kind}`);
    const where = this.where.set(label, 11, r.w - 7 - (10 + this.value.width) - 5, 9);
    place(where, r.w - 7, r.h / 2 + 1);
  }
}

export class TrayWidget {
  readonly view = new Container();
  private tiles: WishTile[];

  constructor(input: TrayInput) {
    this.tiles = WANT_KINDS.map((kind) => new WishTile(kind, input));
    for (const tile of this.tiles) this.view.addChild(tile.view);
  }

  update(rects: Rect[], s: SceneState): void {
    this.view.visible = rects.length > 0;
    if (!this.view.visible) return;
    WANT_KINDS.forEach((kind, i) => {
      const selected = s.selected?.kind === 'want' && s.selected.want === kind;
      this.tiles[i].update(rects[i], kind, s.want.wants[kind], selected);
    });
  }
}
