/**
 * An invite link seats its friend in one step: the join option `seat`
 * (server/src/rooms/seat-request.ts, docs/protocol.md "Rooms"). The seat is
 * taken in the join itself, so the first state the newcomer sees already
 * shows it seated; a seat taken meanwhile falls back to the next free one,
 * or to watching with `welcome.seating` saying so. Uses the "secret" fixture game.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { Client } from '@colyseus/sdk';
import { createRoom, joinRoom, Player, roomLogOf, startedMatch, waitFor } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer();
const all = srv.players;

interface FirstLook {
  /** The newcomer's seat in the first full state it received. */
  seatInFirstState: number;
  /** Its seat in the state it had when `welcome` arrived. */
  seatAtWelcome: number;
}

/** Joins by id and notes what the newcomer's first state and its state at `welcome` said about its seat. */
async function joinLooking(roomId: string, options: Record<string, unknown>): Promise<{ p: Player; look: FirstLook }> {
  const client = new Client(srv.url);
  const room = await client.joinById(roomId, options);
  const look: FirstLook = { seatInFirstState: NaN, seatAtWelcome: NaN };
  const mySeat = (state: any, memberId: string): number => {
    const seat = state.members.get(memberId)?.seat ?? NaN;
    // The seat itself must say so too, not only the member.
    return seat >= 0 && state.seats[seat].memberId !== memberId ? NaN : seat;
  };
  let firstState: any = null;
  room.onStateChange.once((state: any) => {
    firstState = state.toJSON();
  });
  const p = new Player(client, room);
  // A handler of its own type takes `welcome` from the Player's catch-all: it keeps it in the log too.
  room.onMessage('welcome', (w: { memberId: string }) => {
    look.seatAtWelcome = mySeat(room.state, w.memberId);
    if (firstState) look.seatInFirstState = mySeat({ ...firstState, members: new Map(Object.entries(firstState.members)) }, w.memberId);
    p.messages.push({ type: 'welcome', payload: w });
  });
  all.push(p);
  await p.waitWelcome();
  await p.until((s) => s.members?.size > 0, 'initial state');
  return { p, look };
}

async function lobby(players = 4): Promise<Player> {
  const host = await createRoom(srv.url, { game: 'secret', name: 'Host', players });
  all.push(host);
  host.send('sit', { seat: 0 });
  await host.until((s) => s.seats[0].kind === 'human', 'the host seated');
  return host;
}

/** Why a join was refused, as "code message", or null if it got in. */
async function joinError(roomId: string, options: Record<string, unknown>): Promise<string | null> {
  try {
    const room = await new Client(srv.url).joinById(roomId, options);
    await room.leave(true).catch(() => undefined);
    return null;
  } catch (e) {
    return `${(e as { code?: number }).code} ${(e as Error).message}`;
  }
}

