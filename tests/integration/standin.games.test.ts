/**
 * A table never stalls, in every game, through the real server and the
 * shared registry's engines:
 * - a seated player leaves mid-match: after the stand-in delay (1 s here) a
 *   bot plays their seat from that seat's view; they come back with their
 *   token, the seat is theirs again (with its secrets), they play on and the
 *   match reaches its end. The stored log tells who played what: the
 *   stand-in's moves are bot events, the player's own moves are not.
 * - with the clock on (run at 1/200 of its length here) and two humans who
 *   never move, every timed step runs out and the stand-ins play it to the
 *   end; the room log says whose time ran out.
 */
import '../../server/testing/ws-setup.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getGame, metaIds } from '@fireside/shared';
import { createRoom, joinRoom, roomLogOf, type Player } from '../../server/testing/harness.js';
import { playUntil } from './helpers/drive.js';
import { startFiresideServer, type RunningServer } from './helpers/server.js';

let srv: RunningServer;
const players: Player[] = [];
beforeAll(async () => {
  srv = await startFiresideServer({ botDelayMs: 20, standInSeconds: 1, clockScale: 0.005 });
}, 30_000);
afterAll(async () => {
  for (const p of players) await p.leave().catch(() => undefined);
  await srv?.stop();
}, 30_000);

interface StoredEvent {
  kind: string;
  seat?: number;
  bot?: boolean;
  action?: { type: string };
  at: number;
}

async function storedLog(matchId: string): Promise<StoredEvent[]> {
  const res = await fetch(`${srv.url}/api/matches/${matchId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: StoredEvent[] }).events;
}

/** Alice (host, seat 0) and Bob (seat 1) at a table of three with a room bot in seat 2. */
async function table(id: string, clock: string): Promise<[Player, Player]> {
  const alice = await createRoom(srv.url, { game: id, name: 'Alice', players: 3, clock });
  const bob = await joinRoom(srv.url, alice.room.roomId, { name: 'Bob' });
  players.push(alice, bob);
  alice.send('sit', { seat: 0 });
  bob.send('sit', { seat: 1 });
  alice.send('addBot', { seat: 2 });
  await alice.until((s) => s.seats[1].kind === 'human' && s.seats[2].kind === 'bot', 'the table seated');
  alice.send('start');
  await alice.until((s) => s.status === 'playing', 'started');
  return [alice, bob];
}

describe.each(metaIds)('%s', (id) => {
  const game = getGame(id)!;

  it('a player who leaves mid-match gets a stand-in that plays; back with the token they play on to the end', async () => {
    const [alice, bob] = await table(id, 'off');
    const { token } = bob.welcome!;
    // A few moves first: Alice and Bob play until Bob has moved once.
    await playUntil(
      game,
      new Map([
        [0, alice],
        [1, bob],
      ]),
      () => alice.state.seats[1].awaiting === false && alice.state.view.length > 0,
      `${id} opening`,
    );
    const leftAt = Date.now();
    await bob.leave();

    // Alice plays on; the table waits for Bob only until his stand-in takes over and moves.
    let standInAt = 0;
    let sawBobAwaited = false;
    await playUntil(
      game,
      new Map([[0, alice]]),
      () => {
        const s1 = alice.state.seats[1];
        if (s1.standIn && standInAt === 0) standInAt = Date.now();
        if (s1.standIn && s1.awaiting) sawBobAwaited = true;
        return sawBobAwaited && !s1.awaiting;
      },
      `${id}: the stand-in moves for Bob`,
      120_000,
    );
    expect(standInAt - leftAt).toBeGreaterThanOrEqual(950);
    process.stderr.write(`${id}: stand-in took over ${standInAt - leftAt} ms after Bob left (delay 1000 ms)\n`);
    const backAt = Date.now();

    const back = await joinRoom(srv.url, alice.room.roomId, { token });
    players.push(back);
    await back.until((s) => s.seats[1].standIn === false && s.seats[1].secret !== '', 'Bob back in his seat, with his secrets');
    await alice.until(() => ['left Bob', 'standin Bob', 'back Bob', 'handback Bob'].every((l) => roomLogOf(alice).includes(l)), 'the room log tells it');
    await playUntil(
      game,
      new Map([
        [0, alice],
        [1, back],
      ]),
      () => false,
      `${id} to the end`,
      240_000,
    );
    await alice.until((s) => s.status === 'ended' && s.lastMatchId !== '', 'the end, stored');

    const events = (await storedLog(alice.state.lastMatchId)).filter((e) => e.kind === 'action' && e.seat === 1);
    const during = events.filter((e) => e.at > leftAt && e.at < backAt);
    const after = events.filter((e) => e.at > backAt + 200);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((e) => e.bot)).toBe(true);
    expect(events.filter((e) => e.at < leftAt).every((e) => !e.bot)).toBe(true);
    // Back in his seat, Bob's moves are his own (a bot standing in would leave bot events).
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((e) => !e.bot)).toBe(true);
  }, 300_000);

  it('with the clock on, nobody is waited on longer than their step: stand-ins play every timed-out step to the end', async () => {
    const [alice] = await table(id, 'fast');
    expect(alice.state.clock).toBe('fast');
    // Nobody moves: every step of Alice and Bob runs out.
    let countdowns = 0;
    await alice.until(
      (s) => {
        if (s.seats[0].deadline > 0 || s.seats[1].deadline > 0) countdowns++;
        return s.status === 'ended' && s.lastMatchId !== '';
      },
      'the end, by the clock',
      240_000,
    );
    expect(countdowns).toBeGreaterThan(0);
    // One line per timed-out step, naming every seat whose clock ran out in it ("timeout Alice Bob" when both did).
    expect(roomLogOf(alice).some((l) => /^timeout (Alice|Bob)( Alice| Bob)?$/.test(l))).toBe(true);
    const events = (await storedLog(alice.state.lastMatchId)).filter((e) => e.kind === 'action' && (e.seat === 0 || e.seat === 1));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.bot)).toBe(true);
    const steps = [...new Set(events.map((e) => e.action!.type))].sort();
    process.stderr.write(`${id}: timed-out steps played by stand-ins: ${steps.join(', ')} (${events.length} moves)\n`);
    expect(steps.length).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
