/**
 * Seeded pseudo-random generator (sfc32) whose whole state is four 32-bit
 * integers, so it can live inside a game state, be cloned with it and
 * replayed exactly. Seeds are strings hashed with cyrb128.
 */
import type { RandomSource } from './contract.js';

export type RngState = [number, number, number, number];

export function seedRng(seed: string): RngState {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const state: RngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  // Warm up so that similar seeds diverge.
  const rng = new Rng(state);
  for (let i = 0; i < 15; i++) rng.next();
  return rng.state;
}

/**
 * A generator that advances the state array it was given, in place. Engines
 * create one over the rng field of their (already cloned) next state.
 */
export class Rng implements RandomSource {
  constructor(public readonly state: RngState) {}

  /** A float in [0, 1). */
  next(): number {
    const s = this.state;
    const t = (((s[0] + s[1]) >>> 0) + s[3]) >>> 0;
    s[3] = (s[3] + 1) >>> 0;
    s[0] = s[1] ^ (s[1] >>> 9);
    s[1] = (s[2] + (s[2] << 3)) >>> 0;
    s[2] = ((s[2] << 21) | (s[2] >>> 11)) >>> 0;
    s[2] = (s[2] + t) >>> 0;
    return t / 4294967296;
  }
}

/** An integer in [0, n). */
export function randomInt(rng: RandomSource, n: number): number {
  return Math.floor(rng.next() * n);
}

/** A random element of a non-empty array. */
export function pick<T>(rng: RandomSource, items: readonly T[]): T {
  return items[randomInt(rng, items.length)];
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(rng: RandomSource, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A generator seeded from a string, for bots and tests (not for engine state). */
export function rngFromSeed(seed: string): Rng {
  return new Rng(seedRng(seed));
}
