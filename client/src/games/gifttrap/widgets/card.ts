/**
 * One laid-out gift card: its back while face down, else its tier band,
 * number, picture and name, with what lies on it (my draft tokens and wishes,
 * the revealer's wish, the gifts opened from it) and the hover ring. A card
 * changes in place: its face is redrawn only when its gift, tier or size
 * changes, its overlay only when what lies on it does.
 */
import { Container, Graphics, Rectangle, type Sprite, type Text } from 'pixi.js';
import { tableText } from '../../common/pixi-scene.js';
import { tableIcon } from '../../../art/sprites.js';
import type { Rect } from '../../common/geometry.js';
import { TIER_COLOR, TIER_INK, giftAt, giftName, type Tier } from '../model.js';
import type { Gift } from '@fireside/shared/games/gifttrap/types';
import type { SceneState } from '../scene-types.js';
import { C, Inputs, hex, place } from './theme.js';
import { setIcon } from './parts.js';
import { CardOverlay } from './card-overlay.js';

/** The card's back: a pattern, a faded gift and the slot's number. */
class CardBack {
  readonly view = new Container();
  private g = new Graphics();
  private icon: Sprite;
  private inputs = new Inputs();

  constructor(slot: number) {
    this.view.addChild(this.g);
    this.icon = tableIcon(this.view, 'gift', 1, 0, 0, 0.5, 0.5);
    this.icon.alpha = 0.55;
    tableText(this.view, String(slot + 1), { fontSize: 13, fontWeight: '800', fill: 0xf5d6b0 }, 12, 10);
  }

  update(r: Rect): void {
    if (!this.inputs.changed(r.w, r.h)) return;
    this.g.clear().roundRect(0, 0, r.w, r.h, 12).fill(0x7a3b22).stroke({ width: 2, color: 0xa35a35 });
    this.g.roundRect(8, 8, r.w - 16, r.h - 16, 8).stroke({ width: 1.5, color: 0xe0a36b, alpha: 0.6 });
    setIcon(this.icon, 'gift', Math.round(r.w * 0.33));
    place(this.icon, r.w / 2, r.h / 2);
  }
}

/** Kana, kanji and full-width forms: text that may break anywhere. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;

/** The card's face: the tier's band with the number (and ⟲ while the parent may flip it), the picture, the name. */
class CardFace {
  readonly view = new Container();
  private g = new Graphics();
  private number: Text;
  private flipMark: Text;
  private name: Text;
  private icon: Sprite;
  private inputs = new Inputs();

  constructor(slot: number) {
    this.view.addChild(this.g);
    this.number = tableText(this.view, String(slot + 1), { fontWeight: '800' }, 10, 0, 0, 0.5);
    this.flipMark = tableText(this.view, '⟲', { fontWeight: '700' }, 0, 0, 1, 0.5);
    const wrap = { fontWeight: '600', fill: C.ink, align: 'center', wordWrap: true } as const;
    this.name = tableText(this.view, '', wrap, 0, 0, 0.5, 1);
    this.icon = tableIcon(this.view, 'gift', 1, 0, 0, 0.5, 0.5);
  }

  update(r: Rect, tier: Tier, gift: Gift, canFlip: boolean): void {
    this.flipMark.visible = canFlip;
    if (!this.inputs.changed(r.w, r.h, tier, gift.icon, giftName(gift))) return;
    const band = bandOf(r);
    const g = this.g.clear().roundRect(0, 0, r.w, r.h, 12).fill(C.cream);
    g.roundRect(0, 0, r.w, band + 12, 12).fill(hex(TIER_COLOR[tier]));
    g.rect(0, band, r.w, 12).fill(C.cream);
    g.roundRect(0, 0, r.w, r.h, 12).stroke({ width: 2.5, color: hex(TIER_COLOR[tier]) });
    const ink = hex(TIER_INK[tier]);
    Object.assign(this.number.style, { fontSize: Math.round(band * 0.68), fill: ink });
    place(this.number, 10, band / 2 + 1);
    Object.assign(this.flipMark.style, { fontSize: Math.round(band * 0.7), fill: ink });
    place(this.flipMark, r.w - 10, band / 2 + 1);
    // The name sits at the bottom (one to three lines); the picture fills what is left.
    this.fitName(giftName(gift), r.w < 110 ? 11.5 : 13, r.w - 12);
    place(this.name, r.w / 2, r.h - 7);
    const areaTop = band + 4;
    const areaBottom = r.h - 7 - this.name.height - 2;
    setIcon(this.icon, gift.icon, Math.round(Math.max(18, Math.min((areaBottom - areaTop) * 0.78, r.w * 0.42))));
    place(this.icon, r.w / 2, (areaTop + areaBottom) / 2);
  }

