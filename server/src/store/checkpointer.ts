/**
 * Runs SQLite's WAL checkpoints in a worker thread, on a connection of its
 * own, instead of inside a COMMIT on the event loop.
 *
 * A checkpoint copies the WAL's pages into the database file and fsyncs both.
 * SQLite runs one by itself inside the COMMIT that grows the WAL past 1000
 * pages, so that one COMMIT holds the server's only thread for the copy and
 * two fsyncs: up to 250 ms on this machine's disk under bench-load's write
 * rate, and the whole of any disk stall (docs/measurements.md, "The store and
 * the event loop"). The store's connection turns that off
 * (`wal_autocheckpoint = 0`) and asks this worker instead, at most every
 * INTERVAL_MS while there are commits. A PASSIVE checkpoint never waits for
 * the writer, and SQLite's locks keep the two connections of one file apart
 * across threads as across processes.
 *
 * The worker is plain JavaScript evaluated from a string, loading only
 * node:sqlite: no module loader or TypeScript transform to run in a thread.
 * If it fails or exits, `onLost` tells the store, which gives checkpoints
 * back to SQLite's own (autocheckpoint) rather than letting the WAL grow.
 */
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const emit = process.emitWarning;
process.emitWarning = () => {}; // node:sqlite's ExperimentalWarning, once, at load (sqlite-module.ts does the same)
const { DatabaseSync } = require('node:sqlite');
process.emitWarning = emit;
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = ' + workerData.busyTimeoutMs);
db.exec('PRAGMA synchronous = NORMAL'); // a checkpoint fsyncs the WAL, then the database file
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (msg) => {
  if (msg === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  const row = checkpoint.get();
  parentPort.postMessage({ busy: row.busy, log: row.log, checkpointed: row.checkpointed });
});
`;

export interface CheckpointResult {
  /** 1 when a writer or reader kept the checkpoint from finishing (it finishes a later time). */
  busy: number;
  /** Frames in the WAL, and how many of them are now in the database file. */
  log: number;
  checkpointed: number;
}

export class Checkpointer {
  static readonly INTERVAL_MS = 1000;
  private readonly worker: Worker;
  private running = false;
  private wanted = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lost = false;
  private closing = false;
  /** Checkpoints done so far; `last` is the latest result. */
  done = 0;
  last: CheckpointResult | null = null;

  constructor(
    file: string,
    busyTimeoutMs: number,
    private readonly onLost: (why: string) => void,
    private readonly intervalMs = Checkpointer.INTERVAL_MS,
  ) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, busyTimeoutMs } });
    this.worker.unref(); // a checkpoint is never a reason to keep the process alive
    this.worker.on('message', (result: CheckpointResult) => {
      this.running = false;
      this.done++;
      this.last = result;
      if (this.wanted) this.schedule();
    });
    this.worker.on('error', (e) => this.lose(`the checkpoint worker failed: ${e.message}`));
    this.worker.on('exit', (code) => this.lose(`the checkpoint worker exited (code ${code})`));
  }

  /** There were commits: checkpoint within INTERVAL_MS (never more often). */
  request(): void {
    if (this.lost || this.closing) return;
    this.wanted = true;
    if (!this.running) this.schedule();
  }

  /** Lets the worker finish its checkpoint and close its connection (before the store closes its own). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.lost || this.closing) return;
    this.closing = true;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.ref(); // the wait for its exit must keep the process alive
    this.worker.postMessage('close');
    await exited;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.lost || this.closing) return;
      this.wanted = false;
      this.running = true;
      this.worker.postMessage('checkpoint');
    }, this.intervalMs);
    this.timer.unref?.();
  }

  private lose(why: string): void {
    if (this.lost || this.closing) return;
    this.lost = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.onLost(why);
  }
}
