/** The Wind City table's colours, shared by its widgets. */
export const C = {
  table: 0x241710,
  frame: 0x1a2630,
  sea: 0x1f5f8b,
  seaDeep: 0x184d73,
  wave: 0x8fd0ff,
  sand: 0xe6cf94,
  land: [0x7d9b5a, 0x6f8f52, 0x7d9b5a, 0x6f8f52],
  grid: 0x000000,
  inactive: 0x53514d,
  ink: 0x2a1c12,
  cream: 0xfff4e2,
  muted: 0xc8ab8c,
  gold: 0xffc857,
  ember: 0xf28c28,
  plate: 0x3a281c,
  plateMe: 0x4a3223,
  plateEdge: 0x6e4832,
  good: 0x3ccf7a,
  bad: 0xff6b5b,
  obs: 0xdfe6ee,
  obsDark: 0x4b5a6a,
  storm: 0xd8e4ef,
  stormDark: 0x5b6b7c,
  shield: 0xffffff,
  card: 0xfff4e2,
  cardBack: 0x6a3f8f,
};

/** A darker shade of a colour. */
export function shade(color: number, k: number): number {
  const r = Math.round(((color >> 16) & 255) * k);
  const g = Math.round(((color >> 8) & 255) * k);
  const b = Math.round((color & 255) * k);
  return (r << 16) | (g << 8) | b;
}
