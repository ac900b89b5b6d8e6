/**
 * A playing card centred on (0, 0): a face (rank and the seat's suit), my own
 * face-down pick (a face with a gold edge, seen only by me), a back, or an
 * empty slot. It changes in place; its shape is drawn again only when what
 * it shows or its size changes.
 */
import { Container, Graphics, type Text } from 'pixi.js';
import { playerColorNum } from '../../colors.js';
import { cardName, suitIsRed, suitOf } from '../model.js';
import { C, makeText, setText } from './palette.js';
import type { CardLook } from './look-types.js';

export class CardWidget extends Container {
  private shape = new Graphics();
  private rank: Text;
  private suit: Text;
  private key = '';

  constructor() {
    super();
    this.addChild(this.shape);
    this.rank = makeText(this, { fontWeight: '900' });
    this.suit = makeText(this, {});
    this.rank.anchor.set(0.5, 0.5);
    this.suit.anchor.set(0.5, 0.5);
  }

  update(look: CardLook, w: number, h: number): void {
    const key = JSON.stringify([look, w, h]);
    if (key === this.key) return;
    this.key = key;
    const face = look.kind === 'face';
    this.rank.visible = face;
    this.suit.visible = face;
    this.alpha = face && look.secret ? 0.92 : 1;
    const g = this.shape.clear();
    if (look.kind === 'face') this.drawFace(look.card, look.seat, look.secret, w, h);
    else if (look.kind === 'back') {
      g.roundRect(-w / 2, -h / 2, w, h, 5)
        .fill(0x9b2c2c)
        .stroke({ width: 1.5, color: C.cream });
      g.roundRect(-w / 2 + 3, -h / 2 + 3, w - 6, h - 6, 3).stroke({ width: 1, color: C.gold, alpha: 0.7 });
      g.star(0, 0, 5, w * 0.2, w * 0.09).fill({ color: C.gold, alpha: 0.85 });
    } else g.roundRect(-w / 2, -h / 2, w, h, 5).stroke({ width: 1.5, color: C.muted, alpha: 0.35 });
  }

  private drawFace(card: number, seat: number, secret: boolean, w: number, h: number): void {
    const g = this.shape
      .roundRect(-w / 2, -h / 2, w, h, 5)
      .fill(C.cream)
      .stroke({ width: secret ? 2 : 1.5, color: secret ? C.gold : playerColorNum(seat) });
    if (secret) g.roundRect(-w / 2 + 2, -h / 2 + 2, w - 4, h - 4, 4).stroke({ width: 1, color: C.gold, alpha: 0.6 });
    const fill = suitIsRed(seat) ? 0xc0282d : 0x222222;
    // Rank and suit apart, their text boxes included (tests/e2e/text-overlap.ts).
    setText(this.rank, cardName(card), { fontSize: Math.round(h * 0.42), fill });
    this.rank.position.set(0, -h * 0.14);
    setText(this.suit, suitOf(seat), { fontSize: Math.round(h * 0.28), fill });
    this.suit.position.set(0, h * 0.3);
  }
}
