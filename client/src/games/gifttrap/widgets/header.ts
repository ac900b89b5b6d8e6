/** The line above the tracks: round, phase and tier on the left, the goal (and the tier's colour) on the right. */
import { Container, Graphics, type Text } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import { tableText } from '../../common/pixi-scene.js';
import { TIER_COLOR, type GiftTrapPublicView } from '../model.js';
import type { TableLayout } from '../layout.js';
import { C, Inputs, hex, place } from './theme.js';
import { FitText } from './text.js';

export class HeaderWidget {
  readonly view = new Container();
  private title = new FitText(this.view, { fontWeight: '700', fill: C.cream }, 0, 0.5);
  private dot = new Graphics();
  private goal: Text;
  private dotInputs = new Inputs();

  constructor() {
    this.view.addChild(this.dot);
    this.goal = tableText(this.view, '', { fontSize: 12, fill: C.muted }, 0, 0, 1, 0.5);
    this.goal.alpha = 0.9;
  }

  update(L: TableLayout, v: GiftTrapPublicView): void {
    const r = L.header;
    const midY = r.y + r.h / 2;
    const bits = [t('game.round', { n: v.round }), t(`gifttrap.phase.${v.phase}`)];
    if (v.tier) bits.push(t(`gifttrap.tierShort.${v.tier}`));
    if (this.dotInputs.changed(r.x, r.w, midY, v.tier)) {
      this.dot.clear();
      if (v.tier)
        this.dot
          .circle(r.x + r.w - 8, midY, 7)
          .fill(hex(TIER_COLOR[v.tier]))
          .stroke({ width: 2, color: C.cream });
    }
    this.goal.text = t('gifttrap.tracks.goal', { goal: v.options.goal });
    place(this.goal, r.x + r.w - (v.tier ? 22 : 0), midY);
    // The title keeps left of the goal (long in French on a phone): a smaller font, then an ellipsis.
    const title = this.title.set(bits.join('  ·  '), L.narrow ? 14 : 16, this.goal.x - this.goal.width - r.x - 10, L.narrow ? 11 : 13);
    place(title, r.x, midY);
  }
}
