/** The Santa table's colours and the small shapes several widgets draw (a house's proportions, a present, a dashed path). */
import { Graphics, Text, type Container, type IHitArea, type TextStyleOptions } from 'pixi.js';
import { TABLE_FONT } from '../../common/pixi-scene.js';
import type { Pt } from '../../common/geometry.js';
import { C } from './colors.js';

export { C };

/** A house's proportions, from its width: centred on its lattice point, roof above the front. */
export function houseShape(w: number): { bodyH: number; roofH: number; top: number } {
  const bodyH = w * 0.62;
  const roofH = w * 0.46;
  return { bodyH, roofH, top: -(bodyH + roofH) / 2 + 1 };
}

/** A small wrapped present centred on (x, y). */
export function presentShape(g: Graphics, x: number, y: number, s: number): void {
  g.roundRect(x - s / 2, y - s / 2, s, s, s * 0.15)
    .fill(C.present)
    .stroke({ width: 1, color: 0x7a1414 });
  g.rect(x - s * 0.09, y - s / 2, s * 0.18, s).fill(C.ribbon);
  g.rect(x - s / 2, y - s * 0.09, s, s * 0.18).fill(C.ribbon);
  g.ellipse(x - s * 0.17, y - s * 0.58, s * 0.17, s * 0.11).fill(C.ribbon);
  g.ellipse(x + s * 0.17, y - s * 0.58, s * 0.17, s * 0.11).fill(C.ribbon);
}

/** A dashed line along a polyline. */
export function dashes(g: Graphics, pts: Pt[], dash: number, gap: number, width: number, color: number): void {
  let on = true;
  let left = dash;
  for (let i = 1; i < pts.length; i++) {
    let a = pts[i - 1];
    const b = pts[i];
    let seg = Math.hypot(b.x - a.x, b.y - a.y);
    while (seg > 0) {
      const d = Math.min(left, seg);
      const f = d / seg;
      const nx = a.x + (b.x - a.x) * f;
      const ny = a.y + (b.y - a.y) * f;
      if (on) g.moveTo(a.x, a.y).lineTo(nx, ny).stroke({ width, color, cap: 'round' });
      a = { x: nx, y: ny };
      seg -= d;
      left -= d;
      if (left <= 0.001) {
        on = !on;
        left = on ? dash : gap;
      }
    }
  }
}

/** A solid line along a polyline. */
export function polyline(g: Graphics, pts: Pt[]): Graphics {
  g.moveTo(pts[0].x, pts[0].y);
  for (const pt of pts.slice(1)) g.lineTo(pt.x, pt.y);
  return g;
}

/** A table text in the table's font and ink, added to `parent`; its words and place are set by its owner. */
export function makeText(parent: Container, style: TextStyleOptions): Text {
  const tx = new Text({ text: '', style: { fontFamily: TABLE_FONT, fill: C.cream, ...style } });
  parent.addChild(tx);
  return tx;
}

/** Place a text by its anchor, on whole pixels (crisper), as tableText does. */
export function placeText(tx: Text, x: number, y: number, anchorX = 0, anchorY = 0): Text {
  tx.anchor.set(anchorX, anchorY);
  tx.position.set(Math.round(x), Math.round(y));
  return tx;
}

/** Set a text's words and style, changing (and so measuring) only what differs. */
export function setText(tx: Text, str: string, style: Partial<Pick<TextStyleOptions, 'fontSize' | 'fill' | 'fontStyle' | 'fontWeight'>> = {}): Text {
  const s = tx.style;
  if (style.fontSize !== undefined && s.fontSize !== style.fontSize) s.fontSize = style.fontSize;
  if (style.fill !== undefined && s.fill !== style.fill) s.fill = style.fill;
  if (style.fontStyle !== undefined && s.fontStyle !== style.fontStyle) s.fontStyle = style.fontStyle;
  if (style.fontWeight !== undefined && s.fontWeight !== style.fontWeight) s.fontWeight = style.fontWeight;
  if (tx.text !== str) tx.text = str;
  return tx;
}

/** Make a widget take taps within `hitArea` (a pointer cursor over it), or none when null; its owner's listener stays. */
export function setTappable(c: Container, hitArea: IHitArea | null): void {
  c.eventMode = hitArea ? 'static' : 'passive';
  c.cursor = hitArea ? 'pointer' : 'auto';
  c.hitArea = hitArea;
}
