/**
 * The Wind City table's drawings, on a Graphics the caller owns: houses,
 * stars, shields, observatories, the storm, dashed outlines and the lines of
 * the hurricane's steps (a wrapping step leaves at one edge and comes back at
 * the other).
 */
import { Graphics } from 'pixi.js';
import { COLS, colOf } from '@fireside/shared/games/windcity/board';
import type { SquareId } from '@fireside/shared/games/windcity/types';
import type { Pt } from '../../common/geometry.js';
import { squareCentre, type WcLayout } from '../layout.js';
import { C, shade } from './palette.js';

/** A house centred on (x, y), size s; a double is two houses. */
export function houseShape(g: Graphics, x: number, y: number, s: number, color: number, double: boolean): void {
  const one = (cx: number, cy: number, w: number) => {
    const bodyH = w * 0.55;
    const roofH = w * 0.42;
    const top = cy - (bodyH + roofH) / 2;
    g.rect(cx - w / 2, top + roofH, w, bodyH)
      .fill(color)
      .stroke({ width: 1.5, color: 0x1a1008, alpha: 0.85 });
    g.poly([cx - w / 2 - w * 0.12, top + roofH + 1, cx, top, cx + w / 2 + w * 0.12, top + roofH + 1])
      .fill(shade(color, 0.62))
      .stroke({ width: 1.5, color: 0x1a1008, alpha: 0.85 });
    g.rect(cx - w * 0.11, top + roofH + bodyH * 0.4, w * 0.22, bodyH * 0.6).fill({ color: 0x1a1008, alpha: 0.55 });
  };
  if (double) {
    one(x - s * 0.22, y + s * 0.08, s * 0.72);
    one(x + s * 0.22, y - s * 0.08, s * 0.72);
  } else one(x, y, s * 0.85);
}

export function star(g: Graphics, x: number, y: number, r: number, color: number): void {
  const pts: number[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
  }
  g.poly(pts).fill(color).stroke({ width: 1, color: 0x5a3a00 });
}

export function shieldShape(g: Graphics, x: number, y: number, r: number): void {
  g.poly([x - r, y - r * 0.8, x, y - r * 1.1, x + r, y - r * 0.8, x + r * 0.85, y + r * 0.3, x, y + r * 1.1, x - r * 0.85, y + r * 0.3])
    .fill(C.shield)
    .stroke({ width: 1, color: 0x1a1008 });
  g.moveTo(x - r * 0.45, y)
    .lineTo(x - r * 0.1, y + r * 0.4)
    .lineTo(x + r * 0.5, y - r * 0.4)
    .stroke({ width: Math.max(1.2, r * 0.28), color: 0x2b8a4b, cap: 'round', join: 'round' });
}

export function observatoryShape(g: Graphics, p: Pt, cell: number): void {
  const s = cell * 0.36;
  g.circle(p.x, p.y + s * 0.05, s * 0.96)
    .fill({ color: 0xffffff, alpha: 0.1 })
    .stroke({ width: 1, color: C.obs, alpha: 0.45 });
  g.moveTo(p.x - s * 0.1, p.y - s * 0.2)
    .lineTo(p.x + s * 0.55, p.y - s * 0.75)
    .stroke({ width: Math.max(2, s * 0.2), color: C.obsDark, cap: 'round' });
  g.rect(p.x - s * 0.7, p.y + s * 0.05, s * 1.4, s * 0.65).fill(C.obsDark);
  g.moveTo(p.x + s * 0.62, p.y + s * 0.05)
    .arc(p.x, p.y + s * 0.05, s * 0.62, 0, Math.PI, true)
    .closePath()
    .fill(C.obs);
  g.rect(p.x - s * 0.08, p.y - s * 0.55, s * 0.16, s * 0.6).fill({ color: C.obsDark, alpha: 0.8 });
}

