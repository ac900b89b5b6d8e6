/**
 * What a game gives the leak test (tests/integration/leak.test.ts): how to
 * play it so that every secret phase happens, which engines the test server
 * serves for it (a spy on the real one, deliberately leaky variants under
 * other ids), what a clean match must satisfy beyond the generic checks, and
 * the negative controls that show its scan can fail. One module per game
 * (leak/<game>.ts), listed in leak/specs.ts; every game of the registry must
 * have one.
 */
import type { Bot, Director, MatchPlan, Recording } from './harness.js';

export interface LeakMatch {
  /** Key of the recording, for the controls that reuse it. */
  name: string;
  title: string;
  plan: MatchPlan;
  /** The game-specific checks of the clean match (the generic ones run first). */
  expectClean(rec: Recording): void;
}

export interface LeakControl {
  title: string;
  timeoutMs: number;
  /** `recordings`: the clean matches recorded so far, by name. */
  run(recordings: Map<string, Recording>): Promise<void>;
}

export interface LeakSpec {
  id: string;
  /** Served by the test server under these ids instead of the registry's engines. */
  engines: Record<string, unknown>;
  /** How the bots play a match of this game (and when the latecomer joins). */
  director(bots: Bot[], plan: MatchPlan): Director;
  matches: LeakMatch[];
  controls: LeakControl[];
}
