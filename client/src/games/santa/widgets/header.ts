/** The line above the town: the round and phase, and Santa's supply of presents (a count and a bar). */
import { Container, Graphics, type Text } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import type { SantaPublicView } from '@fireside/shared/games/santa/types';
import { ROUNDS, SUPPLY } from '../model.js';
import type { SantaLayout } from '../layout.js';
import { FitText } from './fit-text.js';
import { C, makeText, placeText, presentShape, setText } from './palette.js';

export class Header extends Container {
  private title = new FitText(this, { fontWeight: '700' });
  private supply: Text;
  private marks = new Graphics();
  private marksKey = '';

  constructor() {
    super();
    this.supply = makeText(this, { fontWeight: '700', fill: C.gold });
    this.addChild(this.marks);
  }

  update(L: SantaLayout, v: Pick<SantaPublicView, 'round' | 'phase' | 'supply'>): void {
    const r = L.header;
    const mid = r.y + r.h / 2;
    const label = placeText(setText(this.supply, t('santa.header.supply', { n: v.supply }), { fontSize: L.narrow ? 12 : 14 }), r.x + r.w, mid, 1, 0.5);
    const bw = L.narrow ? 40 : 70;
    const bx = r.x + r.w - label.width - 24 - bw;
    this.drawMarks(L, v.supply, label.width, bx, bw);
    const round = v.round === 0 ? t('santa.header.setup') : t('santa.header.round', { n: v.round, total: ROUNDS });
    // The title keeps to the left of the supply bar (long in French on a phone).
    const title = this.title.set(`${round}  ·  ${t(`santa.phase.${v.phase}`)}`, L.narrow ? 14 : 16, bx - r.x - 8, L.narrow ? 11 : 13);
    placeText(title, r.x, mid, 0, 0.5);
  }

  /** The present beside the count, and the supply bar left of it. */
  private drawMarks(L: SantaLayout, supply: number, labelW: number, bx: number, bw: number): void {
    const r = L.header;
    const key = JSON.stringify([r, L.narrow, supply, labelW]);
    if (key === this.marksKey) return;
    this.marksKey = key;
    const g = this.marks.clear();
    presentShape(g, r.x + r.w - labelW - 12, r.y + r.h / 2 + 1, L.narrow ? 13 : 15);
    g.roundRect(bx, r.y + r.h / 2 - 3, bw, 6, 3).fill({ color: 0x000000, alpha: 0.3 });
    g.roundRect(bx, r.y + r.h / 2 - 3, Math.max(2, (bw * supply) / SUPPLY), 6, 3).fill(C.gold);
  }
}
