/**
 * Seats and reclaims are never refused because of spectators or of dropped
 * connections, and spectators never hold the places of free seats. The audit's case: 64 connections to one room that vanished
 * kept their places for the 60 s reconnection window and locked the room —
 * even for a player reloading with their own token. Now Colyseus never locks
 * (admission is the room's: server/src/rooms/admission.ts): spectators have a
 * cap of their own, dropped ones count for nothing, and a token always gets in.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { Client } from '@colyseus/sdk';
import { createRoom, joinRoom, waitFor, type Player } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const CAP = 3;
const srv = useServer({ maxSpectators: CAP, reconnectSeconds: 60 });
const all = srv.players;

/** Joins as a newcomer; its connection will vanish without a close frame and never come back. */
async function crowdMember(roomId: string, name: string): Promise<Player> {
  const p = await joinRoom(srv.url, roomId, { name });
  p.room.reconnection.enabled = false;
  return p;
}

/** The join error a newcomer gets, or null if it got in. */
async function joinError(roomId: string, options: Record<string, unknown>): Promise<string | null> {
  try {
    const room = await new Client(srv.url).joinById(roomId, options);
    await room.leave(true).catch(() => undefined);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

function withoutSeat(p: Player): number {
  let n = 0;
  p.state.members.forEach((m: any) => {
    if (m.seat < 0) n++;
  });
  return n;
}

describe('admission', () => {
  it('a departed crowd of 80 connections locks nobody out: the invited player sits, the host reloads with its token', async () => {
    const host = await createRoom(srv.url, { game: 'secret', name: 'Host', players: 2 });
    all.push(host);
    host.send('sit', { seat: 0 });
    await host.until((s) => s.seats[0].kind === 'human');
    const roomId = host.room.roomId;

    // Waves of a crowd that joins and vanishes (a dropped socket, no close frame).
    for (let wave = 0; wave < 20; wave++) {
      const crowd: Player[] = [];
      for (let i = 0; i < 4; i++) crowd.push(await crowdMember(roomId, `crowd${wave}-${i}`));
      for (const c of crowd) c.dropSocket();
      await host.until((s) => s.spectators === 0, `wave ${wave} seen gone`);
      // Dropped spectators are kept for their window, but never more than twice the cap.
      expect(withoutSeat(host)).toBeLessThanOrEqual(2 * CAP + 1);
    }

    // The friend with the invite link gets in and takes the free seat.
    const bob = await joinRoom(srv.url, roomId, { name: 'Bob' });
    all.push(bob);
    bob.send('sit', { seat: 1 });
    await host.until((s) => s.seats[1].kind === 'human' && s.seats[1].name === 'Bob', 'Bob seated');

    // The host reloads: a new connection with the member token takes the member back.
    const token = host.welcome!.token;
    const reloaded = await joinRoom(srv.url, roomId, { name: 'Host', token });
    all.push(reloaded);
    expect(reloaded.welcome!.memberId).toBe(host.welcome!.memberId);
    await reloaded.until((s) => s.seats[0].memberId === host.welcome!.memberId && s.seats[0].connected);
  }, 60_000);

  it('spectators have a cap of their own; past it a newcomer takes a free seat at once; tokens still get in', async () => {
    const host = await createRoom(srv.url, { game: 'secret', name: 'Host', players: 2 });
    all.push(host);
    host.send('sit', { seat: 0 });
    await host.until((s) => s.seats[0].kind === 'human');
    const roomId = host.room.roomId;

    // CAP spectators; the next newcomer is past the cap and is seated straight away in the free seat.
    const watchers: Player[] = [];
    for (let i = 0; i < CAP + 1; i++) watchers.push(await joinRoom(srv.url, roomId, { name: `w${i}` }));
    all.push(...watchers);
    await host.until((s) => s.seats[1].kind === 'human' && s.seats[1].name === `w${CAP}`, 'the newcomer past the cap seated');
    expect(host.state.spectators).toBe(CAP);
    // No seat left and the spectators at their cap: the next newcomer is refused, in words.
    expect(await joinError(roomId, { name: 'Late' })).toBe(`This table already has ${CAP} spectators, and no free seat. Try again later.`);

    host.send('start');
    await host.until((s) => s.status === 'playing');
    expect(await joinError(roomId, { name: 'Late' })).toMatch(/already has 3 spectators/);

    // A seated player whose tab closed comes back with its token, cap or not.
    const seated = watchers[CAP];
    const token = seated.welcome!.token;
    seated.room.reconnection.enabled = false;
    seated.dropSocket();
    await host.until((s) => s.seats[1].connected === false, 'seat 1 seen away');
    const back = await joinRoom(srv.url, roomId, { name: `w${CAP}`, token });
    all.push(back);
    await host.until((s) => s.seats[1].connected === true, 'seat 1 back');
    expect(back.welcome!.memberId).toBe(seated.welcome!.memberId);

    // A spectator leaving makes room for a newcomer.
    await watchers[1].leave();
    await waitFor(() => host.state.spectators === CAP - 1, 'a spectator left');
    const newcomer = await joinRoom(srv.url, roomId, { name: 'Newcomer' });
    all.push(newcomer);
    expect(newcomer.welcome).toBeDefined();
  }, 60_000);

  it('past the cap, a newcomer asking for a seat (join option `seat`) is seated there rather than in the first free one', async () => {
    const host = await createRoom(srv.url, { game: 'secret', name: 'Host', players: 4 });
    all.push(host);
    const roomId = host.room.roomId;
    for (let i = 1; i < CAP; i++) all.push(await joinRoom(srv.url, roomId, { name: `crowd${i}` }));
    await host.until((s) => s.spectators === CAP, 'the spectators at their cap');
    const friend = await joinRoom(srv.url, roomId, { name: 'Friend', seat: 2 });
    all.push(friend);
    expect(friend.welcome!.seating).toEqual({ asked: 2, seat: 2 });
    // Asking to watch past the cap still takes a seat (the first free one): spectators are at their cap.
    const onlooker = await joinRoom(srv.url, roomId, { name: 'Onlooker', seat: 'watch' });
    all.push(onlooker);
    await host.until((s) => s.seats[2].name === 'Friend' && s.seats[0].name === 'Onlooker', 'both seated');
    expect(host.state.spectators).toBe(CAP);
  });

  it('an invited player always gets a seat, even with the spectators at their cap and more onlookers arriving', async () => {
    const host = await createRoom(srv.url, { game: 'secret', name: 'Host', players: 4 });
    all.push(host);
    host.send('sit', { seat: 0 });
    await host.until((s) => s.seats[0].kind === 'human');
    const roomId = host.room.roomId;

    // A crowd with the link: CAP spectators, then more onlookers who never sit.
    for (let i = 0; i < CAP; i++) all.push(await joinRoom(srv.url, roomId, { name: `crowd${i}` }));
    await host.until((s) => s.spectators === CAP, 'the spectators at their cap');
    const extra = await joinRoom(srv.url, roomId, { name: 'extra' });
    all.push(extra);
    // Past the cap, the onlooker holds a seat, not a spectator place: the free seats stay for players.
    await host.until((s) => s.seats.some((seat: any) => seat.name === 'extra'), 'the extra onlooker seated');
    expect(host.state.spectators).toBe(CAP);

    // The friends invited to play arrive: each gets in and has a seat.
    for (const friend of ['Bob', 'Cy']) {
      const p = await joinRoom(srv.url, roomId, { name: friend });
      all.push(p);
      await host.until((s) => s.seats.some((seat: any) => seat.kind === 'human' && seat.name === friend), `${friend} seated`);
    }
    expect(host.state.seats.every((seat: any) => seat.kind === 'human')).toBe(true);
  }, 60_000);
});
