/**
 * Wind City test-only helpers (excluded from the build like every `testing.ts`).
 */
import { actor } from '../../engine/testing.js';
import { windcity as g } from './index.js';
import { legalPlacements } from './rules.js';
import type { WindCityState } from './types.js';

const act = actor(g);

/** Setup with the hurricane at (col, 0) and every house placed on the first legal square. */
export function placed(players: number, col = 0, seed = 'test'): WindCityState {
  let s = g.setup(players, g.defaultOptions(players), seed);
  s = act(s, 0, { type: 'hurricane', col });
  while (s.phase === 'placement') s = act(s, s.active, { type: 'place', square: legalPlacements(s, s.active)[0] });
  return s;
}
