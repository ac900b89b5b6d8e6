/**
 * The two databases the store's contract tests run against. Each test gets a
 * fresh, empty database: a temp dir for SQLite, a new schema (selected with
 * search_path in the URL) in the test cluster for Postgres, so tests never
 * see each other's rows and need no cleanup order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PostgresStore } from '../src/store/postgres.js';
import { loadSqlite } from '../src/store/sqlite-module.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { MatchStore } from '../src/store/types.js';

export type Row = Record<string, unknown>;

export interface TestDb {
  /** A new, unmigrated store instance on this database. */
  open(): MatchStore;
  /** A raw read, beside the store (to check what is really stored). */
  raw(sql: string): Promise<Row[]>;
  drop(): Promise<void>;
}

export interface Backend {
  name: 'sqlite' | 'postgres';
  create(): Promise<TestDb>;
}

export const sqliteBackend: Backend = {
  name: 'sqlite',
  async create() {
    const dir = mkdtempSync(join(tmpdir(), 'fireside-store-'));
    return {
      open: () => new SqliteStore(dir),
      async raw(sql) {
        // Read-only unless the test writes a row by hand (rows of an older schema).
        const db = new (loadSqlite().DatabaseSync)(join(dir, 'fireside.db'), { readOnly: !/^\s*INSERT/i.test(sql) });
        try {
          const st = db.prepare(sql);
          if (/^\s*INSERT/i.test(sql)) {
            st.run();
            return [];
          }
          return st.all() as Row[];
        } finally {
          db.close();
        }
      },
      async drop() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** The URL of the cluster from jest-pg-setup (or the one given in the env). */
export function testDatabaseUrl(): string {
  const url = process.env.FIRESIDE_TEST_DATABASE_URL;
  if (!url) throw new Error('FIRESIDE_TEST_DATABASE_URL is not set: server/testing/jest-pg-setup.ts did not run');
  return url;
}

let schemas = 0;

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = testDatabaseUrl()): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh schema and a URL whose connections use it. */
export async function freshSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = testDatabaseUrl();
  const schema = `store_test_${process.pid}_${++schemas}_${Math.random().toString(36).slice(2, 8)}`;
  await admin((c) => c.query(`CREATE SCHEMA ${schema}`));
  const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return { url, drop: () => admin((c) => c.query(`DROP SCHEMA ${schema} CASCADE`)).then(() => undefined) };
}

export const postgresBackend: Backend = {
  name: 'postgres',
  async create() {
    const { url, drop } = await freshSchema();
    return {
      open: () => new PostgresStore(url),
      raw: (sql) => admin(async (c) => (await c.query<Row>(sql)).rows, url),
      drop,
    };
  },
};
