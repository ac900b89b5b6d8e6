/** Every game's meta names its icon by a glyph of the atlas (the catalogue reads it as a GlyphName). */
import { describe, expect, it } from '@jest/globals';
import { gameMetas } from '@fireside/shared';
import { GLYPHS } from '../art/glyphs.js';

describe('game icons', () => {
  it.each(gameMetas.map((m) => [m.id, m.icon]))('%s: its icon "%s" is a glyph of the atlas', (_id, icon) => {
    expect(Object.keys(GLYPHS)).toContain(icon);
  });
});
