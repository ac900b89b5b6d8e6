/**
 * Player colours, by seat: distinct, readable on the dark warm table and on
 * cream cards, and still told apart by colour-blind players: any two are at
 * least ΔE 15 (CIE76) apart in normal vision and under simulated
 * protanopia, deuteranopia and tritanopia (colors.test.ts; the blue and the
 * purple of seats 2 and 5 used to be 3.7 apart under deuteranopia). The
 * seat's number goes with its colour where the colour would be the only cue.
 */
export const PLAYER_COLORS = ['#e5513d', '#7796f8', '#16a766', '#f6b931', '#9a67ff', '#ff8a48', '#ed56a2', '#1dc7ce'];

export function playerColor(seat: number): string {
  return PLAYER_COLORS[((seat % PLAYER_COLORS.length) + PLAYER_COLORS.length) % PLAYER_COLORS.length];
}

export function playerColorNum(seat: number): number {
  return parseInt(playerColor(seat).slice(1), 16);
}

/** The first letter (or character) of a name, for tokens. */
export function initial(name: string): string {
  const first = [...name.trim()][0] ?? '?';
  return first.toUpperCase();
}
