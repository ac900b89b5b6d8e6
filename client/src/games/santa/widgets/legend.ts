/** A small legend on wide tables, beside the caption: street, path, away family, present. */
import { Container, Graphics, type Sprite, type Text } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import { tableIcon } from '../../../art/sprites.js';
import type { SantaLayout } from '../layout.js';
import { C, dashes, makeText, placeText, presentShape, setText } from './palette.js';

const KEYS = ['santa.legend.street', 'santa.legend.path', 'santa.legend.away', 'santa.legend.present'] as const;

export class Legend extends Container {
  private marks = new Graphics();
  private labels: Text[];
  private luggage: Sprite;
  private key = '';
  /** The width it takes from the caption strip (0 when not shown). */
  taken = 0;

  constructor() {
    super();
    this.addChild(this.marks);
    this.luggage = tableIcon(this, 'luggage', 14, 0, 0, 0.5, 0.5);
    this.labels = KEYS.map(() => makeText(this, { fontSize: 11, fill: 0xc9d6e6 }));
  }

  update(L: SantaLayout): void {
    this.visible = !L.narrow;
    if (L.narrow) {
      this.taken = 0;
      return;
    }
    const words = KEYS.map((k) => t(k));
    const b = L.board;
    const key = JSON.stringify([words, b.x, b.w, L.caption.y, L.caption.h]);
    if (key === this.key) return;
    this.key = key;
    // Each mark, then its word; the next item after a gap.
    const xs: number[] = [];
    let x = 0;
    this.labels.forEach((tx, i) => {
      xs.push(x);
      placeText(setText(tx, words[i]), x + 28, 0, 0, 0.5);
      x += 28 + tx.width + 16;
    });
    this.drawMarks(xs);
    this.position.set(Math.round(b.x + b.w - x - 4), Math.round(L.caption.y + L.caption.h / 2));
    this.taken = x + 8;
  }

  private drawMarks([street, path, away, present]: number[]): void {
    const g = this.marks.clear();
    g.moveTo(street, 0)
      .lineTo(street + 22, 0)
      .stroke({ width: 6, color: C.snow, cap: 'round' });
    dashes(
      g,
      [
        { x: path, y: 0 },
        { x: path + 22, y: 0 },
      ],
      5,
      3,
      3,
      C.path,
    );
    this.luggage.position.set(Math.round(away + 10), 0);
    presentShape(g, present + 10, 1, 11);
  }
}
