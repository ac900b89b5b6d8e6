/**
 * Short-lived effects over the board while an act plays: a house blown away
 * with the wind, a ring pulsing on a square, a number floating up ("+5").
 * Each one removes itself when its tween ends.
 */
import { Container, Graphics, Text } from 'pixi.js';
import type { HouseSquare } from '@fireside/shared/games/windcity/types';
import { playerColorNum } from '../../colors.js';
import { easeOutBack, easeOutCubic, type Tweens } from '../../common/tween.js';
import { TABLE_FONT } from '../../common/pixi-scene.js';
import type { Pt } from '../../common/geometry.js';
import { houseShape } from './shapes.js';

export class EffectsWidget {
  readonly view = new Container();

  constructor(private tweens: Tweens) {}

  clear(): void {
    for (const c of this.view.removeChildren()) c.destroy({ children: true });
  }

  /** A destroyed house flies off with the wind (dx, dy: the step's direction) and fades. */
  blowAway(h: HouseSquare, at: Pt, cell: number, dx: number, dy: number): void {
    const g = new Graphics();
    houseShape(g, 0, 0, cell * 0.5, playerColorNum(h.owner), h.count === 2);
    const c = new Container();
    c.addChild(g);
    c.position.set(at.x, at.y);
    this.view.addChild(c);
    const dist = cell * 1.6;
    // A straight north or south step gives no sideways push: any side will do (this is only the look of it).
    const vx = Math.sign(dx) || Math.random() - 0.5;
    const vy = -(Math.sign(dy) || 0.6);
    this.tweens.add({
      duration: 800,
      ease: easeOutCubic,
      step: (k) => {
        c.position.set(at.x + vx * dist * k, at.y + vy * dist * k * 0.8 - Math.sin(k * Math.PI) * 12);
        c.rotation = k * 4 * (vx >= 0 ? 1 : -1);
        c.alpha = 1 - k;
        c.scale.set(1 - k * 0.4);
      },
      done: () => c.destroy({ children: true }),
    });
  }

  pulse(at: Pt, radius: number, color: number): void {
    const g = new Graphics();
    g.circle(0, 0, radius).stroke({ width: 3, color, alpha: 0.9 });
    g.position.set(at.x, at.y);
    this.view.addChild(g);
    this.tweens.add({
      duration: 500,
      step: (k) => {
        g.scale.set(0.5 + k * 0.8);
        g.alpha = 1 - k;
      },
      done: () => g.destroy(),
    });
  }

  /** A short text rising from a square and fading. */
  pop(at: Pt, cell: number, text: string, color: number): void {
    const tx = new Text({
      text,
      style: { fontFamily: TABLE_FONT, fontSize: Math.max(14, Math.round(cell * 0.45)), fontWeight: '900', fill: color, stroke: { color: 0x000000, width: 4 } },
    });
    tx.anchor.set(0.5);
    tx.position.set(at.x, at.y);
    this.view.addChild(tx);
    this.tweens.add({
      duration: 900,
      ease: easeOutBack,
      step: (k) => {
        tx.position.set(at.x, at.y - k * cell * 0.7);
        tx.alpha = k < 0.7 ? 1 : 1 - (k - 0.7) / 0.3;
      },
      done: () => tx.destroy(),
    });
  }
}
