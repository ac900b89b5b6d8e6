/**
 * A whole fuzzing run against a fresh server process: the server's side of
 * the figures (did it crash, what did it log, its memory before and after)
 * around the fuzzer's own (fuzzer.ts).
 */
import { gameMetas } from '@fireside/shared';
import type { FuzzFigures } from './fuzz-run.ts';
import { fuzz } from './fuzzer.ts';
import { spawnServer } from './server-process.ts';
import type { TableSpec } from './table.ts';

/** Every game's fuzz tables (three, at different sizes, each with spectators: shared/src/games/<id>/meta.ts). */
export const DEFAULT_TABLES: TableSpec[] = gameMetas.flatMap((m) => m.testing.fuzzTables.map((t) => ({ game: m.id, ...t })));

export interface FuzzReport extends FuzzFigures {
  /** The server process exited during the run. */
  crashed: boolean;
  /** Everything the server wrote to stderr (any line is a finding: the room logs failures there). */
  serverErrors: string[];
  rssKbBefore: number;
  rssKbAfter: number;
}

export async function fuzzServer(opts: {
  seed: number;
  messages: number;
  timeLimitMs?: number;
  tables?: TableSpec[];
  progress?: (f: FuzzFigures) => void;
}): Promise<FuzzReport> {
  const server = await spawnServer({
    // Every seat is human and the clock is off: nothing but the members' messages changes a room.
    env: { FIRESIDE_BOT_DELAY_MS: '60000', FIRESIDE_STANDIN_SECONDS: '3600' },
  });
  try {
    const rssKbBefore = server.rssKb();
    const figures = await fuzz({
      url: server.url,
      seed: opts.seed,
      messages: opts.messages,
      timeLimitMs: opts.timeLimitMs,
      tables: opts.tables ?? DEFAULT_TABLES,
      shouldStop: () => server.exit !== null,
      progress: opts.progress,
    });
    const crashed = server.exit !== null;
    if (!crashed) {
      // Still serving after it all.
      const health = await fetch(`${server.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!health) figures.findings.push({ kind: 'harness', table: '-', phase: '-', detail: '/healthz failed after the run' });
    }
    return { ...figures, crashed, serverErrors: [...server.stderr], rssKbBefore, rssKbAfter: server.rssKb() };
  } finally {
    await server.stop();
  }
}

/** The figures as a few lines of text (the CLI prints them; docs/measurements.md records them). */
export function formatReport(r: FuzzReport): string {
  const kinds = Object.entries(r.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `  ${k.padEnd(34)} ${n}`)
    .join('\n');
  const closed = Object.entries(r.raw.closed)
    .map(([code, n]) => `${n} × ${code}`)
    .join(', ');
  return [
    `seed ${r.seed}: ${r.messages} messages in ${(r.durationMs / 1000).toFixed(1)} s (${Math.round(r.messages / (r.durationMs / 1000))}/s)`,
    `invalid ${r.invalid}, probes ${r.probesAccepted + r.probesRefused} (${r.probesAccepted} accepted, ${r.probesRefused} refused), legal steps ${r.legalSteps}, raw frames ${r.raw.frames}`,
    `errors answered ${r.errorsAnswered}; raw frames: ${r.raw.answered} answered, closed ${closed || 'none'}, ${r.raw.silent} ignored`,
    `state comparisons ${r.comparisons}, state changes from refused messages ${r.stateChanges}`,
    `matches ended ${r.matchesEnded}; phases: ${Object.entries(r.phases)
      .map(([g, p]) => `${g} ${p.join('/')}`)
      .join('; ')}`,
    `skipped (over 4 KB for an SDK frame) ${r.skipped}`,
    `server: ${r.crashed ? 'CRASHED' : 'no crash'}, ${r.serverErrors.length} stderr lines; RSS ${Math.round(r.rssKbBefore / 1024)} MB before, ${Math.round(r.rssKbAfter / 1024)} MB after`,
    `time by step: ${Object.entries(r.stepMs)
      .map(([k, t]) => `${k} ${t.steps} × ${(t.ms / t.steps).toFixed(1)} ms`)
      .join(', ')}`,
    `findings ${r.findingCount}`,
    ...r.findings.map((f) => `  [${f.kind}] ${f.table} (${f.phase}): ${f.detail}`),
    ...summarizeLog(r.serverErrors),
    'messages by kind:',
    kinds,
  ].join('\n');
}

/** Log lines grouped (stack frames left out), most frequent first. */
function summarizeLog(lines: string[]): string[] {
  const counts = new Map<string, number>();
  for (const l of lines) {
    if (/^\s+at /.test(l)) continue;
    const key = l.replace(/room \S+:/, 'room …:').slice(0, 200);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([l, n]) => `  stderr ${n} ×: ${l}`);
}
