/**
 * The latest event as a sentence in a pill at the foot of the town ("Bob saw
 * Santa +3"): one line, or two for a long sentence rather than an ellipsis.
 * Laid out again only when the sentence or its room changes.
 */
import { Container, Graphics, type Text } from 'pixi.js';
import { ELLIPSIZED, wrapToFit } from '../../common/pixi-scene.js';
import type { Rect } from '../../common/geometry.js';
import { C, makeText } from './palette.js';

export class Caption extends Container {
  private pill = new Graphics();
  private words: Text;
  private key = '';

  constructor() {
    super();
    this.addChild(this.pill);
    this.words = makeText(this, { fontWeight: '700', align: 'center' });
    this.words.anchor.set(0.5, 0.5);
  }

  /** `r`: the strip the caption may take; `line`: the height of a one-line pill. */
  update(sentence: string, r: Rect, narrow: boolean, line: number): void {
    const key = JSON.stringify([sentence, r, narrow, line]);
    if (key === this.key) return;
    this.key = key;
    this.visible = sentence !== '';
    if (!sentence) return;
    const size = narrow ? 12 : 14;
    const tx = this.words;
    // Whole and on one line again before fitting: the last sentence may have been wrapped or cut.
    if (tx.label === ELLIPSIZED) tx.label = '';
    Object.assign(tx.style, { fontSize: size, wordWrap: false, lineHeight: 0 });
    tx.text = sentence;
    // A long sentence (French, a long house name) takes two lines rather than an ellipsis.
    wrapToFit(tx, r.w - 24, r.h - 4, size - 2);
    const w = Math.min(r.w, tx.width + 24);
    // The pill as tall as one line needs, at the strip's foot; taller for two.
    const h = Math.min(r.h, Math.max(line, tx.height + 6));
    const y = r.y + r.h - h;
    this.pill
      .clear()
      .roundRect(r.x + (r.w - w) / 2, y, w, h, Math.min(h, line) / 2)
      .fill({ color: 0x0b1220, alpha: 0.78 })
      .stroke({ width: 1, color: C.gold, alpha: 0.5 });
    tx.position.set(Math.round(r.x + r.w / 2), Math.round(y + h / 2));
  }
}
