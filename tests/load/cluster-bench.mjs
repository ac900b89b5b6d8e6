// Fireside's cluster mode under load, in one run (docs/measurements.md, "Cluster"):
//  1. a ramp: one redis-server, one PostgreSQL cluster and three Fireside
//     processes on this machine; a load generator in its own process opens
//     rooms through each process in turn (a seated SDK client that plays at
//     once, raw spectators, server bots on the other seats, match after
//     match) in steps; per step: rooms and clients per process, intent →
//     update percentiles, failed joins, disconnects, each process's CPU and
//     memory, the generator's own event-loop lag;
//  2. recovery: kill -9 of one process with matches going on; for the players
//     of its rooms, the kill → their next accepted move on a survivor, and
//     whether each match they were playing then reaches its end;
//  3. the cost of a move: Redis commands, Postgres transactions, rows and WAL
//     bytes per stored move, and the servers' own store-write times (/metrics).
//   npm run build && npm run bench:cluster [-- steps=15,30,60,90 hold=15 botDelay=40 recoverRooms=30 recoverTimeout=60 kill=2]
// recoverRooms defaults to the largest step that met p99 ≤ 20 ms (the first
// step if none did). The machine's load averages are printed at the start
// and the end: on a shared machine they say how far to trust the numbers.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import {
  cleanup,
  histQuantile,
  machineBusy,
  metricDelta,
  metricSum,
  own,
  pgReader,
  postgresPids,
  redisReader,
  scrape,
  startCluster,
  sumStats,
} from './lib/cluster-procs.mjs';
import { procStats, sleep } from './lib/util.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=')));
const STEPS = (args.steps ?? '15,30,60,90').split(',').map(Number);
const HOLD_S = Number(args.hold ?? 15);
const SETTLE_S = Number(args.settle ?? 3);
const BOT_DELAY = Number(args.botDelay ?? 40);
const KILL = Number(args.kill ?? 2);
const RECOVER_TIMEOUT_S = Number(args.recoverTimeout ?? 60);
const PROCESSES = 3;
const GOAL_P99_MS = 20;
const GOAL_RECOVERY_MS = 5000;

const ms = (x) => (Number.isFinite(x) ? x.toFixed(x < 10 ? 2 : 1) : '–');
const mb = (b) => `${(b / 2 ** 20).toFixed(0)} MB`;
const loads = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

// Whatever way the bench ends, everything it started goes with it.
let exiting = false;
async function bail(code, why) {
  if (exiting) return;
  exiting = true;
  if (why) console.error(why);
  await cleanup();
  process.exit(code);
}
process.on('SIGINT', () => void bail(130, '\ninterrupted: stopping every process started'));
process.on('SIGTERM', () => void bail(143, 'terminated: stopping every process started'));
process.on('uncaughtException', (e) => void bail(1, e?.stack ?? String(e)));
process.on('unhandledRejection', (e) => void bail(1, e?.stack ?? String(e)));

console.log(
  `node ${process.version}; ${PROCESSES} processes, Redis and PostgreSQL on this machine; steps ${STEPS.join(', ')} rooms, ${SETTLE_S} s settle + ${HOLD_S} s hold each; server bots at ${BOT_DELAY} ms, the seated client at once`,
);
console.log(`machine load averages (1, 5, 15 min) at the start: ${loads()}`);
const t0 = Date.now();
const cluster = await startCluster(PROCESSES, { FIRESIDE_BOT_DELAY_MS: String(BOT_DELAY), FIRESIDE_WS_DEFLATE: '0' });
const { servers } = cluster;
console.log(
  `started in ${((Date.now() - t0) / 1000).toFixed(1)} s: redis ${cluster.redis.url}, postgres port ${cluster.pg.port}, ${servers.map((s) => s.address).join(', ')}`,
);

