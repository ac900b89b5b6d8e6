/**
 * Plain snapshots of the synchronized room state (docs/protocol.md, "State").
 */
import { roomFields, seatOfMember, ViewJsonDecoder, type MemberFields, type SeatFields, type ViewPartsLike } from '@fireside/shared';

export type SeatSnapshot = SeatFields;

export type MemberSnapshot = MemberFields;

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
  private readonly views = new ViewJsonDecoder();

  read(state: unknown): RoomSnapshot {
    const publicView = this.views.decode((state as { view?: ViewPartsLike } | null)?.view);
    const views = this.views;
    return {
      ...snapshotFields(state),
      publicView,
      get view() {
        return views.json(); // written when first asked for: a client that only reads publicView never pays for it
      },
    };
  }
}

/** The fields the bot client reads, all but the view (roomFields, shared/src/protocol/room-state.ts). */
function snapshotFields(s: unknown): Omit<RoomSnapshot, 'view' | 'publicView'> {
  const { game, status, hostId, players, options, seats, members, spectators, matchNo, result } = roomFields(s);
  return { game, status, hostId, players, options, seats, members, spectators, matchNo, result };
}

/** The seat held by a member, or -1. */
export function seatOf(snap: RoomSnapshot, memberId: string): number {
  return seatOfMember(snap, memberId);
}
