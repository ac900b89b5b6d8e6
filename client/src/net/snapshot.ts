/**
 * Plain-JSON snapshots of the room state (docs/protocol.md), rebuilt after
 * every patch. The UI only ever reads snapshots, never the live schema.
 * The game's public view is rebuilt by a ViewDecoder that parses only the
 * parts that changed and keeps the identity of the others; this seat's view
 * too keeps its identity while unchanged (SnapshotDecoder), so a table tells
 * what to redraw by comparing references (games/common/table-shell.ts).
 */
import { botDisplayName } from '../util/bot-name.js';
import { roomFields, type ChatFields, type MemberFields, type SeatFields } from '@fireside/shared/protocol/room-state';
import { ViewDecoder } from '@fireside/shared/protocol/view-wire';
export type RoomStatus = 'lobby' | 'playing' | 'ended';
export type SeatKind = 'empty' | 'human' | 'bot';

export interface SeatSnap extends Omit<SeatFields, 'kind' | 'secret'> {
  kind: SeatKind;
  /** Parsed seat view: only present for the seat this client holds. */
  secret: unknown;
}

export type MemberSnap = MemberFields;

export type ChatLine = ChatFields;

export interface MatchResultSnap {
  winners: number[];
  scores: number[];
}

export interface RoomSnapshot {
  roomId: string;
  game: string;
  status: RoomStatus;
  hostId: string;
  /** Who created the table (host whenever connected). */
  ownerId: string;
  /** Closed to newcomers by the host. */
  locked: boolean;
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
  /** A replay's step (screens/replay-model.ts): the table only shows it, with no prompt, button or "(you)". */
  replay?: boolean;
  /** Who this client is. */
  me: { memberId: string | null; seat: number; isHost: boolean };
}

function parse(json: string): unknown {
  if (json === '') return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/** What one connection decodes snapshot after snapshot, keeping the identity of what did not change. */
export class SnapshotDecoder {
  /** Rebuilds the public view from the parts that changed (it caches the last parts). */
  readonly views = new ViewDecoder();
  private seatJson = '';
  private seatView: unknown = null;

  /** This seat's parsed view: the very same object while its JSON is the same. */
  secret(json: string): unknown {
    if (json !== this.seatJson) {
      this.seatJson = json;
      this.seatView = parse(json);
    }
    return this.seatView;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK's decoded schema state
export function toSnapshot(roomId: string, state: any, memberId: string | null, decoder: SnapshotDecoder = new SnapshotDecoder()): RoomSnapshot {
  const raw = roomFields(state);
  const me = memberId ? raw.members[memberId] : undefined;
  const mySeat = me ? me.seat : -1;
  const seats: SeatSnap[] = raw.seats.map((s, i) => ({
    ...s,
    name: s.kind === 'bot' ? botDisplayName(s.name) : s.name,
    kind: s.kind as SeatKind,
    secret: i === mySeat ? decoder.secret(s.secret) : null,
  }));
  return {
    roomId,
    game: raw.game,
    status: raw.status as RoomStatus,
    hostId: raw.hostId,
    ownerId: raw.ownerId,
    locked: raw.locked,
    players: raw.players,
    options: (parse(raw.options) as Record<string, unknown>) ?? {},
    seats,
    members: raw.members,
    spectators: raw.spectators,
    clock: raw.clock,
    matchNo: raw.matchNo,
    view: decoder.views.decode(state?.view),
    result: parse(raw.result) as MatchResultSnap | null,
    chat: raw.chat,
    lastMatchId: raw.lastMatchId,
    me: { memberId, seat: mySeat, isHost: !!memberId && raw.hostId === memberId },
  };
}
