/**
 * A replay step's label (issue 23), game by game: kept apart from types.ts, free of imports, so the labels and their
 * tests stay pure (no network or DOM module comes with them).
 */

/** Texts by full key (`windcity.replay.place`): the page's t, or a test's own lookup. */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** One step of a replay, for its label. */
export interface ReplayStep {
  /** The logged action (already accepted by the engine). */
  action: unknown;
  seat: number;
  /** Every seat's name as the table shows it (bots' marked in the page's language). */
  names: readonly string[];
  /** The public view before the step. */
  before: unknown;
  /** The acting seat's own view before the step (the match is over: its secrets may be told). */
  mine: unknown;
  /** The page's language (for names the game data holds per language, e.g. Santa's houses). */
  lang: string;
}

/** A game's replay step in words, in the reader's language: "Bob gave 3 gifts" (issue 23). */
export type DescribeStep = (step: ReplayStep, tr: Translate) => string;
