/**
 * The art atlas on a table's canvas: the sprite sheet drawn once into a
 * canvas at GLYPH_PX per glyph (the largest use: a gift card's picture on a
 * 2× screen), with mipmaps for the small uses, as one texture that every
 * table shares; iconSprite() cuts a glyph from it. createTableApp awaits
 * loadAtlasTexture() before a scene draws, so no card is ever drawn blank.
 */
import { CanvasSource, Rectangle, Sprite, Texture, type Container, type TextureSource } from 'pixi.js';
import { atlasMap, atlasUrl, frameOf, loadArt, type AtlasMap } from './icons.js';
import type { Glyph } from './glyphs.js';

let source: TextureSource | null = null;
let loading: Promise<void> | null = null;

async function rasterize(map: AtlasMap): Promise<TextureSource> {
  const img = new Image();
  img.src = atlasUrl;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = map.width;
  canvas.height = map.height;
  canvas.getContext('2d')!.drawImage(img, 0, 0, map.width, map.height);
  return new CanvasSource({ resource: canvas, autoGenerateMipmaps: true, label: 'art-atlas' });
}

/** The atlas texture, made once; if it cannot be (offline), icons stay empty and the table still works. */
export function loadAtlasTexture(): Promise<void> {
  loading ??= loadArt()
    .then((map) => (map ? rasterize(map) : null))
    .then((s) => void (source = s))
    .catch(() => undefined);
  return loading;
}

/**
 * A glyph as a sprite `size` pixels square (label "icon:<glyph>"). Each has a
 * texture of its own over the shared source: destroying a table's sprites
 * with their textures leaves the atlas to the next table.
 */
export function iconSprite(glyph: Glyph, size: number): Sprite {
  const at = frameOf(glyph);
  const px = atlasMap()?.size ?? 0;
  const sprite = new Sprite(source && at ? new Texture({ source, frame: new Rectangle(at[0], at[1], px, px) }) : new Texture());
  sprite.label = `icon:${glyph}`;
  sprite.setSize(size);
  return sprite;
}

/** An icon on the table, placed like tableText: `size` pixels square, on whole pixels by its anchor. */
export function tableIcon(parent: Container, glyph: Glyph, size: number, x: number, y: number, anchorX = 0, anchorY = 0): Sprite {
  const sprite = iconSprite(glyph, size);
  sprite.anchor.set(anchorX, anchorY);
  sprite.position.set(Math.round(x), Math.round(y));
  parent.addChild(sprite);
  return sprite;
}
