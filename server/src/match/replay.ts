/**
 * Rebuilding a match from its log (restores, tests): the stepping itself is
 * shared with the browser's replay viewer (shared/src/engine/replay.ts);
 * this adds the server's hash of a state.
 */
import { createHash } from 'node:crypto';

export { applyEvent, replayFinal as replayMatch } from '@fireside/shared';

/** A digest of an engine state (key order included: engines build states deterministically). */
export function stateHash(state: unknown): string {
  return createHash('sha256').update(JSON.stringify(state)).digest('hex');
}
