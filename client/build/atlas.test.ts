/**
 * The art atlas holds every picture the client draws: each glyph of the
 * manifest (src/art/glyphs.ts) and each gift of the Gift Trap catalogue has a
 * cell in the frame map, and that cell of the sprite sheet is that glyph's
 * Twemoji picture.
 */
import fs from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { CATALOGUE } from '../../shared/src/games/gifttrap/catalogue.js';
import { TIERS } from '../../shared/src/games/gifttrap/types.js';
import { GLYPHS, glyphKey } from '../src/art/glyphs.js';
import { GLYPH_PX, buildAtlas, isDarkGlyph, roundNumbers, twemojiFile } from './atlas.js';

const { svg, map } = buildAtlas();
const gifts = TIERS.flatMap((tier) => CATALOGUE[tier].flatMap((card) => card.sides.map((g) => g.icon)));

/** The cell of the sheet at a frame, as the build wrote it (its body up to the cell's end). */
function cellAt([x, y]: [number, number]): string | undefined {
  const start = svg.indexOf(`<svg x="${x}" y="${y}" `);
  return start < 0 ? undefined : svg.slice(start, svg.indexOf('</svg>', start));
}

describe('the art atlas', () => {
  it('names every glyph of the manifest by its emoji', () => {
    expect(map.names).toEqual(Object.fromEntries(Object.entries(GLYPHS).map(([name, emoji]) => [name, glyphKey(emoji)])));
  });

  it.each([
    ['the manifest', Object.values(GLYPHS)],
    ['the gift catalogue', gifts],
  ])('has a cell for every glyph of %s, showing its Twemoji picture', (_what, glyphs) => {
    expect(glyphs.length).toBeGreaterThan(20);
    const missing = glyphs.filter((g) => !map.frames[glyphKey(g)]);
    expect(missing).toEqual([]);
    for (const g of glyphs) {
      const cell = cellAt(map.frames[glyphKey(g)]);
      const own = fs.readFileSync(twemojiFile(glyphKey(g)), 'utf8').match(/<svg[^>]*>([\s\S]*)<\/svg>/)![1];
      // Ids are renamed per cell; the first path of a picture is enough to know it.
      const firstPath = roundNumbers(own).match(/<path[^>]*>/)?.[0] ?? '';
      expect({ g, found: cell?.includes(firstPath) }).toEqual({ g, found: true });
    }
  });

  it('packs only those glyphs, each once, in cells that do not overlap and fit the sheet', () => {
    const keys = Object.keys(map.frames);
    expect(new Set(keys)).toEqual(new Set([...Object.values(GLYPHS), ...gifts].map(glyphKey)));
    const corners = new Set(Object.values(map.frames).map(([x, y]) => `${x},${y}`));
    expect(corners.size).toBe(keys.length);
    for (const [x, y] of Object.values(map.frames)) {
      expect(x % (GLYPH_PX + 16)).toBe(8);
      expect(y % (GLYPH_PX + 16)).toBe(8);
      expect(x + GLYPH_PX).toBeLessThanOrEqual(map.width);
      expect(y + GLYPH_PX).toBeLessThanOrEqual(map.height);
    }
    expect((svg.match(/<svg x=/g) ?? []).length).toBe(keys.length);
    // Within the texture size every WebGL device has.
    expect(Math.max(map.width, map.height)).toBeLessThanOrEqual(4096);
  });

  it('rounds numbers to two decimals without running two of them together', () => {
    expect(roundNumbers('M1.5.999 2.999.5-.5161.2')).toBe('M1.5 1 3.0.5-.52.2');
    expect(roundNumbers('c0-.516.361-1.147L9.639 1.147a1.796')).toBe('c0-.52.36-1.15L9.64 1.15a1.8');
    expect(roundNumbers('fill="#F4900C" opacity=".5"')).toBe('fill="#F4900C" opacity=".5"');
  });

  it('lists the near-black glyphs, which the page outlines so that they show on dark buttons (issue 23)', () => {
    // The sunglasses, the 8 ball and the top hat's kin are dark; the gift, the fire and the coin are not.
    for (const dark of ['🕶', '🎱', '🥸']) expect({ dark, listed: map.dark.includes(dark) }).toEqual({ dark, listed: true });
    for (const light of [GLYPHS.gift, GLYPHS.fire, GLYPHS.coin, GLYPHS.santa])
      expect({ light, listed: map.dark.includes(glyphKey(light)) }).toEqual({ light, listed: false });
    expect(isDarkGlyph('<svg><path fill="#31373D" d=""/><path fill="#292F33" d=""/><path fill="#FFF" d=""/></svg>')).toBe(true);
    expect(isDarkGlyph('<svg><path fill="#FFCC4D" d=""/><path fill="#31373D" d=""/><path fill="#F4900C" d=""/></svg>')).toBe(false);
  });
});
