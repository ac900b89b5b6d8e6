/** The match is won: a banner across the gifts with a trophy and the winners' names. */
import { Container, Graphics, type Sprite, type Text } from 'pixi.js';
import { listNames, t } from '../../../i18n/index.js';
import { tableText } from '../../common/pixi-scene.js';
import { tableIcon } from '../../../art/sprites.js';
import type { TableLayout } from '../layout.js';
import type { Model } from '../model.js';
import { C, Inputs, place } from './theme.js';
import { setIcon } from './parts.js';

export class WinnersBanner {
  readonly view = new Container();
  private g = new Graphics();
  private label: Text;
  private trophy: Sprite;
  private inputs = new Inputs();

  constructor() {
    this.view.addChild(this.g);
    const font = `Georgia, "Noto Serif", "Noto Serif CJK JP", serif`;
    this.label = tableText(
      this.view,
      '',
      { fontWeight: '800', fill: C.gold, fontFamily: font, align: 'center', wordWrap: true, breakWords: true },
      0,
      0,
      0.5,
      0.5,
    );
    this.trophy = tableIcon(this.view, 'trophy', 1, 0, 0, 1, 0.5);
  }

  update(L: TableLayout, m: Model): void {
    const first = L.cards[0];
    const last = L.cards[L.cards.length - 1];
    this.view.visible = m.view.phase === 'over' && !!m.view.winners?.length && !!first && !!last;
    if (!this.view.visible) return;
    const names = (m.view.winners ?? []).map((w) => m.names[w]);
    const label = t('game.winner', { count: names.length, names: listNames(names) });
    if (!this.inputs.changed(L.W, L.pad, L.narrow, first.y, last.y + last.h, label)) return;
    const top = first.y;
    const bottom = last.y + last.h;
    const fontSize = L.narrow ? 20 : 30;
    const trophy = Math.round(fontSize * 1.1) + 8;
    const h = Math.min(90, bottom - top);
    const y = top + (bottom - top - h) / 2;
    this.g
      .clear()
      .roundRect(L.pad, y, L.W - 2 * L.pad, h, 16)
      .fill({ color: 0x1d120c, alpha: 0.86 })
      .stroke({ width: 3, color: C.gold });
    Object.assign(this.label.style, { fontSize, wordWrapWidth: L.W - 4 * L.pad - trophy });
    this.label.text = label;
    place(this.label, L.W / 2 + trophy / 2, y + h / 2);
    setIcon(this.trophy, 'trophy', trophy - 8);
    place(this.trophy, this.label.x - this.label.width / 2 - 8, y + h / 2);
  }
}
