/**
 * What the SQLite worker thread adds to the contract (store.contract.test.ts
 * runs the contract itself on it): group commit across the thread, errors
 * crossing it intact, close flushing, and a dead or unopenable worker
 * refusing every call instead of leaving it hanging.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { StoreError } from './errors.js';
import { openStore } from './index.js';
import { SqliteWorkerStore } from './sqlite-proxy.js';
import { loadSqlite } from './sqlite-module.js';
import { SqliteStore } from './sqlite.js';
import type { MatchEvent, RoomRecord } from './types.js';

const T0 = 1_750_000_000_000;
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fireside-proxy-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
function workerStore(dir: string, logs: string[] = []): SqliteWorkerStore {
  const store = new SqliteWorkerStore(dir, { log: (m) => logs.push(m) });
  cleanups.push(() => store.close().catch(() => undefined));
  return store;
}
const room = (roomId: string, matchId: string | null = null): RoomRecord => ({
  roomId,
  game: 'santa',
  hostId: 'm1',
  players: 3,
  options: {},
  status: 'playing',
  matchNo: 1,
  matchId,
  members: [],
  seats: [],
  chat: [],
  clock: 'off',
  clocks: [],
  updatedAt: T0,
});
const action = (seq: number): MatchEvent => ({ seq, kind: 'action', seat: seq % 3, action: { type: 'play', n: seq }, bot: false, at: T0 + seq });

/** A migrated store with one room and one started match `g1`. */
async function withMatch(store: SqliteWorkerStore | SqliteStore): Promise<void> {
  await store.migrate();
  await store.saveRoom(room('r1', 'g1'));
  await store.startMatch({ matchId: 'g1', roomId: 'r1', matchNo: 1, game: 'santa', players: 3, options: {}, seed: 's', startedAt: T0 });
}

/** Another connection holding the write lock: the worker's next write waits for it (busy_timeout), in its own thread. */
function holdWriteLock(dir: string): DatabaseSync {
  const db = new (loadSqlite().DatabaseSync)(join(dir, 'fireside.db'));
  db.exec('BEGIN IMMEDIATE');
  cleanups.push(() => {
    if (db.isOpen) db.close();
  });
  return db;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const settledCount = (ps: Promise<unknown>[], seen: { n: number }) =>
  ps.forEach((p) =>
    p.then(
      () => seen.n++,
      () => seen.n++,
    ),
  );

describe('SqliteWorkerStore', () => {
  it('group commit: appends that reach the worker while a write waits share one transaction; none resolves before its COMMIT', async () => {
    const dir = tempDir();
    const store = workerStore(dir);
    await withMatch(store);
    const lock = holdWriteLock(dir);
    const appends = Array.from({ length: 40 }, (_, i) => store.appendEvent('g1', action(i)));
    const settled = { n: 0 };
    settledCount(appends, settled);
    await sleep(150); // this thread's timers run while the worker waits for the lock
    expect(settled.n).toBe(0);
    lock.exec('COMMIT');
    lock.close();
    await Promise.all(appends);
    // The worker may have taken the first messages in a turn of their own, before the rest had arrived.
    expect((await store.inspect()).appendCommits).toBeLessThanOrEqual(2);
    expect((await store.loadMatch('g1'))?.events.map((e) => e.seq)).toEqual(appends.map((_, i) => i));
  });

  it('StoreError survives the thread hop: class, code, name and message', async () => {
    const store = workerStore(tempDir());
    await withMatch(store);
    const err = await store.appendEvent('g1', action(5)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ name: 'StoreError', code: 'bad_seq' });
    expect((err as Error).message).toMatch(/seq/);
    expect((err as Error).stack).toContain('sqlite'); // the worker's stack: where it was refused
  });

  it('other errors keep their name, message and fields (node:sqlite refusing a value), as in this thread', async () => {
    const dir = tempDir();
    const inThread = new SqliteStore(dir);
    cleanups.push(() => inThread.close());
    await inThread.migrate();
    const store = workerStore(dir);
    const pick = (e: unknown) => {
      const x = e as Error & { code?: string };
      return { isStoreError: e instanceof StoreError, name: x.name, message: x.message, code: x.code };
    };
    const bad = { not: 'a string' } as unknown as string;
    const here = pick(await inThread.loadRoom(bad).catch((e: unknown) => e));
    expect(here.isStoreError).toBe(false);
    expect(pick(await store.loadRoom(bad).catch((e: unknown) => e))).toEqual(here);
  });

  it('an argument that cannot be cloned is refused (bad_record); the store goes on', async () => {
    const store = workerStore(tempDir());
    await store.migrate();
    const r = { ...room('r1'), options: { f: () => 1 } };
    expect(await store.saveRoom(r).catch((e: { code?: string }) => e.code)).toBe('bad_record');
    await store.saveRoom(room('r2'));
    expect(await store.loadRoom('r2')).toEqual(room('r2'));
  });

  it('close() writes the appends asked for before it, then ends the thread; later calls are refused', async () => {
    const dir = tempDir();
    const store = workerStore(dir);
    await withMatch(store);
    const appends = [0, 1, 2].map((i) => store.appendEvent('g1', action(i)));
    await store.close();
    await Promise.all(appends);
    expect(await store.loadRoom('r1').catch((e: { code?: string }) => e.code)).toBe('closed');
    const again = workerStore(dir);
    expect((await again.loadMatch('g1'))?.events).toHaveLength(3);
  });

  it('the worker dying refuses every waiting and later call (unavailable), reports it, and commits nothing half-done', async () => {
    const dir = tempDir();
    const logs: string[] = [];
    const store = workerStore(dir, logs);
    await withMatch(store);
    const lock = holdWriteLock(dir);
    const appends = Array.from({ length: 5 }, (_, i) => store.appendEvent('g1', action(i)));
    const load = store.loadRoom('r1'); // behind the blocked batch in the worker
    await sleep(100);
    const worker = (store as unknown as { worker: { terminate(): Promise<number> } }).worker;
    const exited = worker.terminate();
    lock.exec('ROLLBACK'); // the worker's busy wait returns into JS, where the termination stops it
    lock.close();
    await exited;
    const outcomes = await Promise.allSettled([...appends, load]);
    for (const o of outcomes) {
      expect(o.status).toBe('rejected');
      expect((o as PromiseRejectedResult).reason).toMatchObject({ name: 'StoreError', code: 'unavailable' });
    }
    expect(await store.listMatches('r1').catch((e: { code?: string }) => e.code)).toBe('unavailable');
    expect(logs.join('\n')).toMatch(/SQLite store is unavailable.*worker thread exited.*6 waiting calls refused/s);
    await expect(store.close()).resolves.toBeUndefined();
    const raw = new SqliteStore(dir);
    cleanups.push(() => raw.close());
    expect((await raw.loadMatch('g1'))?.events).toEqual([]);
  });

  it('a worker that cannot open the database refuses every call with the reason, and openStore rejects', async () => {
    const dir = tempDir();
    const notADir = join(dir, 'file');
    writeFileSync(notADir, 'x');
    const logs: string[] = [];
    const store = workerStore(notADir, logs);
    const first = await store.migrate().catch((e: unknown) => e);
    expect(first).toMatchObject({ code: 'unavailable' });
    expect((first as Error).message).toMatch(/cannot open .*file.*(EEXIST|ENOTDIR)/);
    expect(await store.loadRoom('r1').catch((e: { code?: string }) => e.code)).toBe('unavailable');
    expect(logs).toHaveLength(1);
    await expect(openStore({ dataDir: notADir, log: () => undefined })).rejects.toMatchObject({ code: 'unavailable' });
  });
});
