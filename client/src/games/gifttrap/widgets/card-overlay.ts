/**
 * What lies on a face-up card: the tokens of the players I give it to (my
 * draft while giving, what I sent afterwards), my wish on it, the revealer's
 * wish and the gifts opened from it with their value. A few small pieces,
 * rebuilt only when what lies on this card changes.
 */
import { Container } from 'pixi.js';
import { tableText } from '../../common/pixi-scene.js';
import type { Rect } from '../../common/geometry.js';
import { WANT_KINDS, formatValue, type WantKind } from '../model.js';
import type { SceneState } from '../scene-types.js';
import { C, Inputs } from './theme.js';
import { clear, giftBox, personToken, wantBadge } from './parts.js';

/** The facts about one card that its overlay shows. */
interface OnCard {
  /** Players I give this card to, with their names (drafted: big tokens; sent: small ones). */
  drafted: [number, string][];
  sent: [number, string][];
  myWish: WantKind | null;
  revealedWish: WantKind | null;
  /** The givers of the gifts the revealer opened from this card, and what the first was worth. */
  landed: number[];
  value: number;
}

function onCard(slot: number, s: SceneState): OnCard {
  const m = s.model;
  const v = m.view;
  const named = (to: number): [number, string] => [to, m.names[to]];
  const giving = v.phase === 'give' && m.me >= 0;
  const mine = m.secret?.myGifts;
  const drafted = giving ? s.give.tiles.filter((tl) => tl.slot === slot).map((tl) => named(tl.to)) : [];
  const sent = !giving && (v.phase === 'want' || v.phase === 'reveal') && mine ? mine.filter((tl) => tl.slot === slot).map((tl) => named(tl.to)) : [];
  const myWish = v.phase === 'want' && m.me >= 0 ? s.want.kindOn(slot) : null;
  let revealedWish: WantKind | null = null;
  let landed: { from: number; value: number }[] = [];
  if (v.phase === 'reveal' && v.revealer !== null) {
    const wants = v.revealedWants[v.revealer];
    revealedWish = (wants && WANT_KINDS.find((k) => wants[k] === slot)) || null;
    landed = v.opened.filter((op) => op.to === v.revealer && op.slot === slot);
  }
  return { drafted, sent, myWish, revealedWish, landed: landed.map((op) => op.from), value: landed[0]?.value ?? 0 };
}

export class CardOverlay {
  readonly view = new Container();
  /** The revealer's wish on this card, which turns face up when their wishes are shown (the scene flips it). */
  wish: Container | null = null;
  private inputs = new Inputs();

  constructor(private slot: number) {}

  update(r: Rect, band: number, s: SceneState): void {
    const o = onCard(this.slot, s);
    if (!this.inputs.changed(r.w, r.h, band, JSON.stringify(o))) return;
    clear(this.view);
    this.wish = null;
    o.drafted.forEach(([to, name], k) => this.view.addChild(personToken(to, name, r.w - 17 - k * 26, band + 17, 13)));
    o.sent.forEach(([to, name], k) => {
      const tk = personToken(to, name, r.w - 13 - k * 20, band + 16, 10);
      tk.alpha = 0.75;
      this.view.addChild(tk);
    });
    const w = r.w < 110 ? 40 : 46;
    if (o.myWish) this.view.addChild(wantBadge(o.myWish, 8, band + 6, w));
    if (o.revealedWish) this.wish = this.view.addChild(wantBadge(o.revealedWish, 8 + w / 2, band + 6, w, true));
    o.landed.forEach((from, k) => {
      const box = giftBox(from, 18);
      box.position.set(8 + k * 22, r.h * 0.52);
      this.view.addChild(box);
    });
    if (o.landed.length) {
      const style = { fontSize: 15, fontWeight: '900' as const, fill: o.value > 0 ? 0x1f9d55 : 0xc0392b, stroke: { color: C.cream, width: 3 } };
      tableText(this.view, formatValue(o.value), style, 8 + o.landed.length * 22 + 2, r.h * 0.52 + 9, 0, 0.5);
    }
  }
}
