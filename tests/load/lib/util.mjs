// Small helpers the load scripts share: ports, percentiles, waiting, a
// process's CPU and memory, and the built server with the benchmarks' settings.
import { readFileSync } from 'node:fs';
import { freePort, launchServer, UNLIMITED_ENV } from '../../launch/server.ts';

export { freePort, UNLIMITED_ENV };

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile (0–100) of a list of numbers, or NaN when empty. */
export const pct = (xs, p) => (xs.length === 0 ? NaN : xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]);

export async function until(pred, label, ms = 120_000) {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out: ${label}`);
    await sleep(5);
  }
}

/**
 * The built server (tests/launch/server.ts: a free port, a throwaway data
 * dir, ready once /healthz answers) with the abuse limits lifted and its
 * stderr echoed to ours (to `opts.logFile` instead, with its stdout, if
 * given); `opts` are the launcher's options.
 */
export const startServer = (env = {}, opts = {}) =>
  launchServer({ dataDirPrefix: 'fireside-bench-', onStderr: (line) => console.error(line), ...opts, env: { ...UNLIMITED_ENV, ...env } });

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
