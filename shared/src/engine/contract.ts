/**
 * The one engine contract every Fireside game implements.
 *
 * Engines are pure and deterministic: `apply` never mutates its input, all
 * randomness comes from the seeded generator kept inside the state, and the
 * same (players, options, seed, actions) always give the same state. No I/O,
 * no clock, no Math.random.
 *
 * Modelled on chessops (typed results instead of exceptions) and boardgame.io
 * (a game definition separate from transport): the server, the bots, the
 * tests and the client all drive games only through this interface.
 */
import type { RngState } from './rng.js';

/** A seat index, 0-based, in table order (seat i+1 sits to the left of seat i). */
export type Seat = number;

/** Reasons an intent is refused. Games may add their own codes (`<game>/…`). */
export const COMMON_REJECTION_CODES = [
  'malformed', // the intent does not have the shape of any action of this game
  'not-your-turn', // the seat is not awaited right now, or not for this kind of action
  'wrong-phase', // the action belongs to another phase of the game
  'illegal', // well-formed and in phase, but against the rules
  'game-over', // the match has ended
] as const;
export type CommonRejectionCode = (typeof COMMON_REJECTION_CODES)[number];

export interface Rejection {
  /** Stable machine-readable code, e.g. 'not-your-turn' or 'gifttrap/slot-taken'. */
  code: CommonRejectionCode | (string & {});
  /** Human-readable English explanation, safe to show to the sender. */
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: Rejection };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const reject = <T = never>(code: Rejection['code'], message: string): Result<T> => ({
  ok: false,
  error: { code, message },
});

/** The end of a match. Several seats may share the win. */
export interface MatchResult {
  winners: Seat[];
  /** One number per seat, for display and tie-breaks (game-defined meaning). */
  scores: number[];
}

/** Every game state carries its generator and its match parameters. */
export interface BaseState<O> {
  game: string;
  players: number;
  options: O;
  rng: RngState;
}

/**
 * A game definition.
 * S = full state (server only), A = action, O = options,
 * PV = public view (what everyone, spectators included, may see),
 * SV = seat view (one seat's own secrets, never anyone else's).
 */
export interface GameDefinition<S extends BaseState<O>, A, O, PV, SV> {
  id: string;
  minPlayers: number;
  maxPlayers: number;
  /** Options a new room starts with for this player count. */
  defaultOptions(players: number): O;
  /** Validate options from the outside world for a player count. */
  parseOptions(input: unknown, players: number): Result<O>;
  /** Validate the shape of an intent from the outside world (not its legality). */
  parseAction(input: unknown): Result<A>;

  /** Create a match. The seed is the only source of randomness. */
  setup(players: number, options: O, seed: string): S;
  /** Validate and apply a seat's action. Pure: `state` is not mutated. */
  apply(state: S, seat: Seat, action: A): Result<S>;

  /** Projection for everybody: contains no secret of any seat, no deck order, no seed. */
  publicView(state: S): PV;
  /** One seat's own secrets (its picks, its hand...). Never another seat's. */
  seatView(state: S, seat: Seat): SV;

