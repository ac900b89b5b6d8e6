/**
 * The room state's fields as a client decodes them (docs/protocol.md,
 * "State"), read into plain values with their defaults: the one reader the
 * web client and the bot client build their snapshots from. The game's view
 * is not among them: it travels in parts, for ViewDecoder (view-wire.ts),
 * and `toJSON()` of the whole state would copy every part on every patch.
 */

export interface SeatFields {
  index: number;
  kind: string;
  memberId: string;
  name: string;
  connected: boolean;
  awaiting: boolean;
  /** When this seat's clock runs out (ms since epoch, server time), or 0. */
  deadline: number;
  /** The full budget of that clock (ms), or 0: a countdown shows at most this (see `clockLeft`). */
  budget: number;
  /** Names that clock in `shown`, or 0. */
  clockId: number;
  /** Since when its player is away (ms since epoch), or 0. */
  awaySince: number;
  /** When a bot stand-in takes over the away player's seat, or 0. */
  standInAt: number;
  /** A bot plays this human's seat. */
  standIn: boolean;
  /** JSON of this seat's seat view: "" unless this client holds the seat. */
  secret: string;
}

export interface MemberFields {
  id: string;
  name: string;
  seat: number;
  connected: boolean;
  awaySince: number;
}

export interface ChatFields {
  id: number;
  memberId: string;
  name: string;
  text: string;
  at: number;
  /** '' for a member's message, else a room-log event. */
  event: string;
}

export interface RoomFields {
  game: string;
  status: string;
  hostId: string;
  /** The member who created the table (the host whenever connected), or ''. */
  ownerId: string;
  /** Closed to newcomers by the host. */
  locked: boolean;
  players: number;
  /** JSON of the table's options. */
  options: string;
  spectators: number;
  clock: string;
  matchNo: number;
  /** JSON of the match result, or ''. */
  result: string;
  lastMatchId: string;
  seats: SeatFields[];
  members: Record<string, MemberFields>;
  chat: ChatFields[];
}

type Loose = Record<string, unknown>;

const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
/** A decoded schema collection as plain values (or a plain value, in tests). */
const plain = (x: unknown): unknown => (x && typeof (x as { toJSON?: unknown }).toJSON === 'function' ? (x as { toJSON: () => unknown }).toJSON() : x);

function seatFields(s: Loose, i: number): SeatFields {
  return {
    index: num(s.index, i),
    kind: str(s.kind, 'empty'),
    memberId: str(s.memberId),
    name: str(s.name),
    connected: !!s.connected,
    awaiting: !!s.awaiting,
    deadline: num(s.deadline),
    budget: num(s.budget),
    clockId: num(s.clockId),
    awaySince: num(s.awaySince),
    standInAt: num(s.standInAt),
    standIn: !!s.standIn,
    secret: str(s.secret),
  };
}

function memberFields(m: Loose, id: string): MemberFields {
  return { id: str(m.id, id), name: str(m.name), seat: num(m.seat, -1), connected: !!m.connected, awaySince: num(m.awaySince) };
}

/** The decoded room state's fields, all but the view, field by field (a schema instance's fields are accessors, which a spread would not copy). */
export function roomFields(state: unknown): RoomFields {
  const s = (state ?? {}) as Loose;
  const seats = plain(s.seats);
  const members = (plain(s.members) ?? {}) as Record<string, Loose | undefined>;
  const chat = plain(s.chat);
  const memberList: Record<string, MemberFields> = {};
  for (const [id, m] of Object.entries(members)) if (m) memberList[id] = memberFields(m, id);
  const seatList = Array.isArray(seats) ? (seats as (Loose | undefined)[]).map((seat, i) => seatFields(seat ?? {}, i)) : [];
  return {
    game: str(s.game),
    status: str(s.status, 'lobby'),
    hostId: str(s.hostId),
    ownerId: str(s.ownerId),
    locked: !!s.locked,
    players: num(s.players, seatList.length),
    options: str(s.options, '{}'),
    spectators: num(s.spectators),
    clock: str(s.clock, 'relaxed'),
    matchNo: num(s.matchNo, 1),
    result: str(s.result),
    lastMatchId: str(s.lastMatchId),
    seats: seatList,
    members: memberList,
    chat: Array.isArray(chat) ? (chat as ChatFields[]).map((c) => ({ ...c, event: str(c.event) })) : [],
  };
}

/** The seat a member holds, or -1. */
export function seatOfMember(fields: Pick<RoomFields, 'seats' | 'members'>, memberId: string): number {
  const bySeat = fields.seats.findIndex((s) => s.memberId === memberId && s.kind !== 'empty');
  if (bySeat >= 0) return bySeat;
  return fields.members[memberId]?.seat ?? -1;
}

/**
 * What a seat's countdown shows at `now` (ms): the time to its deadline, at
 * most its budget. A clock waiting for its player's first frame has its
 * deadline up to the grace later (server/src/match/seat-clocks.ts): it shows
 * the whole budget until it starts counting.
 */
export function clockLeft(seat: Pick<SeatFields, 'deadline' | 'budget'>, now: number): number {
  const left = seat.deadline - now;
  return seat.budget > 0 ? Math.min(left, seat.budget) : left;
}