const gen = fork('tests/load/cluster-clients.mjs', [JSON.stringify(servers.map((s) => s.base))], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
own(gen);
gen.on('exit', (code, signal) => {
  if (!exiting) void bail(1, `the load generator exited (${code ?? signal})`);
});
const waiting = new Map();
gen.on('message', (m) => {
  const w = waiting.get(m.reply);
  waiting.delete(m.reply);
  if (m.error) return void bail(1, `load generator: ${m.error}`);
  w?.(m);
});
/** One command to the generator, and its answer. */
const ask = (cmd, more = {}, timeoutS = 300) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => void bail(1, `the load generator did not answer "${cmd}" within ${timeoutS} s`), timeoutS * 1000);
    waiting.set(cmd, (m) => (clearTimeout(timer), resolve(m)));
    if (cmd !== 'ready') gen.send({ cmd, ...more });
  });
await ask('ready');

const readRedis = redisReader(cluster.redis.url);
const readPg = await pgReader(cluster.pg.url);

const count = (text, what) => text.split(what).length - 1;

/** Everything read at the edges of a measuring window. */
async function snapshot() {
  const pgPids = postgresPids(cluster.pg.dir);
  return {
    at: performance.now(),
    machine: machineBusy(),
    procs: servers.map((s) => procStats(s.pid)),
    gen: procStats(gen.pid),
    redisProc: procStats(cluster.redis.pid),
    postgres: sumStats(pgPids),
    metrics: await Promise.all(servers.map((s) => scrape(s.base))),
    // Rooms a process stopped because its lease lapsed (a stall longer than the lease: docs/architecture.md), and rooms loaded from the store.
    leaseLost: servers.map((s) => count(s.log(), '"room.lease_lost"')),
    restored: servers.map((s) => count(s.log(), '"room.restored"')),
    redis: await readRedis(),
    pg: await readPg(),
  };
}

const steps = [];
for (const target of STEPS) {
  const grown = await ask('grow', { rooms: target });
  await sleep(SETTLE_S * 1000);
  const before = await snapshot();
  await ask('window');
  await sleep(HOLD_S * 1000);
  const r = await ask('report');
  const after = await snapshot();
  steps.push(measure(target, grown, r, before, after));
  const s = steps.at(-1);
  console.log(`  … ${s.rooms} rooms, ${s.clients} clients: p99 ${ms(r.latP99)} ms, generator lag p99 ${ms(r.lagP99)} ms`);
}

