/** Every player's pawn on both tracks: placed at once, or hopping to their new square after the reveal's flights. */
import { Container, Graphics } from 'pixi.js';
import { playerColorNum } from '../../colors.js';
import { reducedMotion } from '../../common/pixi-scene.js';
import { easeInOutQuad, type Tweens } from '../../common/tween.js';
import type { TableLayout } from '../layout.js';
import type { GiftTrapPublicView } from '../model.js';
import { TRACKS, type TrackGeom, type TrackName } from './tracks.js';

interface Pawn {
  g: Container;
  x: number;
  y: number;
  placed: boolean;
}

export interface PawnClock {
  tweens: Tweens;
  /** The scene's animation time (ms). */
  now(): number;
  /** Pawns wait for the gifts' flights until then. */
  delayUntil: number;
}

export class PawnsWidget {
  readonly view = new Container();
  private pawns = new Map<string, Pawn>();

  constructor(private clock: PawnClock) {}

  update(L: TableLayout, v: GiftTrapPublicView, geom: (which: TrackName) => TrackGeom, instant: boolean): void {
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
        this.move(key, s, radius, x0 + (val / goal) * (x1 - x0), barY - radius - 3 - k * step, instant);
      }
    }
    for (const [key, pawn] of this.pawns) {
      if (!seen.has(key)) {
        pawn.g.destroy({ children: true });
        this.pawns.delete(key);
      }
    }
  }

  private move(key: string, seat: number, radius: number, x: number, y: number, instant: boolean): void {
    let pawn = this.pawns.get(key);
    if (!pawn) {
      const g = new Container();
      g.addChild(new Graphics().circle(0, 0, radius).fill(playerColorNum(seat)).stroke({ width: 2, color: 0xffffff }));
      pawn = { g, x, y, placed: false };
      this.pawns.set(key, pawn);
    }
    // Higher stacks are drawn later so every pawn shows.
    this.view.addChild(pawn.g);
    if (!pawn.placed || instant || reducedMotion()) {
      pawn.g.position.set(x, y);
      pawn.placed = true;
    } else if (pawn.x !== x || pawn.y !== y) {
      const fromX = pawn.g.x;
      const fromY = pawn.g.y;
      const g = pawn.g;
      this.clock.tweens.add({
        duration: 650,
        delay: Math.max(0, this.clock.delayUntil - this.clock.now()),
        ease: easeInOutQuad,
        alive: () => !g.destroyed,
        step: (k) => g.position.set(fromX + (x - fromX) * k, fromY + (y - fromY) * k - Math.sin(k * Math.PI) * 14),
      });
    }
    pawn.x = x;
    pawn.y = y;
  }
}
