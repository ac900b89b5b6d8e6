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
import { mkdtempSync, rmSync } from 'node:fs';
import { pct, startServer } from './lib/util.mjs';
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

// 2 and 3: a real server process with ROOMS tables (bots that wait a minute).
let srv = await startServer({ FIRESIDE_BOT_DELAY_MS: '60000' }, { dataDirPrefix: 'fireside-bench-data-' });
const url = srv.base;
try {
  let tables = await openTables(url, ROOMS);
  await new Promise((r) => setTimeout(r, 300)); // the last snapshots written

  // 2. crash, then restore everything at start.
  srv = await srv.restart('kill');
  const line = srv.log().match(/restored (\d+) rooms in (\d+) ms/);
  console.log(
    `restore at start after SIGKILL: ${line ? `${line[1]} rooms in ${line[2]} ms` : 'no restore line'}; process start to /healthz ${srv.readyMs.toFixed(0)} ms`,
  );

  // 3. a deploy: SIGTERM, the new process started right away (not waited for), every client back.
  tables = tables.map((t) => ({ roomId: t.roomId, token: t.token }));
  const t0 = performance.now();
  let downMs = NaN;
  void srv.exited.then(() => (downMs = performance.now() - t0));
  srv = await srv.restart('stop', { wait: 'none' });
  const back = await Promise.all(tables.map((t) => rejoin(url, t, t0)));
  console.log(
    `restart (SIGTERM → new process → all ${ROOMS} clients playing again): p50 ${(pct(back, 50) / 1000).toFixed(2)} s, max ${(Math.max(...back) / 1000).toFixed(2)} s (old process gone after ${downMs.toFixed(0)} ms)`,
  );
} finally {
  await srv.stop();
}
process.exit(0);
