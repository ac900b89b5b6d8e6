/**
 * Test-only helpers shared by the games' unit and property tests: they drive
 * any game through the engine contract only (setup, apply, awaiting,
 * sampleAction, botAction), as the server and the bots do.
 *
 * Not part of the package: shared/tsconfig.json excludes `src/**\/testing.ts`
 * from the build, so this file may import jest.
 */
import { expect } from '@jest/globals';
import type { BaseState, GameDefinition, RandomSource, Result, Seat } from './contract.js';

/** Every Fireside state names its phase, 'over' at the end. */
type PhasedState<O> = BaseState<O> & { phase: string };

/** The value of an accepted result; a rejection fails the test, saying `what` was refused and why. */
export function must<T>(r: Result<T>, what?: string): T {
  if (!r.ok) throw new Error(`${what === undefined ? '' : `${what}: `}${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The code of a rejection (which must explain itself in a real sentence); an accepted result fails the test. */
export function code<T>(r: Result<T>): string {
  if (r.ok) throw new Error('expected a rejection');
  expect(r.error.message.length).toBeGreaterThan(5);
  return r.error.code;
}

/** `act(state, seat, action)`: apply an action the test expects to be legal. */
export const actor =
  <S, A>(game: { apply(state: S, seat: Seat, action: A): Result<S> }) =>
  (state: S, seat: Seat, action: A): S =>
    must(game.apply(state, seat, action));

/** Freeze a state and everything in it, so that any mutation by the engine throws. */
export function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/**
 * Fail with a readable message (plain checks: jest's matchers are too slow
 * for every step of every game, and on big objects in a hot loop).
 */
export function assert(condition: boolean, what: string, data?: unknown): asserts condition {
  if (!condition) throw new Error(`${what}${data === undefined ? '' : `: ${JSON.stringify(data)}`}`);
}

export const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------------------
// Whole games played by bots and random players

/** Who plays a seat: the bot (botAction, from views only) or the random player (sampleAction). */
export type Player = 'bot' | 'random';

/** A seat and the action it played. */
export type SeatStep<A> = [Seat, A];

/** The end of a played game, and every step that led there (for replays). */
export interface Played<S, Step> {
  final: S;
  steps: Step[];
}

export const all = (kind: Player, n: number): Player[] => Array(n).fill(kind);

/** A table from fast-check's booleans (true: a bot); seat 0 is always a bot, so every table has one. */
export function mixedTable(bots: boolean[], players: number): Player[] {
  const kinds = bots.slice(0, players).map((b): Player => (b ? 'bot' : 'random'));
  kinds[0] = 'bot';
  return kinds;
}

/** Choose the next action: any awaited seat (at random), played by its kind of player. */
export function chooseStep<S extends PhasedState<O>, A, O, PV, SV>(g: GameDefinition<S, A, O, PV, SV>, s: S, kinds: Player[], rng: RandomSource): SeatStep<A> {
  const seats = g.awaiting(s);
  const seat = seats[Math.floor(rng.next() * seats.length)];
  const action = kinds[seat] === 'bot' ? g.botAction(g.publicView(s), g.seatView(s, seat), seat, rng) : g.sampleAction(s, seat, rng);
  if (!action) throw new Error(`${kinds[seat]} seat ${seat} had no action in phase ${s.phase}`);
  return [seat, action];
}

export interface Drive<S, Step> {
  /** The next step from this state. */
  choose(s: S): Step;
  /** Play a step (throwing if the engine refuses it). */
  play(s: S, step: Step): S;
  /** Invariants after every step, given the state before and after and the number of steps before it. */
  check?(prev: S, next: S, index: number): void;
  /** Stop early (before the game is over) once this is false. */
  keepGoing?(s: S): boolean;
  /** More steps than this and the game does not end: a bug. */
  maxSteps?: number;
}

/** Play from `start` until the game is over (or `keepGoing` stops it). */
export function playSteps<S extends { phase: string }, Step>(start: S, drive: Drive<S, Step>): Played<S, Step> {
  const { keepGoing = () => true, maxSteps = Infinity } = drive;
  let s = start;
  const steps: Step[] = [];
  while (s.phase !== 'over' && keepGoing(s)) {
    const step = drive.choose(s);
    const next = drive.play(s, step);
    drive.check?.(s, next, steps.length);
    steps.push(step);
    s = next;
    if (steps.length > maxSteps) throw new Error('the game does not end');
  }
  return { final: s, steps };
}

/** Replay recorded steps from `start`; halfway, the state goes through JSON (as a server storing the match would). */
export function replaySteps<S, Step>(start: S, steps: Step[], play: (s: S, step: Step) => S): S {
  let s = start;
  steps.forEach((step, i) => {
    s = play(s, step);
    if (i === Math.floor(steps.length / 2)) s = JSON.parse(JSON.stringify(s));
  });
  return s;
}

/**
 * Play one game by bots (the first awaited seat moves) and, at every step,
 * ask every seat's bot and random player for an action: they must answer
 * null exactly when the seat is not awaited, and a legal action otherwise.
 */
export function checkAnswersOnlyWhenAwaited<S extends PhasedState<O>, A, O, PV, SV>(g: GameDefinition<S, A, O, PV, SV>, start: S, rng: RandomSource): void {
  let s = start;
  while (s.phase !== 'over') {
    const awaited = g.awaiting(s);
    for (let seat = 0; seat < s.players; seat++) {
      const a = g.botAction(g.publicView(s), g.seatView(s, seat), seat, rng);
      const r = g.sampleAction(s, seat, rng);
      assert((a === null) === !awaited.includes(seat), `bot seat ${seat} in ${s.phase}`);
      assert((r === null) === !awaited.includes(seat), `random seat ${seat} in ${s.phase}`);
      if (a) must(g.apply(s, seat, a), `bot ${JSON.stringify(a)}`);
      if (r) must(g.apply(s, seat, r), `random ${JSON.stringify(r)}`);
    }
    const seat = awaited[0];
    s = must(g.apply(s, seat, g.botAction(g.publicView(s), g.seatView(s, seat), seat, rng)!), 'step');
  }
}
