/**
 * The fuzzer: tables of every game, each driven by its own loop of steps —
 * an invalid message from a random member (host, seated player or
 * spectator), a probe that may be accepted, a legal step (a move, the start,
 * `again`) that keeps the table going through every phase, or a burst of raw
 * frames on a bare socket (sent before the join handshake too). Checked:
 *  - every invalid message gets an `error` of its type (with its intent id)
 *    to its sender, never `internal`;
 *  - refused messages change nothing in any member's decoded state (compared
 *    after a round trip of every member);
 *  - every legal step is accepted.
 * The runner (run.ts) owns the server process and checks it never crashed
 * and never logged an error. A table's loop is table-fuzzer.ts, the run's
 * options and figures fuzz-run.ts, the comparisons checks.ts, what is sent
 * arbitraries.ts and hostile-values.ts.
 */
import { Run, type FuzzFigures, type FuzzOptions } from './fuzz-run.ts';
import { Table } from './table.ts';
import { TableFuzzer } from './table-fuzzer.ts';

/** Opens the tables, runs every table's loop until the message budget is spent, closes the tables. */
export async function fuzz(opts: FuzzOptions): Promise<FuzzFigures> {
  const run = new Run(opts);
  const tables: Table[] = [];
  for (const [i, spec] of opts.tables.entries()) tables.push(await Table.open(opts.url, spec, `${spec.game}#${i}`));
  const ticker = opts.progress ? setInterval(() => opts.progress!(run.figures), 5000) : null;
  try {
    await Promise.all(
      tables.map((t) =>
        new TableFuzzer(run, t, opts.url, opts.seed).loop().catch((e: unknown) => {
          run.find({ kind: 'harness', table: t.label, phase: t.phase, detail: `the table's loop stopped: ${(e as Error)?.stack ?? e}` });
        }),
      ),
    );
  } finally {
    if (ticker) clearInterval(ticker);
    await Promise.all(tables.map((t) => t.close()));
  }
  return run.finish();
}
