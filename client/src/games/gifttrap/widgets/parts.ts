/** Small pieces several widgets draw: a player's token, a wish badge, a wrapped gift, an icon changed in place. */
import { Container, Graphics, type Sprite } from 'pixi.js';
import { initial, playerColorNum } from '../../colors.js';
import { tableText } from '../../common/pixi-scene.js';
import { iconSprite } from '../../../art/sprites.js';
import type { Glyph } from '../../../art/glyphs.js';
import { WANT_COLOR, WANT_LABEL, type WantKind } from '../model.js';
import { hex } from './theme.js';

/** A player's round token with their initial, centred on (x, y). */
export function personToken(seat: number, name: string, x: number, y: number, radius: number): Container {
  const c = new Container();
  c.position.set(x, y);
  c.addChild(new Graphics().circle(0, 0, radius).fill(playerColorNum(seat)).stroke({ width: 2, color: 0xffffff }));
  tableText(c, initial(name), { fontSize: Math.round(radius * 1.1), fontWeight: '800', fill: 0xffffff }, 0, 1, 0.5, 0.5);
  return c;
}

/** A wish tile's value on a badge `w` wide, from (x, y) or centred on x. */
export function wantBadge(kind: WantKind, x: number, y: number, w: number, centred = false): Container {
  const c = new Container();
  c.position.set(x, y);
  const h = 22;
  const ox = centred ? -w / 2 : 0;
  c.addChild(new Graphics().roundRect(ox, 0, w, h, 7).fill(hex(WANT_COLOR[kind])).stroke({ width: 2, color: 0xffffff }));
  tableText(c, WANT_LABEL[kind], { fontSize: 14, fontWeight: '900', fill: 0xffffff }, ox + w / 2, h / 2 + 1, 0.5, 0.5);
  return c;
}

/** A wrapped gift in its giver's colour, `size` pixels square. */
export function giftBox(from: number, size: number): Container {
  const c = new Container();
  const g = new Graphics().roundRect(0, 0, size, size, 4).fill(playerColorNum(from)).stroke({ width: 1.5, color: 0xffffff, alpha: 0.9 });
  g.rect(size / 2 - 1.5, 0, 3, size).fill({ color: 0xffffff, alpha: 0.9 });
  g.rect(0, size / 2 - 1.5, size, 3).fill({ color: 0xffffff, alpha: 0.9 });
  c.addChild(g);
  return c;
}

/** Show another glyph, or the same at another size, on a retained icon sprite (its old texture goes, the atlas stays). */
export function setIcon(sprite: Sprite, glyph: Glyph, size: number): void {
  if (sprite.label !== `icon:${glyph}`) {
    const fresh = iconSprite(glyph, size);
    const old = sprite.texture;
    sprite.texture = fresh.texture;
    sprite.label = fresh.label;
    fresh.destroy();
    old.destroy(false);
  }
  sprite.setSize(size);
}

/** Destroy a container's children (a small row rebuilt because its own inputs changed). */
export function clear(c: Container): void {
  for (const child of c.removeChildren()) child.destroy({ children: true });
}
