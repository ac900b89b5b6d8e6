/** The two score tracks (GIVE and GET): label, bar with its ticks and numbers, the goal's star. The pawns are PawnsWidget's. */
import { Container, Graphics, type Text } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import { tableText } from '../../common/pixi-scene.js';
import type { TableLayout } from '../layout.js';
import { C, Inputs, place } from './theme.js';
import type { Rect } from '../../common/geometry.js';

export type TrackName = 'give' | 'get';
export const TRACKS: readonly TrackName[] = ['give', 'get'];

export interface TrackGeom {
  r: Rect;
  /** The bar runs from x0 (0 points) to x1 (the goal) at height barY. */
  x0: number;
  x1: number;
  barY: number;
}

/** One track's bar, redrawn only when its place or the goal changes. */
class Track {
  readonly view = new Container();
  readonly label: Text;
  private bar = new Graphics();
  private numbers = new Container();
  private inputs = new Inputs();

  constructor(readonly which: TrackName) {
    this.label = tableText(this.view, '', { fontWeight: '800', fill: which === 'give' ? C.ember : C.gold, letterSpacing: 1 }, 0, 0, 0, 0.5);
    this.view.addChild(this.bar, this.numbers);
  }

  draw(g: TrackGeom, goal: number): void {
    if (!this.inputs.changed(g.x0, g.x1, g.barY, goal)) return;
    const { x0, x1, barY } = g;
    const bar = this.bar.clear();
    bar.roundRect(x0 - 6, barY - 5, x1 - x0 + 12, 10, 5).fill(C.bar);
    const step = (x1 - x0) / goal;
    for (let k = 0; k <= goal; k++) {
      const x = x0 + k * step;
      const major = k % 5 === 0;
      if (!major && step < 5) continue;
      bar.rect(x - 0.5, barY - (major ? 5 : 3), 1, major ? 10 : 6).fill({ color: C.cream, alpha: major ? 0.55 : 0.25 });
    }
    bar.star(x1, barY, 5, 9, 4).fill(C.gold).stroke({ width: 1.5, color: 0x7a4b12 });
    for (const child of this.numbers.removeChildren()) child.destroy();
    for (let k = 0; k < goal; k += 5) tableText(this.numbers, String(k), { fontSize: 10, fill: C.muted }, x0 + k * step, barY + 8, 0.5, 0);
    tableText(this.numbers, String(goal), { fontSize: 10, fontWeight: '700', fill: C.gold }, x1, barY + 8, 0.5, 0);
  }
}

export class TracksWidget {
  readonly view = new Container();
  private tracks = TRACKS.map((which) => new Track(which));
  /** Width of the longest track label in the current language. */
  private labelW = 0;

  constructor() {
    for (const tr of this.tracks) this.view.addChild(tr.view);
  }

  geom(L: TableLayout, which: TrackName): TrackGeom {
    const r = L.tracks[which];
    return { r, x0: r.x + Math.max(L.tracks.labelW, this.labelW), x1: r.x + r.w - 12, barY: r.y + r.h - 18 };
  }

  update(L: TableLayout, goal: number): void {
    for (const tr of this.tracks) {
      tr.label.text = t(`gifttrap.tracks.${tr.which}`);
      tr.label.style.fontSize = L.narrow ? 11 : 13;
      place(tr.label, L.tracks[tr.which].x, this.geom(L, tr.which).barY + 1);
    }
    this.labelW = Math.ceil(Math.max(...this.tracks.map((tr) => tr.label.width))) + 14;
    for (const tr of this.tracks) tr.draw(this.geom(L, tr.which), goal);
  }
}
