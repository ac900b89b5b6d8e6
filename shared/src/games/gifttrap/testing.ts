/**
 * Gift Trap test-only helpers (excluded from the build like every `testing.ts`).
 */
import { TIERS, type GiftTrapState } from './types.js';

/**
 * Decks big enough for every test even while the catalogue is still being
 * written: a tier with fewer than 12 cards gets 20 placeholder cards.
 * Changes `s` in place and returns it.
 */
export function withBigDecks(s: GiftTrapState): GiftTrapState {
  for (const t of TIERS) {
    if (s.decks[t].length < 12) s.decks[t] = Array.from({ length: 20 }, (_, i) => `${t}-x${String(i + 1).padStart(2, '0')}`);
  }
  return s;
}
