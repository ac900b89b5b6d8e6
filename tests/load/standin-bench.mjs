// How soon an absent player's seat is played (docs/measurements.md, "Stand-ins"):
// N Gift Trap rooms on one server (server/dist), each with two humans (SDK
// clients) and a room bot, play a few moves; then one human per room closes
// its connection without a goodbye (a closed tab). Measured from that moment,
// as the other human of the room sees it:
//   - away marker: the seat shows `connected = false` and `awaySince`;
//   - stand-in: the seat shows `standIn = true` (configured delay: STANDIN s);
//   - the stand-in's step: from the moment the game awaits that seat to the
//     seat no longer awaited (one move at the bot pace, FIRESIDE_BOT_DELAY_MS;
//     a reveal of several gifts is several moves).
// Also: a human whose clock runs out (clock "fast", a 15 s layout step) —
// from the deadline to the stand-in's move.
//   npm run build && node tests/load/standin-bench.mjs [rooms=20] [standInSeconds=5]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort, pct, sleep, UNLIMITED_ENV } from './lib/util.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { Client } = await import('@colyseus/sdk');

const ROOMS = Number(process.argv[2] ?? 20);
const STANDIN = Number(process.argv[3] ?? 5);
const BOT_DELAY = 700; // the production default

async function until(pred, label, ms = 120_000) {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out: ${label}`);
    await sleep(5);
  }
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'fireside-standin-'));
const child = spawn(process.execPath, ['server/dist/index.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    FIRESIDE_DATA_DIR: dataDir,
    FIRESIDE_STANDIN_SECONDS: String(STANDIN),
    FIRESIDE_BOT_DELAY_MS: String(BOT_DELAY),
    ...UNLIMITED_ENV,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    /* not up */
  }
  if (i > 600) throw new Error('server did not start');
  await sleep(20);
}

/** One room: Ann stays, Bo leaves; returns Ann's room and Bo's. */
async function room(clock) {
  const ann = await new Client(base).create('game', { game: 'gifttrap', name: 'Ann', players: 3, clock });
  const bo = await new Client(base).joinById(ann.roomId, { name: 'Bo' });
  ann.send('sit', { seat: 0 });
  bo.send('sit', { seat: 1 });
  ann.send('addBot', { seat: 2 });
  await until(() => ann.state.seats?.[1]?.kind === 'human' && ann.state.seats[2]?.kind === 'bot', 'seated');
  ann.send('start');
  await until(() => ann.state.status === 'playing', 'started');
  return { ann, bo };
}

// 1. Absent players.
const rooms = await Promise.all(Array.from({ length: ROOMS }, () => room('off')));
const away = [];
const standIn = [];
const firstMove = [];
await Promise.all(
  rooms.map(async ({ ann, bo }) => {
    const seat = () => ann.state.seats[1];
    // Ann (the host) lets a bot play her seat, so the table moves without her.
    ann.send('standIn', { seat: 0, on: true });
    bo.reconnection.maxRetries = 0;
    const t0 = performance.now();
    bo.connection.transport.ws.terminate?.();
    bo.connection.close();
    await until(() => !seat().connected && seat().awaySince > 0, 'away');
    away.push(performance.now() - t0);
    await until(() => seat().standIn, 'stand-in');
    standIn.push(performance.now() - t0);
    // Bo's seat is awaited in every give and want step: the stand-in's move clears it.
    await until(() => seat().awaiting || ann.state.status !== 'playing', 'Bo awaited');
    const t1 = performance.now();
    await until(() => !seat().awaiting || ann.state.status !== 'playing', 'the stand-in moved');
    firstMove.push(performance.now() - t1);
  }),
);

// 2. A clock that runs out: Ann never lays out (the parent's step, 15 s at the fast pace).
const late = [];
const timed = await Promise.all(Array.from({ length: Math.min(ROOMS, 5) }, () => room('fast')));
await Promise.all(
  timed.map(async ({ ann }) => {
    const parent = JSON.parse(ann.state.view).parent;
    const seat = () => ann.state.seats[parent];
    await until(() => seat().deadline > 0, 'a deadline');
    const deadline = seat().deadline;
    const key = ann.state.view;
    await until(() => ann.state.view !== key, 'the stand-in laid out', 60_000);
    late.push(Date.now() - deadline);
  }),
);

const line = (label, xs) => console.log(`${label.padEnd(38)} p50 ${Math.round(pct(xs, 50))} ms, max ${Math.round(Math.max(...xs))} ms (${xs.length})`);
console.log(`Stand-ins: ${ROOMS} Gift Trap rooms, FIRESIDE_STANDIN_SECONDS=${STANDIN}, bot delay ${BOT_DELAY} ms`);
line('connection closed → away shown', away);
line(`connection closed → stand-in (${STANDIN * 1000} ms)`, standIn);
line('seat awaited → its step done by stand-in', firstMove);
line('clock ran out → stand-in move', late);
// The server's own shutdown closes every connection.
child.kill('SIGKILL');
await new Promise((r) => child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
