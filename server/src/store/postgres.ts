/**
 * The Postgres store: a pg.Pool, one statement (hence one implicit
 * transaction) per call where it suffices, an explicit transaction otherwise.
 *
 * Durability: every connection sets synchronous_commit=on, so a COMMIT (and
 * a resolved call) returns only once its WAL is flushed to disk, whatever the
 * server's default. Concurrent writers to one match serialize on its row
 * lock (the guarded UPDATE of matches.event_count); the loser sees a changed
 * count and is refused with bad_seq.
 */
import pg from 'pg';
import { eventColumns, eventFromRow, int, matchListItem, matchRecord, matchRefusal, roomFromRow, roomValues, setupValues, toJson } from './codec.js';
import { StoreError } from './errors.js';
import { MIGRATIONS_TABLE, pending } from './migrations.js';
import type { MatchEvent, MatchListItem, MatchRecord, MatchSetup, MatchStore, RoomRecord } from './types.js';
import { errorField, rootLogger } from '../observe/logger.js';

type Row = Record<string, unknown>;
// Any constant shared by every Fireside server: only one migrates at a time.
const MIGRATION_LOCK = 0x46697265; // "Fire"

const SQL = {
  upsertRoom: `INSERT INTO rooms (room_id, game, host_id, players, options, status, match_no, match_id,
      members, seats, chat, clock, clocks, updated_at, owner_id, locked)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
    ON CONFLICT (room_id) DO UPDATE SET game = excluded.game, host_id = excluded.host_id, players = excluded.players,
      options = excluded.options, status = excluded.status, match_no = excluded.match_no, match_id = excluded.match_id,
      members = excluded.members, seats = excluded.seats, chat = excluded.chat, clock = excluded.clock, clocks = excluded.clocks,
      updated_at = excluded.updated_at, owner_id = excluded.owner_id, locked = excluded.locked`,
  loadRoom: 'SELECT * FROM rooms WHERE room_id = $1',
  restorable: `SELECT room_id FROM rooms WHERE updated_at >= $1
    UNION SELECT r.room_id FROM matches m JOIN rooms r ON r.room_id = m.room_id AND r.match_id = m.match_id
      WHERE m.finished_at IS NULL
    ORDER BY room_id`,
  matchState: 'SELECT event_count, finished_at FROM matches WHERE match_id = $1',
  insertMatch: `INSERT INTO matches (match_id, room_id, match_no, game, players, options, seed, started_at, seats)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
  // One statement, one round trip: the guarded bump and the insert commit together or not at all.
  append: `WITH bump AS (
      UPDATE matches SET event_count = event_count + 1
      WHERE match_id = $1 AND event_count = $2 AND finished_at IS NULL
      RETURNING match_id)
    INSERT INTO match_events (match_id, seq, kind, seat, action, bot, at)
    SELECT match_id, $2, $3, $4, $5, $6, $7 FROM bump`,
  finish: 'UPDATE matches SET result = $1, finished_at = $2 WHERE match_id = $3 AND finished_at IS NULL',
  loadMatch: 'SELECT * FROM matches WHERE match_id = $1',
  loadEvents: 'SELECT * FROM match_events WHERE match_id = $1 ORDER BY seq',
  listMatches: 'SELECT match_id, match_no, finished_at FROM matches WHERE room_id = $1 ORDER BY match_no, started_at',
  deleteRooms: 'DELETE FROM rooms WHERE updated_at < $1',
};

/** Postgres error codes we translate (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

export class PostgresStore implements MatchStore {
  readonly kind = 'postgres' as const;
  private pool: pg.Pool | null;

  constructor(connectionString: string) {
    this.pool = new pg.Pool({
      connectionString,
      max: 10,
      // Awaited by the pool before a new connection is first handed out; a failure fails that checkout.
      onConnect: async (client) => {
        await client.query('SET synchronous_commit = on');
      },
    });
    // An idle connection that dies (server restart) must not crash the process; the pool drops it.
    this.pool.on('error', (err) => rootLogger().warn({ event: 'store.connection_lost', err: errorField(err) }, 'a PostgreSQL connection was lost'));
  }

  private open(): pg.Pool {
    if (!this.pool) throw new StoreError('closed', 'the store is closed');
    return this.pool;
  }

  private async q(sql: string, values: unknown[]): Promise<pg.QueryResult<Row>> {
    return this.open().query<Row>(sql, values);
  }

  /** One explicit transaction on one connection; a connection whose ROLLBACK fails is discarded. */
  private async tx<T>(begin: string, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.open().connect();
    try {
      await client.query(begin);
      const out = await fn(client);
      await client.query('COMMIT');
      client.release();
      return out;
    } catch (e) {
      await client.query('ROLLBACK').then(
        () => client.release(),
        (err: Error) => client.release(err),
      );
      throw e;
    }
  }

  async migrate(): Promise<void> {
    await this.tx('BEGIN', async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await c.query(MIGRATIONS_TABLE.postgres);
      const { rows } = await c.query<Row>('SELECT version FROM schema_migrations');
      for (const m of pending(rows.map((r) => Number(r.version)))) {
        await c.query(m.postgres);
        await c.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [m.version, Date.now()]);
      }
    });
  }

  async saveRoom(room: RoomRecord): Promise<void> {
    await this.q(SQL.upsertRoom, roomValues(room));
  }

  async loadRoom(roomId: string): Promise<RoomRecord | null> {
    const { rows } = await this.q(SQL.loadRoom, [roomId]);
    return rows[0] ? roomFromRow(rows[0]) : null;
  }

  async listRestorable(activeSince: number): Promise<string[]> {
    const { rows } = await this.q(SQL.restorable, [int('activeSince', activeSince)]);
    return rows.map((r) => String(r.room_id));
  }

  async startMatch(setup: MatchSetup): Promise<void> {
    try {
      await this.q(SQL.insertMatch, setupValues(setup));
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === UNIQUE_VIOLATION) throw new StoreError('duplicate_match', `match ${setup.matchId} exists`);
      if (code === FOREIGN_KEY_VIOLATION) {
        throw new StoreError('unknown_room', `no room ${setup.roomId}: save the room before starting a match`);
      }
      throw e;
    }
  }

  async appendEvent(matchId: string, event: MatchEvent): Promise<void> {
    const c = eventColumns(event);
    const { rowCount } = await this.q(SQL.append, [matchId, c.seq, c.kind, c.seat, c.action, c.bot, c.at]);
    if (rowCount !== 1) await this.refuse(matchId, c.seq);
  }

  async finishMatch(matchId: string, result: unknown, at: number): Promise<void> {
    const { rowCount } = await this.q(SQL.finish, [toJson(result), int('at', at), matchId]);
    if (rowCount !== 1) await this.refuse(matchId);
  }

  /** Nothing was written: say why (read after the fact; the answer only names the reason). */
  private async refuse(matchId: string, seq?: number): Promise<never> {
    const { rows } = await this.q(SQL.matchState, [matchId]);
    throw matchRefusal(matchId, rows[0], seq);
  }

  async loadMatch(matchId: string): Promise<MatchRecord | null> {
    // REPEATABLE READ: the match row and its events from one snapshot.
    return this.tx('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (c) => {
      const { rows } = await c.query<Row>(SQL.loadMatch, [matchId]);
      if (!rows[0]) return null;
      const events = (await c.query<Row>(SQL.loadEvents, [matchId])).rows.map(eventFromRow);
      return matchRecord(rows[0], events);
    });
  }

  async listMatches(roomId: string): Promise<MatchListItem[]> {
    const { rows } = await this.q(SQL.listMatches, [roomId]);
    return rows.map(matchListItem);
  }

  async deleteInactive(before: number): Promise<number> {
    // ON DELETE CASCADE removes the rooms' matches and their events in the same statement.
    const { rowCount } = await this.q(SQL.deleteRooms, [int('before', before)]);
    return rowCount ?? 0;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.end();
  }
}
