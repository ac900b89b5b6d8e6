/**
 * The room's snapshot in the store (members with their token hash, seats,
 * options, chat, match number and current match), and back: a restarted
 * server rebuilds the room from it, then the match from its log.
 *
 * Snapshots are saved shortly after each change (`RoomSaver`), in order; the
 * match's events are stored before anyone is told of them (live-match.ts),
 * so a snapshot a moment behind loses no move, only at worst a chat line or
 * a seat change of the last instant before a crash.
 */
import type { ClockRow } from '../match/seat-clocks.js';
import type { MatchStore, RoomRecord, RoomStatus } from '../store/types.js';
import type { Members } from './members.js';
import { ChatLine, Member, type RoomState } from './schema.js';
import { resizeSeats } from './seats.js';

export interface RecordExtras {
  roomId: string;
  matchId: string | null;
  clocks: ClockRow[];
  now: number;
}

export function recordOf(state: RoomState, members: Members, x: RecordExtras): RoomRecord {
  return {
    roomId: x.roomId,
    game: state.game,
    hostId: state.hostId,
    players: state.players,
    options: JSON.parse(state.options),
    status: state.status as RoomStatus,
    matchNo: state.matchNo,
    matchId: x.matchId,
    members: members.all().map((rec) => {
      const m = state.members.get(rec.id);
      return { id: rec.id, name: m?.name ?? '', tokenHash: rec.tokenHash, seat: m?.seat ?? -1, joinedAt: rec.joinedAt };
    }),
    seats: state.seats.map((s) => ({ kind: s.kind as 'empty' | 'human' | 'bot', memberId: s.memberId, name: s.name, standIn: s.standIn })),
    chat: state.chat.map((l) => ({ id: l.id, memberId: l.memberId, name: l.name, text: l.text, at: l.at, event: l.event })),
    clock: state.clock as RoomRecord['clock'],
    clocks: x.clocks,
    updatedAt: x.now,
    ownerId: state.ownerId,
    locked: state.locked,
  };
}

/** Fills a fresh room state and member registry from a snapshot; every member starts disconnected. */
export function applyRecord(state: RoomState, members: Members, r: RoomRecord): void {
  state.game = r.game;
  state.status = r.status;
  state.hostId = r.hostId;
  // Rooms stored before owners: their host is the best guess of who made the table.
  state.ownerId = r.ownerId || r.hostId;
  state.locked = r.locked;
  state.options = JSON.stringify(r.options);
  state.matchNo = r.matchNo;
  state.clock = r.clock;
  resizeSeats(state, r.players);
  r.seats.forEach((row, i) => {
    const seat = state.seats[i];
    seat.kind = row.kind;
    seat.memberId = row.memberId;
    seat.name = row.name;
    seat.connected = row.kind === 'bot';
    seat.standIn = row.kind === 'human' && row.standIn === true;
  });
  for (const row of r.members) {
    members.restore(row.id, row.tokenHash, row.joinedAt);
    const m = new Member();
    m.id = row.id;
    m.name = row.name;
    m.seat = row.seat;
    m.connected = false;
    state.members.set(row.id, m);
  }
  for (const row of r.chat) {
    const line = new ChatLine();
    line.id = row.id;
    line.memberId = row.memberId;
    line.name = row.name;
    line.text = row.text;
    line.at = row.at;
    line.event = row.event ?? '';
    state.chat.push(line);
  }
}

/**
 * Saves the room's snapshot soon after a change: one write per burst of
 * changes, writes never overlapping, `flush` waits for the last one.
 *
 * A move changes only the clocks' time left and `updatedAt` in the snapshot
 * (the move itself is in the match log): such a snapshot is written at most
 * every QUIET_MS, not after every move, since each write is a transaction
 * and a disk sync of its own. Anything else (members, seats, chat, a clock
 * starting or stopping, the match) is written at once.
 */
export class RoomSaver {
  static readonly QUIET_MS = 5000;
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();
  private frozen = false;
  private lastKey = '';
  private lastAt = 0;
  private deferred: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly store: MatchStore,
    private readonly snapshot: () => RoomRecord,
    /** A save failed (the room logs it; the next change saves again). */
    private readonly onError: (e: unknown) => void,
  ) {}

  /** No more saves (a shutdown: what follows is the shutdown itself, not the room's life). */
  freeze(): void {
    this.frozen = true;
    this.cancelDeferred();
  }

  soon(): void {
    if (this.scheduled || this.frozen) return;
    this.scheduled = true;
    setImmediate(() => void this.save(false));
  }

  /** Saves now (after any save in progress); resolves when written. */
  flush(): Promise<void> {
    return this.save(true);
  }

  private save(force: boolean): Promise<void> {
    this.scheduled = false;
    if (this.frozen) return this.chain;
    const record = this.snapshot();
    const key = essentialKey(record);
    const now = Date.now();
    if (!force && key === this.lastKey && now - this.lastAt < RoomSaver.QUIET_MS) {
      this.deferred ??= setTimeout(
        () => {
          this.deferred = null;
          void this.save(false);
        },
        RoomSaver.QUIET_MS - (now - this.lastAt),
      );
      this.deferred.unref?.();
      return this.chain;
    }
    this.cancelDeferred();
    this.lastKey = key;
    this.lastAt = now;
    this.chain = this.chain.then(() => this.store.saveRoom(record).catch((e) => this.onError(e)));
    return this.chain;
  }

  private cancelDeferred(): void {
    if (this.deferred) clearTimeout(this.deferred);
    this.deferred = null;
  }
}

/** The snapshot without what every move changes: the clocks' time left and `updatedAt`. */
function essentialKey(r: RoomRecord): string {
  return JSON.stringify({ ...r, updatedAt: 0, clocks: r.clocks.map((c) => [c.seat, c.key]) });
}
