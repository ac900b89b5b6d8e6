/**
 * A player's plate below the town: their colour, their place in this round's
 * order, Santa's picture, the name, the score, the role or what they are doing
 * now, a trophy for a winner, and the card of this round. Santa taps a plate
 * to choose a kid. Every part changes in place.
 */
import { Container, Graphics, Rectangle, type Sprite, type Text } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import { tableIcon } from '../../../art/sprites.js';
import { playerColorNum } from '../../colors.js';
import { CardWidget } from './card.js';
import type { PlateLook } from './look-types.js';
import { FitText } from './fit-text.js';
import { C, makeText, placeText, setTappable, setText } from './palette.js';

export class Plate extends Container {
  private bg = new Graphics();
  private badge = new Graphics();
  private badgeNum: Text;
  private santaIcon: Sprite;
  private nameText = new FitText(this, { fontWeight: '700' });
  private score: Text;
  private sub = new FitText(this, { fontSize: 11, fontWeight: '600' });
  private trophy: Sprite;
  private status: Text;
  readonly card = new CardWidget();
  private bgKey = '';
  private badgeDone: boolean | null = null;
  private choosable = false;

  constructor(
    readonly seat: number,
    onClick: (seat: number) => void,
  ) {
    super();
    this.addChildAt(this.bg, 0);
    this.addChild(this.badge);
    this.badgeNum = makeText(this, { fontSize: 11, fontWeight: '900', fill: C.ink });
    this.santaIcon = tableIcon(this, 'santa', 17, 0, 16, 0, 0.5);
    this.score = makeText(this, { fontWeight: '900', fill: C.gold });
    this.trophy = tableIcon(this, 'trophy', 18, 0, 0, 0, 0.5);
    this.status = makeText(this, { fontSize: 11, fontWeight: '700' });
    this.addChild(this.card);
    this.on('pointertap', () => {
      if (this.choosable) onClick(seat);
    });
  }

  update(p: PlateLook): void {
    const r = p.rect;
    this.position.set(r.x, r.y);
    this.drawBg(p);
    const narrow = r.w < 200;
    let x = 15;
    this.badge.visible = this.badgeNum.visible = p.order !== null;
    if (p.order) {
      if (this.badgeDone !== p.order.done)
        this.badge
          .clear()
          .circle(x + 9, 16, 9)
          .fill(p.order.done ? 0x7a6250 : C.cream);
      this.badgeDone = p.order.done;
      placeText(setText(this.badgeNum, String(p.order.index + 1)), x + 9, 16, 0.5, 0.5);
      x += 23;
    }
    // Santa's picture before the name.
    this.santaIcon.visible = p.santa;
    if (p.santa) {
      this.santaIcon.setSize(narrow ? 15 : 17);
      this.santaIcon.position.set(Math.round(x), 16);
      x += this.santaIcon.width + 4;
    }
    const cr = p.cardRect;
    // A narrow plate has its score on the lower line: the name may reach the card. Beside
    // Santa's picture and the order's badge on a phone, a bot's name ("Basil（ボット）") needs 9 px.
    const label = p.name + (p.you && !narrow ? ` (${t('lobby.you')})` : '');
    placeText(this.nameText.set(label, narrow ? 12.5 : 14.5, cr.x - r.x - x - (narrow ? 6 : 42), narrow ? 9 : 12), x, 16, 0, 0.5);
    this.updateLowerLine(p, narrow);
    this.card.position.set(cr.x - r.x + cr.w / 2, cr.y - r.y + cr.h / 2);
    this.card.update(p.card, cr.w, cr.h);
    if (p.card.kind !== 'face') this.card.scale.x = 1;
    this.choosable = p.ring === 'choose';
    setTappable(this, this.choosable ? new Rectangle(0, 0, r.w, r.h) : null);
  }

  /** The score, then the line under the name (the role, or on a narrow plate what they are doing), a trophy, and the status on a wide one. */
  private updateLowerLine(p: PlateLook, narrow: boolean): void {
    const r = p.rect;
    const cr = p.cardRect;
    const scoreX = cr.x - r.x - (narrow ? 7 : 10);
    placeText(setText(this.score, String(p.score), { fontSize: narrow ? 18 : 24 }), scoreX, narrow ? r.h - 16 : r.h / 2, 1, 0.5);
    const role = p.santa ? t('santa.role.santa') : t('santa.role.kid');
    // Everybody plays a card a round, so a narrow plate leaves out the count they all share (the header has the round).
    const sub = narrow ? role : `${role} · ${t('santa.cards', { count: p.cardsLeft })}`;
    const showStatus = narrow && p.status !== '';
    const look = {
      fill: showStatus ? p.statusColor : C.muted,
      fontStyle: showStatus && !p.status.startsWith('✓') ? ('italic' as const) : ('normal' as const),
    };
    const max = scoreX - this.score.width - 6 - 15 - (narrow && p.winner ? 24 : 0);
    const subLine = placeText(this.sub.set(showStatus ? p.status : sub, 11, max, 8.5, look), 15, r.h - 15, 0, 0.5);
    const half = 15 + (r.w - 15) * 0.5;
    this.trophy.visible = p.winner;
    if (p.winner) this.trophy.position.set(Math.round(narrow ? 15 + subLine.width + 6 : half), Math.round(r.h - 15));
    this.status.visible = !narrow && p.status !== '';
    if (this.status.visible) {
      const italic = p.status.startsWith('✓') ? 'normal' : 'italic';
      placeText(setText(this.status, p.status, { fill: p.statusColor, fontStyle: italic }), half, r.h - 15, 0, 0.5);
    }
  }

  /** The plate, its colour stripe, and its edge: orange when Santa may choose it, gold while the game waits for it. */
  private drawBg(p: PlateLook): void {
    const { w, h } = p.rect;
    const key = `${w}|${h}|${p.me}|${p.ring}`;
    if (key === this.bgKey) return;
    this.bgKey = key;
    const g = this.bg.clear();
    g.roundRect(0, 0, w, h, 11).fill(p.me ? C.plateMe : C.plate);
    g.roundRect(0, 0, 7, h, 3).fill(playerColorNum(this.seat));
    if (p.ring === 'choose') g.roundRect(-2, -2, w + 4, h + 4, 12).stroke({ width: 3, color: C.ember });
    else if (p.ring === 'waiting') g.roundRect(-2, -2, w + 4, h + 4, 12).stroke({ width: 3, color: C.gold });
    else g.roundRect(0, 0, w, h, 11).stroke({ width: 1, color: C.plateEdge });
  }
}
