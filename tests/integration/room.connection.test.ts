/**
 * Connections in the generic room: a dropped socket that the SDK reconnects,
 * a page reload that reclaims its member with the token, a second tab that
 * replaces the first, leaving for good (lobby vs match), host hand-over and
 * the disposal of an empty room. Uses the test-only "secret" fixture game.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { createRoom, joinRoom, waitFor, type Player } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer();
const all = srv.players;

/** A started 2-player match: Alice on seat 0 (host), Bob on seat 1, plus a spectator. */
async function match(): Promise<{ a: Player; b: Player; spec: Player }> {
  const a = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 2 });
  const b = await joinRoom(srv.url, a.room.roomId, { name: 'Bob' });
  const spec = await joinRoom(srv.url, a.room.roomId, { name: 'Spec' });
  all.push(a, b, spec);
  a.send('sit', { seat: 0 });
  b.send('sit', { seat: 1 });
  await a.until((s) => s.seats[1].kind === 'human');
  a.send('start');
  await spec.until((s) => s.status === 'playing');
  return { a, b, spec };
}

async function healthz(): Promise<{ ok: boolean; rooms: number; version: string }> {
  const res = await fetch(`${srv.url}/healthz`);
  return (await res.json()) as { ok: boolean; rooms: number; version: string };
}

