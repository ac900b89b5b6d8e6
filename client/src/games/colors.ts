/** Player colours, by seat: distinct, readable on the dark warm table and on cream cards. */
export const PLAYER_COLORS = ['#e8553e', '#3d8bfd', '#2bb673', '#f2b632', '#a66cff', '#ff8a3d', '#ef5da8', '#22c3c9'];

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
