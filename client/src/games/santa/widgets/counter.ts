/** A player's counter in the town: a disc of their colour with their initial, or Santa's picture on a gold-edged disc. */
import { Container, Graphics, Text, type Sprite } from 'pixi.js';
import { tableIcon } from '../../../art/sprites.js';
import { playerColorNum } from '../../colors.js';
import { TABLE_FONT } from '../../common/pixi-scene.js';
import { C, setText } from './palette.js';

export class Counter extends Container {
  private disc = new Graphics();
  private icon: Sprite;
  private letter: Text;
  private key = '';

  constructor(readonly seat: number) {
    super();
    this.addChild(this.disc);
    this.icon = tableIcon(this, 'santa', 10, 0, 1, 0.5, 0.5);
    this.letter = new Text({ text: '', style: { fontFamily: TABLE_FONT, fontWeight: '900', fill: 0xffffff, stroke: { color: 0x000000, width: 2 } } });
    this.letter.anchor.set(0.5, 0.5);
    this.addChild(this.letter);
  }

  /** `r`: the disc's radius; `initial`: the letter a kid's counter shows. */
  update(r: number, santa: boolean, initial: string): void {
    this.icon.visible = santa;
    this.letter.visible = !santa;
    if (santa) this.icon.setSize(Math.round(r * 1.45));
    else setText(this.letter, initial, { fontSize: Math.round(r * 1.15) });
    const key = `${r}|${santa}`;
    if (key === this.key) return;
    this.key = key;
    const g = this.disc.clear();
    g.circle(1, 2, r).fill({ color: 0x000000, alpha: 0.35 });
    g.circle(0, 0, r)
      .fill(playerColorNum(this.seat))
      .stroke({ width: santa ? 2.5 : 2, color: santa ? C.gold : 0xffffff });
  }
}
