/**
 * The real built server (`node server/dist/index.js`, as the container runs
 * it): it starts quietly, one line and no framework chatter about env files;
 * on SIGTERM every room's clients get `restarting`, then close code 4001;
 * the process logs that it shut down gracefully and exits with code 0;
 * /healthz is gone afterwards.
 */
import '../../server/testing/ws-setup.js';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRoom, joinRoom, waitFor, type Player } from '../../server/testing/harness.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENTRY = path.join(ROOT, 'server', 'dist', 'index.js');

/** Newest mtime of the files under `dir` that pass `filter` (0 if none). */
function newest(dir: string, filter: (f: string) => boolean): number {
  let t = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) t = Math.max(t, newest(p, filter));
    else if (filter(entry.name)) t = Math.max(t, fs.statSync(p).mtimeMs);
  }
  return t;
}

/** `npm run build -w <pkg>` (tsc) when its dist is missing or older than its sources. */
function ensureBuilt(pkg: 'shared' | 'server'): void {
  const src = newest(path.join(ROOT, pkg, 'src'), (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const dist = newest(path.join(ROOT, pkg, 'dist'), (f) => f.endsWith('.js'));
  if (dist >= src) return;
  execFileSync('npx', ['tsc', '-p', path.join(ROOT, pkg, 'tsconfig.json')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

let child: ChildProcess | undefined;
let output = '';
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
let url = '';
const players: Player[] = [];
const leaveCodes = new Map<Player, number>();

beforeAll(async () => {
  ensureBuilt('shared');
  ensureBuilt('server');
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // A working directory with a .env file: the server must neither load it nor say anything about it.
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fireside-cwd-'));
  fs.writeFileSync(path.join(cwd, '.env'), 'FIRESIDE_UNUSED=1\n');
  child = spawn(process.execPath, [ENTRY], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      FIRESIDE_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fireside-shutdown-')),
      FIRESIDE_CLIENT_DIST: '/nonexistent',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
  exited = new Promise((resolve) => child!.on('exit', (code, signal) => resolve({ code, signal })));
  await waitFor(
    () => output.includes('Fireside listening'),
    'server start',
    30_000,
    () => output,
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(players.map((p) => p.leave()));
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function track(p: Player): Player {
  players.push(p);
  p.room.onLeave((code: number) => leaveCodes.set(p, code));
  return p;
}

describe('start', () => {
  it('prints one line: no "injected env" or ".env" lines from the framework', () => {
    // Not a terminal, so the log is JSON lines (docs/self-hosting.md, "Logs and metrics"): exactly one, the server's own.
    const lines = output.split('\n').filter((l) => l !== '');
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
    child!.kill('SIGTERM');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { code, signal } = await Promise.race([
      exited,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no exit within 5 s:\n${output}`)), 5000))),
    ]).finally(() => clearTimeout(timer));
    const ms = Date.now() - t0;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(ms).toBeLessThan(5000);
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
