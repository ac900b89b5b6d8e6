/**
 * The wish tiles (+3, +2, +1, −4) to drag or pick while wishing: each dims
 * once placed and shows where it went. Each shows its value and its name (or
 * the gift it lies on) side by side, or, when a name is too long for that in
 * this language (French, Japanese on a phone), every tile shows them one
 * above the other.
 */
import { Container, Graphics, Rectangle, Text, type FederatedPointerEvent } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import { TABLE_FONT, tableText } from '../../common/pixi-scene.js';
import type { Rect } from '../../common/geometry.js';
import { WANT_COLOR, WANT_KINDS, WANT_LABEL, type WantKind } from '../model.js';
import type { SceneState, Token } from '../scene-types.js';
import { C, Inputs, hex, place } from './theme.js';
import { FitText } from './text.js';

export interface TrayInput {
  startDrag(token: Token, e: FederatedPointerEvent): void;
}

const LABEL_SIZE = 11;

class WishTile {
  readonly view = new Container();
  private g = new Graphics();
  private value: Text;
  private label: FitText;
  private inputs = new Inputs();

  constructor(
    readonly kind: WantKind,
    input: TrayInput,
  ) {
    this.view.addChild(this.g);
    this.value = tableText(this.view, WANT_LABEL[kind], { fontSize: 17, fontWeight: '900', fill: 0xffffff }, 0, 0);
    this.label = new FitText(this.view, { fontWeight: '700', fill: 0xffffff });
    this.view.eventMode = 'static';
    this.view.cursor = 'grab';
    this.view.on('pointerdown', (e: FederatedPointerEvent) => input.startDrag({ kind: 'want', want: kind }, e));
  }

  /** The wish's name, or the gift it lies on. */
  text(placed: number | undefined): string {
    return placed !== undefined ? `→ ${placed + 1}` : t(`gifttrap.want.${this.kind}`);
  }

  /** Whether the wish's name, `width` pixels wide at the label's size, fits beside the value on a tile `w` wide. */
  fitsBeside(w: number, width: number): boolean {
    return width <= this.roomBeside(w);
  }

  private roomBeside(w: number): number {
    return w - 7 - (10 + this.value.width) - 5;
  }

  update(r: Rect, placed: number | undefined, selected: boolean, stacked: boolean): void {
    place(this.view, r.x, r.y);
    if (this.inputs.changed(r.w, r.h, placed !== undefined, selected)) {
      const g = this.g
        .clear()
        .roundRect(0, 0, r.w, r.h, 9)
        .fill({ color: hex(WANT_COLOR[this.kind]), alpha: placed !== undefined ? 0.45 : 1 });
      if (selected) g.roundRect(-3, -3, r.w + 6, r.h + 6, 11).stroke({ width: 3, color: C.gold });
      else g.roundRect(0, 0, r.w, r.h, 9).stroke({ width: 1.5, color: 0xffffff, alpha: 0.7 });
      this.view.hitArea = new Rectangle(0, 0, r.w, r.h);
    }
    const text = this.text(placed);
    if (stacked) {
      this.value.anchor.set(0.5, 0.5);
      place(this.value, r.w / 2, 14);
      const label = this.label.set(text, LABEL_SIZE, r.w - 8, 9);
      label.anchor.set(0.5, 0.5);
      place(label, r.w / 2, r.h - 12);
    } else {
      this.value.anchor.set(0, 0.5);
      place(this.value, 10, r.h / 2 + 1);
      const label = this.label.set(text, LABEL_SIZE, this.roomBeside(r.w), 9);
      label.anchor.set(1, 0.5);
      place(label, r.w - 7, r.h / 2 + 1);
    }
  }
}

export class TrayWidget {
  readonly view = new Container();
  private tiles: WishTile[];
  /** Measures the wishes' names off the stage. */
  private probe = new Text({ text: '', style: { fontFamily: TABLE_FONT, fontSize: LABEL_SIZE, fontWeight: '700' } });
  private stackInputs = new Inputs();
  private stacked = false;

  constructor(input: TrayInput) {
    this.tiles = WANT_KINDS.map((kind) => new WishTile(kind, input));
    for (const tile of this.tiles) this.view.addChild(tile.view);
  }

  update(rects: Rect[], s: SceneState): void {
    this.view.visible = rects.length > 0;
    if (!this.view.visible) return;
    // Every tile alike: all side by side, or all stacked if one name is too long (the wishes' names, not "→ 2").
    const names = this.tiles.map((tile) => tile.text(undefined));
    if (this.stackInputs.changed(rects[0].w, names.join('|'))) {
      this.stacked = this.tiles.some((tile, i) => {
        this.probe.text = names[i];
        return !tile.fitsBeside(rects[i].w, this.probe.width);
      });
    }
    this.tiles.forEach((tile, i) => {
      const selected = s.selected?.kind === 'want' && s.selected.want === tile.kind;
      tile.update(rects[i], s.want.wants[tile.kind], selected, this.stacked);
    });
  }

  destroy(): void {
    this.probe.destroy();
  }
}