  /**
   * Seats whose input the game is waiting for now (empty when over). The
   * server schedules bots and time limits from it; it may be secret (see
   * publicAwaiting).
   */
  awaiting(state: S): Seat[];
  /**
   * Optional: the seats shown to everybody as awaited; defaults to
   * `awaiting`. A game where whom it waits on is itself secret (Wind City's
   * market: who has asked or passed) returns a coarser set that changes only
   * on public events. It must contain every seat of `awaiting`, and be a
   * function of the public view alone.
   */
  publicAwaiting?(state: S): Seat[];
  /** A uniformly-ish random legal action for a seat, or null if it has none. For tests and fuzzing. */
  sampleAction(state: S, seat: Seat, rng: RandomSource): A | null;
  /**
   * A sensible bot move, decided only from what that seat may see
   * (the public view and its own seat view), so bots cannot cheat.
   *
   * `persona`: a stable secret string per bot seat per match that fixes the
   * bot's personality (its taste, in Gift Trap), so bots at one table differ
   * and stay themselves from call to call. The server derives it from the
   * match seed, so it never leaves the server; a bot client makes its own
   * (stable for that client in one match). It must not be guessable by other
   * players, or they could read the bot's taste before it reveals it. When
   * absent (tests, fuzzing), the game falls back to something deterministic
   * from the seat. Games without personalities ignore it.
   */
  botAction(view: PV, own: SV, seat: Seat, rng: RandomSource, persona?: string): A | null;
  /**
   * Optional: does a bot (or a stand-in) make this awaited seat's move at
   * once, without the room's bot delay? For a step that exists only because
   * of a secret move: Wind City's seller answering a request. Paced, the
   * answer would hold back what everybody sees next (the market's close) by
   * one bot delay, and so tell them that a request was made. Default: every
   * bot move waits the bot delay.
   */
  botMovesAtOnce?(state: S, seat: Seat): boolean;

  /**
   * Optional: the shapes (exact keys, in order) of the plain objects the
   * public view is made of — log entries, houses, records — which then travel
   * without their keys (shared/src/protocol/wire-shapes.ts). Declare public
   * shapes only: an object of an undeclared shape travels with its keys.
   */
  wireShapes?: ShapeKeys;

  /** The result when the match is over, otherwise null. */
  result(state: S): MatchResult | null;

  /**
   * Optional: the step a publicly awaited seat is being waited on for, and
   * its time budget at each clock pace (see `SeatStep`), or null when the
   * step is untimed. The room runs one clock per seat: it starts when the
   * seat is shown as awaited with a new `key` and keeps running while the
   * key stays the same (a Gift Trap giver placing its third gift does not
   * restart it). When it runs out, the seat's stand-in bot makes the seat's
   * moves for the rest of that step. Called for every seat of
   * `publicAwaiting`, so for those seats it must depend on the public view
   * only (a Wind City buyer who has secretly passed keeps the market's key).
   * The engine itself never reads a clock.
   */
  stepClock?(state: S, seat: Seat): SeatStep | null;
  /**
   * Legacy: matches stored before per-seat clocks may hold `expire` events
   * (Wind City's market timer); replaying them needs this. Rooms no longer
   * create such events. Pure.
   */
  expire?(state: S): S;
}

/** How fast a table plays: `off` waits for ever (stand-ins still cover absent players). */
export type ClockPace = 'off' | 'relaxed' | 'normal' | 'fast';
export const CLOCK_PACES: readonly ClockPace[] = ['off', 'relaxed', 'normal', 'fast'];
export const DEFAULT_CLOCK: ClockPace = 'relaxed';
export const isClockPace = (x: unknown): x is ClockPace => (CLOCK_PACES as readonly unknown[]).includes(x);

/** Seconds a step may take at each pace but `off`. */
export type StepBudget = Record<Exclude<ClockPace, 'off'>, number>;

/** One occurrence of a timed step for one seat: `key` is unique to it within the match (e.g. `give:r3`). */
export interface SeatStep {
  key: string;
  budget: StepBudget;
}

/**
 * The exact keys, in order, of each shape a game declares (`wireShapes`;
 * the encoding is protocol/wire-shapes.ts). Here, below both the games and
 * the protocol, so that the games need nothing of the protocol.
 */
export type ShapeKeys = readonly (readonly string[])[];

/** A game's action type, read from its engine (the protocol's `GameActions` is derived with it). */
export type ActionOf<G> = G extends { parseAction(input: unknown): Result<infer A> } ? A : never;

/** Any game, for code that hosts games without knowing which. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any, any, any, any>;

/** A source of random numbers in [0, 1); engines use the seeded one in their state. */
export interface RandomSource {
  next(): number;
}
