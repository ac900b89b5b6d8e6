/**
 * The art atlas in the page: its frame map, fetched once at boot (main.ts
 * awaits loadArt() beside the texts, so every render after it places icons at
 * once), and iconEl() for the DOM: a span showing one cell of the sprite
 * sheet as its CSS background. The table's sprites are art/sprites.ts.
 */
import atlasUrl from './generated/atlas.svg?url';
import mapUrl from './generated/atlas.json?url';
import { glyphKey, type Glyph } from './glyphs.js';

export { atlasUrl };

/** As build/atlas.ts writes it: each emoji's cell, and the manifest's names for them. */
export interface AtlasMap {
  size: number;
  width: number;
  height: number;
  frames: Record<string, [x: number, y: number]>;
  names: Record<string, string>;
}

let map: AtlasMap | null = null;
let loading: Promise<AtlasMap | null> | null = null;

/** The frame map, fetched once; null if it could not be (the icons then stay empty, the page works). */
export function loadArt(): Promise<AtlasMap | null> {
  loading ??= fetch(mapUrl)
    .then((r) => (r.ok ? (r.json() as Promise<AtlasMap>) : null))
    .catch(() => null)
    .then((m) => (map = m));
  return loading;
}

/** The frame map once loadArt() has settled. */
export const atlasMap = (): AtlasMap | null => map;

/** A glyph's emoji: a name's from the manifest (by way of the frame map), or the emoji itself. */
const emojiOf = (glyph: Glyph): string => map?.names[glyph] ?? glyphKey(glyph);

/** A glyph's cell in the sheet, or undefined (not loaded, or not in the atlas). */
export function frameOf(glyph: Glyph): [x: number, y: number] | undefined {
  return map?.frames[emojiOf(glyph)];
}

/**
 * A picture for the DOM, `size` CSS pixels square, in the flow of the text
 * around it. Screen readers say the emoji's name in the reader's language
 * (the label); put it inside an aria-hidden element where it only decorates.
 */
export function iconEl(glyph: Glyph, size = 18): HTMLSpanElement {
  const el = document.createElement('span');
  el.className = 'icon';
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', emojiOf(glyph));
  // CSSOM, not a style attribute: the Content-Security-Policy allows no inline styles.
  const s = el.style;
  s.width = s.height = `${size}px`;
  const at = frameOf(glyph);
  if (map && at) {
    const k = size / map.size;
    s.backgroundImage = `url("${atlasUrl}")`;
    s.backgroundSize = `${map.width * k}px ${map.height * k}px`;
    s.backgroundPosition = `${-at[0] * k}px ${-at[1] * k}px`;
  }
  return el;
}
