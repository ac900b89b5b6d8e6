/**
 * Engines with a time limit (Wind City's insurance market): the room shows a
 * deadline and, when it runs out, applies the engine's `expire`.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import { startServer, createRoom, joinRoom, type Player, type TestServer } from '../../server/testing/harness.js';

let srv: TestServer;
const players: Player[] = [];
beforeAll(async () => {
  srv = await startServer({ botDelayMs: 10 });
});
afterAll(async () => {
  for (const p of players) await p.leave();
  await srv.close();
});

describe('time limits', () => {
  it('sets a deadline while a step is limited, and expires it for the players who stall', async () => {
    const a = await createRoom(srv.url, { game: 'secret-timed', name: 'Host', players: 2 });
    players.push(a);
    const { roomId } = await a.waitWelcome();
    const b = await joinRoom(srv.url, roomId, { name: 'Slow' });
    players.push(b);
    a.send('sit', { seat: 0 });
    b.send('sit', { seat: 1 });
    await a.until((s) => s.seats[1].kind === 'human');
    a.send('start');
    await a.until((s) => s.status === 'playing');
    const started = Date.now();
    expect(a.room.state.deadline).toBeGreaterThan(started);
    expect(a.room.state.deadline).toBeLessThanOrEqual(started + 1500);

    a.send('intent', { action: { type: 'pick', n: 5 } });
    await a.until((s) => JSON.parse(s.view).picked[0] === true);
    // One seat's action inside the step does not restart the limit.
    const deadline = a.room.state.deadline;
    expect(deadline).toBeGreaterThan(0);

    // Seat 1 never picks: the limit runs out and the engine's expire picks for it.
    await b.until((s) => JSON.parse(s.view).phase === 'reveal', 'expired', 4000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(b.room.state.deadline).toBe(0);
    expect(JSON.parse(b.room.state.seats[1].secret).mine).toBe(1);
  });
});
