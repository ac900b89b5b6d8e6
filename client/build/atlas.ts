/**
 * The art atlas, made at build time (a Vite plugin, so `vite build` and the
 * dev server both make it, in a clean clone too): the Twemoji SVGs (npm
 * @twemoji/svg, graphics CC-BY 4.0) of exactly the glyphs the client draws —
 * the manifest (src/art/glyphs.ts) and the Gift Trap catalogue's icons —
 * placed in a grid in one SVG sprite sheet, plus the frame map (glyph → cell).
 * Both are written to src/art/generated/ (not committed), from where the
 * client imports them as hashed assets (src/art/icons.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { GLYPHS, glyphKey, type AtlasMap } from '../src/art/glyphs.js';
import { CARD_DATA } from '../../shared/src/games/gifttrap/catalogue-data.js';

/** Pixels of one glyph in the sheet: the largest use (a gift card's picture, on a 2× screen). */
export const GLYPH_PX = 128;
/**
 * Empty pixels between glyphs, so that the mipmaps of a glyph drawn small
 * (down to 1/16 of GLYPH_PX) never average in a neighbour.
 */
const GAP_PX = 16;
const PITCH = GLYPH_PX + GAP_PX;

/** Every glyph the client draws: the manifest's, then the gifts', each once, as keys (glyphKey). */
export function atlasGlyphs(): string[] {
  const gifts = Object.values(CARD_DATA).flatMap((cards) => cards.flatMap(([a, b]) => [a[0], b[0]]));
  return [...new Set([...Object.values(GLYPHS), ...gifts].map((g) => glyphKey(g)))];
}

const twemojiDir = (): string => path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));

/** Twemoji's file for an emoji: its code points in hex, joined by '-' (FE0F kept only where the file has it). */
export function twemojiFile(key: string, dir = twemojiDir()): string {
  const points = [...key].map((c) => c.codePointAt(0)!.toString(16));
  for (const name of [points.join('-'), points.filter((p) => p !== 'fe0f').join('-'), [...points.slice(0, 1), 'fe0f', ...points.slice(1)].join('-')]) {
    const file = path.join(dir, `${name}.svg`);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`art atlas: Twemoji has no picture for ${key} (${points.join('-')})`);
}

/**
 * Numbers to two decimals (1/1800 of a glyph's 36 units: nothing a screen
 * shows at GLYPH_PX), a fifth less to download. A rounded number keeps apart
 * from its neighbours: "1.5.999" (1.5 and .999) becomes "1.5 1", "2.999.5" "3.0.5".
 */
export function roundNumbers(svg: string): string {
  return svg.replace(/-?(?:\d+\.?\d*|\.\d+)/g, (num: string, at: number, all: string) => {
    if (!/\.\d{3,}$/.test(num)) return num;
    let r = String(Math.round(Number(num) * 100) / 100).replace(/^(-?)0\./, '$1.');
    if (!r.includes('.') && all[at + num.length] === '.') r += '.0';
    return /[\d.]/.test(all[at - 1] ?? '') && /^\d/.test(r) ? ` ${r}` : r;
  });
}

/** One glyph's SVG as a cell of the sheet, its ids made unique to it (a few glyphs have clip paths). */
function cell(svg: string, x: number, y: number, n: number): string {
  const m = svg.match(/^\s*<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/);
  if (!m) throw new Error('art atlas: not an SVG');
  const viewBox = m[1].match(/viewBox="([^"]+)"/)?.[1] ?? '0 0 36 36';
  const body = roundNumbers(m[2])
    .replace(/\bid="([^"]+)"/g, `id="g${n}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#g${n}-$1)`)
    .replace(/href="#([^"]+)"/g, `href="#g${n}-$1"`);
  return `<svg x="${x}" y="${y}" width="${GLYPH_PX}" height="${GLYPH_PX}" viewBox="${viewBox}">${body}</svg>`;
}

/** Relative luminance (0 black … 1 white) of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Is a glyph mostly near-black (the sunglasses, a top hat)? At least half of
 * its painted shapes are darker than Twemoji's dark greys: on a dark button
 * it would vanish, so the page gives it a light halo (art/icons.ts).
 */
export function isDarkGlyph(svg: string): boolean {
  const fills = [...svg.matchAll(/fill="(#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?)"/g)].map((m) => luminance(m[1]));
  return fills.length > 0 && fills.filter((l) => l < 0.04).length * 2 >= fills.length;
}

/** The sprite sheet and its frame map for these glyph keys. */
export function buildAtlas(keys: string[] = atlasGlyphs(), dir = twemojiDir()): { svg: string; map: AtlasMap } {
  const cols = Math.ceil(Math.sqrt(keys.length));
  const rows = Math.ceil(keys.length / cols);
  const names = Object.fromEntries(Object.entries(GLYPHS).map(([name, emoji]) => [name, glyphKey(emoji)]));
  const map: AtlasMap = { size: GLYPH_PX, width: cols * PITCH, height: rows * PITCH, frames: {}, names, dark: [] };
  const cells = keys.map((key, i) => {
    const x = (i % cols) * PITCH + GAP_PX / 2;
    const y = Math.floor(i / cols) * PITCH + GAP_PX / 2;
    map.frames[key] = [x, y];
    const glyph = fs.readFileSync(twemojiFile(key, dir), 'utf8');
    if (isDarkGlyph(glyph)) map.dark.push(key);
    return cell(glyph, x, y, i);
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${map.width}" height="${map.height}" viewBox="0 0 ${map.width} ${map.height}">` +
    `<!-- Twemoji by Twitter, Inc and other contributors, CC-BY 4.0 (https://creativecommons.org/licenses/by/4.0/) -->` +
    `${cells.join('')}</svg>`;
  return { svg, map };
}

export const GENERATED_DIR = fileURLToPath(new URL('../src/art/generated/', import.meta.url));

/** Write the sheet and the map (only when they changed: the dev server watches that folder). */
export function writeAtlas(dir = GENERATED_DIR): void {
  const { svg, map } = buildAtlas();
  fs.mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    ['atlas.svg', svg],
    ['atlas.json', JSON.stringify(map)],
    // The page's icon: the fire, as one plain SVG.
    ['favicon.svg', fs.readFileSync(twemojiFile(glyphKey(GLYPHS.fire)), 'utf8')],
  ];
  for (const [name, text] of files) {
    const file = path.join(dir, name);
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  }
}

/** The page's colours, as index.html's theme-color says. */
const THEME = '#2a1a12';

/**
 * The web app manifest (the page links it: the app can be installed): the
 * fire of the favicon as its icon, an SVG that fits any size.
 */
export function webManifest(): string {
  return JSON.stringify({
    name: 'Fireside',
    short_name: 'Fireside',
    description: 'Hidden-information board games with friends, in the browser.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: THEME,
    theme_color: THEME,
    icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  });
}

/**
 * The Vite plugin: the atlas is written before anything imports it, for `vite build` and `vite` alike;
 * the build also emits the manifest and its icon at the site's root (fixed names: the manifest is linked by name).
 */
export function atlasPlugin(): Plugin {
  return {
    name: 'fireside-atlas',
    configResolved: () => writeAtlas(),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'icon.svg', source: fs.readFileSync(path.join(GENERATED_DIR, 'favicon.svg'), 'utf8') });
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: webManifest() });
    },
  };
}
