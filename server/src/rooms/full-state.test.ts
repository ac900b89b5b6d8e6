/** newcomersGetStateOnce: the pending changes go out before a newcomer's full state, and never to the newcomer. */
import { describe, expect, it } from '@jest/globals';
import { ClientState, type Client, type Room } from '@colyseus/core';
import { newcomersGetStateOnce } from './full-state.js';

describe('newcomersGetStateOnce', () => {
  it('broadcasts the pending patch while the newcomer still counts as joining, then sends its full state as joined', () => {
    const calls: string[] = [];
    const newcomer = { state: ClientState.JOINED } as unknown as Client;
    const room = {
      broadcastPatch: () => calls.push(`patch (newcomer ${newcomer.state === ClientState.JOINING ? 'joining' : 'joined'})`),
      sendFullState: (c: Client) => calls.push(`full state (${c === newcomer && c.state === ClientState.JOINED ? 'joined' : 'wrong'})`),
    };
    newcomersGetStateOnce(room as unknown as Room);
    (room as unknown as { sendFullState(c: Client): void }).sendFullState(newcomer);
    expect(calls).toEqual(['patch (newcomer joining)', 'full state (joined)']);
  });

  it('puts the newcomer back to joined even if the patch throws', () => {
    const newcomer = { state: ClientState.JOINED } as unknown as Client;
    const room = {
      broadcastPatch: () => {
        throw new Error('encoder failed');
      },
      sendFullState: () => undefined,
    };
    newcomersGetStateOnce(room as unknown as Room);
    expect(() => (room as unknown as { sendFullState(c: Client): void }).sendFullState(newcomer)).toThrow('encoder failed');
    expect(newcomer.state).toBe(ClientState.JOINED);
  });
});
