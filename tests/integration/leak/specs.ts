/** Every game's leak spec, by game id (leak.test.ts fails for a game of the registry without one). */
import { giftTrapSpec } from './gifttrap.js';
import { santaSpec } from './santa.js';
import type { LeakSpec } from './spec.js';
import { windCitySpec } from './windcity.js';

export const leakSpecs: Record<string, LeakSpec> = Object.fromEntries([giftTrapSpec, santaSpec, windCitySpec].map((s) => [s.id, s]));