describe('invite link: a seat in the join', () => {
  it('seats the newcomer in the same join: its first state and its welcome already show it seated, with the "sat" line', async () => {
    const host = await lobby();
    const { p: bob, look } = await joinLooking(host.room.roomId, { name: 'Bob', seat: 2 });
    expect(look).toEqual({ seatInFirstState: 2, seatAtWelcome: 2 });
    expect(bob.welcome!.seating).toEqual({ asked: 2, seat: 2 });
    expect(bob.errors).toEqual([]);
    await host.until((s) => s.seats[2].name === 'Bob' && s.spectators === 0, 'Bob seen seated by the host');
    expect(roomLogOf(host)).toEqual(expect.arrayContaining(['joined Bob', 'sat Bob 3']));
    // Asking to watch (or nothing) joins as a spectator, and welcome has no `seating`.
    const { p: cy, look: cyLook } = await joinLooking(host.room.roomId, { name: 'Cy', seat: 'watch' });
    expect(cyLook).toEqual({ seatInFirstState: -1, seatAtWelcome: -1 });
    expect(cy.welcome!.seating).toBeUndefined();
  });

  it('a seat taken meanwhile: the next free one after it, wrapping round', async () => {
    const host = await lobby();
    const roomId = host.room.roomId;
    const carol = await joinRoom(srv.url, roomId, { name: 'Carol' });
    all.push(carol);
    carol.send('sit', { seat: 2 });
    await host.until((s) => s.seats[2].name === 'Carol', 'Carol on seat 3');

    const { p: bob, look } = await joinLooking(roomId, { name: 'Bob', seat: 2 });
    expect(bob.welcome!.seating).toEqual({ asked: 2, seat: 3, why: 'taken' });
    expect(look.seatInFirstState).toBe(3);
    // Seats 1, 3, 4 taken: asking for seat 4 wraps round to seat 2.
    const { p: dan } = await joinLooking(roomId, { name: 'Dan', seat: 3 });
    expect(dan.welcome!.seating).toEqual({ asked: 3, seat: 1, why: 'taken' });
    await host.until((s) => s.seats[1].name === 'Dan' && s.seats[3].name === 'Bob', 'Bob and Dan seen seated');
  });

  it('no free seat: the newcomer watches, and welcome says the seat was taken', async () => {
    const host = await lobby(2);
    host.send('fillBots');
    await host.until((s) => s.seats[1].kind === 'bot', 'a bot on seat 2');
    const { p: bob, look } = await joinLooking(host.room.roomId, { name: 'Bob', seat: 1 });
    expect(bob.welcome!.seating).toEqual({ asked: 1, seat: -1, why: 'taken' });
    expect(look).toEqual({ seatInFirstState: -1, seatAtWelcome: -1 });
    await host.until((s) => s.spectators === 1, 'Bob watching');
    expect(roomLogOf(host).filter((l) => l.startsWith('sat Bob'))).toEqual([]);
  });

  it('refuses a malformed seat at the door; a seat beyond a smaller table falls back; a token ignores seat', async () => {
    const host = await lobby();
    const roomId = host.room.roomId;
    for (const seat of [-1, 1.5, '2', 'sit', null, {}, 64, Number.NaN]) {
      expect(await joinError(roomId, { name: 'Bad', seat })).toBe('526 seat must be a seat number from 0 to 63 or "watch".');
    }
    await host.barrier();
    expect(host.state.members.size).toBe(1);

    // The host made the table smaller after the link was opened: seat 6 of 4 is handled like a taken seat.
    const { p: bob } = await joinLooking(roomId, { name: 'Bob', seat: 5 });
    expect(bob.welcome!.seating).toEqual({ asked: 5, seat: 1, why: 'taken' });

    // A reload with the token takes its member back, seat and all; `seat` (even a bad one) is ignored.
    for (const seat of [3, 'nonsense']) {
      const back = await joinRoom(srv.url, roomId, { name: 'Bob', token: bob.welcome!.token, seat });
      all.push(back);
      expect(back.welcome!.memberId).toBe(bob.welcome!.memberId);
      expect(back.welcome!.seating).toBeUndefined();
      await back.until((s) => s.seats[1].memberId === bob.welcome!.memberId && s.seats[1].connected, 'Bob back on seat 2');
      expect(back.state.seats[3].kind).toBe('empty');
    }
  });

  it('during a match a requested seat is ignored: the newcomer watches, told the match has started', async () => {
    const [host] = await startedMatch(srv.url, ['Ann', 'Ben', 'Cat']);
    all.push(host);
    const { p: late, look } = await joinLooking(host.room.roomId, { name: 'Late', seat: 0 });
    expect(late.welcome!.seating).toEqual({ asked: 0, seat: -1, why: 'started' });
    expect(look).toEqual({ seatInFirstState: -1, seatAtWelcome: -1 });
    expect(late.state.status).toBe('playing');
    expect(host.state.seats[0].name).toBe('Ann');
  });

  it('two newcomers asking for the same seat at once: each gets a seat of its own, or watches', async () => {
    for (let round = 0; round < 5; round++) {
      // Two free seats: both are seated, on different seats.
      const host = await lobby(3);
      const [a, b] = await Promise.all([joinLooking(host.room.roomId, { name: 'Ava', seat: 1 }), joinLooking(host.room.roomId, { name: 'Bea', seat: 1 })]);
      const seats = [a.p.welcome!.seating!.seat, b.p.welcome!.seating!.seat].sort();
      expect(seats).toEqual([1, 2]);
      expect([a.look.seatInFirstState, b.look.seatInFirstState].sort()).toEqual([1, 2]);
      await host.until((s) => s.seats[1].kind === 'human' && s.seats[2].kind === 'human' && s.seats[1].memberId !== s.seats[2].memberId, 'two seated');

      // One free seat: one sits, the other watches and is told.
      const small = await lobby(2);
      const [c, d] = await Promise.all([joinLooking(small.room.roomId, { name: 'Cid', seat: 1 }), joinLooking(small.room.roomId, { name: 'Dee', seat: 1 })]);
      const outcomes = [c.p.welcome!.seating, d.p.welcome!.seating].sort((x, y) => x!.seat - y!.seat);
      expect(outcomes).toEqual([
        { asked: 1, seat: -1, why: 'taken' },
        { asked: 1, seat: 1 },
      ]);
      await small.until((s) => s.seats[1].kind === 'human' && s.spectators === 1, 'one seated, one watching');
      await waitFor(() => [c, d].every(({ p }) => p.state.seats[1].memberId !== ''), 'both see seat 2 taken');
      for (const p of [host, small, a.p, b.p, c.p, d.p]) await p.leave();
    }
  }, 60_000);
});
