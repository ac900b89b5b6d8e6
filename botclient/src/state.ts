/**
 * Plain snapshots of the synchronized room state (docs/protocol.md, "State").
 */
import { ViewDecoder } from '@fireside/shared';

export interface SeatSnapshot {
  index: number;
  kind: 'empty' | 'human' | 'bot' | string;
  memberId: string;
  name: string;
  connected: boolean;
  awaiting: boolean;
  /** JSON of this seat's seat view; "" (or absent) unless this client holds the seat. */
  secret?: string;
}

export interface MemberSnapshot {
  id: string;
  name: string;
  seat: number;
  connected: boolean;
}

export interface RoomSnapshot {
  game: string;
  status: 'lobby' | 'playing' | 'ended' | string;
  hostId: string;
  players: number;
  options: string;
  seats: SeatSnapshot[];
  members: Record<string, MemberSnapshot>;
  spectators: number;
  matchNo: number;
  /** The game's public view, parsed (null in the lobby). Unchanged parts keep their identity. */
  publicView: Record<string, unknown> | null;
  /** The same view as JSON ('' in the lobby): a cheap "did anything change" signature. */
  view: string;
  result: string;
}

/**
 * Turns one connection's decoded state into snapshots. It keeps the view's
 * decoder (which parses only the parts that changed) and the view's JSON,
 * written again only when the view changed.
 */
export class StateReader {
  private readonly views = new ViewDecoder();
  private lastView: object | null = null;
  private lastJson: string | null = '';

  read(state: unknown): RoomSnapshot {
    const s = (state ?? {}) as Record<string, unknown> & { view?: Parameters<ViewDecoder['decode']>[0] };
    const publicView = this.views.decode(s.view);
    if (publicView !== this.lastView) {
      this.lastView = publicView;
      this.lastJson = null; // written when first asked for: a client that only reads publicView never pays for it
    }
    const json = () => (this.lastJson ??= this.lastView ? JSON.stringify(this.lastView) : '');
    return {
      ...snapshotFields(s),
      publicView,
      get view() {
        return json();
      },
    };
  }
}

const plain = (x: unknown): unknown => (x && typeof (x as { toJSON?: unknown }).toJSON === 'function' ? (x as { toJSON: () => unknown }).toJSON() : x);

/** The SDK's decoded schema state as plain objects, all but the view (whose parts toJSON would copy on every patch). */
function snapshotFields(s: Record<string, unknown>): Omit<RoomSnapshot, 'view' | 'publicView'> {
  // Field by field: a schema instance's fields are accessors, which a spread would not copy.
  const { game, status, hostId, players, options, spectators, matchNo, result } = s;
  const p = { game, status, hostId, players, options, spectators, matchNo, result, seats: plain(s.seats), members: plain(s.members) } as Partial<RoomSnapshot>;
  return {
    game: p.game ?? '',
    status: p.status ?? 'lobby',
    hostId: p.hostId ?? '',
    players: p.players ?? 0,
    options: p.options ?? '{}',
    seats: Array.isArray(p.seats) ? p.seats : [],
    members: p.members ?? {},
    spectators: p.spectators ?? 0,
    matchNo: p.matchNo ?? 1,
    result: p.result ?? '',
  };
}

/** The seat held by a member, or -1. */
export function seatOf(snap: RoomSnapshot, memberId: string): number {
  const bySeat = snap.seats.findIndex((s) => s.memberId === memberId && s.kind !== 'empty');
  if (bySeat >= 0) return bySeat;
  return snap.members[memberId]?.seat ?? -1;
}
