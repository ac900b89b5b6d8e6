/**
 * No traffic that marks a hidden action.
 *
 * When only a view-only field changes (one seat revises its secret pick or
 * gift), Colyseus 0.18 still sends every other client a state patch — an
 * empty one, a single ROOM_STATE_PATCH byte — at exactly that moment, which
 * tells every onlooker "someone just changed a secret". An empty patch
 * carries no change, so dropping it loses nothing: this wraps a client's
 * `raw` so those frames never leave.
 */
import { Protocol, type Client } from '@colyseus/core';
import { dropOutgoing } from './colyseus-internals.js';

const QUIET = Symbol('fireside.quietPatches');

/** True for a state patch that changes nothing. */
export function isEmptyPatch(data: Uint8Array | Buffer): boolean {
  return data.length === 1 && data[0] === Protocol.ROOM_STATE_PATCH;
}

/** Makes `client` skip empty state patches (idempotent). */
export function quietEmptyPatches(client: Client): void {
  const c = client as Client & { [QUIET]?: true };
  if (c[QUIET]) return;
  dropOutgoing(client, isEmptyPatch);
  c[QUIET] = true;
}
