// The SQLite store alone, under the write rate of bench-load's 2,000-client
// ramp (docs/measurements.md, "The store and the event loop"): `rooms` rooms
// each appending a move every `every` ms and saving their snapshot every 5 s.
// Reports how long a lone append takes, and under the load how much of the
// event loop the store holds (its utilization, the loop's delay p99 / max —
// the delay every room's messages wait behind the store) and the appends'
// own latency.
//   npm run build && node tests/load/store-bench.mjs [rooms=430 every=700 seconds=15 sync=full,normal store=server/dist/store]
// `store=` another build of server/dist/store, to compare two versions.
// A slow or stalling disk: LD_PRELOAD a shim that sleeps in fsync/fdatasync.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { pct, sleep } from './lib/util.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=')));
const ROOMS = Number(args.rooms ?? 430);
const EVERY_MS = Number(args.every ?? 700);
const SECONDS = Number(args.seconds ?? 15);
const STORE_DIR = resolve(args.store ?? 'server/dist/store');
const { SqliteStore } = await import(pathToFileURL(join(STORE_DIR, 'sqlite.js')).href);
const ms = (x) => x.toFixed(2);
const T0 = Date.now();

const seats = [0, 1, 2, 3];
const room = (i) => ({
  roomId: `r${i}`,
  game: 'santa',
  hostId: 'm0',
  players: 4,
  options: {},
  status: 'playing',
  matchNo: 1,
  matchId: `m${i}`,
  members: seats.map((k) => ({ id: `m${k}`, name: `Player ${k}`, tokenHash: 'a'.repeat(64), seat: k, joinedAt: T0 })),
  seats: seats.map((k) => ({ kind: 'human', memberId: `m${k}`, name: `Player ${k}` })),
  chat: Array.from({ length: 20 }, (_, k) => ({ id: k, memberId: 'm0', name: 'Player 0', text: `line ${k} of the chat`, at: T0 })),
  clock: 'relaxed',
  clocks: [],
  updatedAt: Date.now(),
});
const event = (seq) => ({ seq, kind: 'action', seat: seq % 4, action: { type: 'pick', card: seq % 11 }, bot: seq % 2 === 1, at: T0 + seq });

async function opened(sync, dir) {
  const store = new SqliteStore(dir, sync);
  await store.migrate();
  for (let i = 0; i < ROOMS; i++) {
    await store.saveRoom(room(i));
    await store.startMatch({ matchId: `m${i}`, roomId: `r${i}`, matchNo: 1, game: 'santa', players: 4, options: {}, seed: 'x', startedAt: T0 });
  }
  return store;
}

/** One writer awaiting each append: a lone player's move. */
async function lone(store) {
  const times = [];
  for (let seq = 0; seq < 400; seq++) {
    const t = performance.now();
    await store.appendEvent('m0', event(seq));
    times.push(performance.now() - t);
  }
  return times.slice(50);
}

/** Every room moves once per EVERY_MS (spread evenly) and saves its snapshot every 5 s. */
async function steady(store) {
  const seqs = new Array(ROOMS).fill(0);
  seqs[0] = 400; // room 0 holds lone()'s appends
  const lat = [];
  const timers = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < ROOMS; i++) {
    const begin = () => {
      timers.push(
        setInterval(() => {
          const t = performance.now();
          store.appendEvent(`m${i}`, event(seqs[i]++)).then(
            () => lat.push(performance.now() - t),
            (e) => console.error(e.message),
          );
        }, EVERY_MS),
      );
      timers.push(setInterval(() => void store.saveRoom(room(i)), 5000));
    };
    timers.push(setTimeout(begin, (i * EVERY_MS) / ROOMS));
  }
  await sleep(SECONDS * 1000);
  for (const t of timers) clearInterval(t);
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.cpuUsage(cpu0);
  delay.disable();
  await sleep(300); // the last appends land
  return { lat, delay, elu, cpu: (cpu.user + cpu.system) / 1e6 / SECONDS };
}

const loads = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
console.log(`node ${process.version}; store ${STORE_DIR}; LD_PRELOAD=${process.env.LD_PRELOAD ?? ''}`);
console.log(
  `${ROOMS} rooms, a move every ${EVERY_MS} ms each (${((ROOMS * 1000) / EVERY_MS).toFixed(0)} appends/s), a snapshot every 5 s each, ${SECONDS} s; load averages ${loads()}`,
);
console.log('| sync | lone append p50 / p99 | under load: append p50 / p99 | event-loop delay p99 / max | event-loop utilization | process CPU |');
console.log('|---|---|---|---|---|---|');
for (const sync of (args.sync ?? 'full,normal').split(',')) {
  const dir = mkdtempSync(join(tmpdir(), 'fireside-store-bench-'));
  const store = await opened(sync, dir);
  const alone = await lone(store);
  const s = await steady(store);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `| ${sync} | ${ms(pct(alone, 50))} / ${ms(pct(alone, 99))} ms | ${ms(pct(s.lat, 50))} / ${ms(pct(s.lat, 99))} ms | ${ms(s.delay.percentile(99) / 1e6)} / ${ms(s.delay.max / 1e6)} ms | ${(s.elu.utilization * 100).toFixed(1)}% | ${s.cpu.toFixed(2)} cores |`,
  );
}
console.log(`load averages at the end: ${loads()}`);
