/**
 * One house of the town: its warm glow or the ring that marks it clickable,
 * the house itself (named `house:<id>` for the browser tests), its number,
 * the luggage of an away family, and its name under it on roomy tables.
 * Its shapes are drawn again only when its size or marking changes.
 */
import { Circle, Container, Graphics, type Sprite, type Text } from 'pixi.js';
import type { HouseId } from '@fireside/shared/games/santa/types';
import { tableIcon } from '../../../art/sprites.js';
import { C, houseShape, makeText, setTappable, setText } from './palette.js';
import type { HouseLook, HouseMark } from './look-types.js';

export class HouseWidget extends Container {
  private glow = new Graphics();
  private body = new Graphics();
  private num: Text;
  private luggage: Sprite;
  private nameText: Text;
  private shapeKey = '';
  private clickable = false;

  constructor(
    readonly id: HouseId,
    onClick: (house: HouseId) => void,
  ) {
    super();
    this.body.label = `house:${id}`;
    this.addChild(this.glow, this.body);
    this.num = makeText(this, { fontWeight: '800' });
    this.num.anchor.set(0.5, 0.5);
    this.luggage = tableIcon(this, 'luggage', 11, 0, 0, 0.5, 0.5);
    this.nameText = makeText(this, {
      fontSize: 10,
      fontWeight: '600',
      fill: 0xdfe8f2,
      align: 'center',
      wordWrap: true,
      breakWords: true,
      lineHeight: 11,
      stroke: { color: C.night, width: 3 },
    });
    this.nameText.anchor.set(0.5, 0);
    this.nameText.alpha = 0.85;
    this.on('pointertap', () => {
      if (this.clickable) onClick(id);
    });
  }

  update(look: HouseLook): void {
    const { w, cell, away, mark } = look;
    const { bodyH, roofH, top } = houseShape(w);
    this.position.set(look.at.x, look.at.y);
    const key = `${w}|${cell}|${away}|${mark}`;
    if (key !== this.shapeKey) {
      this.shapeKey = key;
      this.drawGlow(w, cell, away, mark);
      this.drawBody(w, away);
    }
    setText(this.num, look.label, { fontSize: Math.max(9, Math.round(bodyH * 0.7)), fill: away ? 0x23272e : C.ink });
    this.num.position.set(0, Math.round(top + roofH + bodyH / 2 + 0.5));
    this.luggage.visible = away;
    if (away) {
      this.luggage.setSize(Math.max(11, Math.round(cell * 0.24)));
      this.luggage.position.set(Math.round(w * 0.55), Math.round(top + roofH * 0.35));
    }
    this.nameText.visible = look.name !== null;
    if (look.name !== null) {
      if (this.nameText.style.wordWrapWidth !== cell * 0.96) this.nameText.style.wordWrapWidth = cell * 0.96;
      setText(this.nameText, look.name);
      this.nameText.position.set(0, Math.round(top + roofH + bodyH + 2));
    }
    this.alpha = look.dim && !mark ? 0.55 : 1;
    this.clickable = mark !== null;
    setTappable(this, this.clickable ? new Circle(0, 0, cell * 0.46) : null);
  }

  private drawGlow(w: number, cell: number, away: boolean, mark: HouseMark): void {
    const g = this.glow.clear();
    if (!away) g.circle(0, 0, w * 0.85).fill({ color: 0xffc36b, alpha: 0.1 });
    if (!mark) return;
    const color = mark === 'target' ? C.ember : mark === 'via' ? C.via : C.gold;
    g.circle(0, 0, cell * 0.44)
      .fill({ color, alpha: 0.16 })
      .stroke({ width: Math.max(2.5, cell * 0.045), color, alpha: 0.95 });
  }

  /** The house apart from its glow (its bounds are the house's for the browser tests): walls, roof, snow on the roof. */
  private drawBody(w: number, away: boolean): void {
    const { bodyH, roofH, top } = houseShape(w);
    const body = this.body.clear();
    body
      .rect(-w / 2, top + roofH, w, bodyH)
      .fill(away ? C.houseAway : C.house)
      .stroke({ width: 1, color: 0x000000, alpha: 0.35 });
    body.poly([-w / 2 - w * 0.1, top + roofH + 1, 0, top, w / 2 + w * 0.1, top + roofH + 1]).fill(away ? C.roofAway : C.roof);
    const snow = [
      -w * 0.36,
      top + roofH * 0.42,
      0,
      top - 1,
      w * 0.36,
      top + roofH * 0.42,
      w * 0.2,
      top + roofH * 0.34,
      0,
      top + roofH * 0.2,
      -w * 0.2,
      top + roofH * 0.34,
    ];
    body.poly(snow).fill({ color: 0xffffff, alpha: 0.9 });
  }
}
