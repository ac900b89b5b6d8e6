/**
 * Every player's pawn on both tracks: placed at once, or hopping to their new
 * square in a beat of the scene's timeline (after the reveal's flights).
 */
import { Container, Graphics } from 'pixi.js';
import { playerColorNum } from '../../colors.js';
import { reducedMotion, tableText } from '../../common/pixi-scene.js';
import { easeInOutQuad } from '../../common/tween.js';
import type { Beat, Timeline } from '../../common/timeline.js';
import type { TableLayout } from '../layout.js';
import type { GiftTrapPublicView } from '../model.js';
import { TRACKS, type TrackGeom, type TrackName } from './tracks.js';

interface Pawn {
  g: Container;
  /** Where it stands, or is to hop to. */
  x: number;
  y: number;
  placed: boolean;
}

export class PawnsWidget {
  readonly view = new Container();
  private pawns = new Map<string, Pawn>();

  constructor(private timeline: Timeline) {}

  /**
   * Every pawn's square from the view: new pawns (and all of them when
   * `instant`, or with less motion asked) are placed there at once. True if
   * some pawn is to hop to a new square: the scene queues `hop` for it.
   */
  update(L: TableLayout, v: GiftTrapPublicView, geom: (which: TrackName) => TrackGeom, instant: boolean): boolean {
    let moved = false;
    const radius = L.narrow ? 7 : 8;
    const seen = new Set<string>();
    for (const which of TRACKS) {
      const { x0, x1, barY } = geom(which);
      const goal = v.options.goal;
      const values = v[which];
      const clampV = (s: number) => Math.max(0, Math.min(goal, values[s] ?? 0));
      // Pawns on one square stack upwards, squeezed to stay within the track's row.
      const counts = new Map<number, number>();
      for (let s = 0; s < v.players; s++) counts.set(clampV(s), (counts.get(clampV(s)) ?? 0) + 1);
      const tallest = Math.max(...counts.values());
      const room = L.tracks[which].h - 18 - radius - 10;
      const step = tallest > 1 ? Math.min(radius * 0.95, room / (tallest - 1)) : 0;
      const stackAt = new Map<number, number>();
      for (let s = 0; s < v.players; s++) {
        const val = clampV(s);
        const k = stackAt.get(val) ?? 0;
        stackAt.set(val, k + 1);
        const key = `${which}:${s}`;
        seen.add(key);
        if (this.move(key, s, radius, x0 + (val / goal) * (x1 - x0), barY - radius - 3 - k * step, instant)) moved = true;
      }
    }
    for (const [key, pawn] of this.pawns) {
      if (!seen.has(key)) {
        pawn.g.destroy({ children: true });
        this.pawns.delete(key);
      }
    }
    return moved;
  }

  /** A beat: every pawn not on its square hops there (650 ms, together). */
  hop(done: () => void): void {
    const hops: Beat[] = [];
    for (const pawn of this.pawns.values()) {
      const { g, x, y } = pawn;
      if (Math.abs(g.x - x) < 0.01 && Math.abs(g.y - y) < 0.01) continue;
      const fromX = g.x;
      const fromY = g.y;
      hops.push((hopped) =>
        this.timeline.tween({
          duration: 650,
          ease: easeInOutQuad,
          // Placed elsewhere meanwhile (a new size): this hop is over.
          alive: () => !g.destroyed && pawn.x === x && pawn.y === y,
          step: (k) => g.position.set(fromX + (x - fromX) * k, fromY + (y - fromY) * k - Math.sin(k * Math.PI) * 14),
          done: hopped,
        }),
      );
    }
    this.timeline.together(hops)(done);
  }

  /** Place a pawn now, or note its new square: true if it is to hop there. */
  private move(key: string, seat: number, radius: number, x: number, y: number, instant: boolean): boolean {
    let pawn = this.pawns.get(key);
    if (!pawn) {
      // Labelled for the browser tests (where the pawns land: tests/e2e/gifttrap-scene.test.ts).
      const g = new Container({ label: `pawn:${key}` });
      g.addChild(new Graphics().circle(0, 0, radius).fill(playerColorNum(seat)).stroke({ width: 2, color: 0xffffff }));
      // The seat's number on its pawn: the colour is not the only cue (colour-blind players, colors.ts).
      tableText(g, String(seat + 1), { fontSize: Math.round(radius * 1.35), fontWeight: '800', fill: 0x1b0f08 }, 0, 0.5, 0.5, 0.5).label = 'seat-number';
      pawn = { g, x, y, placed: false };
      this.pawns.set(key, pawn);
    }
    // Higher stacks are drawn later so every pawn shows.
    this.view.addChild(pawn.g);
    const now = !pawn.placed || instant || reducedMotion();
    if (now) pawn.g.position.set(x, y);
    const hops = !now && (pawn.x !== x || pawn.y !== y);
    pawn.placed = true;
    pawn.x = x;
    pawn.y = y;
    return hops;
  }
}
