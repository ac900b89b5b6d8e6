/**
 * My thirteen cards under the plates: those still in hand stand out (tap one
 * to pick it), the one picked is lifted with a gold edge, this round's card
 * has my colour's edge, and those already played fade.
 */
import { Container, Graphics, Rectangle } from 'pixi.js';
import { playerColorNum } from '../../colors.js';
import { CardWidget } from './card.js';
import { C, setTappable } from './palette.js';
import type { HandCardLook } from './look-types.js';

class HandCard extends Container {
  private shadow = new Graphics();
  private face = new CardWidget();
  private ring = new Graphics();
  private key = '';
  private pickable = false;

  constructor(
    readonly card: number,
    onClick: (card: number) => void,
  ) {
    super();
    this.addChild(this.shadow, this.face, this.ring);
    this.on('pointertap', () => {
      if (this.pickable) onClick(card);
    });
  }

  update(look: HandCardLook): void {
    const r = look.rect;
    this.position.set(r.x + r.w / 2, r.y + r.h / 2 - (look.chosen ? 8 : 0));
    this.face.update({ kind: 'face', card: this.card, seat: look.seat, secret: false }, r.w, r.h);
    const key = JSON.stringify([r.w, r.h, look.seat, look.inHand, look.chosen, look.thisRound]);
    if (key !== this.key) {
      this.key = key;
      this.shadow
        .clear()
        .roundRect(-r.w / 2 + 2, -r.h / 2 + 3, r.w, r.h, 7)
        .fill({ color: 0x000000, alpha: look.inHand ? 0.3 : 0 });
      const g = this.ring.clear();
      if (look.chosen) g.roundRect(-r.w / 2 - 3, -r.h / 2 - 3, r.w + 6, r.h + 6, 8).stroke({ width: 3, color: C.gold });
      if (look.thisRound) g.roundRect(-r.w / 2 - 2, -r.h / 2 - 2, r.w + 4, r.h + 4, 7).stroke({ width: 2, color: playerColorNum(look.seat) });
    }
    this.alpha = look.inHand ? 1 : look.thisRound ? 0.6 : 0.26;
    this.pickable = look.canPick && look.inHand;
    setTappable(this, this.pickable ? new Rectangle(-r.w / 2, -r.h / 2, r.w, r.h) : null);
  }
}

export class Hand extends Container {
  private cards: HandCard[];

  constructor(onClick: (card: number) => void) {
    super();
    this.cards = Array.from({ length: 13 }, (_, i) => new HandCard(i + 1, onClick));
    this.addChild(...this.cards);
  }

  /** One look per card value (1..13), or null when I hold no hand (a spectator). */
  update(looks: HandCardLook[] | null): void {
    this.visible = looks !== null;
    if (looks) this.cards.forEach((c, i) => c.update(looks[i]));
  }
}
