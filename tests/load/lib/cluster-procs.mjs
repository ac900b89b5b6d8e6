// The processes of cluster-bench.mjs and what it reads from them: a
// throwaway redis-server and PostgreSQL cluster (server/testing/, as the
// cluster integration tests), built Fireside processes in cluster mode, each
// on its own port and public address; their CPU and memory from /proc, their
// /metrics, Redis' INFO commandstats and Postgres' statistics.
// Everything started here is registered for cleanup(), which the bench runs
// on its way out, whatever the way (an error, Ctrl-C, SIGTERM).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort, procStats, startServer } from './util.mjs';

const { startRedisServer } = await import('../../../server/testing/redis-server.ts');
const { startPgCluster } = await import('../../../server/testing/pg-cluster.ts');

const cleanups = [];
/** Runs every registered cleanup, newest first; safe to call twice. */
export async function cleanup() {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    await fn().catch((e) => console.error(`cleanup: ${e?.message ?? e}`));
  }
}

/** Redis, Postgres and `n` Fireside processes in cluster mode. */
export async function startCluster(n, env) {
  const redis = await startRedisServer();
  cleanups.push(() => redis.stop());
  const pgc = await startPgCluster();
  cleanups.push(() => pgc.stop());
  const logDir = mkdtempSync(join(tmpdir(), 'fireside-cluster-bench-'));
  cleanups.push(async () => rmSync(logDir, { recursive: true, force: true }));
  const servers = [];
  // One at a time, as the integration tests: each process starts faster on a busy 2-core machine.
  for (let i = 0; i < n; i++) servers.push(await startFireside(i, { REDIS_URL: redis.url, DATABASE_URL: pgc.url, ...env }, logDir));
  return { redis, pg: pgc, servers, logDir };
}

/** Fireside process `i` in cluster mode, announcing its own port as its public address; its log in `logDir`. */
async function startFireside(i, env, logDir) {
  const port = await freePort();
  const address = `127.0.0.1:${port}`;
  const logFile = join(logDir, `p${i}.log`);
  const { child, base, dataDir } = await startServer({ FIRESIDE_LOG_FORMAT: 'json', ...env, FIRESIDE_PUBLIC_ADDRESS: address }, 'fireside-cluster-data-', {
    port,
    logFile,
    waitMs: 30_000,
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { i, child, pid: child.pid, port, address, base, logFile, log: () => readFileSync(logFile, 'utf8') };
}

/** Registers a child process (the load generator) for cleanup. */
export function own(child) {
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
}

/** CPU time (s) the whole machine spent busy (all cores: user, nice, system, irq, softirq, steal), from /proc/stat. */
export function machineBusy() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** The postmaster's pid and its children's (backends, WAL writer, checkpointer…): Postgres' CPU is theirs together. */
export function postgresPids(pgDir) {
  const master = Number(readFileSync(join(pgDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const kids = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => procStats(pid)?.ppid === master);
  return [master, ...kids];
}

/** Proportional set size (bytes): shared pages divided among the processes sharing them, so that a sum over processes counts them once. */
function pss(pid) {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** CPU (s) and memory (bytes: the sum of PSS, Postgres' shared buffers once) over processes; those gone count as nothing. */
export function sumStats(pids) {
  let cpu = 0;
  let rss = 0;
  for (const pid of pids) {
    const s = procStats(pid);
    if (!s) continue;
    cpu += s.cpu;
    rss += pss(pid);
  }
  return { cpu, rss };
}

/**
 * A process's /metrics, as { name{labels}: value }: the gauges of rooms and
 * clients, the intent counter and the histograms' buckets, sums and counts.
 */
export async function scrape(base) {
  const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
  const out = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith('fireside_')) continue;
    const sp = line.lastIndexOf(' ');
    out[line.slice(0, sp)] = Number(line.slice(sp + 1));
  }
  return out;
}

/** Sum over the metrics whose name (with labels) starts with `prefix` and contains every part of `having`. */
export const metricSum = (m, prefix, ...having) =>
  Object.entries(m)
    .filter(([k]) => k.startsWith(prefix) && having.every((h) => k.includes(h)))
    .reduce((a, [, v]) => a + v, 0);

/** Counters summed over processes, minus the same at the window's start. */
export function metricDelta(after, before) {
  const out = {};
  for (const m of after) for (const [k, v] of Object.entries(m)) out[k] = (out[k] ?? 0) + v;
  for (const m of before) for (const [k, v] of Object.entries(m)) out[k] = (out[k] ?? 0) - v;
  return out;
}

/**
 * A quantile of a Prometheus histogram (cumulative buckets `<name>_bucket{…le="x"}`):
 * the upper bound of the first bucket reaching it, as Prometheus' own estimate
 * would approach; Infinity past the last bound.
 */
export function histQuantile(m, name, label, q) {
  const buckets = Object.entries(m)
    .filter(([k]) => k.startsWith(`${name}_bucket{`) && k.includes(label))
    .map(([k, v]) => [/le="([^"]+)"/.exec(k)[1], v])
    .map(([le, v]) => [le === '+Inf' ? Infinity : Number(le), v])
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.at(-1)?.[1] ?? 0;
  if (total === 0) return NaN;
  return buckets.find(([, v]) => v >= q * total)[0];
}

/** A connection to Redis for INFO: commands by name (calls), and the server's CPU. */
export function redisReader(url) {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  cleanups.push(async () => client.disconnect());
  return async () => {
    const info = await client.info('commandstats');
    const calls = {};
    for (const m of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls[m[1]] = Number(m[2]);
    return calls;
  };
}

/** A connection to Postgres for its statistics: transactions, rows written, WAL position. */
export async function pgReader(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return async () => {
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query(
      `SELECT sum(xact_commit)::float8 AS commits, sum(xact_rollback)::float8 AS rollbacks,
              sum(tup_inserted + tup_updated + tup_deleted)::float8 AS rows,
              pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS wal
         FROM pg_stat_database`,
    );
    return rows[0];
  };
}
