/**
 * A newcomer's full state must not also arrive as a patch.
 *
 * Colyseus 0.18 encodes a joining client's full state from the room's state
 * as it is when the client acknowledges the join — changes not yet broadcast
 * included — and then sends that client the next patch too, which carries
 * those same changes again. Setting a field twice is harmless; applying a
 * list's splice twice is not (view-sync.ts splices items in and out of the
 * middle of a list): the newcomer would hold an item twice, or lose one.
 * Seen as a spectator joining during a Gift Trap reveal and counting five
 * gifts for a seat of four (the raw-frame leak test).
 *
 * So before the full state is encoded, the pending changes go out to the
 * clients already joined, while the newcomer is still marked as joining
 * (which a patch skips); the full state then holds them once, and the next
 * patch holds only what changes afterwards.
 */
import { ClientState, type Client, type Room } from '@colyseus/core';
import { beforeFullState } from './colyseus-internals.js';

/** Makes `room` flush its pending changes before each newcomer's full state (see above); once per room. */
export function newcomersGetStateOnce(room: Room): void {
  beforeFullState(room, (client: Client) => {
    const joined = client.state;
    client.state = ClientState.JOINING; // a patch skips clients still joining
    try {
      room.broadcastPatch();
    } finally {
      client.state = joined;
    }
  });
}
