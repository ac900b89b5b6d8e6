/** openStore's choice of backend, hashToken, and the quiet loading of node:sqlite. */
import { afterEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPgBin } from '../../testing/pg-cluster.js';
import { freshSchema } from '../../testing/store-backends.js';
import { hashToken, openStore, type MatchStore } from './index.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fireside-open-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
async function opened(p: Promise<MatchStore>): Promise<MatchStore> {
  const store = await p;
  cleanups.push(() => store.close());
  return store;
}
function withEnv(vars: Record<string, string | undefined>): void {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const set = (v: Record<string, string | undefined>) => {
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) delete process.env[k];
      else process.env[k] = x;
    }
  };
  set(vars);
  cleanups.push(() => set(saved));
}

describe('openStore', () => {
  it('opens a migrated SQLite store in dataDir, creating the directory', async () => {
    const dir = join(tempDir(), 'nested', 'data');
    const store = await opened(openStore({ dataDir: dir }));
    expect(store.kind).toBe('sqlite');
    expect(existsSync(join(dir, 'fireside.db'))).toBe(true);
    expect(await store.listRestorable(0)).toEqual([]); // the tables exist
  });

  it('opens a migrated Postgres store for a databaseUrl', async () => {
    const schema = await freshSchema();
    cleanups.push(() => schema.drop());
    const store = await opened(openStore({ databaseUrl: schema.url }));
    expect(store.kind).toBe('postgres');
    expect(await store.listRestorable(0)).toEqual([]);
  });

  it('falls back on DATABASE_URL, then FIRESIDE_DATA_DIR; explicit options win', async () => {
    const schema = await freshSchema();
    cleanups.push(() => schema.drop());
    const dir = tempDir();
    withEnv({ DATABASE_URL: schema.url, FIRESIDE_DATA_DIR: dir });
    expect((await opened(openStore())).kind).toBe('postgres');
    expect((await opened(openStore({ dataDir: tempDir() }))).kind).toBe('sqlite');
    withEnv({ DATABASE_URL: '' });
    expect((await opened(openStore())).kind).toBe('sqlite');
    expect(existsSync(join(dir, 'fireside.db'))).toBe(true);
  });

  it('closes the store and rejects when migrating fails', async () => {
    await expect(openStore({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow();
  });
});

describe('durability settings', () => {
  it('SQLite: WAL, synchronous=NORMAL on the connection (WalFsync makes the fsync), foreign keys, a busy timeout', async () => {
    const store = await opened(openStore({ dataDir: tempDir() }));
    const db = (store as unknown as { db: { prepare(sql: string): { get(): Record<string, unknown> } } }).db;
    const pragma = (name: string) => Object.values(db.prepare(`PRAGMA ${name}`).get())[0];
    expect(pragma('journal_mode')).toBe('wal');
    expect(pragma('synchronous')).toBe(1); // NORMAL: COMMIT writes the WAL without waiting for the disk
    expect(pragma('foreign_keys')).toBe(1);
    expect(pragma('busy_timeout')).toBeGreaterThan(0);
  });

  it('Postgres: synchronous_commit is on for every connection', async () => {
    const schema = await freshSchema();
    cleanups.push(() => schema.drop());
    // The URL asks for synchronous_commit=off at connection start; the store must turn it back on.
    const url = schema.url + encodeURIComponent(' -c synchronous_commit=off');
    const store = await opened(openStore({ databaseUrl: url }));
    const pool = (store as unknown as { pool: { query(sql: string): Promise<{ rows: { synchronous_commit: string }[] }> } }).pool;
    const shown = await Promise.all([1, 2, 3].map(() => pool.query('SHOW synchronous_commit')));
    expect(shown.map((r) => r.rows[0].synchronous_commit)).toEqual(['on', 'on', 'on']);
  });
});

describe('hashToken', () => {
  it('is the sha256 hex digest', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('jeton-é')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('a')).not.toBe(hashToken('b'));
  });
});

describe('loadSqlite', () => {
  it('hides only the SQLite ExperimentalWarning (checked in a fresh node)', async () => {
    // A fresh process: the warning is printed once per process, and jest's own process is not the real one.
    const file = fileURLToPath(new URL('./sqlite-module.ts', import.meta.url));
    const script = `import(${JSON.stringify(file)}).then((m) => {
      const { DatabaseSync } = m.loadSqlite();
      new DatabaseSync(':memory:').close();
      process.emitWarning('another experiment', 'ExperimentalWarning');
    });`;
    const stderr = await new Promise<string>((res, rej) =>
      execFile(process.execPath, ['--experimental-strip-types', '-e', script], { env: { PATH: process.env.PATH } }, (err, _out, errOut) =>
        err ? rej(err) : res(errOut),
      ),
    );
    expect(stderr).not.toContain('SQLite');
    expect(stderr).toContain('ExperimentalWarning: another experiment');
  });
});

describe('the test cluster', () => {
  it('fails with the install command when the Postgres binaries are missing', () => {
    expect(() => findPgBin('/nonexistent/postgresql')).toThrow(/not found.*apt-get install -y postgresql/);
  });
});