/** The hurricane: three spiral arms round an eye, `cell` wide, centred on (0, 0). */
export function stormShape(cell: number): Graphics {
  const g = new Graphics();
  const R = cell * 0.46;
  g.circle(0, 0, R).fill({ color: C.stormDark, alpha: 0.35 });
  for (let k = 0; k < 3; k++) {
    const pts: number[] = [];
    for (let i = 0; i <= 24; i++) {
      const s = i / 24;
      const r = R * (0.18 + 0.82 * s);
      const a = (k * 2 * Math.PI) / 3 + s * 2.8;
      pts.push(Math.cos(a) * r, Math.sin(a) * r);
    }
    g.moveTo(pts[0], pts[1]);
    for (let i = 2; i < pts.length; i += 2) g.lineTo(pts[i], pts[i + 1]);
    g.stroke({ width: Math.max(2.5, cell * 0.1), color: C.storm, alpha: 0.95, cap: 'round', join: 'round' });
  }
  g.circle(0, 0, R * 0.17)
    .fill(0x24313f)
    .stroke({ width: 2, color: C.storm });
  return g;
}

export function dashedRect(g: Graphics, x: number, y: number, w: number, h: number, color: number): void {
  const dash = 5;
  const seg = (x0: number, y0: number, x1: number, y1: number) => {
    const len = Math.hypot(x1 - x0, y1 - y0);
    for (let d = 0; d < len; d += dash * 2) {
      const a = d / len;
      const b = Math.min(len, d + dash) / len;
      g.moveTo(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a).lineTo(x0 + (x1 - x0) * b, y0 + (y1 - y0) * b);
    }
  };
  seg(x, y, x + w, y);
  seg(x + w, y, x + w, y + h);
  seg(x + w, y + h, x, y + h);
  seg(x, y + h, x, y);
  g.stroke({ width: 3, color });
}

function arrowHead(g: Graphics, from: Pt, to: Pt, color: number, width: number, alpha: number): void {
  const ang = Math.atan2(to.y - from.y, to.x - from.x);
  const s = Math.max(7, width * 2.4);
  g.poly([to.x, to.y, to.x - Math.cos(ang - 0.5) * s, to.y - Math.sin(ang - 0.5) * s, to.x - Math.cos(ang + 0.5) * s, to.y - Math.sin(ang + 0.5) * s]).fill({
    color,
    alpha,
  });
}

export interface StepLine {
  from: SquareId;
  to: SquareId | null;
  wrapped: boolean;
}

/** The segment of one step on the board: wrapping steps go out at one edge and in at the other; off the north edge, an arrow. */
export function stepLines(g: Graphics, L: WcLayout, st: StepLine, color: number, width: number, alpha: number): void {
  const a = squareCentre(L, st.from);
  if (st.to === null) {
    g.moveTo(a.x, a.y)
      .lineTo(a.x, L.board.y - L.cell * 0.6)
      .stroke({ width, color, alpha, cap: 'round' });
    arrowHead(g, { x: a.x, y: L.board.y - L.cell * 0.2 }, { x: a.x, y: L.board.y - L.cell * 0.7 }, color, width, alpha);
    return;
  }
  const b = squareCentre(L, st.to);
  if (st.wrapped) {
    const east = colOf(st.from) === COLS - 1;
    const outX = east ? L.board.x + L.board.w + L.edge * 0.8 : L.board.x - L.edge * 0.8;
    const inX = east ? L.board.x - L.edge * 0.8 : L.board.x + L.board.w + L.edge * 0.8;
    g.moveTo(a.x, a.y).lineTo(outX, a.y).stroke({ width, color, alpha, cap: 'round' });
    g.moveTo(inX, b.y).lineTo(b.x, b.y).stroke({ width, color, alpha, cap: 'round' });
    g.circle(outX, a.y, width * 0.9).fill({ color, alpha });
    g.circle(inX, b.y, width * 0.9).fill({ color, alpha });
    return;
  }
  g.moveTo(a.x, a.y).lineTo(b.x, b.y).stroke({ width, color, alpha, cap: 'round' });
}
