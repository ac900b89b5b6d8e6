/**
 * The reveal's effects, above everything: an opened gift flies from its
 * recipient's plate to its card (a beat on the scene's timeline, which the
 * pawns wait for), and its value pops.
 */
import { Container, Graphics } from 'pixi.js';
import { playerColorNum } from '../../colors.js';
import { reducedMotion, tableText } from '../../common/pixi-scene.js';
import { easeOutBack, easeOutCubic, type Tweens } from '../../common/tween.js';
import type { Timeline } from '../../common/timeline.js';
import { centre, type Rect } from '../../common/geometry.js';
import { tableIcon } from '../../../art/sprites.js';
import { formatValue } from '../model.js';
import type { Glyph } from '../../../art/glyphs.js';
import { C } from './theme.js';

export class EffectsLayer {
  readonly view = new Container();

  constructor(
    private tweens: Tweens,
    private timeline: Timeline,
  ) {}

  /**
   * A gift (`icon`, wrapped in the giver's colour) flies from the plate to the
   * card, starting after `delay` ms; `landed` is called as it reaches the card,
   * and then it shows what it was worth. `round` is the round it was opened in.
   */
  flyGift(plate: Rect, card: Rect, from: number, icon: Glyph, value: number, delay: number, round: number, landed: () => void): void {
    if (reducedMotion()) return landed();
    const start = { x: plate.x + 28, y: plate.y + plate.h - 22 };
    const end = centre(card);
    const flyer = new Container();
    const size = 44;
    flyer.addChild(
      new Graphics()
        .roundRect(-size / 2, -size / 2, size, size, 8)
        .fill(C.cream)
        .stroke({ width: 3, color: playerColorNum(from) }),
    );
    tableIcon(flyer, icon, 30, 0, 0, 0.5, 0.5);
    flyer.position.set(start.x, start.y);
    flyer.scale.set(0.5);
    flyer.visible = delay === 0;
    // Labelled for the browser test that no flight outlives its round (tests/e2e/round-animations.test.ts).
    flyer.label = `flight:${round}`;
    // It belongs to its round: the next round's layout takes it away, fading or not.
    this.view.addChild(this.timeline.own(flyer));
    const alive = () => !flyer.destroyed;
    this.timeline.tween({
      duration: 620,
      delay,
      ease: easeOutCubic,
      alive,
      step: (k) => {
        flyer.visible = true;
        flyer.position.set(start.x + (end.x - start.x) * k, start.y + (end.y - start.y) * k - Math.sin(k * Math.PI) * 60);
        flyer.scale.set(0.5 + 0.7 * k);
        flyer.rotation = (1 - k) * 0.6;
      },
      done: () => {
        this.popValue(end.x, end.y - card.h * 0.2, value, true);
        this.tweens.add({ duration: 500, delay: 350, step: (k) => (flyer.alpha = 1 - k), done: () => flyer.destroy({ children: true }), alive });
        landed();
      },
    });
  }

  /** A value (+3, −4) that grows, rises and fades at (x, y); `onCard` ones belong to their round's beats (they go with them). */
  popValue(x: number, y: number, value: number, onCard = false): void {
    if (reducedMotion()) return;
    const style = { fontSize: 34, fontWeight: '900' as const, fill: value > 0 ? C.good : C.bad, stroke: { color: 0x2a170f, width: 5 } };
    const label = tableText(this.view, formatValue(value), style, x, y, 0.5, 0.5);
    if (onCard) this.timeline.own(label);
    label.scale.set(0.2);
    this.tweens.add({
      duration: 1100,
      ease: (k) => k,
      alive: () => !label.destroyed,
      step: (k) => {
        label.scale.set(k < 0.3 ? easeOutBack(k / 0.3) : 1);
        label.y = y - k * 36;
        label.alpha = k < 0.7 ? 1 : 1 - (k - 0.7) / 0.3;
      },
      done: () => label.destroy(),
    });
  }
}
