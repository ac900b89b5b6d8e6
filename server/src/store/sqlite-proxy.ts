/**
 * SqliteWorkerStore: the SQLite store run in a worker thread, so that its
 * synchronous work (node:sqlite, and the fsync of every COMMIT) no longer
 * stops the server's event loop, and with it every room, while it runs.
 *
 * The worker (sqlite-worker.ts) holds an ordinary SqliteStore; each call here
 * becomes one message with an id, and its promise settles when the reply with
 * that id comes back. The semantics are the in-thread store's:
 * - the worker sees the calls in the order they were made (one port, FIFO);
 * - appendEvent resolves only once its transaction has committed (durable);
 * - group commit batches at least as much as in-thread (sqlite-worker.ts);
 * - refusals arrive as the same StoreError, code and all (worker-protocol.ts);
 * - close() lets every call made before it finish (appends are flushed), then
 *   ends the thread; later calls are refused with `closed`.
 * If the thread cannot open the database, dies, or cannot be loaded, every
 * waiting and later call is refused with StoreError `unavailable` (never left
 * hanging) and the failure is logged: the server keeps running, but refuses
 * moves it can no longer store, until it is restarted.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { StoreError } from './errors.js';
import type { SqliteInspection } from './sqlite.js';
import type { MatchEvent, MatchListItem, MatchRecord, MatchSetup, MatchStore, RoomRecord } from './types.js';
import { errorFromWire, type Fatal, type Reply, type Request, type WorkerData, type WorkerMethod } from './worker-protocol.js';

export interface SqliteWorkerOptions {
  sync?: 'full' | 'normal';
  /** Where a failure of the worker thread is reported (default: stderr). */
  log?: (message: string) => void;
}

interface Waiter {
  resolve(value: unknown): void;
  reject(e: unknown): void;
}

/**
 * Where the worker's code is: the file next to this module, found from
 * import.meta.url, so it needs no setting and works wherever server/dist is
 * (the Docker image copies the whole of server/dist). Built, this module is
 * sqlite-proxy.js and the entry sqlite-worker.js beside it. Run from the
 * TypeScript sources (jest), this module's URL ends in .ts: jest compiles TS
 * only in its own thread, and a worker is a plain Node that cannot load our
 * sources (`./x.js` specifiers naming .ts files, parameter properties), so the
 * worker starts at server/testing/ts-worker.mjs, which compiles them with the
 * same swc as jest while loading them. Tests therefore run the current
 * sources, never a stale build.
 */
export function workerEntry(here: string = import.meta.url): { url: URL; tsEntry?: string } {
  if (here.endsWith('.ts')) {
    return { url: new URL('../../testing/ts-worker.mjs', here), tsEntry: new URL('./sqlite-worker.ts', here).href };
  }
  return { url: new URL('./sqlite-worker.js', here) };
}

const unavailable = (why: string, cause?: unknown) =>
  new StoreError('unavailable', `the SQLite store is unavailable: ${why}`, cause === undefined ? undefined : { cause });

export class SqliteWorkerStore implements MatchStore {
  readonly kind = 'sqlite' as const;
  readonly file: string;
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiter>();
  private readonly log: (message: string) => void;
  private lastId = 0;
  /** Once set (closed, or the worker failed), every new call is refused with it. */
  private refusal: StoreError | null = null;
  private failed = false;
  /** close() ended the thread: its exit is no failure. */
  private ended = false;
  private closing: Promise<void> | null = null;

  constructor(dataDir: string, opts: SqliteWorkerOptions = {}) {
    this.file = join(dataDir, 'fireside.db');
    this.log = opts.log ?? ((m) => console.error(`[fireside] ${m}`));
    const entry = workerEntry();
    const data: WorkerData = { dataDir, sync: opts.sync ?? 'full', tsEntry: entry.tsEntry };
    this.worker = new Worker(entry.url, { workerData: data });
    // Like the in-thread store, an idle store does not keep the process alive; a call in flight does (call()).
    this.worker.unref();
    this.worker.on('message', (m: Reply | Fatal) => this.receive(m));
    this.worker.on('error', (e) => this.fail(unavailable(`its worker thread failed: ${e.message}`, e)));
    this.worker.on('messageerror', (e) => this.fail(unavailable(`a reply could not be read: ${e.message}`, e)));
    this.worker.on('exit', (code) => this.fail(unavailable(`its worker thread exited (code ${code})`)));
  }

