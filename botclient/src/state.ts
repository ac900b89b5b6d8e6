/**
 * Plain snapshots of the synchronized room state (docs/protocol.md, "State").
 */

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
  view: string;
  result: string;
}

/** Converts the SDK's decoded schema state into plain objects. */
export function snapshot(state: unknown): RoomSnapshot {
  const s = state as { toJSON?: () => unknown } | undefined;
  const plain = (s && typeof s.toJSON === 'function' ? s.toJSON() : s ?? {}) as Partial<RoomSnapshot>;
  return {
    game: plain.game ?? '',
    status: plain.status ?? 'lobby',
    hostId: plain.hostId ?? '',
    players: plain.players ?? 0,
    options: plain.options ?? '{}',
    seats: Array.isArray(plain.seats) ? plain.seats : [],
    members: plain.members ?? {},
    spectators: plain.spectators ?? 0,
    matchNo: plain.matchNo ?? 1,
    view: plain.view ?? '',
    result: plain.result ?? '',
  };
}

/** The seat held by a member, or -1. */
export function seatOf(snap: RoomSnapshot, memberId: string): number {
  const bySeat = snap.seats.findIndex((s) => s.memberId === memberId && s.kind !== 'empty');
  if (bySeat >= 0) return bySeat;
  return snap.members[memberId]?.seat ?? -1;
}
