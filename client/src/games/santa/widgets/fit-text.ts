/**
 * A table text that must fit a width (a name on a plate, the header's title):
 * fitted again (shrinkToFit: a smaller font, then an ellipsis) only when its
 * words, size, style or room change, since every fitting step measures it.
 */
import type { Container, Text, TextStyleOptions } from 'pixi.js';
import { ELLIPSIZED, shrinkToFit } from '../../common/pixi-scene.js';
import { makeText, setText } from './palette.js';

type Look = Partial<Pick<TextStyleOptions, 'fill' | 'fontStyle' | 'fontWeight'>>;

export class FitText {
  readonly text: Text;
  private key = '';

  constructor(parent: Container, style: TextStyleOptions) {
    this.text = makeText(parent, style);
  }

  /** Show `str` at `size` within `max` pixels (a smaller font down to `min` first). */
  set(str: string, size: number, max: number, min: number, look: Look = {}): Text {
    const key = JSON.stringify([str, size, Math.round(max * 10), min, look]);
    if (key === this.key) return this.text;
    this.key = key;
    const tx = this.text;
    // Whole again before fitting: the last fitting may have cut it or made it smaller.
    if (tx.label === ELLIPSIZED) tx.label = '';
    tx.style.fontSize = size;
    setText(tx, str, look);
    return shrinkToFit(tx, max, min);
  }
}
