/**
 * Plain-JSON snapshots of the room state (docs/protocol.md), rebuilt after
 * every patch. The UI only ever reads snapshots, never the live schema.
 * The game's public view is rebuilt by a ViewDecoder that parses only the
 * parts that changed and keeps the identity of the others.
 */
import { ViewDecoder } from '@fireside/shared/protocol/view-wire';
export type RoomStatus = 'lobby' | 'playing' | 'ended';
export type SeatKind = 'empty' | 'human' | 'bot';

export interface SeatSnap {
  index: number;
  kind: SeatKind;
  memberId: string;
  name: string;
  connected: boolean;
  awaiting: boolean;
  /** When this seat's clock runs out (ms since epoch, server time), or 0. */
  deadline: number;
  /** Since when its player is away (ms since epoch), or 0. */
  awaySince: number;
  /** When a bot stand-in takes over the away player's seat, or 0. */
  standInAt: number;
  /** A bot plays this human's seat. */
  standIn: boolean;
  /** Parsed seat view: only present for the seat this client holds. */
  secret: unknown;
}

export interface MemberSnap {
  id: string;
  name: string;
  seat: number;
  connected: boolean;
  awaySince: number;
}

export interface ChatLine {
  id: number;
  memberId: string;
  name: string;
  text: string;
  at: number;
  /** '' for a member's message, else a room-log event worded by the client (i18n `log.*`). */
  event: string;
}

export interface MatchResultSnap {
  winners: number[];
  scores: number[];
}

export interface RoomSnapshot {
  roomId: string;
  game: string;
  status: RoomStatus;
  hostId: string;
  players: number;
  options: Record<string, unknown>;
  seats: SeatSnap[];
  members: Record<string, MemberSnap>;
  spectators: number;
  /** The table's clock pace: 'off' | 'relaxed' | 'normal' | 'fast'. */
  clock: string;
  matchNo: number;
  /** Parsed public view of the game, null in the lobby. */
  view: unknown;
  result: MatchResultSnap | null;
  chat: ChatLine[];
  /** The room's last finished match (its replay), or ''. */
  lastMatchId: string;
  /** Who this client is. */
  me: { memberId: string | null; seat: number; isHost: boolean };
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function parse(json: unknown): unknown {
  if (typeof json !== 'string' || json === '') return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/** Plain JSON of a live schema collection (or of a plain value in tests). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const plain = (x: any): any => (x && typeof x.toJSON === 'function' ? x.toJSON() : x);

/**
 * The room's fields as plain JSON, all but the view: `toJSON()` of the whole
 * state would copy every part of the view on every patch.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function plainFields(state: any): any {
  if (!state) return state;
  const { game, status, hostId, players, options, spectators, clock, matchNo, result, lastMatchId } = state;
  return {
    game,
    status,
    hostId,
    players,
    options,
    spectators,
    clock,
    matchNo,
    result,
    lastMatchId,
    seats: plain(state.seats),
    members: plain(state.members),
    chat: plain(state.chat),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function toSnapshot(roomId: string, state: any, memberId: string | null, views: ViewDecoder = new ViewDecoder()): RoomSnapshot {
  const raw = plainFields(state);
  const members: Record<string, MemberSnap> = {};
  const rawMembers = raw?.members ?? {};
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the decoded schema, read defensively field by field
  for (const [id, m] of Object.entries<any>(rawMembers)) {
    if (!m) continue;
    members[id] = { id: m.id ?? id, name: m.name ?? '', seat: typeof m.seat === 'number' ? m.seat : -1, connected: !!m.connected, awaySince: num(m.awaySince) };
  }
  const me = memberId ? members[memberId] : undefined;
  const mySeat = me ? me.seat : -1;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the decoded schema, read defensively field by field
  const seats: SeatSnap[] = ((raw?.seats ?? []) as any[]).map((s, i) => ({
    index: typeof s.index === 'number' ? s.index : i,
    kind: (s.kind ?? 'empty') as SeatKind,
    memberId: s.memberId ?? '',
    name: s.name ?? '',
    connected: !!s.connected,
    awaiting: !!s.awaiting,
    deadline: num(s.deadline),
    awaySince: num(s.awaySince),
    standInAt: num(s.standInAt),
    standIn: !!s.standIn,
    secret: i === mySeat ? parse(s.secret) : null,
  }));
  return {
    roomId,
    game: raw?.game ?? '',
    status: (raw?.status ?? 'lobby') as RoomStatus,
    hostId: raw?.hostId ?? '',
    players: raw?.players ?? seats.length,
    options: (parse(raw?.options) as Record<string, unknown>) ?? {},
    seats,
    members,
    spectators: raw?.spectators ?? 0,
    clock: typeof raw?.clock === 'string' ? raw.clock : 'relaxed',
    matchNo: raw?.matchNo ?? 1,
    view: views.decode(state?.view),
    result: parse(raw?.result) as MatchResultSnap | null,
    chat: ((raw?.chat ?? []) as ChatLine[]).map((c) => ({ ...c, event: typeof c.event === 'string' ? c.event : '' })),
    lastMatchId: typeof raw?.lastMatchId === 'string' ? raw.lastMatchId : '',
    me: { memberId, seat: mySeat, isHost: !!memberId && raw?.hostId === memberId },
  };
}
