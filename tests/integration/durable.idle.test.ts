/**
 * A game can last days: a room nobody is connected to is unloaded from
 * memory after the idle time (here 300 ms) and stays in the store; opening
 * its link (a join by id) or reclaiming a seat with a token wakes it under
 * the same id, with the match where it was. A link to a room the store does
 * not know is still "not found".
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { Client } from '@colyseus/sdk';
import { joinRoom, startedMatch } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer({}, '/nonexistent', { idleMs: 300 });
const all = srv.players;

async function rooms(): Promise<number> {
  return ((await (await fetch(`${srv.url}/healthz`)).json()) as { rooms: number }).rooms;
}

describe('idle rooms', () => {
  it('unloads a room nobody is in, and its link and tokens wake it with the match as it was', async () => {
    const base = await rooms();
    const [a, b] = await startedMatch(srv.url, ['Alice', 'Bob']);
    const roomId = a.room.roomId;
    a.send('intent', { action: { type: 'pick', n: 7 } });
    await a.until((s) => JSON.parse(s.seats[0].secret).mine === 7);
    const tokens = [a.welcome!, b.welcome!];
    const view = a.state.view;

    // Both close the page for good (a consented leave): seats kept, nobody connected.
    await a.leave();
    await b.leave();
    const deadline = Date.now() + 5000;
    while ((await rooms()) !== base && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await rooms()).toBe(base); // unloaded
    expect(srv.records.some((r) => r.event === 'room.restored' && r.roomId === roomId)).toBe(false);

    // Days later, Bob opens the link again: the room wakes, his seat and secret are back.
    const b2 = await joinRoom(srv.url, roomId, { name: 'Bob', token: tokens[1].token });
    all.push(b2);
    expect(b2.welcome!.memberId).toBe(tokens[1].memberId);
    expect(b2.state.view).toBe(view);
    expect(b2.state.seats[1].connected).toBe(true);
    expect(b2.state.seats[0].connected).toBe(false);
    expect(srv.records.some((r) => r.event === 'room.restored' && r.roomId === roomId)).toBe(true);
    b2.send('intent', { action: { type: 'pick', n: 3 } });
    await b2.until((s) => JSON.parse(s.view).phase === 'reveal', 'both picked');

    // Alice comes back too and the match goes on.
    const a2 = await joinRoom(srv.url, roomId, { name: 'Alice', token: tokens[0].token });
    all.push(a2);
    expect(JSON.parse(a2.state.seats[0].secret).mine).toBe(7);
    // Alice made the table: back, she is host again (Bob held the role while she was gone).
    expect(a2.state.hostId).toBe(tokens[0].memberId);
  }, 30_000);

  it('a link to a room the store does not know is not found', async () => {
    await expect(new Client(srv.url).joinById('noSuchRoom1', { name: 'X' })).rejects.toThrow(/not found/);
  });
});