function measure(target, grown, r, before, after) {
  const seconds = (after.at - before.at) / 1000;
  const cpu = (a, b) => (a && b ? (a.cpu - b.cpu) / seconds : NaN);
  const delta = metricDelta(after.metrics, before.metrics);
  const moves = metricSum(delta, 'fireside_store_write_seconds_count', 'append_event');
  const redisCalls = Object.fromEntries(Object.entries(after.redis).map(([k, v]) => [k, v - (before.redis[k] ?? 0)]));
  const redisTotal = Object.entries(redisCalls)
    .filter(([k]) => k !== 'info')
    .reduce((a, [, v]) => a + v, 0);
  const ours = [
    ...after.procs.map((p, i) => cpu(p, before.procs[i])),
    cpu(after.gen, before.gen),
    cpu(after.redisProc, before.redisProc),
    cpu(after.postgres, before.postgres),
  ];
  return {
    target,
    leaseLost: after.leaseLost.reduce((a, b) => a + b, 0),
    restored: after.restored.reduce((a, b) => a + b, 0),
    genRooms: r.rooms,
    machine: (after.machine - before.machine) / seconds,
    others: (after.machine - before.machine) / seconds - ours.filter(Number.isFinite).reduce((a, b) => a + b, 0),
    r,
    failedJoinsGrow: grown.failedJoins,
    rooms: after.metrics.reduce((a, m) => a + metricSum(m, 'fireside_rooms{'), 0),
    clients: after.metrics.reduce((a, m) => a + metricSum(m, 'fireside_clients{'), 0),
    perProcess: servers.map((s, i) => ({
      rooms: metricSum(after.metrics[i], 'fireside_rooms{'),
      clients: metricSum(after.metrics[i], 'fireside_clients{'),
      cpu: cpu(after.procs[i], before.procs[i]),
      rss: after.procs[i]?.rss ?? NaN,
    })),
    gen: { cpu: cpu(after.gen, before.gen), rss: after.gen?.rss ?? NaN },
    redisProc: { cpu: cpu(after.redisProc, before.redisProc), rss: after.redisProc?.rss ?? NaN },
    postgres: { cpu: cpu(after.postgres, before.postgres), rss: after.postgres.rss },
    seconds,
    moves,
    intents: metricSum(delta, 'fireside_intents_total', 'accepted'),
    redisTotal,
    redisTop: Object.entries(redisCalls)
      .filter(([k]) => k !== 'info')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4),
    commits: after.pg.commits - before.pg.commits,
    rows: after.pg.rows - before.pg.rows,
    wal: after.pg.wal - before.pg.wal,
    appendP50: histQuantile(delta, 'fireside_store_write_seconds', 'op="append_event"', 0.5) * 1000,
    appendP99: histQuantile(delta, 'fireside_store_write_seconds', 'op="append_event"', 0.99) * 1000,
    appendMean: (metricSum(delta, 'fireside_store_write_seconds_sum', 'append_event') / moves) * 1000,
    saves: metricSum(delta, 'fireside_store_write_seconds_count', 'save_room'),
    saveP99: histQuantile(delta, 'fireside_store_write_seconds', 'op="save_room"', 0.99) * 1000,
    intentP99: histQuantile(delta, 'fireside_intent_seconds', '', 0.99) * 1000,
  };
}

// 2. Recovery, at the largest step that met the goal (or the flag's number of rooms).
const met = steps.filter((s) => s.r.latP99 <= GOAL_P99_MS);
const recoverRooms = Number(args.recoverRooms ?? (met.at(-1) ?? steps[0]).target);
await ask('trim', { rooms: recoverRooms });
await sleep(6000); // past the SDK's 5 s minimum uptime for its own reconnections: the usual case, and the slower one
const victim = servers[KILL];
await ask('killing', { address: victim.address });
const killedAt = performance.timeOrigin + performance.now();
victim.child.kill('SIGKILL');
await ask('killed', { at: killedAt });
const rec = await ask('recovery', { timeoutMs: RECOVER_TIMEOUT_S * 1000 }, RECOVER_TIMEOUT_S + 60);
const takeovers = servers
  .filter((s) => s !== victim)
  .flatMap((s) => s.log().split('\n'))
  .filter((l) => l.includes('"cluster.rooms_taken_over"'))
  .map((l) => JSON.parse(l));

printTables();
await ask('stop');
await bail(0);

