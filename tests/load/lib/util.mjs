// Small helpers the load scripts share: ports, percentiles, waiting, a
// process's CPU and memory, and starting the built server in a child process.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The server's abuse limits (server/src/limits/), lifted: a benchmark drives
 * hundreds of rooms and thousands of connections from 127.0.0.1, which is
 * just what the limits refuse from one address.
 */
export const UNLIMITED_ENV = {
  FIRESIDE_ROOMS_PER_MINUTE: '1000000',
  FIRESIDE_OPEN_ROOMS_PER_ADDRESS: '1000000',
  FIRESIDE_MAX_ROOMS: '1000000',
  FIRESIDE_CONNECTIONS_PER_ADDRESS: '1000000',
  FIRESIDE_JOINS_PER_MINUTE: '1000000',
};

/** The p-th percentile (0–100) of a list of numbers, or NaN when empty. */
export const pct = (xs, p) => (xs.length === 0 ? NaN : xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]);

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });

export async function until(pred, label, ms = 120_000) {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out: ${label}`);
    await sleep(5);
  }
}

/**
 * Starts `server/dist/index.js` on a free port (or `port`) with its own data
 * folder; resolves once /healthz answers. Its output goes to `logFile` if
 * given (else only its stderr, to ours); a server that exits or does not
 * answer within `waitMs` is an error (with its log's end), and is killed.
 */
export async function startServer(env = {}, prefix = 'fireside-bench-', { port = 0, logFile = '', waitMs = 12_000 } = {}) {
  port ||= await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const log = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, ['server/dist/index.js'], {
    env: { ...process.env, PORT: String(port), FIRESIDE_DATA_DIR: dataDir, ...UNLIMITED_ENV, ...env },
    stdio: ['ignore', log, logFile ? log : 'inherit'],
  });
  if (logFile) closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  const failed = (why) => {
    child.kill('SIGKILL');
    return new Error(`server on port ${port} ${why}${logFile ? `:\n${readFileSync(logFile, 'utf8').slice(-3000)}` : ''}`);
  };
  for (const end = Date.now() + waitMs; ;) {
    if (child.exitCode !== null) throw failed(`exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > end) throw failed('did not start');
    await sleep(20);
  }
  return { child, port, base, dataDir };
}

/** CPU time (s: utime + stime, 100 ticks a second) and resident memory (bytes) of a process, from /proc; null once it is gone. */
export function procStats(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    return { cpu: (Number(stat[11]) + Number(stat[12])) / 100, rss, ppid: Number(stat[1]) };
  } catch {
    return null;
  }
}
