/**
 * The real built server (`node server/dist/index.js`, as the container runs
 * it): it starts quietly, one line and no framework chatter about env files;
 * on SIGTERM every room's clients get `restarting`, then close code 4001;
 * the process logs that it shut down gracefully and exits with code 0;
 * /healthz is gone afterwards.
 */
import '../../server/testing/ws-setup.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRoom, joinRoom, waitFor, type Player } from '../../server/testing/harness.js';
import { launchServer, type ServerProcess } from '../launch/server.js';
import { ensureBuilt } from './helpers/cli.js';

let server: ServerProcess;
let url = '';
const players: Player[] = [];
const leaveCodes = new Map<Player, number>();

beforeAll(async () => {
  ensureBuilt('shared');
  ensureBuilt('server');
  // A working directory with a .env file: the server must neither load it nor say anything about it.
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fireside-cwd-'));
  fs.writeFileSync(path.join(cwd, '.env'), 'FIRESIDE_UNUSED=1\n');
  server = await launchServer({ cwd, env: { FIRESIDE_CLIENT_DIST: '/nonexistent' }, dataDirPrefix: 'fireside-shutdown-', wait: 'listening' });
  url = server.base;
}, 120_000);

afterAll(async () => {
  await Promise.all(players.map((p) => p.leave()));
  await server?.kill();
});

function track(p: Player): Player {
  players.push(p);
  p.room.onLeave((code: number) => leaveCodes.set(p, code));
  return p;
}

describe('start', () => {
  it('prints one line: no "injected env" or ".env" lines from the framework', () => {
    // Not a terminal, so the log is JSON lines (docs/self-hosting.md, "Logs and metrics"): exactly one, the server's own.
    const lines = server
      .log()
      .split('\n')
      .filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'info',
      event: 'server.listening',
      msg: expect.stringMatching(/^Fireside listening on http:\/\/localhost:\d+ \(sqlite store\)$/),
    });
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM tells every client `restarting`, exits 0, and stops serving', async () => {
    const alice = track(await createRoom(url, { game: 'gifttrap', name: 'Alice' }));
    const bob = track(await joinRoom(url, alice.welcome!.roomId, { name: 'Bob' }));
    const carol = track(await createRoom(url, { game: 'gifttrap', name: 'Carol' }));
    // A match in progress (bots on the other seats) must not hold the shutdown up.
    carol.send('fillBots', {});
    carol.send('start', {});
    await carol.until((s) => s.status === 'playing', 'match started');

    const health = (await (await fetch(`${url}/healthz`)).json()) as { ok: boolean; rooms: number };
    expect(health).toMatchObject({ ok: true, rooms: 2 });

    const t0 = Date.now();
    server.process.kill('SIGTERM');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { code, signal } = await Promise.race([
      server.exited,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no exit within 5 s:\n${server.log()}`)), 5000))),
    ]).finally(() => clearTimeout(timer));
    const ms = Date.now() - t0;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(ms).toBeLessThan(5000);
    const output = server.log();
    expect(output).toContain('shutting down');
    expect(output).toMatch(/shut down gracefully/);

    for (const p of [alice, bob, carol]) {
      await waitFor(() => leaveCodes.has(p), 'leave');
      expect(p.messages.filter((m) => m.type === 'restarting')).toHaveLength(1);
      expect(leaveCodes.get(p)).toBe(4001); // CloseCode.SERVER_SHUTDOWN: the SDK does not try to reconnect
    }

    await expect(fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
  }, 30_000);
});
