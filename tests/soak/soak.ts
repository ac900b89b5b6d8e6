/**
 * A soak run against a fresh built server process: tables of all three
 * games (table-life.ts) start one after another, `concurrency` at a time,
 * until the time is up; then every room must unload, and the server must be
 * back where it started: no room, no client, its handles and timers as at
 * the start, its heap (after a full GC) near its baseline, and not one
 * error line in its JSON log.
 */
import path from 'node:path';
import { rngFromSeed } from '@fireside/shared';
import { ROOT, spawnServer, type ServerProcess } from '../fuzz/server-process.ts';
import { figures, scrape, type ServerFigures } from './metrics.ts';
import { drawTable, GAMES, TableLife, type TableFigures } from './table-life.ts';

export interface SoakOptions {
  durationMs: number;
  concurrency: number;
  seed: number;
  /** Record and scan the raw frames of one table in this many. */
  recordEvery: number;
  /** The think time of every bot, server bots and bot clients (ms). */
  botDelayMs: number;
  progress?: (line: string) => void;
}

export interface SoakReport {
  seed: number;
  durationMs: number;
  tables: TableFigures[];
  /** Tables played before the baseline was taken. */
  warmUpTables: number;
  /** Right after the server started (after a full GC). */
  cold: ServerFigures;
  /** After the warm-up tables unloaded (after a full GC): what the end is compared with. */
  baseline: ServerFigures;
  /** At the end of the run, before the rooms unloaded. */
  peak: ServerFigures;
  final: ServerFigures;
  unloadMs: number;
  logLines: Record<string, number>;
  errorLines: string[];
  /** Lines on stdout that are not JSON (reported, not failed: a framework's start banner). */
  otherLines: string[];
  stderr: string[];
  crashed: boolean;
  problems: string[];
}

const IDLE_SECONDS = 2;
/** Heap after a full GC may end this much above its start: see docs/measurements.md, "Soak". */
export const HEAP_TOLERANCE_BYTES = 4 * 1024 * 1024;
const GC_PRELOAD = path.join(ROOT, 'tests', 'soak', 'gc-on-signal.mjs');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A full GC in the server (gc-on-signal.mjs), then its figures. */
async function settledFigures(server: ServerProcess): Promise<ServerFigures> {
  for (let i = 0; i < 2; i++) {
    process.kill(server.pid, 'SIGWINCH');
    await sleep(300);
  }
  return figures(await scrape(server.url));
}

/** The server's JSON log lines, counted by level; error and fatal ones kept, and any line that is not JSON. */
function readLog(server: ServerProcess, log: ServerLog): void {
  for (const line of server.stdout.splice(0)) {
    let level = 'not JSON';
    try {
      level = String((JSON.parse(line) as { level?: unknown }).level ?? 'none');
    } catch {
      log.otherLines.push(line);
    }
    log.counts[level] = (log.counts[level] ?? 0) + 1;
    if (level === 'error' || level === 'fatal') log.errorLines.push(line);
  }
}

interface ServerLog {
  counts: Record<string, number>;
  errorLines: string[];
  otherLines: string[];
}

/** The time spent warming up (its tables are played like the others) before the heap baseline is taken. */
export function warmUpMs(durationMs: number): number {
  return Math.min(durationMs / 4, 5 * 60_000);
}

