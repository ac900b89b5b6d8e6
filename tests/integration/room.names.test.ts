/**
 * Two people who pick the same nickname at one table are told apart by the
 * server (rooms/names.ts, uniqueName): the second is "Bob 2", in the member
 * list, on the seat and in the public table summary; a look-alike spelling
 * counts as the same name (case, width, and the Unicode confusables skeleton:
 * "AIice", "A1ice", Cherokee "Ꭺlice", "0tto", Greek "Υann"), and a rename to
 * a taken name is numbered too.
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

  it('look-alike spellings of "Alice", "Otto" and "Yann" are numbered, on joining and on renaming', async () => {
    const host = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 3 });
    const roomId = host.room.roomId;
    const otto = await joinRoom(srv.url, roomId, { name: 'Otto' });
    const yann = await joinRoom(srv.url, roomId, { name: 'Yann' });
    all.push(host, otto, yann);
    // A capital I, a digit one, a Cherokee A (U+13AA), a digit zero, a Greek capital upsilon (U+03A5).
    const lookalikes = ['AIice', 'A1ice', '\u13AAlice', '0tto', '\u03A5ann'];
    const comers: Player[] = [];
    for (const name of lookalikes) comers.push(await joinRoom(srv.url, roomId, { name }));
    all.push(...comers);
    await host.until((s) => s.members.size === 8, 'eight members');
    // Each is numbered past the names already there ("AIice 2" reads like "Alice 2", so "A1ice" is the third).
    expect(comers.map(nameOf)).toEqual(['AIice 2', 'A1ice 3', '\u13AAlice 4', '0tto 2', '\u03A5ann 2']);

    // A rename to a look-alike of a member's name is numbered as well.
    otto.send('rename', { name: 'A1ice' });
    await host.until((s) => s.members.get(otto.welcome!.memberId)?.name !== 'Otto', 'renamed');
    expect(nameOf(otto)).toBe('A1ice 5');
  });
});
