/**
 * Schema migrations, one entry per version, SQL per dialect. They live in TS
 * (not .sql files) because tsc does not copy other files into dist. Never edit
 * an applied migration: add a new version.
 *
 * JSON columns are TEXT (see codec.ts). `matches.event_count` is the number
 * of events so far, i.e. the seq the next event must carry: appendEvent checks
 * and bumps it with one conditional UPDATE, which also locks the match row.
 */
import { StoreError } from './errors.js';

export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

export const MIGRATIONS_TABLE = {
  sqlite: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT',
  postgres: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
};

// Both dialects share the shape; only types and table options differ.
function initial(t: { big: string; bool: string; table: string; eventsTable: string }): string {
  return `
CREATE TABLE rooms (
  room_id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  host_id TEXT NOT NULL,
  players INTEGER NOT NULL,
  options TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'ended')),
  match_no INTEGER NOT NULL,
  match_id TEXT,
  members TEXT NOT NULL,
  seats TEXT NOT NULL,
  chat TEXT NOT NULL,
  time_left_ms ${t.big},
  updated_at ${t.big} NOT NULL
)${t.table};
-- deleteInactive and the "recent activity" half of listRestorable
CREATE INDEX rooms_updated_at ON rooms (updated_at);

CREATE TABLE matches (
  match_id TEXT PRIMARY KEY,
  room_id TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
  match_no INTEGER NOT NULL,
  game TEXT NOT NULL,
  players INTEGER NOT NULL,
  options TEXT NOT NULL,
  seed TEXT NOT NULL,
  started_at ${t.big} NOT NULL,
  event_count INTEGER NOT NULL DEFAULT 0,
  result TEXT,
  finished_at ${t.big}
)${t.table};
-- listMatches, and the cascade from rooms
CREATE INDEX matches_room ON matches (room_id, match_no);
-- the "unfinished match" half of listRestorable: only live matches are indexed
CREATE INDEX matches_unfinished ON matches (room_id) WHERE finished_at IS NULL;

CREATE TABLE match_events (
  match_id TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 0),
  kind TEXT NOT NULL CHECK (kind IN ('action', 'expire')),
  seat INTEGER,
  action TEXT,
  bot ${t.bool},
  at ${t.big} NOT NULL,
  PRIMARY KEY (match_id, seq)
)${t.eventsTable};
`;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'rooms, matches, match_events',
    // STRICT: SQLite refuses a value of the wrong type instead of storing it;
    // WITHOUT ROWID: events are stored clustered by (match_id, seq), the order they are read in.
    sqlite: initial({
      big: 'INTEGER',
      bool: 'INTEGER CHECK (bot IN (0, 1))',
      table: ' STRICT',
      eventsTable: ' STRICT, WITHOUT ROWID',
    }),
    postgres: initial({ big: 'BIGINT', bool: 'BOOLEAN', table: '', eventsTable: '' }),
  },
  {
    version: 2,
    // Per-seat clocks replace the one time limit: the table's pace and each
    // running clock's time left (JSON). time_left_ms is no longer written.
    name: 'rooms.clock, rooms.clocks',
    sqlite: `ALTER TABLE rooms ADD COLUMN clock TEXT NOT NULL DEFAULT 'relaxed';
ALTER TABLE rooms ADD COLUMN clocks TEXT NOT NULL DEFAULT '[]';`,
    postgres: `ALTER TABLE rooms ADD COLUMN clock TEXT NOT NULL DEFAULT 'relaxed';
ALTER TABLE rooms ADD COLUMN clocks TEXT NOT NULL DEFAULT '[]';`,
  },
  {
    version: 3,
    // The table's owner (its creator: the host role comes back to them) and
    // whether it is closed to newcomers. Rooms stored before: owner '' (the
    // room then takes its host as owner when loaded), open.
    name: 'rooms.owner_id, rooms.locked',
    sqlite: `ALTER TABLE rooms ADD COLUMN owner_id TEXT NOT NULL DEFAULT '';
ALTER TABLE rooms ADD COLUMN locked INTEGER NOT NULL DEFAULT 0 CHECK (locked IN (0, 1));`,
    postgres: `ALTER TABLE rooms ADD COLUMN owner_id TEXT NOT NULL DEFAULT '';
ALTER TABLE rooms ADD COLUMN locked BOOLEAN NOT NULL DEFAULT FALSE;`,
  },
  {
    version: 4,
    // Who sat where when a match started (JSON: [{name, kind}] per seat), so its
    // replay names that match's players. NULL for the matches stored before:
    // their replay names the room's seats, as it did then.
    name: 'matches.seats',
    sqlite: 'ALTER TABLE matches ADD COLUMN seats TEXT;',
    postgres: 'ALTER TABLE matches ADD COLUMN seats TEXT;',
  },
];

/** The migrations still to apply, in order. Refuses a database migrated by a newer server. */
export function pending(applied: number[]): Migration[] {
  const latest = MIGRATIONS[MIGRATIONS.length - 1].version;
  const newest = Math.max(0, ...applied);
  if (newest > latest) {
    throw new StoreError('schema_too_new', `database schema version ${newest} is newer than this server's ${latest}`);
  }
  const done = new Set(applied);
  return MIGRATIONS.filter((m) => !done.has(m.version));
}
