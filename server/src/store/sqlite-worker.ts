/**
 * The SQLite worker thread: runs one SqliteStore and answers the requests of
 * SqliteWorkerStore (sqlite-proxy.ts). Loaded only as a Worker's entry,
 * never imported.
 *
 * Group commit works here as in the server's thread, and batches more: a
 * port hands over every message queued so far in one event-loop turn, so all
 * the appends that arrived while the previous COMMIT was fsyncing go into the
 * next transaction together (SqliteStore flushes its appends in setImmediate,
 * after the turn's messages).
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { SqliteStore } from './sqlite.js';
import { errorToWire, STORE_METHODS, type Fatal, type Reply, type Request, type WorkerData, type WorkerMethod } from './worker-protocol.js';

const port: MessagePort = parentPort ?? notAWorker();

const served = new Set<WorkerMethod>([...STORE_METHODS, 'inspect']);
const { dataDir, sync } = workerData as WorkerData;

let store: SqliteStore | null = null;
try {
  store = new SqliteStore(dataDir, sync);
} catch (e) {
  // The database cannot be opened (no WAL on this filesystem, no permission): say why, once, and end.
  port.postMessage({ fatal: errorToWire(e) } satisfies Fatal);
  port.close();
}

if (store) {
  const open = store;
  port.on('message', (req: Request) => {
    let result: Promise<unknown>;
    try {
      if (!served.has(req.method)) throw new Error(`the SQLite worker has no method ${String(req.method)}`);
      result = (open[req.method] as (...a: unknown[]) => Promise<unknown>)(...req.args);
    } catch (e) {
      result = Promise.reject(e);
    }
    result.then(
      (value) => reply({ id: req.id, value }),
      (e: unknown) => reply({ id: req.id, error: errorToWire(e) }),
    );
  });
}

function notAWorker(): never {
  throw new Error('sqlite-worker.ts runs only as a worker thread (see sqlite-proxy.ts)');
}

/** A value that cannot be cloned back becomes that call's error, not an exception that would end the thread. */
function reply(r: Reply): void {
  try {
    port.postMessage(r);
  } catch (e) {
    port.postMessage({ id: r.id, error: errorToWire(e) } satisfies Reply);
  }
}
