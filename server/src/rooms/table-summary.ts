/**
 * A table's public summary (what `GET /api/tables…` answers, http/tables-api.ts):
 * game, host, who sits where, free seats, status, whose turn it is, and
 * nothing more: no member ids, tokens or token hashes, no options, no view,
 * no secret, no seed. From a loaded room's live state, or from its stored
 * snapshot.
 */
import type { SeatSummary, TableSummary } from '@fireside/shared';
import type { RoomRecord, RoomStatus } from '../store/types.js';

/** The parts of the live room state (schema.ts) a summary reads; typed loosely so a new field never breaks it. */
interface LiveSeat {
  kind: string;
  name: string;
  connected: boolean;
  awaiting: boolean;
}
export interface LiveState {
  game: string;
  status: string;
  hostId: string;
  players: number;
  matchNo: number;
  locked?: boolean;
  seats: { toArray(): LiveSeat[] } | LiveSeat[];
  members: { get(id: string): { name: string } | undefined };
}

const STATUSES: readonly RoomStatus[] = ['lobby', 'playing', 'ended'];
const asStatus = (s: string): RoomStatus => (STATUSES.includes(s as RoomStatus) ? (s as RoomStatus) : 'lobby');
const asKind = (k: string): SeatSummary['kind'] => (k === 'human' || k === 'bot' ? k : 'empty');

function summarize(roomId: string, base: Omit<TableSummary, 'roomId' | 'freeSeats'>): TableSummary {
  return { roomId, ...base, freeSeats: base.seats.filter((s) => s.kind === 'empty').length };
}

/** The summary of a loaded room's state, or null while it is still being built. */
export function stateSummary(roomId: string, state: LiveState | undefined): TableSummary | null {
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
    locked: state.locked === true,
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
    locked: rec.locked,
  });
}
