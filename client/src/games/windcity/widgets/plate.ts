/**
 * A player's plate: the name, what they are doing (the hurricane for the
 * active player, "seller" in the market, dots for someone deciding, "out"),
 * and a row of coins, houses (on the board, or placed/12 in the setup),
 * insured houses, houses in stock and points.
 */
import { Container, Graphics, Text } from 'pixi.js';
import { lang, t } from '../../../i18n/index.js';
import { fitText } from '../../common/pixi-scene.js';
import { playerColorNum } from '../../colors.js';
import type { Rect } from '../../common/geometry.js';
import { awaitedFor, houseStats, seatName, type Model } from '../model.js';
import { C } from './palette.js';
import { Memo } from './memo.js';
import { makeText, setText } from './text.js';
import { houseShape, shieldShape, stormShape } from './shapes.js';

/** What a plate shows: derived from the model by plateInput. */
export interface PlateInput {
  name: string;
  color: number;
  me: boolean;
  /** Whose move it is (the hurricane's placer in the setup): a gold edge. */
  active: boolean;
  out: boolean;
  /** The status at the right. */
  status: 'out' | 'storm' | 'seller' | 'sellerWaiting' | 'waiting' | null;
  coins: number;
  houses: string;
  insured: number;
  stock: number;
  points: number;
}

export function plateInput(m: Model, seat: number): PlateInput {
  const v = m.view;
  const active = v.phase !== 'over' && (v.phase === 'hurricane' || v.phase === 'placement' ? v.placer === seat : v.active === seat);
  // My own seat view may narrow the public set in the market (am I, or is the seller, still to act?).
  const waiting = awaitedFor(m).includes(seat);
  let status: PlateInput['status'] = null;
  if (v.out[seat]) status = 'out';
  else if (active && v.phase !== 'market') status = 'storm';
  else if (v.phase === 'market' && v.market?.seller === seat) status = waiting ? 'sellerWaiting' : 'seller';
  else if (waiting) status = 'waiting';
  const st = houseStats(v, seat);
  return {
    name: seatName(m, seat) + (seat === m.me && !m.snap.replay ? ` (${t('lobby.you')})` : ''),
    color: playerColorNum(seat),
    me: seat === m.me,
    active,
    out: v.out[seat],
    status,
    coins: v.coins[seat],
    houses: v.turn === 0 && v.phase !== 'over' ? `${st.pieces}/12` : String(st.pieces),
    insured: st.insured,
    stock: v.turn > 0 && !v.out[seat] ? v.stock[seat] : 0,
    points: v.points[seat],
  };
}

export class PlateWidget {
  readonly view = new Container();
  private bg = new Graphics();
  private icons = new Graphics();
  private storm = new Container();
  private name: Text;
  private status: Text;
  private coins: Text;
  private houses: Text;
  private insured: Text;
  private stock: Text;
  private points: Text;
  private memo = new Memo();
  private bgMemo = new Memo();
  private stormSize = 0;

  constructor() {
    this.view.addChild(this.bg, this.icons, this.storm);
    this.name = makeText(this.view, { fontWeight: '700' });
    this.status = makeText(this.view, { fontWeight: '700' }, 1, 0);
    this.coins = makeText(this.view, { fontWeight: '700' }, 0, 1);
    this.houses = makeText(this.view, { fontWeight: '700' }, 0, 1);
    this.insured = makeText(this.view, { fontWeight: '700' }, 0, 1);
    this.stock = makeText(this.view, { fill: C.muted }, 0, 1);
    this.points = makeText(this.view, { fill: C.gold, fontWeight: '800' }, 1, 1);
  }

  update(r: Rect, narrow: boolean, p: PlateInput): void {
    // The language too: the status, stock and points are words.
    if (!this.memo.changed(r, narrow, p, lang())) return;
    const active = p.active;
    if (this.bgMemo.changed(r, active, p.me, p.color)) {
      this.bg
        .clear()
        .roundRect(r.x, r.y, r.w, r.h, 9)
        .fill(p.me ? C.plateMe : C.plate)
        .stroke({ width: active ? 3 : 1.5, color: active ? C.gold : C.plateEdge });
      this.bg.roundRect(r.x, r.y, 7, r.h, 4).fill(p.color);
    }
    this.view.alpha = p.out ? 0.5 : 1;
    const fs = narrow ? 12 : 14;
    fitText(setText(this.name, p.name, r.x + 14, r.y + 8, fs), r.w - 60);
    this.showStatus(r, narrow, p.status);
    this.showCounts(r, narrow, p);
  }

  /** At the right: "out", the hurricane, "seller", or dots for someone deciding. */
  private showStatus(r: Rect, narrow: boolean, status: PlateInput['status']): void {
    const fs = narrow ? 12 : 14;
    const tx = this.status;
    tx.visible = false;
    this.storm.visible = status === 'storm';
    if (status === 'storm') {
      const size = narrow ? 20 : 24;
      if (this.stormSize !== size) {
        for (const c of this.storm.removeChildren()) c.destroy();
        this.storm.addChild(stormShape(size));
        this.stormSize = size;
      }
      this.storm.position.set(r.x + r.w - 16, r.y + 16);
    } else if (status === 'out') {
      setText(tx, t('windcity.plate.out'), r.x + r.w - 8, r.y + 8, fs - 2).style.fill = C.bad;
    } else if (status === 'seller' || status === 'sellerWaiting') {
      setText(tx, t('windcity.plate.seller') + (status === 'sellerWaiting' ? ' …' : ''), r.x + r.w - 8, r.y + 8, fs - 3).style.fill = C.gold;
    } else if (status === 'waiting') {
      setText(tx, '…', r.x + r.w - 10, r.y + 6, fs + 2).style.fill = C.gold;
    }
    tx.style.fontWeight = status === 'waiting' ? '900' : '700';
  }

  /** Coins, houses, insured houses, stock (if there is room), points. */
  private showCounts(r: Rect, narrow: boolean, p: PlateInput): void {
    const y = r.y + r.h - 10;
    const small = narrow ? 11 : 13;
    const g = this.icons.clear();
    let x = r.x + 14;
    g.circle(x + 6, y - 6, 6)
      .fill(C.gold)
      .stroke({ width: 1, color: 0x7a5200 });
    setText(this.coins, String(p.coins), x + 15, y, small);
    x += 15 + Math.max(this.coins.width, 16) + 10;
    houseShape(g, x + 7, y - 6, 14, p.color, false);
    setText(this.houses, p.houses, x + 17, y, small);
    x += 17 + this.houses.width + 10;
    this.insured.visible = p.insured > 0;
    if (p.insured > 0) {
      shieldShape(g, x + 6, y - 6, 6);
      setText(this.insured, String(p.insured), x + 15, y, small);
      x += 15 + this.insured.width + 10;
    }
    setText(this.points, t('windcity.plate.points', { n: p.points }), r.x + r.w - 8, y, small);
    this.stock.visible = false;
    if (p.stock > 0) {
      setText(this.stock, t('windcity.plate.stock', { n: p.stock }), x, y, small - 1);
      // Left out where it would run into the points.
      this.stock.visible = x + this.stock.width <= r.x + r.w - 8 - this.points.width - 6;
    }
  }
}
