/**
 * The pictures the web client draws, by name: each is a Twemoji glyph
 * (graphics CC-BY 4.0), named here by its emoji. The build packs exactly these
 * and the Gift Trap catalogue's gift icons into one atlas
 * (client/build/atlas.ts); nothing is drawn from an emoji font, which a
 * player's machine may not have. To draw a new picture, add it here.
 *
 * No imports: the build reads this file in Node. The client's code names
 * glyphs only (the names are typed by this list); the atlas's frame map
 * carries each name's emoji, so this list itself stays out of the bundle.
 */
export const GLYPHS = {
  fire: '🔥',
  globe: '🌐',
  gift: '🎁',
  santa: '🎅',
  cyclone: '🌀',
  film: '🎞️',
  trophy: '🏆',
  book: '📖',
  hourglass: '⏳',
  crown: '👑',
  eyes: '👀',
  child: '🧒',
  luggage: '🧳',
  coin: '🪙',
  telescope: '🔭',
  stopwatch: '⏱️',
  alarm: '⏰',
  shield: '🛡️',
  dice: '🎲',
  candle: '🕯️',
  pointRight: '👉',
  clipboard: '📋',
  robot: '🤖',
  compass: '🧭',
  plug: '🔌',
  warning: '⚠️',
  bell: '🔔',
  bellOff: '🔕',
} as const;

export type GlyphName = keyof typeof GLYPHS;

/** A glyph by name, or any emoji of the atlas itself (a gift's icon). */
export type Glyph = GlyphName | (string & {});

/** The atlas keys a picture by its emoji without variation selectors: '🛡️' and '🛡' are one picture. */
export function glyphKey(emoji: string): string {
  return emoji.replace(/\uFE0F/g, '');
}

/** The atlas's frame map, as build/atlas.ts writes it and the client fetches it (art/icons.ts). */
export interface AtlasMap {
  /** Each glyph's width and height in the sheet. */
  size: number;
  width: number;
  height: number;
  /** Emoji (glyphKey) → the top-left corner of its cell. */
  frames: Record<string, [x: number, y: number]>;
  /** The manifest: glyph name → emoji (glyphKey). */
  names: Record<string, string>;
  /** The glyphs (glyphKey) that are mostly near-black: the page gives them a light halo, or they vanish on dark buttons. */
  dark: string[];
}
