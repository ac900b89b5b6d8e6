/**
 * What both dialects share: checks at the boundary, JSON columns, and rows
 * back to records. Column names are the same in both schemas.
 */
import { StoreError } from './errors.js';
import type { MatchEvent, MatchListItem, MatchRecord, MatchSeat, MatchSetup, RoomRecord } from './types.js';

type Row = Record<string, unknown>;

/**
 * JSON columns are TEXT in both dialects, not jsonb: jsonb reorders keys and
 * refuses \u0000 and lone surrogates, while the text written by
 * JSON.stringify comes back exactly. `undefined` (no JSON form) is stored as null.
 */
export const toJson = (v: unknown): string => JSON.stringify(v === undefined ? null : v);
export const fromJson = (s: unknown): unknown => (s == null ? null : JSON.parse(String(s)));

/** Integer columns; pg returns BIGINT as a string, hence Number(). */
export const num = (v: unknown): number => Number(v);
export const numOrNull = (v: unknown): number | null => (v == null ? null : Number(v));

/** Timestamps, counts and seats are integer columns: refuse anything else loudly, never round. */
export function int(field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
    throw new StoreError('bad_record', `${field} must be an integer`);
  }
  return v;
}
export const intOrNull = (field: string, v: unknown): number | null => (v == null ? null : int(field, v));

function str(field: string, v: unknown): string {
  if (typeof v !== 'string') throw new StoreError('bad_record', `${field} must be a string`);
  return v;
}

/** A room as bind values, in the column order of the dialects' upserts. */
export function roomValues(r: RoomRecord): unknown[] {
  return [
    str('roomId', r.roomId),
    str('game', r.game),
    str('hostId', r.hostId),
    int('players', r.players),
    toJson(r.options),
    str('status', r.status),
    int('matchNo', r.matchNo),
    r.matchId == null ? null : str('matchId', r.matchId),
    toJson(r.members),
    toJson(r.seats),
    toJson(r.chat),
    str('clock', r.clock),
    toJson(r.clocks),
    int('updatedAt', r.updatedAt),
    str('ownerId', r.ownerId),
    bool('locked', r.locked),
  ];
}

function bool(field: string, v: unknown): boolean {
  if (typeof v !== 'boolean') throw new StoreError('bad_record', `${field} must be true or false`);
  return v;
}

export function roomFromRow(row: Row): RoomRecord {
  return {
    roomId: String(row.room_id),
    game: String(row.game),
    hostId: String(row.host_id),
    players: num(row.players),
    options: fromJson(row.options),
    status: row.status as RoomRecord['status'],
    matchNo: num(row.match_no),
    matchId: row.match_id == null ? null : String(row.match_id),
    members: fromJson(row.members) as RoomRecord['members'],
    seats: fromJson(row.seats) as RoomRecord['seats'],
    chat: fromJson(row.chat) as RoomRecord['chat'],
    clock: String(row.clock) as RoomRecord['clock'],
    clocks: fromJson(row.clocks) as RoomRecord['clocks'],
    updatedAt: num(row.updated_at),
    ownerId: row.owner_id == null ? '' : String(row.owner_id),
    // SQLite has no boolean: locked is 0/1 there.
    locked: Boolean(row.locked),
  };
}

export function setupValues(s: MatchSetup): unknown[] {
  return [
    str('matchId', s.matchId),
    str('roomId', s.roomId),
    int('matchNo', s.matchNo),
    str('game', s.game),
    int('players', s.players),
    toJson(s.options),
    str('seed', s.seed),
    int('startedAt', s.startedAt),
    s.seats === undefined ? null : toJson(matchSeats(s.seats)),
  ];
}

/** The seats stored with a match: a name and a kind each, nothing else. */
function matchSeats(seats: unknown): MatchSeat[] {
  if (!Array.isArray(seats)) throw new StoreError('bad_record', 'seats must be an array');
  return seats.map((seat: Partial<MatchSeat> | null, i) => {
    if (seat?.kind !== 'human' && seat?.kind !== 'bot') throw new StoreError('bad_record', `seats[${i}].kind must be human or bot`);
    return { name: str(`seats[${i}].name`, seat.name), kind: seat.kind };
  });
}

export function setupFromRow(row: Row): MatchSetup {
  return {
    matchId: String(row.match_id),
    roomId: String(row.room_id),
    matchNo: num(row.match_no),
    game: String(row.game),
    players: num(row.players),
    options: fromJson(row.options),
    seed: String(row.seed),
    startedAt: num(row.started_at),
    // A match stored before schema version 4 has no seats (null): the replay falls back to the room's.
    ...(row.seats == null ? {} : { seats: fromJson(row.seats) as MatchSeat[] }),
  };
}

/** An event's columns: seat, action, bot are null for an expire. */
export interface EventColumns {
  seq: number;
  kind: 'action' | 'expire';
  seat: number | null;
  action: string | null;
  bot: boolean | null;
  at: number;
}

export function eventColumns(e: MatchEvent): EventColumns {
  const seq = int('seq', e?.seq);
  const at = int('at', e.at);
  if (e.kind === 'expire') return { seq, kind: 'expire', seat: null, action: null, bot: null, at };
  if (e.kind !== 'action') throw new StoreError('bad_record', 'kind must be action or expire');
  if (typeof e.bot !== 'boolean') throw new StoreError('bad_record', 'bot must be a boolean');
  return { seq, kind: 'action', seat: int('seat', e.seat), action: toJson(e.action), bot: e.bot, at };
}

export function eventFromRow(row: Row): MatchEvent {
  const seq = num(row.seq);
  const at = num(row.at);
  if (row.kind === 'expire') return { seq, kind: 'expire', at };
  // SQLite has no boolean: bot is 0/1 there.
  return { seq, kind: 'action', seat: num(row.seat), action: fromJson(row.action), bot: Boolean(row.bot), at };
}

export function matchRecord(row: Row, events: MatchEvent[]): MatchRecord {
  return {
    setup: setupFromRow(row),
    events,
    result: fromJson(row.result),
    finishedAt: numOrNull(row.finished_at),
  };
}

export function matchListItem(r: Row): MatchListItem {
  return { matchId: String(r.match_id), matchNo: num(r.match_no), finishedAt: numOrNull(r.finished_at) };
}

/** Why a guarded UPDATE of a match touched no row: the same answer in both dialects. */
export function matchRefusal(matchId: string, state: Row | undefined, seq?: number): StoreError {
  if (!state) return new StoreError('unknown_match', `no match ${matchId}`);
  if (state.finished_at != null) return new StoreError('match_finished', `match ${matchId} is finished`);
  return new StoreError('bad_seq', `match ${matchId}: expected seq ${Number(state.event_count)}, got ${seq}`);
}
