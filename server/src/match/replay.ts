/**
 * Rebuilding a match from its log: the engine's setup, then every event
 * through the same engine calls the room made. Pure; throws if the log does
 * not fit the engine (a corrupt or foreign log must never restore silently).
 */
import { createHash } from 'node:crypto';
import type { AnyGame } from '@fireside/shared';
import type { MatchEvent, MatchSetup } from './types.js';

/** Applies one logged event to an engine state. */
export function applyEvent(game: AnyGame, state: unknown, event: MatchEvent): unknown {
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

/** The engine state after `events`, from the match's setup. */
export function replayMatch(game: AnyGame, setup: MatchSetup, events: readonly MatchEvent[]): unknown {
  if (setup.game !== game.id) throw new Error(`a ${setup.game} log cannot be replayed by ${game.id}`);
  let state = game.setup(setup.players, setup.options, setup.seed);
  events.forEach((event, i) => {
    if (event.seq !== i) throw new Error(`event ${i} has seq ${event.seq}`);
    state = applyEvent(game, state, event);
  });
  return state;
}

/** A digest of an engine state (key order included: engines build states deterministically). */
export function stateHash(state: unknown): string {
  return createHash('sha256').update(JSON.stringify(state)).digest('hex');
}
