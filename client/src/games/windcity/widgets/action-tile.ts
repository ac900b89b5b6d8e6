/**
 * One of the card's five action tiles: face down (three dots), or its number,
 * the move ("↑3", or "Buy"), its words on a wide table, its cost, and when it
 * is in the plan a badge with its place in the order. Clicked while planning.
 */
import { Container, Graphics, Rectangle, Text } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import { fitText } from '../../common/pixi-scene.js';
import type { CardAction } from '@fireside/shared/games/windcity/types';
import type { Rect } from '../../common/geometry.js';
import { DIR_ARROW, actionText } from '../model.js';
import { C } from './palette.js';
import { Memo } from './memo.js';
import { makeText, setText } from './text.js';

export interface TileInput {
  /** The action face up, or null (face down when `hidden`, else no tile). */
  action: CardAction | null;
  hidden: boolean;
  /** Its place in the plan, -1 when not planned. */
  order: number;
  clickable: boolean;
}

const INK = 0x2a1c12;
const BROWN = 0x8a6a4a;

export class ActionTile {
  readonly view = new Container();
  private g = new Graphics();
  private num: Text;
  private big: Text;
  private words: Text;
  private coin = new Graphics();
  private cost: Text;
  private badge = new Graphics();
  private badgeNum: Text;
  private memo = new Memo();
  private clickable = false;

  constructor(onTap: () => void) {
    this.view.addChild(this.g);
    this.num = makeText(this.view, { fill: BROWN, fontWeight: '700' });
    this.big = makeText(this.view, { fontWeight: '900', fill: INK });
    this.words = makeText(this.view, { fontSize: 12, fill: 0x6a4a2a }, 0, 0.5);
    this.view.addChild(this.coin);
    this.cost = makeText(this.view, { fontSize: 11, fontWeight: '900', fill: 0x4a2a00 }, 0.5, 0.5);
    this.view.addChild(this.badge);
    this.badgeNum = makeText(this.view, { fontWeight: '900', fill: 0xffffff }, 0.5, 0.5);
    this.view.on('pointertap', () => {
      if (this.clickable) onTap();
    });
  }

  update(r: Rect, narrow: boolean, index: number, s: TileInput): void {
    if (!this.memo.changed(r, narrow, s, t('windcity.card.kaufShort'), s.action && actionText(s.action))) return;
    this.clickable = s.clickable;
    this.view.eventMode = s.clickable ? 'static' : 'passive';
    this.view.cursor = s.clickable ? 'pointer' : 'default';
    this.view.hitArea = new Rectangle(r.x, r.y, r.w, r.h);
    this.view.visible = s.action !== null || s.hidden;
    for (const tx of [this.num, this.big, this.words, this.cost, this.badgeNum]) tx.visible = false;
    this.coin.clear();
    this.badge.clear();
    const g = this.g.clear();
    if (!s.action) {
      g.roundRect(r.x, r.y, r.w, r.h, 8).fill(C.cardBack).stroke({ width: 1.5, color: C.plateEdge });
      for (let k = 0; k < 3; k++) g.circle(r.x + r.w / 2 + (k - 1) * 10, r.y + r.h / 2, 3).fill({ color: 0xffffff, alpha: 0.5 });
      return;
    }
    const chosen = s.order >= 0;
    g.roundRect(r.x, r.y, r.w, r.h, 8)
      .fill(chosen ? 0xffe2b0 : C.card)
      .stroke({ width: chosen ? 3.5 : 1.5, color: chosen ? C.ember : BROWN });
    if (narrow) this.faceNarrow(r, index, s.action);
    else this.faceWide(r, index, s.action);
    if (chosen) this.showBadge(r, narrow, s.order);
  }

  /** On a phone: the number in a corner, the move big in the middle, the cost under it. */
  private faceNarrow(r: Rect, index: number, a: CardAction): void {
    this.num.anchor.set(0, 0);
    setText(this.num, String(index + 1), r.x + 5, r.y + 3, 10);
    const big = a.kind === 'kauf' ? t('windcity.card.kaufShort') : `${DIR_ARROW[a.dir]}${a.distance}`;
    this.big.anchor.set(0.5, 0.5);
    fitText(setText(this.big, big, r.x + r.w / 2, r.y + r.h * 0.42, 20), r.w - 6);
    this.showCost(r.x + r.w / 2, r.y + r.h - 12, a.cost);
  }

  /** On a wide table, in a row: the number, the move, its words where they fit, the cost. */
  private faceWide(r: Rect, index: number, a: CardAction): void {
    const mid = r.y + r.h / 2;
    this.num.anchor.set(0, 0.5);
    setText(this.num, String(index + 1), r.x + 8, mid, 12);
    const big = a.kind === 'kauf' ? t('windcity.card.kaufShort') : `${DIR_ARROW[a.dir]} ${a.distance}`;
    this.big.anchor.set(0, 0.5);
    setText(this.big, big, r.x + 24, mid, a.kind === 'kauf' ? 16 : 20);
    const sx = Math.max(r.x + 78, this.big.x + this.big.width + 10);
    const room = r.x + r.w - 62 - sx;
    if (room > 30) fitText(setText(this.words, actionText(a), sx, mid), room);
    this.showCost(r.x + r.w - 44, mid, a.cost);
  }

  private showCost(x: number, y: number, n: number): void {
    this.coin.circle(x, y, 9).fill(C.gold).stroke({ width: 1, color: 0x7a5200 });
    setText(this.cost, String(n), x, y);
  }

  private showBadge(r: Rect, narrow: boolean, order: number): void {
    const bx = r.x + r.w - (narrow ? 10 : 14);
    const by = r.y + (narrow ? 10 : r.h / 2);
    this.badge
      .circle(bx, by, narrow ? 9 : 11)
      .fill(C.ember)
      .stroke({ width: 2, color: 0xffffff });
    setText(this.badgeNum, String(order + 1), bx, by, narrow ? 11 : 13);
  }
}
