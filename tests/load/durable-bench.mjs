// Durability costs, measured (docs/measurements.md, "Durable matches"):
//  1. one durable write per accepted action: appendEvent p50 / p99, SQLite
//     (WAL, synchronous=FULL) and PostgreSQL (a throwaway local cluster,
//     synchronous_commit=on), 1000 appends of real-sized events each;
//  2. restoring 100 rooms with an unfinished match at start (the server's own
//     "restored N rooms in X ms" line, after a SIGKILL);
//  3. from a restart (SIGTERM, the new process started at once) to every
//     client playing again: 100 clients, one per room, each rejoining with its
//     token (0.25 s, 0.5 s, 1 s … backoff, as the web and bot clients do)
//     until it has its seat and its secret back.
//   npm run build && node tests/load/durable-bench.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort, pct, UNLIMITED_ENV } from './lib/util.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { SqliteStore } = await import('../../server/dist/store/sqlite.js');
const { PostgresStore } = await import('../../server/dist/store/postgres.js');
const { startPgCluster } = await import('../../server/testing/pg-cluster.ts');
const { Client } = await import('@colyseus/sdk');

const ROOMS = Number(process.argv[2] ?? 100);
const ms = (x) => `${x.toFixed(2)} ms`;

async function writeCost(store, label) {
  await store.migrate();
  const now = Date.now();
  await store.saveRoom({
    roomId: 'bench',
    game: 'santa',
    hostId: '',
    players: 4,
    options: {},
    status: 'playing',
    matchNo: 1,
    matchId: 'm1',
    members: [],
    seats: [],
    chat: [],
    clock: 'relaxed',
    clocks: [],
    updatedAt: now,
  });
  await store.startMatch({ matchId: 'm1', roomId: 'bench', matchNo: 1, game: 'santa', players: 4, options: {}, seed: 'x'.repeat(64), startedAt: now });
  const times = [];
  for (let seq = 0; seq < 1000; seq++) {
    const t = performance.now();
    await store.appendEvent('m1', { seq, kind: 'action', seat: seq % 4, action: { type: 'move', path: ['h12', 'h13', 'h14'] }, bot: false, at: now + seq });
    times.push(performance.now() - t);
  }
  await store.close();
  console.log(`${label.padEnd(10)} appendEvent: p50 ${ms(pct(times, 50))}, p99 ${ms(pct(times, 99))}, max ${ms(Math.max(...times))} (1000 appends)`);
}

function startServer(port, dataDir) {
  const t0 = performance.now();
  let out = '';
  const child = spawn(process.execPath, ['server/dist/index.js'], {
    env: { ...process.env, PORT: String(port), FIRESIDE_DATA_DIR: dataDir, FIRESIDE_BOT_DELAY_MS: '60000', ...UNLIMITED_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise((r) => child.once('exit', r));
  const ready = (async () => {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return performance.now() - t0;
      } catch {
        /* not up */
      }
      if (i > 600) throw new Error(`server did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return { child, ready, exited, log: () => out };
}

/** A room per client: the client sits, bots fill the table (they wait a minute), the match starts. */
async function openTables(url, n) {
  const tables = [];
  for (let i = 0; i < n; i++) {
    const room = await new Client(url).create('game', { game: 'santa', name: `P${i}`, players: 3 });
    const welcome = await new Promise((r) => room.onMessage('welcome', r));
    room.onMessage('*', () => {});
    room.send('sit', { seat: 0 });
    room.send('fillBots', {});
    room.send('start', {});
    tables.push({ roomId: room.roomId, token: welcome.token, room });
  }
  const deadline = Date.now() + 60_000;
  while (tables.some((t) => t.room.state?.status !== 'playing')) {
    if (Date.now() > deadline) throw new Error('tables did not start');
    await new Promise((r) => setTimeout(r, 20));
  }
  for (const t of tables) t.room.reconnection.enabled = false;
  return tables;
}

async function rejoin(url, t, since) {
  for (let attempt = 0; ; attempt++) {
    try {
      const room = await new Client(url).joinById(t.roomId, { name: 'back', token: t.token });
      room.onMessage('*', () => {});
      while (!(room.state?.status === 'playing' && room.state.seats?.[0]?.secret)) await new Promise((r) => setTimeout(r, 5));
      const at = performance.now() - since;
      await room.leave(true).catch(() => {});
      return at;
    } catch {
      await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** attempt, 3000)));
    }
  }
}

console.log(`node ${process.version}`);
// 1. write cost
const sqliteDir = mkdtempSync(join(tmpdir(), 'fireside-bench-'));
await writeCost(new SqliteStore(sqliteDir), 'SQLite');
rmSync(sqliteDir, { recursive: true, force: true });
const cluster = await startPgCluster();
try {
  await writeCost(new PostgresStore(cluster.url), 'PostgreSQL');
} finally {
  await cluster.stop();
}

// 2 and 3: a real server process with ROOMS tables.
const dataDir = mkdtempSync(join(tmpdir(), 'fireside-bench-data-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
try {
  let srv = startServer(port, dataDir);
  await srv.ready;
  let tables = await openTables(url, ROOMS);
  await new Promise((r) => setTimeout(r, 300)); // the last snapshots written

  // 2. crash, then restore everything at start.
  srv.child.kill('SIGKILL');
  await srv.exited;
  srv = startServer(port, dataDir);
  const upMs = await srv.ready;
  const line = srv.log().match(/restored (\d+) rooms in (\d+) ms/);
  console.log(
    `restore at start after SIGKILL: ${line ? `${line[1]} rooms in ${line[2]} ms` : 'no restore line'}; process start to /healthz ${upMs.toFixed(0)} ms`,
  );

  // 3. a deploy: SIGTERM, the new process started right away, every client back.
  tables = tables.map((t) => ({ roomId: t.roomId, token: t.token }));
  const t0 = performance.now();
  srv.child.kill('SIGTERM');
  await srv.exited;
  const downMs = performance.now() - t0;
  srv = startServer(port, dataDir);
  const back = await Promise.all(tables.map((t) => rejoin(url, t, t0)));
  console.log(
    `restart (SIGTERM → new process → all ${ROOMS} clients playing again): p50 ${(pct(back, 50) / 1000).toFixed(2)} s, max ${(Math.max(...back) / 1000).toFixed(2)} s (old process gone after ${downMs.toFixed(0)} ms)`,
  );
  srv.child.kill('SIGTERM');
  await srv.exited;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
