/**
 * The bottom row of a player's plate: the wrapped gifts lying before them
 * (which glow and open on a click when it is their turn to open), then the
 * gifts they opened this round with what each was worth. Rebuilt only when
 * those gifts, or the room for them, change.
 */
import { Container, Graphics, Rectangle } from 'pixi.js';
import { tableText } from '../../common/pixi-scene.js';
import { tableIcon } from '../../../art/sprites.js';
import type { Rect } from '../../common/geometry.js';
import { formatValue, giftAt, type GiftTrapPublicView } from '../model.js';
import { C, Inputs } from './theme.js';
import { clear, giftBox } from './parts.js';

/** The size of the wrapped gifts before a plate `w` wide. */
export const boxSizeOf = (w: number) => (w < 190 ? 20 : 24);

/** Where the k-th wrapped gift lies on a plate (in the plate's coordinates when plate is at 0, 0). */
export function boxRect(plate: Rect, k: number, size = boxSizeOf(plate.w)): Rect {
  return { x: plate.x + 16 + k * (size + 6), y: plate.y + plate.h - size - 10, w: size, h: size };
}

/** The wrapped gifts before `seat`, by giver. */
export function boxesBefore(v: GiftTrapPublicView, seat: number): { from: number }[] {
  return v.closed.filter((c) => c.to === seat).sort((a, b) => a.from - b.from);
}

export class PlateGifts {
  readonly view = new Container();
  private boxes = new Container();
  private opened = new Container();
  private boxInputs = new Inputs();
  private openedInputs = new Inputs();

  constructor(
    private seat: number,
    private openFrom: (from: number) => void,
  ) {
    this.view.addChild(this.boxes, this.opened);
  }

  /** `openable`: these gifts are mine and I am opening; `reserved`: room kept at the right (my token while giving). */
  update(r: Rect, v: GiftTrapPublicView, openable: boolean, reserved: number): void {
    const froms = boxesBefore(v, this.seat).map((b) => b.from);
    const size = boxSizeOf(r.w);
    if (this.boxInputs.changed(r.w, r.h, froms.join(), openable)) this.drawBoxes(r, froms, size, openable);
    const opened = v.opened.filter((o) => o.to === this.seat).map((o) => [giftAt(v, o.slot)?.icon ?? 'gift', o.value] as const);
    if (this.openedInputs.changed(r.w, r.h, froms.length, reserved, JSON.stringify(opened))) {
      clear(this.opened);
      let x = 16 + froms.length * (size + 6) + (froms.length ? 6 : 0);
      const maxX = r.w - reserved;
      const y = r.h - 10 - size / 2;
      for (const [icon, value] of opened) {
        if (x > maxX - 30) break;
        const e = tableIcon(this.opened, icon, r.w < 190 ? 16 : 19, x, y, 0, 0.5);
        const style = { fontSize: r.w < 190 ? 11 : 12, fontWeight: '900' as const, fill: value > 0 ? C.good : C.bad };
        const val = tableText(this.opened, formatValue(value), style, x + e.width + 1, y, 0, 0.5);
        x += e.width + val.width + (r.w < 190 ? 6 : 10);
      }
    }
  }

  private drawBoxes(r: Rect, froms: number[], size: number, openable: boolean): void {
    clear(this.boxes);
    froms.forEach((from, k) => {
      const br = boxRect({ x: 0, y: 0, w: r.w, h: r.h }, k, size);
      const box = giftBox(from, br.w);
      box.position.set(br.x, br.y);
      if (openable) {
        box.addChildAt(new Graphics().roundRect(-4, -4, br.w + 8, br.h + 8, 7).stroke({ width: 2.5, color: C.gold }), 0);
        box.eventMode = 'static';
        box.cursor = 'pointer';
        box.hitArea = new Rectangle(-4, -4, br.w + 8, br.h + 8);
        box.on('pointertap', () => this.openFrom(from));
      }
      this.boxes.addChild(box);
    });
  }
}
