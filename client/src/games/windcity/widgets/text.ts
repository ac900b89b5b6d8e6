/** Retained table texts: made once by a widget, then changed in place on each update. */
import type { Container, Text, TextStyleOptions } from 'pixi.js';
import { tableText } from '../../common/pixi-scene.js';

/** An empty text under `parent`, to be filled by setText. */
export function makeText(parent: Container, style: TextStyleOptions, anchorX = 0, anchorY = 0): Text {
  return tableText(parent, '', style, 0, 0, anchorX, anchorY);
}

/**
 * Show `str` at (x, y), at `fontSize` if given, visible. An earlier cut is
 * forgotten: fitText shortens the text itself and labels it, so a widget
 * sets the whole string again before fitting it anew.
 */
export function setText(tx: Text, str: string, x: number, y: number, fontSize?: number): Text {
  tx.label = '';
  if (fontSize !== undefined && tx.style.fontSize !== fontSize) tx.style.fontSize = fontSize;
  if (tx.text !== str) tx.text = str;
  tx.position.set(Math.round(x), Math.round(y));
  tx.visible = true;
  return tx;
}