describe('room connections', () => {
  it('a dropped socket comes back by itself: seat and secret kept, connected toggles seen by others', async () => {
    const { a, b, spec } = await match();
    const bob = b.welcome!.memberId;
    b.send('intent', { action: { type: 'pick', n: 4 } });
    await b.until((s) => !!s.seats[1].secret && JSON.parse(s.seats[1].secret).mine === 4);

    const dropped: number[] = [];
    b.room.onDrop((code) => dropped.push(code));
    b.dropSocket();
    await spec.until((s) => s.seats[1].connected === false && s.members.get(bob).connected === false, 'seen disconnected');
    await spec.until((s) => s.seats[1].connected === true && s.members.get(bob).connected === true, 'seen reconnected');
    expect(dropped.length).toBe(1);
    await b.until((s) => s.seats[1].connected === true);
    expect(b.state.members.get(bob).seat).toBe(1);
    expect(JSON.parse(b.state.seats[1].secret)).toMatchObject({ mine: 4 });
    expect(b.sockets.length).toBe(2);

    // Still playing normally afterwards.
    a.send('intent', { action: { type: 'pick', n: 2 } });
    await a.until((s) => JSON.parse(s.view).phase === 'reveal');
    a.send('intent', { action: { type: 'reveal' } });
    await b.until((s) => s.seats[1].awaiting);
    b.send('intent', { action: { type: 'reveal' } });
    await spec.until((s) => s.status === 'ended');
    expect(JSON.parse(spec.state.result).winners).toEqual([1]);
    await spec.barrier();
    expect(spec.rawText()).not.toContain('SEKRIT');
  });

  it('a reload reclaims the member, its seat and its secret with the token', async () => {
    const { a, b, spec } = await match();
    const { memberId, token } = b.welcome!;
    b.send('intent', { action: { type: 'pick', n: 8 } });
    await b.until((s) => !!s.seats[1].secret);

    // The page goes away without a goodbye (no automatic reconnection this time)...
    b.room.reconnection.enabled = false;
    b.dropSocket();
    await spec.until((s) => s.seats[1].connected === false);

    // ...and the reloaded page joins by id with its token.
    const b2 = await joinRoom(srv.url, a.room.roomId, { name: 'Bob again', token });
    all.push(b2);
    expect(b2.welcome!.memberId).toBe(memberId);
    expect(b2.welcome!.token).toBe(token);
    await b2.until((s) => !!s.seats[1].secret);
    expect(JSON.parse(b2.state.seats[1].secret)).toMatchObject({ mine: 8 });
    expect(b2.state.members.get(memberId).seat).toBe(1);
    await spec.until((s) => s.seats[1].connected === true && s.members.get(memberId).connected);
    expect(spec.state.members.size).toBe(3);
    expect(spec.state.members.get(memberId).name).toBe('Bob');
    expect(spec.state.spectators).toBe(1);

    b2.send('intent', { action: { type: 'pick', n: 1 } });
    await b2.expectError('intent', { action: { type: 'pick', n: 1 } }, 'not-your-turn');
    a.send('intent', { action: { type: 'pick', n: 3 } });
    await spec.until((s) => JSON.parse(s.view).phase === 'reveal');

    // An unknown token is just a new member.
    const c = await joinRoom(srv.url, a.room.roomId, { name: 'Carl', token: 'not-a-token' });
    all.push(c);
    expect(c.welcome!.memberId).not.toBe(memberId);
    expect(c.state.members.get(c.welcome!.memberId).seat).toBe(-1);
  });

  it('a second tab with the same token replaces the first one', async () => {
    const { a, b, spec } = await match();
    const { memberId, token } = b.welcome!;
    let leftCode: number | undefined;
    b.room.onLeave((code) => (leftCode = code));
    const b2 = await joinRoom(srv.url, a.room.roomId, { name: 'Bob', token });
    all.push(b2);
    await waitFor(() => leftCode !== undefined, 'old tab closed');
    expect(leftCode).toBe(4000);
    await spec.barrier();
    expect(spec.state.members.size).toBe(3);
    expect(spec.state.members.get(memberId).connected).toBe(true);
    expect(spec.state.seats[1].connected).toBe(true);
    b2.send('intent', { action: { type: 'pick', n: 5 } });
    await b2.until((s) => !!s.seats[1].secret && JSON.parse(s.seats[1].secret).mine === 5);
  });

  it('leaving for good: in a match the seat is kept (disconnected), in the lobby it is freed', async () => {
    const { a, b, spec } = await match();
    const bob = b.welcome!.memberId;
    const token = b.welcome!.token;
    await b.leave();
    await spec.until((s) => s.seats[1].connected === false && s.members.get(bob)?.connected === false);
    expect(spec.state.seats[1].memberId).toBe(bob);
    expect(spec.state.seats[1].kind).toBe('human');

    // Back with the token during the match.
    const b2 = await joinRoom(srv.url, a.room.roomId, { name: 'Bob', token });
    all.push(b2);
    expect(b2.welcome!.memberId).toBe(bob);
    await spec.until((s) => s.seats[1].connected === true);
    await b2.leave();
    await spec.until((s) => s.seats[1].connected === false);

    // Finish the match without Bob: his seat still needs input, so play it through a reload.
    const b3 = await joinRoom(srv.url, a.room.roomId, { token });
    all.push(b3);
    b3.send('intent', { action: { type: 'pick', n: 1 } });
    a.send('intent', { action: { type: 'pick', n: 2 } });
    await a.until((s) => JSON.parse(s.view).phase === 'reveal');
    a.send('intent', { action: { type: 'reveal' } });
    await b3.until((s) => s.seats[1].awaiting);
    b3.send('intent', { action: { type: 'reveal' } });
    await spec.until((s) => s.status === 'ended');
    await b3.leave();
    await spec.until((s) => s.members.get(bob)?.connected === false);

    // "again": members gone for good free their seats.
    a.send('again');
    await spec.until((s) => s.status === 'lobby' && s.seats[1].kind === 'empty' && !s.members.has(bob));
    expect(spec.state.members.size).toBe(2);

    // In the lobby, leaving frees the seat at once.
    spec.send('sit', { seat: 1 });
    await a.until((s) => s.seats[1].kind === 'human');
    await spec.leave();
    await a.until((s) => s.seats[1].kind === 'empty' && s.members.size === 1 && s.spectators === 0);
  });

  it('hands the host over to the next connected human', async () => {
    const a = await createRoom(srv.url, { game: 'secret', name: 'Alice' });
    const b = await joinRoom(srv.url, a.room.roomId, { name: 'Bob' });
    const c = await joinRoom(srv.url, a.room.roomId, { name: 'Cleo' });
    all.push(a, b, c);
    await b.expectError('fillBots', {}, 'not-host');
    await a.leave();
    await c.until((s) => s.hostId === b.welcome!.memberId && s.members.size === 2);
    b.send('configure', { players: 3 });
    await c.until((s) => s.players === 3);
    await c.expectError('configure', { players: 2 }, 'not-host');
    // Host drops (not for good): the host stays while it may come back.
    b.dropSocket();
    await c.until((s) => s.members.get(b.welcome!.memberId).connected === false);
    expect(c.state.hostId).toBe(b.welcome!.memberId);
    await c.until((s) => s.members.get(b.welcome!.memberId).connected === true);
    await b.leave();
    await c.until((s) => s.hostId === c.welcome!.memberId);
  });

  it('disposes the room when nobody is left; /healthz counts rooms', async () => {
    const h0 = await healthz();
    expect(h0.ok).toBe(true);
    expect(typeof h0.version).toBe('string');
    const a = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 2 });
    const b = await joinRoom(srv.url, a.room.roomId, { name: 'Bob' });
    a.send('sit', { seat: 0 });
    a.send('addBot', { seat: 1 });
    await a.until((s) => s.seats[1].kind === 'bot');
    a.send('start');
    await a.until((s) => s.status === 'playing');
    expect((await healthz()).rooms).toBe(h0.rooms + 1);
    await a.leave();
    await b.leave();
    const deadline = Date.now() + 4000;
    while ((await healthz()).rooms !== h0.rooms && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await healthz()).rooms).toBe(h0.rooms);
  });
});
