/**
 * The art atlas in the page: its frame map, fetched once at boot (main.ts
 * awaits loadArt() beside the texts, so every render after it places icons at
 * once), and iconEl() for the DOM: a span showing one cell of the sprite
 * sheet as its CSS background. The table's sprites are art/sprites.ts.
 */
import atlasUrl from './generated/atlas.svg?url';
import mapUrl from './generated/atlas.json?url';
import { glyphKey, type AtlasMap, type Glyph } from './glyphs.js';

export type { AtlasMap };

export { atlasUrl };

let map: AtlasMap | null = null;
let loading: Promise<AtlasMap | null> | null = null;

/** The frame map, fetched once; null if it could not be (the icons then stay empty, the page works). */
export function loadArt(): Promise<AtlasMap | null> {
  loading ??= fetch(mapUrl)
    .then((r) => (r.ok ? (r.json() as Promise<AtlasMap>) : null))
    .catch(() => null)
    .then((m) => {
      map = m;
      // Drawing and encoding the sheet took ~80 ms in headless Chromium on a desktop CPU (draw 20 ms, PNG
      // 60 ms), more on a phone: not while the page boots.
      if (m) whenIdle(() => void rasterSheet(m));
      return m;
    });
  return loading;
}

/**
 * The DOM icons' sheet: the atlas drawn once into a bitmap (a blob: PNG).
 * The atlas itself is an SVG of every glyph's paths (~550 KB); as a CSS
 * background, the browser re-records all of it whenever an icon is painted:
 * on the phone page that was the larger part of the main thread's paint and
 * pre-paint time while a table played (docs/measurements.md, "Long tasks").
 * A bitmap paints as cheaply as any image. Until it is ready (or if it cannot
 * be made) the icons show the SVG.
 */
let sheetUrl: string | null = null;

/** Run `fn` when the main thread is idle (within 2 s), or soon where requestIdleCallback is missing (Safari). */
function whenIdle(fn: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}

/** The sheet's cells: big enough for the largest DOM icon (48 CSS px) at the device's pixel ratio, at most the atlas's own. */
const sheetScale = (m: AtlasMap): number => Math.min(1, (48 * Math.min(3, window.devicePixelRatio || 1)) / m.size);

async function rasterSheet(m: AtlasMap): Promise<void> {
  try {
    const img = new Image();
    img.src = atlasUrl;
    await img.decode();
    const k = sheetScale(m);
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(m.width * k);
    canvas.height = Math.ceil(m.height * k);
    canvas.getContext('2d')?.drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/png'));
    if (!blob) return;
    sheetUrl = URL.createObjectURL(blob);
    // Icons already on the page change over (their size and position are the atlas's, scaled alike).
    for (const el of document.querySelectorAll<HTMLElement>('.icon')) {
      if (el.style.backgroundImage) el.style.backgroundImage = `url("${sheetUrl}")`;
    }
  } catch {
    /* the SVG stays */
  }
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
  // A near-black glyph (the sunglasses) gets a light halo: on a dark button it would vanish (art/icons.css).
  if (map?.dark?.includes(glyphKey(emojiOf(glyph)))) el.classList.add('icon-dark');
  if (map && at) {
    const k = size / map.size;
    s.backgroundImage = `url("${sheetUrl ?? atlasUrl}")`;
    s.backgroundSize = `${map.width * k}px ${map.height * k}px`;
    s.backgroundPosition = `${-at[0] * k}px ${-at[1] * k}px`;
  }
  return el;
}
