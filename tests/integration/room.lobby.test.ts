/**
 * The lobby of the generic `game` room, through real SDK clients: create,
 * join by id, spectators, seats, configure, bots, start, names, and errors
 * that reach only their sender. Uses the test-only "secret" fixture game.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { Client } from '@colyseus/sdk';
import { createRoom, joinRoom, seatsOf, type Player } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer();
const players = srv.players;

async function create(opts: Record<string, unknown>): Promise<Player> {
  const p = await createRoom(srv.url, opts);
  players.push(p);
  return p;
}
async function join(roomId: string, opts: Record<string, unknown>): Promise<Player> {
  const p = await joinRoom(srv.url, roomId, opts);
  players.push(p);
  return p;
}

describe('room lobby', () => {
  it('creates a room: the creator is host, a spectator, welcomed with a private token', async () => {
    const a = await create({ game: 'secret', name: 'Alice' });
    const w = a.welcome!;
    expect(w.roomId).toBe(a.room.roomId);
    expect(w.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.state.game).toBe('secret');
    expect(a.state.status).toBe('lobby');
    expect(a.state.hostId).toBe(w.memberId);
    expect(a.state.players).toBe(4); // clamp(4, min 2, max 4)
    expect(a.state.seats.length).toBe(4);
    expect(JSON.parse(a.state.options)).toEqual({ max: 9 });
    expect(a.state.matchNo).toBe(1);
    expect(a.state.view).toBe('');
    expect(a.state.result).toBe('');
    expect(a.state.spectators).toBe(1);
    const me = a.state.members.get(w.memberId);
    expect(me.toJSON()).toEqual({ id: w.memberId, name: 'Alice', seat: -1, connected: true, awaySince: 0 });
    expect(seatsOf(a.state).map((s) => s.kind)).toEqual(['empty', 'empty', 'empty', 'empty']);
  });

  it('accepts players and options at creation, and refuses an unknown game or bad options', async () => {
    const a = await create({ game: 'secret', name: 'Al', players: 2, options: { max: 5 } });
    expect(a.state.players).toBe(2);
    expect(JSON.parse(a.state.options)).toEqual({ max: 5 });
    await expect(new Client(srv.url).create('game', { game: 'nope', name: 'X' })).rejects.toThrow(/Unknown game/);
    await expect(new Client(srv.url).create('game', { game: 'secret', players: 9 })).rejects.toThrow(/players/);
    await expect(new Client(srv.url).create('game', { game: 'secret', options: { max: 1 } })).rejects.toThrow(/options/);
  });

  it('joins by id; members, spectators; the token reaches only its owner', async () => {
    const a = await create({ game: 'secret', name: 'Alice' });
    const b = await join(a.room.roomId, { name: 'Bob' });
    const c = await join(a.room.roomId, {});
    await a.until((s) => s.members.size === 3 && s.spectators === 3);
    expect(b.state.hostId).toBe(a.welcome!.memberId);
    expect(c.state.members.get(c.welcome!.memberId).name).toBe('Player');
    const ids = new Set([a, b, c].map((p) => p.welcome!.memberId));
    expect(ids.size).toBe(3);
    // No one else ever receives a member's token.
    await b.barrier();
    await c.barrier();
    expect(b.rawText()).not.toContain(a.welcome!.token);
    expect(c.rawText()).not.toContain(a.welcome!.token);
    expect(c.rawText()).not.toContain(b.welcome!.token);
    expect(b.rawText()).toContain(b.welcome!.token);

    // Seats change the spectator count.
    b.send('sit', { seat: 2 });
    await a.until((s) => s.seats[2].kind === 'human' && s.spectators === 2);
    const seat = seatsOf(a.state)[2];
    expect(seat).toMatchObject({ index: 2, kind: 'human', memberId: b.welcome!.memberId, name: 'Bob', connected: true, awaiting: false });
    expect(a.state.members.get(b.welcome!.memberId).seat).toBe(2);

    // Leaving for good in the lobby removes the member.
    await c.leave();
    await a.until((s) => s.members.size === 2 && s.spectators === 1);
  });

  it('cleans names: trimmed, control characters removed, at most 24 characters; rename', async () => {
    const a = await create({ game: 'secret', name: '  \u0007Zo\u200be\n  ' });
    expect(a.state.members.get(a.welcome!.memberId).name).toBe('Zoe');
    const b = await join(a.room.roomId, { name: 'x'.repeat(40) });
    expect(b.state.members.get(b.welcome!.memberId).name).toBe('x'.repeat(24));
    const c = await join(a.room.roomId, { name: ' \t ' });
    expect(c.state.members.get(c.welcome!.memberId).name).toBe('Player');

    b.send('sit', { seat: 0 });
    b.send('rename', { name: ' Bea ' });
    await a.until((s) => s.members.get(b.welcome!.memberId).name === 'Bea' && s.seats[0].name === 'Bea');
    await b.expectError('rename', { name: '\u0000 ' }, 'bad-message');
    await b.expectError('rename', { name: 42 }, 'bad-message');
  });

  it('sit and stand', async () => {
    const a = await create({ game: 'secret', name: 'Alice' });
    const b = await join(a.room.roomId, { name: 'Bob' });
    a.send('sit', { seat: 0 });
    await b.until((s) => s.seats[0].kind === 'human');
    await b.expectError('sit', { seat: 0 }, 'seat-taken');
    await b.expectError('sit', { seat: 4 }, 'bad-seat');
    await b.expectError('sit', { seat: -1 }, 'bad-seat');
    await b.expectError('sit', { seat: '1' }, 'bad-seat');
    await b.expectError('sit', {}, 'bad-seat');
    await b.expectError('sit', 5, 'bad-message');
    await b.expectError('stand', {}, 'not-seated');
    // Moving: a seated member who sits elsewhere leaves its former seat.
    a.send('sit', { seat: 3 });
    await b.until((s) => s.seats[0].kind === 'empty' && s.seats[3].memberId === a.welcome!.memberId);
    expect(b.state.members.get(a.welcome!.memberId).seat).toBe(3);
    a.send('sit', { seat: 3 }); // sitting on one's own seat is a no-op
    a.send('stand');
    await b.until((s) => s.seats[3].kind === 'empty' && s.members.get(a.welcome!.memberId).seat === -1);
    await a.barrier();
    expect(a.errors).toEqual([]);
  });

  it('configure: host only, validated by the engine; shrinking unseats', async () => {
    const a = await create({ game: 'secret', name: 'Alice' });
    const b = await join(a.room.roomId, { name: 'Bob' });
    const err = await b.expectError('configure', { players: 3 }, 'not-host');
    expect(err.message).toBeTruthy();
    await a.barrier();
    expect(a.errors).toEqual([]); // the refusal reached its sender only

    await a.expectError('configure', { players: 5 }, 'bad-options');
    await a.expectError('configure', { players: 1 }, 'bad-options');
    await a.expectError('configure', { players: 2.5 }, 'bad-options');
    await a.expectError('configure', { options: { max: 1 } }, 'bad-options');
    await a.expectError('configure', { options: 'big' }, 'bad-options');
    await a.expectError('configure', [], 'bad-message');

    b.send('sit', { seat: 3 });
    a.send('addBot', { seat: 2 });
    await a.until((s) => s.seats[3].kind === 'human' && s.seats[2].kind === 'bot');
    a.send('configure', { players: 2, options: { max: 20 } });
    await b.until((s) => s.players === 2 && s.seats.length === 2);
    expect(JSON.parse(b.state.options)).toEqual({ max: 20 });
    expect(b.state.members.get(b.welcome!.memberId).seat).toBe(-1);
    expect(b.state.spectators).toBe(2);
    a.send('configure', { players: 3 }); // options kept when they still fit
    await b.until((s) => s.players === 3 && s.seats.length === 3 && s.seats[2].kind === 'empty');
    expect(JSON.parse(b.state.options)).toEqual({ max: 20 });
    expect(b.errors.filter((e) => e.type !== 'configure')).toEqual([]);
  });

  it('bots: add, remove, fill (host only)', async () => {
    const a = await create({ game: 'secret', name: 'Alice' });
    const b = await join(a.room.roomId, { name: 'Bob' });
    await b.expectError('addBot', {}, 'not-host');
    await b.expectError('removeBot', { seat: 0 }, 'not-host');
    await b.expectError('fillBots', {}, 'not-host');
    b.send('sit', { seat: 0 });
    await a.until((s) => s.seats[0].kind === 'human');
    await a.expectError('addBot', { seat: 0 }, 'seat-taken');
    await a.expectError('addBot', { seat: 9 }, 'bad-seat');
    await a.expectError('removeBot', { seat: 0 }, 'bad-seat');
    await a.expectError('removeBot', { seat: 1 }, 'bad-seat');
    a.send('addBot', {});
    await a.until((s) => s.seats[1].kind === 'bot');
    const bot = seatsOf(a.state)[1];
    expect(bot).toMatchObject({ kind: 'bot', memberId: '', connected: true });
    expect(bot.name).toMatch(/\(bot\)$/);
    a.send('fillBots');
    await a.until((s) => seatsOf(s).every((x) => x.kind !== 'empty'));
    await a.expectError('addBot', {}, 'no-empty-seat');
    await b.expectError('sit', { seat: 2 }, 'seat-taken');
    a.send('removeBot', { seat: 2 });
    await a.until((s) => s.seats[2].kind === 'empty');
    expect(a.state.members.size).toBe(2); // bots are not members
  });

  it('start: host only, every seat filled; then lobby-only messages are refused', async () => {
    const a = await create({ game: 'secret', name: 'Alice', players: 2 });
    const b = await join(a.room.roomId, { name: 'Bob' });
    await a.expectError('start', {}, 'seats-empty');
    a.send('sit', { seat: 0 });
    await a.until((s) => s.seats[0].kind === 'human');
    await a.expectError('start', {}, 'seats-empty');
    b.send('sit', { seat: 1 });
    await a.until((s) => s.seats[1].kind === 'human');
    await b.expectError('start', {}, 'not-host');
    await a.barrier();
    expect(a.errors.map((e) => e.code)).toEqual(['seats-empty', 'seats-empty']);
    a.send('start');
    await b.until((s) => s.status === 'playing');
    expect(JSON.parse(b.state.view)).toMatchObject({ phase: 'pick' });
    expect(seatsOf(b.state).map((s) => s.awaiting)).toEqual([true, true]);
    await a.expectError('start', {}, 'not-in-lobby');
    await a.expectError('sit', { seat: 0 }, 'not-in-lobby');
    await a.expectError('stand', {}, 'not-in-lobby');
    await a.expectError('configure', { players: 3 }, 'not-in-lobby');
    await a.expectError('addBot', {}, 'not-in-lobby');
    await a.expectError('fillBots', {}, 'not-in-lobby');
    await a.expectError('again', {}, 'not-ended');
    await b.expectError('again', {}, 'not-host');
  });

  it('refuses unknown message types with bad-message', async () => {
    const a = await create({ game: 'secret', name: 'Alice' });
    const err = await a.expectError('frobnicate', { x: 1 }, 'bad-message');
    expect(err.type).toBe('frobnicate');
  });
});
