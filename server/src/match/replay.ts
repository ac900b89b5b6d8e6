/**
 * Rebuilding a match from its log (restores, tests): the stepping itself is
 * shared with the browser's replay viewer (shared/src/engine/replay.ts);
 * this adds the server's hash of a state.
 */
import { createHash } from 'node:crypto';
import { applyEvent as applyShared, replayFinal, type AnyGame } from '@fireside/shared';
import type { MatchEvent, MatchSetup } from './types.js';

/** Applies one logged event to an engine state. */
export function applyEvent(game: AnyGame, state: unknown, event: MatchEvent): unknown {
  return applyShared(game, state, event);
}

/** The engine state after `events`, from the match's setup. */
export function replayMatch(game: AnyGame, setup: MatchSetup, events: readonly MatchEvent[]): unknown {
  return replayFinal(game, setup, events);
}

/** A digest of an engine state (key order included: engines build states deterministically). */
export function stateHash(state: unknown): string {
  return createHash('sha256').update(JSON.stringify(state)).digest('hex');
}
