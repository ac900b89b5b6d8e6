/**
 * Public table summaries, for the home page's "Your tables" and the preview
 * of an invite link:
 *
 * - `GET /api/tables/<roomId>` → one {@link TableSummary}, or 404;
 * - `GET /api/tables?ids=a,b,c` → `{ tables: TableSummary[], missing: string[] }`
 *   for at most {@link MAX_BATCH} ids.
 *
 * A summary says what the lobby shows anyone who opens the link (game, host,
 * who sits where, free seats, status, whose turn it is) and nothing more: no
 * member ids, tokens or token hashes, no options, no view, no secret, no seed.
 * A room loaded in this process is read from its live state; any other room
 * from its stored snapshot, without waking it (a look must not load a room
 * into memory, nor restart its bots and clocks).
 */
import type express from 'express';
import { matchMaker } from '@colyseus/core';
import { MAX_TABLE_BATCH as MAX_BATCH, type SeatSummary, type TableSummary } from '@fireside/shared';
import type { MatchStore, RoomRecord, RoomStatus } from './store/types.js';
import { apiErrorLog } from './observe/logger.js';

/** Room ids are Colyseus' short ids; anything bounded and URL-safe is looked up, nothing else reaches the store. */
const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

const NOT_FOUND = 'This table does not exist or has expired.';
const MALFORMED = 'This is not a table id (1–64 letters, digits, "_" or "-").';

/** The parts of the live room state (rooms/schema.ts) a summary reads; typed loosely so a new field never breaks it. */
interface LiveSeat {
  kind: string;
  name: string;
  connected: boolean;
  awaiting: boolean;
}
interface LiveState {
  game: string;
  status: string;
  hostId: string;
  players: number;
  matchNo: number;
  seats: { toArray(): LiveSeat[] } | LiveSeat[];
  members: { get(id: string): { name: string } | undefined };
}

const STATUSES: readonly RoomStatus[] = ['lobby', 'playing', 'ended'];
const asStatus = (s: string): RoomStatus => (STATUSES.includes(s as RoomStatus) ? (s as RoomStatus) : 'lobby');
const asKind = (k: string): SeatSummary['kind'] => (k === 'human' || k === 'bot' ? k : 'empty');

function summarize(roomId: string, base: Omit<TableSummary, 'roomId' | 'freeSeats'>): TableSummary {
  return { roomId, ...base, freeSeats: base.seats.filter((s) => s.kind === 'empty').length };
}

/** The summary of a room loaded in this process, or null when there is none (or it is still being built). */
export function liveSummary(roomId: string): TableSummary | null {
  const room = matchMaker.getLocalRoomById(roomId);
  const state = room?.state as LiveState | undefined;
  if (!state || typeof state.game !== 'string' || !state.game || !state.seats || !state.members) return null;
  const seats = Array.isArray(state.seats) ? state.seats : state.seats.toArray();
  const status = asStatus(state.status);
  return summarize(roomId, {
    game: state.game,
    status,
    host: (state.hostId && state.members.get(state.hostId)?.name) || null,
    players: state.players,
    seats: seats.map((s) => ({ name: s.name, kind: asKind(s.kind), connected: Boolean(s.connected) })),
    awaiting: status === 'playing' ? seats.filter((s) => s.awaiting && s.kind !== 'empty').map((s) => s.name) : [],
    matchNo: state.matchNo,
  });
}

/** The summary of a stored room: nobody is connected to a room that is not loaded, and its turn is not known without loading it. */
export function storedSummary(rec: RoomRecord): TableSummary {
  return summarize(rec.roomId, {
    game: rec.game,
    status: asStatus(rec.status),
    host: rec.members.find((m) => m.id === rec.hostId)?.name ?? null,
    players: rec.players,
    seats: rec.seats.map((s) => ({ name: s.name, kind: asKind(s.kind), connected: s.kind === 'bot' })),
    awaiting: [],
    matchNo: rec.matchNo,
  });
}

/** Live state first, else the store; null for an unknown or malformed id. Never wakes a room. */
export async function tableSummary(store: MatchStore, roomId: string): Promise<TableSummary | null> {
  if (!ROOM_ID.test(roomId)) return null;
  const live = liveSummary(roomId);
  if (live) return live;
  const rec = await store.loadRoom(roomId);
  return rec ? storedSummary(rec) : null;
}

/** The ids of `?ids=a,b,c`, or why they are refused. */
export function parseIds(raw: unknown): { ids: string[] } | { error: string } {
  if (typeof raw !== 'string' || raw.trim() === '') return { error: `Give the table ids to look up: /api/tables?ids=a,b,c (at most ${MAX_BATCH}).` };
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_BATCH) return { error: `At most ${MAX_BATCH} table ids at once (${ids.length} given).` };
  const bad = ids.find((id) => !ROOM_ID.test(id));
  if (bad !== undefined) return { error: MALFORMED };
  return { ids };
}

export function mountTablesApi(app: express.Application, store: MatchStore, log: (m: string) => void = apiErrorLog): void {
  const failed = (res: express.Response, what: string, e: unknown) => {
    log(`tables ${what.slice(0, 200)}: ${(e as Error)?.message ?? e}`);
    res.status(500).json({ error: 'The server could not read its tables.' });
  };

  app.get('/api/tables', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const parsed = parseIds(req.query.ids);
    if ('error' in parsed) return void res.status(400).json({ error: parsed.error });
    Promise.all(parsed.ids.map((id) => tableSummary(store, id)))
      .then((found) => {
        const tables = found.filter((s): s is TableSummary => s !== null);
        const missing = parsed.ids.filter((_, i) => found[i] === null);
        res.json({ tables, missing });
      })
      .catch((e) => failed(res, parsed.ids.join(','), e));
  });

  app.get('/api/tables/:roomId', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const id = String(req.params.roomId ?? '');
    if (!ROOM_ID.test(id)) return void res.status(404).json({ error: MALFORMED });
    tableSummary(store, id)
      .then((body) => (body ? res.json(body) : res.status(404).json({ error: NOT_FOUND })))
      .catch((e) => failed(res, id, e));
  });
}
