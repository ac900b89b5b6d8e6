/**
 * What the rest of Fireside knows about a game without loading it: its id,
 * how many play, how long a match lasts, and the few settings tests and
 * benchmarks use to play it quickly. Plain data (no zod, no rules), so the
 * client's home page can import every game's meta for a few hundred bytes.
 * The engine (`<id>/index.ts`) takes its player counts from its meta;
 * `metas.test.ts` checks that the engine registry and the metas agree.
 */
export interface GameMeta {
  readonly id: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** The picture of the game on the home page and the tables: a glyph of the client's atlas (client/src/art/glyphs.ts). */
  readonly icon: string;
  /** A match's usual length in minutes, [shortest, longest] (shown on the home page). */
  readonly minutes: readonly [number, number];
  /** Settings for the tests and benchmarks that play this game (tests/, tests/load/). */
  readonly testing: {
    /** Options that shorten a match for the soak (tests/soak/table-life.ts); none: the defaults. */
    readonly quickOptions?: Readonly<Record<string, unknown>>;
    /** The fuzzer's tables of this game (tests/fuzz/run.ts): seats and spectators of each. */
    readonly fuzzTables: readonly { readonly players: number; readonly spectators: number }[];
    /** Seats at a table of the engine and server benchmarks (tests/load/engine-bench.mjs, server-bench.mjs). */
    readonly benchPlayers: number;
    /** bench-load's goal (tests/load/bench-load.mjs): bytes a seated client receives over one whole game, at most. */
    readonly benchBytesPerGame: number;
    /** The canvas-text test (tests/e2e/canvas-text.test.ts) also asks the table's texts to fit whole, never cut with "…". */
    readonly tableTextsWhole: boolean;
  };
}