function printTables() {
  const per = (s, f) => s.perProcess.map(f).join(' / ');
  console.log(`\n1. Ramp (p0 / p1 / p2 per process; ${HOLD_S} s hold per step; intent → update of the seated clients)`);
  console.log(
    '| rooms | clients | rooms per process | clients per process | intent → update p50 / p99 / max (n) | failed joins (this step) | disconnects (this step) | generator lag p99 / max | leases lapsed / rooms restored (so far) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [k, s] of steps.entries()) {
    const { r } = s;
    const prev = steps[k - 1]?.r ?? { failedJoins: 0, disconnects: 0 };
    console.log(
      `| ${s.rooms} | ${s.clients} | ${per(s, (p) => p.rooms)} | ${per(s, (p) => p.clients)} | ${ms(r.latP50)} / ${ms(r.latP99)} / ${ms(r.latMax)} ms (${r.latN}) | ${r.failedJoins - prev.failedJoins} | ${r.disconnects - prev.disconnects} | ${ms(r.lagP99)} / ${ms(r.lagMax)} ms | ${s.leaseLost} / ${s.restored} |`,
    );
  }
  console.log('\nCPU (cores busy during the hold) and memory at its end, per process (RSS; PostgreSQL: the PSS of all its processes)');
  console.log('| rooms | Fireside p0 | p1 | p2 | Redis | PostgreSQL (all its processes) | load generator | the machine: all / other jobs |');
  console.log('|---|---|---|---|---|---|---|---|');
  const cr = (x) => `${x.cpu.toFixed(2)} / ${mb(x.rss)}`;
  for (const s of steps)
    console.log(
      `| ${s.rooms} | ${s.perProcess.map(cr).join(' | ')} | ${cr(s.redisProc)} | ${cr(s.postgres)} | ${cr(s.gen)} | ${s.machine.toFixed(2)} / ${s.others.toFixed(2)} |`,
    );

  console.log('\n3. Cost of a move (per stored move: every accepted action, the seated clients’ and the server bots’)');
  console.log(
    '| rooms | moves/s (player intents/s) | Redis commands/s; per move (top: calls) | Postgres commits / move | rows written / move | WAL bytes / move | store append p50 / p99 / mean | room saves/s, p99 | intent handled p99 (server) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const s of steps) {
    const top = s.redisTop.map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(
      `| ${s.rooms} | ${(s.moves / s.seconds).toFixed(0)} (${(s.intents / s.seconds).toFixed(0)}) | ${(s.redisTotal / s.seconds).toFixed(0)}; ${(s.redisTotal / s.moves).toFixed(3)} (${top}) | ${(s.commits / s.moves).toFixed(3)} | ${(s.rows / s.moves).toFixed(2)} | ${(s.wal / s.moves).toFixed(0)} | ≤ ${ms(s.appendP50)} / ≤ ${ms(s.appendP99)} / ${ms(s.appendMean)} ms | ${(s.saves / s.seconds).toFixed(1)}, ≤ ${ms(s.saveP99)} ms | ≤ ${ms(s.intentP99)} ms |`,
    );
  }
  console.log('(store and intent times: the upper bound of the /metrics histogram bucket holding the quantile)');

  console.log(`\n2. Recovery: kill -9 of p${KILL} (${victim.address}) at ${recoverRooms} rooms`);
  console.log(
    '| players of its rooms | back and moving on a survivor | kill → next accepted move p50 / max | matches in play at the kill | reached their end (last one after) | rejoins | lost for good |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| ${rec.affected} | ${rec.moved} | ${ms(rec.p50)} / ${ms(rec.max)} ms | ${rec.inPlay} | ${rec.ended} (${(rec.endMax / 1000).toFixed(1)} s) | ${rec.rejoins} | ${rec.lost} |`,
  );
  console.log(`   where they are now: ${JSON.stringify(rec.byProcessAfter)}`);
  for (const t of takeovers) console.log(`   survivor's log: ${t.msg}`);

  const best = met.at(-1);
  console.log(`\nmachine load averages (1, 5, 15 min) at the end: ${loads()}`);
  console.log('\nGoals');
  console.log('| goal | measured | target | |\n|---|---|---|---|');
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  console.log(
    `| largest step with intent → update p99 ≤ ${GOAL_P99_MS} ms | ${best ? `${best.rooms} rooms, ${best.clients} clients (p99 ${ms(best.r.latP99)} ms)` : `none (smallest step: p99 ${ms(steps[0].r.latP99)} ms)`} | — | ${best ? 'met' : 'NOT met'} |`,
  );
  const backOk = rec.moved === rec.affected && rec.max <= GOAL_RECOVERY_MS;
  console.log(
    `| kill -9 → the affected players' next accepted move, max | ${ms(rec.max)} ms (${rec.moved} of ${rec.affected}) | ≤ ${GOAL_RECOVERY_MS} ms | ${verdict(backOk)} |`,
  );
  console.log(`| affected matches that reached their end | ${rec.ended} of ${rec.inPlay} | all | ${verdict(rec.ended === rec.inPlay)} |`);
}
