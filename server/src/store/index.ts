/**
 * openStore: Postgres when a database URL is given, else SQLite in a data
 * directory. Explicit options win over the environment:
 *   databaseUrl  ?? env DATABASE_URL        -> PostgresStore
 *   dataDir      ?? env FIRESIDE_DATA_DIR   ?? ./data -> SqliteStore (<dataDir>/fireside.db)
 * The store is migrated before it is returned.
 */
import { createHash } from 'node:crypto';
import type { MatchStore } from './types.js';

export * from './types.js';
export { StoreError, type StoreErrorCode } from './errors.js';

export interface OpenStoreOptions {
  databaseUrl?: string;
  dataDir?: string;
}

/** FIRESIDE_SQLITE_SYNC: `normal`, or anything else for `full` (the safe default). */
const sqliteSync = (value: string | undefined): 'full' | 'normal' => (value === 'normal' ? 'normal' : 'full');

export async function openStore(opts: OpenStoreOptions = {}): Promise<MatchStore> {
  const env = process.env;
  const databaseUrl = opts.databaseUrl || (opts.dataDir ? undefined : env.DATABASE_URL || undefined);
  // Imported on demand: a SQLite server never loads pg, a Postgres one never loads node:sqlite.
  const store: MatchStore = databaseUrl
    ? new (await import('./postgres.js')).PostgresStore(databaseUrl)
    : new (await import('./sqlite.js')).SqliteStore(opts.dataDir || env.FIRESIDE_DATA_DIR || './data', sqliteSync(env.FIRESIDE_SQLITE_SYNC));
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
