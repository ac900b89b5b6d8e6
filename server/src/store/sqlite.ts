/**
 * The SQLite store: one file `<dataDir>/fireside.db` through Node's built-in
 * node:sqlite (synchronous; no native addon to build).
 *
 * Durability: WAL; with `sync` 'full' (the default) every write resolves
 * only once the WAL holding it is fsynced, so a resolved appendEvent
 * survives a power cut. That fsync runs in libuv's thread pool, not inside
 * COMMIT (wal-fsync.ts): the connection itself is synchronous=NORMAL, whose
 * COMMIT writes the frames without waiting for the disk. Calls are synchronous inside, so
 * calls of one instance never interleave; two instances (or processes) on one
 * file serialize their writes with BEGIN IMMEDIATE and wait up to
 * BUSY_TIMEOUT_MS for each other (blocking the event loop meanwhile).
 *
 * Group commit: the appends and room snapshots asked for during one
 * event-loop turn (every room's moves and changes of that turn) are written
 * in one transaction, one savepoint each, so one fsync covers them all
 * instead of one fsync per write blocking the thread in turn. Each still
 * resolves only once committed, and a refused one (a stale seq, a bad
 * record) is rolled back alone. Every other call first commits what is
 * pending, so calls take effect in the order they were made.
 */
import { closeSync, fsyncSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { eventColumns, eventFromRow, int, matchListItem, matchRecord, matchRefusal, roomFromRow, roomValues, setupValues, toJson } from './codec.js';
import { StoreError } from './errors.js';
import { MIGRATIONS_TABLE, pending } from './migrations.js';
import { loadSqlite } from './sqlite-module.js';
import { WalFsync } from './wal-fsync.js';
import { Checkpointer } from './checkpointer.js';
import { rootLogger, type Logger } from '../observe/logger.js';
import type { MatchEvent, MatchListItem, MatchRecord, MatchSetup, MatchStore, RoomRecord } from './types.js';

const BUSY_TIMEOUT_MS = 5000;

interface PendingWrite {
  /** Runs inside the group's transaction, in a savepoint of its own. */
  write: () => void;
  resolve: () => void;
  reject: (e: unknown) => void;
}
type Row = Record<string, unknown>;

const SQL = {
  upsertRoom: `INSERT INTO rooms (room_id, game, host_id, players, options, status, match_no, match_id,
      members, seats, chat, clock, clocks, updated_at, owner_id, locked)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (room_id) DO UPDATE SET game = excluded.game, host_id = excluded.host_id, players = excluded.players,
      options = excluded.options, status = excluded.status, match_no = excluded.match_no, match_id = excluded.match_id,
      members = excluded.members, seats = excluded.seats, chat = excluded.chat, clock = excluded.clock, clocks = excluded.clocks,
      updated_at = excluded.updated_at, owner_id = excluded.owner_id, locked = excluded.locked`,
  loadRoom: 'SELECT * FROM rooms WHERE room_id = ?',
  restorable: `SELECT room_id FROM rooms WHERE updated_at >= ?
    UNION SELECT r.room_id FROM matches m JOIN rooms r ON r.room_id = m.room_id AND r.match_id = m.match_id
      WHERE m.finished_at IS NULL
    ORDER BY room_id`,
  roomExists: 'SELECT 1 AS x FROM rooms WHERE room_id = ?',
  matchState: 'SELECT event_count, finished_at FROM matches WHERE match_id = ?',
  insertMatch: `INSERT INTO matches (match_id, room_id, match_no, game, players, options, seed, started_at, seats)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  bumpCount: `UPDATE matches SET event_count = event_count + 1
    WHERE match_id = ? AND event_count = ? AND finished_at IS NULL`,
  insertEvent: 'INSERT INTO match_events (match_id, seq, kind, seat, action, bot, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  finish: 'UPDATE matches SET result = ?, finished_at = ? WHERE match_id = ? AND finished_at IS NULL',
  loadMatch: 'SELECT * FROM matches WHERE match_id = ?',
  loadEvents: 'SELECT * FROM match_events WHERE match_id = ? ORDER BY seq',
  listMatches: 'SELECT match_id, match_no, finished_at FROM matches WHERE room_id = ? ORDER BY match_no, started_at',
  deleteRooms: 'DELETE FROM rooms WHERE updated_at < ?',
};

export class SqliteStore implements MatchStore {
  readonly kind = 'sqlite' as const;
  readonly file: string;
  private db: DatabaseSync | null;
  private readonly statements = new Map<string, StatementSync>();

  /**
   * `sync`: 'full' (the default) resolves a write once the WAL is fsynced,
   * so an accepted move survives a power cut; 'normal' leaves the WAL to the
   * OS between checkpoints: a move survives the process being killed, not
   * the machine losing power, and a write no longer waits for the disk
   * (docs/storage.md; env FIRESIDE_SQLITE_SYNC). `internals`: tests only.
   */
  constructor(
    dataDir: string,
    readonly sync: 'full' | 'normal' = 'full',
    private readonly internals: { fsync?: ConstructorParameters<typeof WalFsync>[1]; logger?: Logger } = {},
  ) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, 'fireside.db');
    const { DatabaseSync } = loadSqlite();
    const db = new DatabaseSync(this.file);
    try {
      // busy_timeout first: switching to WAL needs a lock another instance may hold.
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // SQLite keeps the old mode, silently, where WAL is impossible (e.g. no shared memory): say so instead.
      const mode = db.prepare('PRAGMA journal_mode = WAL').get() as Row;
      if (mode.journal_mode !== 'wal') throw new Error(`SQLite cannot use WAL for ${this.file} (mode ${String(mode.journal_mode)})`);
      // Never FULL: for 'full' the fsync that FULL would make inside COMMIT is WalFsync's, off the event loop.
      db.exec('PRAGMA synchronous = NORMAL');
      db.exec('PRAGMA wal_autocheckpoint = 0'); // the Checkpointer's worker does it, off the event loop
      db.exec('PRAGMA foreign_keys = ON');
    } catch (e) {
      db.close();
      throw e;
    }
    this.db = db;
    this.walFsync = sync === 'full' ? new WalFsync(`${this.file}-wal`, internals.fsync) : null;
  }

  private readonly walFsync: WalFsync | null;
  private checkpointer: Checkpointer | null = null;

  /** After a write: a checkpoint soon, in the worker (started on the first write). */
  private wroteSome(): void {
    if (!this.checkpointer) this.checkpointer = new Checkpointer(this.file, BUSY_TIMEOUT_MS, (why) => this.checkpointsHere(why));
    this.checkpointer.request();
  }

  /** The worker is gone: SQLite checkpoints inside COMMIT again, so the WAL never grows without bound. */
  private checkpointsHere(why: string): void {
    (this.internals.logger ?? rootLogger()).warn({ event: 'store.checkpoints', reason: why }, "SQLite checkpoints in the server's thread from now on");
    this.db?.exec('PRAGMA wal_autocheckpoint = 1000');
  }

  /** The checkpoint worker's work so far (tests, diagnostics). */
  get checkpoints(): { done: number; lastLog: number | null } {
    return { done: this.checkpointer?.done ?? 0, lastLog: this.checkpointer?.last?.log ?? null };
  }

  /** Resolves once what was committed so far is on disk ('full'), at once for 'normal'. */
  private async durable(): Promise<void> {
    if (!this.walFsync) return;
    try {
      await this.walFsync.sync();
    } catch (e) {
      throw new StoreError('disk_failed', (e as Error).message);
    }
  }

  private open(): DatabaseSync {
    if (!this.db) throw new StoreError('closed', 'the store is closed');
    return this.db;
  }

  /** Prepared once per instance, reused for every call. */
  private st(sql: string): StatementSync {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.open().prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** One transaction; IMMEDIATE takes the write lock up front so check-then-write cannot race another writer. */
  private tx<T>(mode: 'IMMEDIATE' | 'DEFERRED', fn: () => T): T {
    const db = this.open();
    db.exec(`BEGIN ${mode}`);
    try {
      const out = fn();
      db.exec('COMMIT');
      if (mode === 'IMMEDIATE') this.wroteSome();
      return out;
    } catch (e) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // SQLite already rolled back (it does on some errors); the original error is what matters.
      }
      throw e;
    }
  }

  async migrate(): Promise<void> {
    this.flushWrites();
    const db = this.open();
    this.tx('IMMEDIATE', () => {
      db.exec(MIGRATIONS_TABLE.sqlite);
      const rows = db.prepare('SELECT version FROM schema_migrations').all() as Row[];
      const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
      for (const m of pending(rows.map((r) => Number(r.version)))) {
        db.exec(m.sqlite);
        record.run(m.version, Date.now());
      }
    });
    await this.durable();
    syncDir(join(this.file, '..'));
  }

  async saveRoom(room: RoomRecord): Promise<void> {
    // SQLite has no boolean: true/false (locked) are stored as 1/0.
    const values = roomValues(room).map((v) => (typeof v === 'boolean' ? Number(v) : v)) as never[];
    return this.writeSoon(() => void this.st(SQL.upsertRoom).run(...values));
  }

  async loadRoom(roomId: string): Promise<RoomRecord | null> {
    this.flushWrites();
    const row = this.st(SQL.loadRoom).get(roomId) as Row | undefined;
    return row ? roomFromRow(row) : null;
  }

  async listRestorable(activeSince: number): Promise<string[]> {
    this.flushWrites();
    const rows = this.st(SQL.restorable).all(int('activeSince', activeSince)) as Row[];
    return rows.map((r) => String(r.room_id));
  }

  async startMatch(setup: MatchSetup): Promise<void> {
    this.flushWrites();
    const values = setupValues(setup);
    this.tx('IMMEDIATE', () => {
      if (!this.st(SQL.roomExists).get(setup.roomId)) {
        throw new StoreError('unknown_room', `no room ${setup.roomId}: save the room before starting a match`);
      }
      if (this.st(SQL.matchState).get(setup.matchId)) {
        throw new StoreError('duplicate_match', `match ${setup.matchId} exists`);
      }
      this.st(SQL.insertMatch).run(...(values as never[]));
    });
    await this.durable();
  }

  async appendEvent(matchId: string, event: MatchEvent): Promise<void> {
    this.open();
    const c = eventColumns(event);
    return this.writeSoon(() => this.insertEvent(matchId, c));
  }

  private readonly pendingWrites: PendingWrite[] = [];
  private commits = 0;
  /** Transactions written by the group commit so far: fewer than the writes when a turn batched them. */
  get groupCommits(): number {
    return this.commits;
  }

  /** Queues a write for this turn's group commit; resolves once committed. */
  private writeSoon(write: () => void): Promise<void> {
    this.open();
    return new Promise<void>((resolve, reject) => {
      this.pendingWrites.push({ write, resolve, reject });
      if (this.pendingWrites.length === 1) setImmediate(() => this.flushWrites());
    });
  }

  /** Writes what is pending in one transaction (see the module comment); never throws. */
  private flushWrites(): void {
    const batch = this.pendingWrites.splice(0);
    if (batch.length === 0) return;
    const refused = new Map<PendingWrite, unknown>();
    try {
      const db = this.open();
      this.tx('IMMEDIATE', () => {
        for (const item of batch) {
          db.exec('SAVEPOINT write');
          try {
            item.write();
            db.exec('RELEASE write');
          } catch (e) {
            db.exec('ROLLBACK TO write');
            db.exec('RELEASE write');
            refused.set(item, e);
          }
        }
      });
      this.commits++;
    } catch (e) {
      for (const item of batch) item.reject(e);
      return;
    }
    const written = batch.filter((item) => !refused.has(item));
    for (const [item, e] of refused) item.reject(e);
    if (written.length === 0) return;
    this.durable().then(
      () => written.forEach((item) => item.resolve()),
      (e: unknown) => written.forEach((item) => item.reject(e)),
    );
  }

  private insertEvent(matchId: string, c: ReturnType<typeof eventColumns>): void {
    const bumped = this.st(SQL.bumpCount).run(matchId, c.seq).changes;
    if (Number(bumped) !== 1) throw matchRefusal(matchId, this.st(SQL.matchState).get(matchId) as Row, c.seq);
    const bot = c.bot == null ? null : c.bot ? 1 : 0;
    this.st(SQL.insertEvent).run(matchId, c.seq, c.kind, c.seat, c.action, bot, c.at);
  }

  async finishMatch(matchId: string, result: unknown, at: number): Promise<void> {
    this.flushWrites();
    const values = [toJson(result), int('at', at), matchId];
    this.tx('IMMEDIATE', () => {
      const changed = this.st(SQL.finish).run(...(values as never[])).changes;
      if (Number(changed) !== 1) throw matchRefusal(matchId, this.st(SQL.matchState).get(matchId) as Row);
    });
    await this.durable();
  }

  async loadMatch(matchId: string): Promise<MatchRecord | null> {
    this.flushWrites();
    // One read transaction: the match row and its events from the same snapshot.
    return this.tx('DEFERRED', () => {
      const row = this.st(SQL.loadMatch).get(matchId) as Row | undefined;
      if (!row) return null;
      const events = (this.st(SQL.loadEvents).all(matchId) as Row[]).map(eventFromRow);
      return matchRecord(row, events);
    });
  }

  async listMatches(roomId: string): Promise<MatchListItem[]> {
    this.flushWrites();
    const rows = this.st(SQL.listMatches).all(roomId) as Row[];
    return rows.map(matchListItem);
  }

  async deleteInactive(before: number): Promise<number> {
    this.flushWrites();
    // ON DELETE CASCADE removes the rooms' matches and their events in the same statement.
    const deleted = Number(this.st(SQL.deleteRooms).run(int('before', before)).changes);
    this.wroteSome();
    await this.durable();
    return deleted;
  }

  async close(): Promise<void> {
    this.flushWrites(); // writes asked for before close are still made
    const db = this.db;
    this.db = null;
    this.statements.clear();
    await this.walFsync?.close(); // the writes above resolve once their fsync is done
    await this.checkpointer?.close();
    db?.close(); // checkpoints what is left, in this thread: a shutdown
  }
}

/** Makes the new database and WAL files' directory entries durable too (fsync of a file does not cover its name). */
function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the files themselves are still synced.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