  /**
   * The name on whole words: a word too long for the card (French
   * "présidentielle") takes a smaller font before it is broken. Japanese,
   * written without spaces, breaks between any two characters as it may.
   */
  private fitName(str: string, size: number, maxW: number): void {
    const name = this.name;
    const setSize = (px: number) => Object.assign(name.style, { fontSize: px, lineHeight: px * 1.2 });
    const cjk = CJK.test(str);
    Object.assign(name.style, { wordWrapWidth: maxW, breakWords: cjk });
    setSize(size);
    name.text = str;
    if (cjk) return;
    for (let px = size; name.width > maxW && px > 9.5;) setSize((px -= 0.5));
    name.style.breakWords = name.width > maxW;
  }
}

/** The height of a face-up card's coloured band. */
export function bandOf(r: Rect): number {
  return Math.round(Math.max(22, r.h * 0.17));
}

export interface CardInput {
  clickSlot(slot: number): void;
}

export class CardWidget {
  readonly view = new Container();
  private shadow = new Graphics();
  private back: CardBack;
  private face: CardFace;
  readonly overlay: CardOverlay;
  private hover = new Graphics();
  private inputs = new Inputs();
  private interactive = false;
  private hovered = false;

  constructor(
    readonly slot: number,
    input: CardInput,
  ) {
    this.back = new CardBack(slot);
    this.face = new CardFace(slot);
    this.overlay = new CardOverlay(slot);
    this.view.addChild(this.shadow, this.back.view, this.face.view, this.overlay.view, this.hover);
    this.view.on('pointertap', () => {
      if (this.interactive) input.clickSlot(this.slot);
    });
  }

  update(r: Rect, s: SceneState): void {
    place(this.view, r.x, r.y);
    if (this.inputs.changed(r.w, r.h)) {
      this.shadow.clear().roundRect(3, 5, r.w, r.h, 12).fill({ color: 0x000000, alpha: 0.28 });
      this.hover
        .clear()
        .roundRect(-3, -3, r.w + 6, r.h + 6, 14)
        .stroke({ width: 3, color: C.gold });
      this.view.hitArea = new Rectangle(0, 0, r.w, r.h);
    }
    const v = s.model.view;
    const gift = giftAt(v, this.slot);
    const faceUp = !!(v.slots[this.slot] && v.tier && gift);
    this.back.view.visible = !faceUp;
    this.face.view.visible = this.overlay.view.visible = faceUp;
    if (v.tier && gift && faceUp) {
      this.face.update(r, v.tier, gift, s.canFlip);
      this.overlay.update(r, bandOf(r), s);
    } else this.back.update(r);
    // Only a face-up card takes clicks (the parent flips it, the players give and wish on it).
    this.interactive = faceUp && (s.canFlip || s.canGive || s.canWant);
    this.view.eventMode = this.interactive ? 'static' : 'passive';
    this.view.cursor = this.interactive ? 'pointer' : 'auto';
    this.setHover(this.hovered);
  }

  /** The pointer (or a dragged token) is over this card. */
  setHover(on: boolean): void {
    this.hovered = on;
    this.hover.visible = on && this.interactive;
  }
}
