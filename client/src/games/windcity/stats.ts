/** Small facts about a Wind City board that need no rules engine (so the lobby and end screen stay light). */
import { isBeach } from '@fireside/shared/games/windcity/board';
import type { WindCityPublicView } from '@fireside/shared/games/windcity/types';

/** The market's default length, as in the engine (rules.ts MARKET_SECONDS). */
export const DEFAULT_MARKET_SECONDS = 45;

/** Houses counted per seat: pieces (a double counts 2), squares, premium ones (beach or double, 20 points), insured. */
export function houseStats(v: Pick<WindCityPublicView, 'houses'>, seat: number): { pieces: number; squares: number; premium: number; insured: number } {
  let pieces = 0;
  let squares = 0;
  let premium = 0;
  let insured = 0;
  v.houses.forEach((h, sq) => {
    if (!h || h.owner !== seat) return;
    squares++;
    pieces += h.count;
    if (h.count === 2 || isBeach(sq)) premium++;
    if (h.insured) insured++;
  });
  return { pieces, squares, premium, insured };
}
