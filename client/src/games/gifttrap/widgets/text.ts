/** Retained table texts: changed in place, fitted to their room again only when their words or room changed. */
import type { Container, Text, TextStyleOptions } from 'pixi.js';
import { shrinkToFit, tableText, wrapToFit } from '../../common/pixi-scene.js';
import { Inputs } from './theme.js';

export class FitText {
  readonly view: Text;
  private inputs = new Inputs();
  private readonly label: string;

  constructor(parent: Container, style: TextStyleOptions, anchorX = 0, anchorY = 0) {
    this.view = tableText(parent, '', style, 0, 0, anchorX, anchorY);
    this.label = this.view.label;
  }

  /**
   * `str` at `size`, at most `maxW` wide: a smaller font down to `minSize`,
   * then (given `maxH`) a second line, and only then an ellipsis.
   */
  set(str: string, size: number, maxW: number, minSize: number, maxH?: number): Text {
    const tx = this.view;
    if (!this.inputs.changed(str, size, maxW, minSize, maxH)) return tx;
    tx.label = this.label;
    tx.style.wordWrap = false;
    tx.style.lineHeight = 0;
    tx.style.fontSize = size;
    tx.text = str;
    return maxH === undefined ? shrinkToFit(tx, maxW, minSize) : wrapToFit(tx, maxW, maxH, minSize);
  }
}
