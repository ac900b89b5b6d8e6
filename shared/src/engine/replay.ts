/**
 * Rebuilding a match from its log: the engine's setup, then every logged
 * event through the same engine calls the room made. Pure and free of Node
 * APIs, so the server (restores) and the browser (replays) share it. Throws
 * if the log does not fit the engine: a corrupt or foreign log must never
 * replay silently.
 */
import type { AnyGame, Seat } from './contract.js';

/** The part of a stored match's setup a replay needs. */
export interface ReplaySetup {
  game: string;
  players: number;
  options: unknown;
  seed: string;
}

/** One logged event (`seq` is 0-based and dense). */
export type ReplayEvent =
  { seq: number; kind: 'action'; seat: Seat; action: unknown; bot?: boolean; at?: number } | { seq: number; kind: 'expire'; at?: number };

/** Applies one logged event to an engine state. */
export function applyEvent(game: AnyGame, state: unknown, event: ReplayEvent): unknown {
  if (event.kind === 'expire') {
    if (!game.expire) throw new Error(`event ${event.seq}: ${game.id} has no time limits to expire`);
    return game.expire(state);
  }
  const action = game.parseAction(event.action);
  if (!action.ok) throw new Error(`event ${event.seq}: ${action.error.message}`);
  const next = game.apply(state, event.seat, action.value);
  if (!next.ok) throw new Error(`event ${event.seq}: ${next.error.code}: ${next.error.message}`);
  return next.value;
}

/**
 * The states of the match one by one: the setup first, then the state after
 * each event. The one stepping loop behind `replaySteps` and `replayFinal`.
 */
function* stepThrough(game: AnyGame, setup: ReplaySetup, events: readonly ReplayEvent[]): Generator<unknown> {
  if (setup.game !== game.id) throw new Error(`a ${setup.game} log cannot be replayed by ${game.id}`);
  let state = game.setup(setup.players, setup.options, setup.seed);
  yield state;
  for (const [i, event] of events.entries()) {
    if (event.seq !== i) throw new Error(`event ${i} has seq ${event.seq}`);
    state = applyEvent(game, state, event);
    yield state;
  }
}

/**
 * Every state of the match: element 0 is the setup, element k the state after
 * event k-1 (so `events.length + 1` states). Engines never mutate their input,
 * so keeping them all is safe and lets a viewer jump to any step.
 */
export function replaySteps(game: AnyGame, setup: ReplaySetup, events: readonly ReplayEvent[]): unknown[] {
  return [...stepThrough(game, setup, events)];
}

/** The state after every event (without keeping the steps in between). */
export function replayFinal(game: AnyGame, setup: ReplaySetup, events: readonly ReplayEvent[]): unknown {
  let last: unknown;
  for (const state of stepThrough(game, setup, events)) last = state;
  return last;
}
