/**
 * The card panel: whose card it is (or that none is revealed yet), its five
 * action tiles, and under them the plan's total against the planner's coins.
 */
import { Container, Text } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import { fitText } from '../../common/pixi-scene.js';
import type { Card } from '@fireside/shared/games/windcity/types';
import { seatName, type Model } from '../model.js';
import type { WcLayout } from '../layout.js';
import { C } from './palette.js';
import { Memo } from './memo.js';
import { makeText, setText } from './text.js';
import { ActionTile } from './action-tile.js';

/** What the panel shows (while an act plays: that act's card and plan). */
export interface CardInput {
  model: Model;
  card: Card | null;
  cardSeat: number | null;
  cardHidden: boolean;
  plan: number[];
  /** Its tiles may be clicked (my plan, not sent yet). */
  clickable: boolean;
  planCost: number;
  coins: number;
}

function titleOf(s: CardInput): string {
  const m = s.model;
  if (s.card && s.cardSeat !== null) {
    const phase = m.view.phase;
    // A replay's seat is nobody's: "Ada's card", never "Your card".
    return s.cardSeat === m.me && !m.snap.replay && !s.cardHidden && (phase === 'plan' || phase === 'renew' || phase === 'market')
      ? t('windcity.card.yours', { n: s.card.id })
      : t('windcity.card.of', { name: seatName(m, s.cardSeat), n: s.card.id });
  }
  if (s.cardHidden && s.cardSeat !== null) return t('windcity.card.hidden', { name: seatName(m, s.cardSeat) });
  return t('windcity.card.none');
}

export class CardWidget {
  readonly view = new Container();
  private title: Text;
  private tiles: ActionTile[] = [];
  private total: Text;
  private memo = new Memo();
  private totalMemo = new Memo();

  constructor(onAction: (i: number) => void) {
    this.title = makeText(this.view, { fontWeight: '700', fill: C.cream }, 0, 0.5);
    for (let i = 0; i < 5; i++) {
      const tile = new ActionTile(() => onAction(i));
      this.tiles.push(tile);
      this.view.addChild(tile.view);
    }
    this.total = makeText(this.view, { fontWeight: '700' }, 0, 0.5);
  }

  update(L: WcLayout, s: CardInput): void {
    const r = L.cardPanel;
    const fs = L.narrow ? 12 : 14;
    const title = titleOf(s);
    if (this.memo.changed(r, L.narrow, title)) fitText(setText(this.title, title, r.x, r.y + 10, fs), r.w);
    L.tiles.forEach((rect, i) => {
      const action = s.card?.actions[i] ?? null;
      this.tiles[i].update(rect, L.narrow, i, { action, hidden: !action && s.cardHidden, order: s.plan.indexOf(i), clickable: s.clickable });
    });
    const shown = !!s.card && s.plan.length > 0 && s.planCost > 0;
    const total = shown ? t('windcity.card.total', { cost: s.planCost, coins: s.coins }) : '';
    if (!this.totalMemo.changed(L.planLine, L.narrow, total, s.planCost > s.coins)) return;
    this.total.visible = shown;
    if (!shown) return;
    const pl = L.planLine;
    this.total.style.fill = s.planCost > s.coins ? C.bad : C.cream;
    fitText(setText(this.total, total, pl.x, pl.y + pl.h / 2, fs - 1), pl.w);
  }
}
