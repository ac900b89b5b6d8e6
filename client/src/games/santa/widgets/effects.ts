/**
 * Passing effects over the town: the trail a moving counter leaves, and a
 * score that pops up at a house and floats away. They run on the scene's
 * tweens and go when done, or all at once when the moves are cut short.
 */
import { Container, Graphics, Text } from 'pixi.js';
import { playerColorNum } from '../../colors.js';
import { TABLE_FONT } from '../../common/pixi-scene.js';
import type { Pt } from '../../common/geometry.js';
import { easeOutBack, type Tweens } from '../../common/tween.js';
import { C, polyline } from './palette.js';

export class Effects extends Container {
  constructor(private tweens: Tweens) {
    super();
  }

  /** A trail in a seat's colour, drawn leg by leg (addLeg), that fades once the move is over (fade). */
  trail(seat: number, cell: number): { addLeg(pts: Pt[]): void; fade(): void } {
    const g = this.addChild(new Graphics());
    return {
      addLeg: (pts) => polyline(g, pts).stroke({ width: Math.max(3, cell * 0.06), color: playerColorNum(seat), alpha: 0.7, cap: 'round', join: 'round' }),
      fade: () => this.tweens.add({ duration: 500, delay: 300, alive: () => !g.destroyed, step: (k) => (g.alpha = 1 - k), done: () => g.destroy() }),
    };
  }

  /** "+2" in the scorer's colour (a loss in red) rising from a house. */
  scorePop(at: Pt, delta: number, seat: number, cell: number): void {
    const label = new Text({
      text: delta > 0 ? `+${delta}` : `−${-delta}`,
      style: {
        fontFamily: TABLE_FONT,
        fontSize: Math.max(16, Math.round(cell * 0.3)),
        fontWeight: '900',
        fill: delta > 0 ? playerColorNum(seat) : C.bad,
        stroke: { color: 0x0b1220, width: 4 },
      },
    });
    label.anchor.set(0.5, 0.5);
    // Two pops at once stand apart.
    const offset = this.children.length % 2 ? 0.2 : -0.2;
    label.position.set(at.x + offset * cell, at.y - cell * 0.3);
    label.scale.set(0.3);
    this.addChild(label);
    const y0 = label.y;
    this.tweens.add({
      duration: 1300,
      ease: (k) => k,
      alive: () => !label.destroyed,
      step: (k) => {
        label.scale.set(k < 0.25 ? easeOutBack(k / 0.25) : 1);
        label.y = y0 - k * cell * 0.4;
        label.alpha = k < 0.7 ? 1 : 1 - (k - 0.7) / 0.3;
      },
      done: () => label.destroy(),
    });
  }

  /** Everything passing goes at once. */
  clearAll(): void {
    for (const child of this.removeChildren()) child.destroy({ children: true });
  }
}