export async function soak(opts: SoakOptions): Promise<SoakReport> {
  const server = await spawnServer({
    nodeArgs: ['--expose-gc', '--import', GC_PRELOAD],
    env: {
      FIRESIDE_LOG_FORMAT: 'json',
      FIRESIDE_BOT_DELAY_MS: String(opts.botDelayMs),
      FIRESIDE_STANDIN_SECONDS: '1',
      FIRESIDE_IDLE_SECONDS: String(IDLE_SECONDS),
    },
  });
  const log: ServerLog = { counts: {}, errorLines: [], otherLines: [] };
  const tables: TableFigures[] = [];
  const rng = rngFromSeed(`soak:${opts.seed}`);
  const start = Date.now();
  let started = 0;
  /** Tables, `concurrency` at a time, until `until`. */
  const playUntil = async (until: number) => {
    const worker = async () => {
      while (Date.now() < until && server.exit === null) {
        const n = started++;
        const spec = drawTable(GAMES[n % GAMES.length], rng, n % opts.recordEvery === 0, `${opts.seed}:${n}`, opts.botDelayMs);
        tables.push(await new TableLife(server.url, spec).run());
        readLog(server, log);
        if (tables.length % 10 === 0) opts.progress?.(progressLine(tables, start, server));
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
  };
  try {
    const cold = await settledFigures(server);
    await playUntil(start + warmUpMs(opts.durationMs));
    const warmUpTables = tables.length;
    const warm = await unloadAndSettle(server);
    await playUntil(start + opts.durationMs);
    const peak = figures(await scrape(server.url));
    const final = await unloadAndSettle(server);
    // A client's last HTTP keep-alive socket closes after the server's keep-alive timeout (5 s): give it that long.
    for (let i = 0; i < 8 && final.figures.handles > cold.handles; i++) {
      await sleep(1000);
      final.figures = await settledFigures(server);
    }
    readLog(server, log);
    const report: SoakReport = {
      seed: opts.seed,
      durationMs: Date.now() - start,
      tables,
      warmUpTables,
      cold,
      baseline: warm.figures,
      peak,
      final: final.figures,
      unloadMs: final.unloadMs,
      logLines: log.counts,
      errorLines: log.errorLines,
      otherLines: log.otherLines,
      stderr: [...server.stderr],
      crashed: server.exit !== null,
      problems: [],
    };
    report.problems = judge(report);
    return report;
  } finally {
    await server.stop();
  }
}

/** Every member has left: waits until each room has unloaded after its idle time, then a full GC. */
async function unloadAndSettle(server: ServerProcess): Promise<{ figures: ServerFigures; unloadMs: number }> {
  const unloadStart = Date.now();
  let now = figures(await scrape(server.url));
  while ((now.rooms > 0 || now.clients > 0) && Date.now() - unloadStart < IDLE_SECONDS * 1000 + 30_000) {
    await sleep(250);
    now = figures(await scrape(server.url));
  }
  const unloadMs = Date.now() - unloadStart;
  await sleep(1000); // the unloaded rooms' last store writes and log lines
  return { figures: await settledFigures(server), unloadMs };
}

function progressLine(tables: TableFigures[], start: number, server: ServerProcess): string {
  const ended = tables.filter((t) => t.ended).length;
  return `  … ${Math.round((Date.now() - start) / 1000)} s: ${tables.length} tables, ${ended} matches ended, RSS ${Math.round(server.rssKb() / 1024)} MB`;
}

/** Everything that makes the run fail. */
function judge(r: SoakReport): string[] {
  const problems = r.tables.flatMap((t) => t.problems);
  for (const t of r.tables) if (!t.ended) problems.push(`${t.game} room ${t.roomId}: the match did not end`);
  for (const t of r.tables) for (const p of t.leak?.problems ?? []) problems.push(`leak in ${t.game} room ${t.roomId}: ${p}`);
  if (r.crashed) problems.push('the server exited during the run');
  if (r.errorLines.length > 0) problems.push(`${r.errorLines.length} error log lines`);
  if (r.stderr.length > 0) problems.push(`${r.stderr.length} lines on stderr`);
  if (r.final.rooms !== 0 || r.final.clients !== 0) problems.push(`${r.final.rooms} rooms and ${r.final.clients} clients left after ${r.unloadMs} ms`);
  if (r.final.matchesEnded !== r.tables.filter((t) => t.ended).length) problems.push(`server counted ${r.final.matchesEnded} matches ended`);
  if (r.final.handles > r.cold.handles) problems.push(`active handles ${r.cold.handles} at the start, ${r.final.handles} at the end`);
  for (const [type, n] of Object.entries(r.final.resources)) {
    if (n > (r.cold.resources[type] ?? 0)) problems.push(`active ${type} resources ${r.cold.resources[type] ?? 0} at the start, ${n} at the end`);
  }
  if (r.final.heapUsedBytes - r.baseline.heapUsedBytes > HEAP_TOLERANCE_BYTES) {
    problems.push(
      `heap ${mb(r.baseline.heapUsedBytes)} MB after the warm-up, ${mb(r.final.heapUsedBytes)} MB at the end (tolerance ${mb(HEAP_TOLERANCE_BYTES)} MB)`,
    );
  }
  return problems;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export function formatSoak(r: SoakReport): string {
  const sum = (k: 'joins' | 'drops' | 'reloads' | 'returns') => r.tables.reduce((s, t) => s + t[k], 0);
  const byGame = GAMES.map((g) => `${g} ${r.tables.filter((t) => t.game === g && t.ended).length}`).join(', ');
  const scanned = r.tables.filter((t) => t.leak);
  const resources = (f: ServerFigures) =>
    Object.entries(f.resources)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  return [
    `seed ${r.seed}: ${(r.durationMs / 1000).toFixed(0)} s, ${r.tables.length} tables, matches ended ${r.tables.filter((t) => t.ended).length} (${byGame})`,
    `joins ${sum('joins')}, drops ${sum('drops')}, reloads ${sum('reloads')}, leaves and returns ${sum('returns')}`,
    `leak scans: ${scanned.length} rooms, ${scanned.reduce((s, t) => s + t.leak!.frames, 0)} frames, ${scanned.reduce((s, t) => s + t.leak!.needles, 0)} secrets, ${scanned.reduce((s, t) => s + t.leak!.problems.length, 0)} problems`,
    `at the end of the run: ${r.peak.rooms} rooms, ${r.peak.clients} clients, heap ${mb(r.peak.heapUsedBytes)} MB, RSS ${mb(r.peak.rssBytes)} MB`,
    `rooms unloaded ${(r.unloadMs / 1000).toFixed(1)} s after the last table (idle time ${IDLE_SECONDS} s)`,
    `heap after GC: ${mb(r.cold.heapUsedBytes)} MB at the start, ${mb(r.baseline.heapUsedBytes)} MB after the warm-up (${r.warmUpTables} tables), ${mb(r.final.heapUsedBytes)} MB at the end`,
    `RSS ${mb(r.cold.rssBytes)} MB at the start, ${mb(r.baseline.rssBytes)} MB after the warm-up, ${mb(r.final.rssBytes)} MB at the end`,
    `handles ${r.cold.handles} → ${r.final.handles}; resources at the start: ${resources(r.cold)}; at the end: ${resources(r.final)}`,
    `rooms ${r.final.rooms}, clients ${r.final.clients} at the end; server log lines: ${Object.entries(r.logLines)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; stderr ${r.stderr.length}; ${r.crashed ? 'CRASHED' : 'no crash'}`,
    `problems ${r.problems.length}`,
    ...r.problems.slice(0, 30).map((p) => `  ${p}`),
    ...r.errorLines.slice(0, 10).map((l) => `  log: ${l.slice(0, 300)}`),
    ...r.otherLines.slice(0, 10).map((l) => `  not JSON (not failed): ${l.slice(0, 300)}`),
    ...r.stderr.slice(0, 10).map((l) => `  stderr: ${l.slice(0, 300)}`),
  ].join('\n');
}

/** The SDK narrates every reconnection on console.info; the soak drops connections on purpose. */
export function quietSdkReconnections(): void {
  const info = console.info.bind(console);
  console.info = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[Colyseus reconnection]')) return;
    info(...args);
  };
}
