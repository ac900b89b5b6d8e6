/**
 * The SQLite store's durability machinery: the group commit, the WAL's fsync
 * in libuv's thread pool (wal-fsync.ts) and the checkpoints in a worker
 * (checkpointer.ts), none of which may hold the event loop.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { fstatSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../../testing/harness.js';
import { memoryLogger } from '../observe/logger.js';
import { SqliteStore } from './sqlite.js';
import type { RoomRecord } from './types.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fireside-sqlite-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
async function opened(store: SqliteStore): Promise<SqliteStore> {
  cleanups.push(() => store.close());
  await store.migrate();
  return store;
}
const room = (updatedAt: number): RoomRecord =>
  ({
    roomId: 'r1',
    game: 'santa',
    hostId: 'm1',
    ownerId: 'm1',
    locked: false,
    players: 3,
    options: {},
    status: 'playing',
    matchNo: 1,
    matchId: null,
    members: [],
    seats: [],
    chat: [],
    clock: 'relaxed',
    clocks: [],
    updatedAt,
  }) as RoomRecord;

describe('SqliteStore durability', () => {
  it('the room snapshots and appends of one event-loop turn share one transaction (one fsync); a read asked for after them sees them', async () => {
    const store = await opened(new SqliteStore(tempDir()));
    await store.saveRoom(room(1));
    await store.startMatch({ matchId: 'g1', roomId: 'r1', matchNo: 1, game: 'santa', players: 3, options: {}, seed: 's', startedAt: 1 });
    const before = store.groupCommits;
    const event = (seq: number) => ({ seq, kind: 'expire', at: seq }) as const;
    const writes = [store.saveRoom(room(2)), store.appendEvent('g1', event(0)), store.appendEvent('g1', event(1))];
    const read = store.loadRoom('r1'); // commits the pending writes first, in their order
    expect((await read)?.updatedAt).toBe(2);
    await Promise.all(writes);
    expect(store.groupCommits - before).toBe(1);
    expect((await store.loadMatch('g1'))?.events.map((e) => e.seq)).toEqual([0, 1]);
    await store.saveRoom(room(3));
    expect(store.groupCommits - before).toBe(2);
  });

  it("'full': a write resolves only after an fsync of the WAL that began after its COMMIT; a failed fsync fails it and every later write", async () => {
    const dir = tempDir();
    const calls: { fd: number; done: (err: NodeJS.ErrnoException | null) => void }[] = [];
    const store = new SqliteStore(dir, 'full', { fsync: (fd, done) => calls.push({ fd, done }) });
    cleanups.push(async () => {
      for (const c of calls.splice(0)) c.done(null);
      await store.close();
    });
    const migrated = store.migrate();
    await waitFor(() => calls.length === 1, 'an fsync asked for');
    calls.shift()!.done(null);
    await migrated;
    let saved = false;
    const save = store.saveRoom(room(1)).then(() => (saved = true));
    await waitFor(() => calls.length === 1, 'an fsync asked for');
    expect(fstatSync(calls[0]!.fd).ino).toBe(statSync(join(dir, 'fireside.db-wal')).ino); // the WAL itself
    const second = store.saveRoom(room(2)); // committed while the first fsync runs: waits for the next one
    await new Promise((r) => setImmediate(r));
    expect(saved).toBe(false);
    expect(calls).toHaveLength(1);
    calls.shift()!.done(null);
    await save;
    await waitFor(() => calls.length === 1, 'an fsync asked for');
    calls.shift()!.done(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await expect(second).rejects.toMatchObject({ code: 'disk_failed' });
    await expect(store.saveRoom(room(3))).rejects.toMatchObject({ code: 'disk_failed' });
    expect(calls).toHaveLength(0); // no fsync is tried after a failed one
  });

  it("'normal': no fsync per write", async () => {
    const calls: number[] = [];
    const store = await opened(new SqliteStore(tempDir(), 'normal', { fsync: (fd, done) => (calls.push(fd), done(null)) }));
    await store.saveRoom(room(1));
    await store.deleteInactive(0);
    expect(calls).toHaveLength(0);
  });

  it('checkpoints run in the worker, not inside COMMIT: the WAL is copied into the database within a second of the writes', async () => {
    const store = await opened(new SqliteStore(tempDir()));
    const db = (store as unknown as { db: { prepare(sql: string): { get(): Record<string, unknown> } } }).db;
    expect(Object.values(db.prepare('PRAGMA wal_autocheckpoint').get())[0]).toBe(0);
    for (let i = 0; i < 20; i++) await store.saveRoom(room(i));
    await waitFor(() => store.checkpoints.done >= 1 && store.checkpoints.lastLog! > 0, 'a checkpoint in the worker', 3000);
    expect(store.checkpoints.lastLog).toBeGreaterThanOrEqual(20); // at least a frame per commit went into the file
    expect((await store.loadRoom('r1'))?.updatedAt).toBe(19);
  });

  it('a lost checkpoint worker hands checkpoints back to SQLite (autocheckpoint), so the WAL cannot grow without bound', async () => {
    const { logger, records } = memoryLogger();
    const store = await opened(new SqliteStore(tempDir(), 'full', { logger }));
    const internals = store as unknown as {
      db: { prepare(sql: string): { get(): Record<string, unknown> } };
      checkpointer: { worker: { terminate(): Promise<number> } };
    };
    await internals.checkpointer.worker.terminate();
    await waitFor(() => records.length > 0, 'the warning of the lost worker');
    expect(records[0]).toMatchObject({ event: 'store.checkpoints', reason: expect.stringMatching(/checkpoint worker exited/) });
    expect(Object.values(internals.db.prepare('PRAGMA wal_autocheckpoint').get())[0]).toBe(1000);
    await store.saveRoom(room(5)); // and the store still works
    expect((await store.loadRoom('r1'))?.updatedAt).toBe(5);
  });
});
