/**
 * Bots act after FIRESIDE_BOT_DELAY_MS ±25% (read when a room is created).
 * One server per test file: Colyseus' matchmaker is a process-wide singleton.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import { startServer, createRoom, type Player, type TestServer } from '../../server/testing/harness.js';
import { BOT_DELAY_SPREAD } from '../../server/src/match/bots.js';

let srv: TestServer;
let a: Player | undefined;
beforeAll(async () => {
  process.env.FIRESIDE_BOT_DELAY_MS = '400';
  srv = await startServer({ botDelayMs: undefined }); // from the environment
});
afterAll(async () => {
  await a?.leave();
  await srv.close();
  delete process.env.FIRESIDE_BOT_DELAY_MS;
});

describe('bot delay', () => {
  it('a bot acts FIRESIDE_BOT_DELAY_MS after it is awaited', async () => {
    a = await createRoom(srv.url, { game: 'secret', name: 'Host', players: 2 });
    a.send('sit', { seat: 0 });
    a.send('addBot', { seat: 1 });
    await a.until((s) => s.seats[1].kind === 'bot');
    a.send('start');
    await a.until((s) => s.status === 'playing');
    const t0 = Date.now();
    await a.until((s) => JSON.parse(s.view).picked[1] === true);
    const waited = Date.now() - t0;
    // The delay is drawn within ±25% (300–500 ms); the two patches' trips may differ by a few ms.
    expect(waited).toBeGreaterThanOrEqual(400 * (1 - BOT_DELAY_SPREAD) - 20);
    expect(waited).toBeLessThan(1500);
  });
});
