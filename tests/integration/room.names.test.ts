/**
 * Two people who pick the same nickname at one table are told apart by the
 * server (rooms/names.ts, uniqueName): the second is "Bob 2", in the member
 * list, on the seat and in the public table summary; a look-alike spelling
 * counts as the same name, and a rename to a taken name is numbered too.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { createRoom, joinRoom, type Player } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer();
const all = srv.players;

const nameOf = (p: Player) => p.state.members.get(p.welcome!.memberId)?.name;

describe('duplicate nicknames', () => {
  it('a second "Bob" becomes "Bob 2", everywhere the table shows names', async () => {
    const host = await createRoom(srv.url, { game: 'secret', name: 'Bob', players: 3 });
    const roomId = host.room.roomId;
    const bob2 = await joinRoom(srv.url, roomId, { name: 'Bob' });
    // Upper case and full-width letters read like "Bob" too.
    const bob3 = await joinRoom(srv.url, roomId, { name: 'ＢＯＢ' });
    all.push(host, bob2, bob3);
    await host.until((s) => s.members.size === 3, 'three members');
    expect(nameOf(host)).toBe('Bob');
    expect(nameOf(bob2)).toBe('Bob 2');
    expect(nameOf(bob3)).toBe('ＢＯＢ 3');

    host.send('sit', { seat: 0 });
    bob2.send('sit', { seat: 1 });
    await host.until((s) => s.seats[1].kind === 'human', 'both seated');
    expect(host.state.seats.map((s: { name: string }) => s.name)).toEqual(['Bob', 'Bob 2', '']);
    const summary = (await (await fetch(`${srv.url}/api/tables/${roomId}`)).json()) as { seats: { name: string }[] };
    expect(summary.seats.map((s: { name: string }) => s.name)).toEqual(['Bob', 'Bob 2', '']);

    // Renaming to a name that is taken gets a number as well; your own name is yours to keep.
    bob3.send('rename', { name: 'bob 2' });
    await host.until((s) => s.members.get(bob3.welcome!.memberId)?.name !== 'ＢＯＢ 3', 'renamed');
    expect(nameOf(bob3)).toBe('bob 2 2');
    host.send('rename', { name: 'Bob' });
    await host.barrier();
    expect(nameOf(host)).toBe('Bob');
  });
});
