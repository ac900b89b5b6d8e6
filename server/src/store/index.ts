/**
 * openStore: Postgres when a database URL is given, else SQLite in a data
 * directory. Explicit options win over the environment:
 *   databaseUrl  ?? env DATABASE_URL        -> PostgresStore
 *   dataDir      ?? env FIRESIDE_DATA_DIR   ?? ./data -> SQLite (<dataDir>/fireside.db)
 *   sqliteThread ?? env FIRESIDE_SQLITE_THREAD: `worker` (default) runs the
 *     SQLite store in a worker thread (SqliteWorkerStore), `main` in the
 *     server's own thread (SqliteStore), as before.
 * The store is migrated before it is returned.
 */
import { createHash } from 'node:crypto';
import type { MatchStore } from './types.js';

export * from './types.js';
export { StoreError, type StoreErrorCode } from './errors.js';

export interface OpenStoreOptions {
  databaseUrl?: string;
  dataDir?: string;
  sqliteThread?: SqliteThread;
  /** Where the SQLite worker thread's failure is reported (default: stderr). */
  log?: (message: string) => void;
}

export type SqliteThread = 'worker' | 'main';

/** FIRESIDE_SQLITE_SYNC: `normal`, or anything else for `full` (the safe default). */
const sqliteSync = (value: string | undefined): 'full' | 'normal' => (value === 'normal' ? 'normal' : 'full');

/** FIRESIDE_SQLITE_THREAD: `main`, or anything else for `worker` (the default: it measured better, docs/storage.md). */
export const sqliteThread = (value: string | undefined): SqliteThread => (value === 'main' ? 'main' : 'worker');

/** The SQLite store of `dataDir` in the thread asked for (env FIRESIDE_SQLITE_THREAD and FIRESIDE_SQLITE_SYNC otherwise); not migrated. */
export async function sqliteStore(dataDir: string, opts: Pick<OpenStoreOptions, 'sqliteThread' | 'log'> = {}): Promise<MatchStore> {
  const sync = sqliteSync(process.env.FIRESIDE_SQLITE_SYNC);
  if ((opts.sqliteThread ?? sqliteThread(process.env.FIRESIDE_SQLITE_THREAD)) === 'main') {
    return new (await import('./sqlite.js')).SqliteStore(dataDir, sync);
  }
  return new (await import('./sqlite-proxy.js')).SqliteWorkerStore(dataDir, { sync, log: opts.log });
}

export async function openStore(opts: OpenStoreOptions = {}): Promise<MatchStore> {
  const env = process.env;
  const databaseUrl = opts.databaseUrl || (opts.dataDir ? undefined : env.DATABASE_URL || undefined);
  // Imported on demand: a SQLite server never loads pg, a Postgres one never loads node:sqlite.
  const store: MatchStore = databaseUrl
    ? new (await import('./postgres.js')).PostgresStore(databaseUrl)
    : await sqliteStore(opts.dataDir || env.FIRESIDE_DATA_DIR || './data', opts);
  try {
    await store.migrate();
  } catch (e) {
    await store.close().catch(() => undefined);
    throw e;
  }
  return store;
}

/** Tokens are stored only as this digest (sha256, hex); compare digests, never tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