  migrate(): Promise<void> {
    return this.call('migrate', []);
  }
  saveRoom(room: RoomRecord): Promise<void> {
    return this.call('saveRoom', [room]);
  }
  loadRoom(roomId: string): Promise<RoomRecord | null> {
    return this.call('loadRoom', [roomId]);
  }
  listRestorable(activeSince: number): Promise<string[]> {
    return this.call('listRestorable', [activeSince]);
  }
  startMatch(setup: MatchSetup): Promise<void> {
    return this.call('startMatch', [setup]);
  }
  appendEvent(matchId: string, event: MatchEvent): Promise<void> {
    return this.call('appendEvent', [matchId, event]);
  }
  finishMatch(matchId: string, result: unknown, at: number): Promise<void> {
    return this.call('finishMatch', [matchId, result, at]);
  }
  loadMatch(matchId: string): Promise<MatchRecord | null> {
    return this.call('loadMatch', [matchId]);
  }
  listMatches(roomId: string): Promise<MatchListItem[]> {
    return this.call('listMatches', [roomId]);
  }
  deleteInactive(before: number): Promise<number> {
    return this.call('deleteInactive', [before]);
  }
  /** SqliteStore.inspect() of the worker's store. */
  inspect(): Promise<SqliteInspection> {
    return this.call('inspect', []);
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const dead = this.failed;
    this.refusal = new StoreError('closed', 'the store is closed');
    this.worker.ref(); // until the thread is gone: `await store.close()` must not be cut short by the process ending
    try {
      // The calls made before close() are ahead of it on the port: they finish first, and the store flushes its appends.
      if (!dead) await this.send('close', []);
    } finally {
      this.ended = true;
      await this.worker.terminate();
    }
  }

  private call<T>(method: WorkerMethod, args: unknown[]): Promise<T> {
    return this.refusal ? Promise.reject(this.refusal) : this.send<T>(method, args);
  }

  private send<T>(method: WorkerMethod, args: unknown[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = ++this.lastId;
      try {
        this.worker.postMessage({ id, method, args } satisfies Request);
      } catch (e) {
        // Structured clone refused an argument (a function, a class with private state): the call's own error.
        reject(new StoreError('bad_record', `${method}: an argument cannot be sent to the SQLite thread (${(e as Error).message})`, { cause: e }));
        return;
      }
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
  }

  private receive(m: Reply | Fatal): void {
    if ('fatal' in m) {
      const e = errorFromWire(m.fatal);
      this.fail(unavailable(`cannot open ${this.file}: ${e.message}`, e));
      return;
    }
    const waiter = this.waiting.get(m.id);
    if (!waiter) return;
    this.waiting.delete(m.id);
    if (this.waiting.size === 0 && !this.closing) this.worker.unref();
    if (m.error) waiter.reject(errorFromWire(m.error));
    else waiter.resolve(m.value);
  }

  /** The thread is gone or unusable: refuse everything now and from now on, and say so once. */
  private fail(e: StoreError): void {
    if (this.ended || this.failed) return;
    this.failed = true;
    this.refusal ??= e;
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of waiting) w.reject(e);
    this.log(
      `${e.message}${e.cause instanceof Error && e.cause.stack ? `\n${e.cause.stack}` : ''}; ${waiting.length} waiting calls refused, and every later one will be (restart the server)`,
    );
    if (!this.closing) this.worker.unref();
    void this.worker.terminate(); // an `error` or `messageerror` may leave the thread running
  }
}
