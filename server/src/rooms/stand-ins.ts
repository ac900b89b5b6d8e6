/**
 * Stand-ins: who is online or away (and since when), the bot stand-ins that
 * play an away player's seat, and the room-log lines about all of it (the
 * host role's own rule is host-role.ts). A table never waits on someone who has
 * gone: a seated player away for `standInSeconds` during a match gets a
 * stand-in; the moment they come back the seat is theirs again.
 *
 * Timers and bookkeeping on the synchronized state only; the room calls in
 * when connections come and go (GameRoom.ts) and wires the two host
 * messages, `standIn` and `remove` (docs/protocol.md).
 */
import type { StandInReason } from '../observe/metrics.js';
import { fail } from './errors.js';
import type { MemberRecord, Members } from './members.js';
import type { RoomLog } from './room-log.js';
import type { RoomTelemetry } from './room-telemetry.js';
import type { RoomState, Seat } from './schema.js';
import { heldSeat } from './seats.js';
import { ChatLimiter } from './chat.js';
import type { HostRole } from './host-role.js';
import { isInt, payloadObject } from './validation.js';

/** A dropped connection that comes back this fast (a reload) is not worth a "left" line. */
export const LEFT_QUIET_MS = 4000;

/** Clocks that run out this close together belong to one step: one room-log line names them all. */
const TIMEOUT_GROUP_MS = 1000;

/** Stand-in switches a member may make per window (`standIn`). */
export const STANDIN_SWITCHES = 4;
export const STANDIN_WINDOW_MS = 20_000;

export interface StandInsDeps {
  readonly state: RoomState;
  readonly members: Members;
  readonly roomLog: RoomLog;
  /** The operator's log and metrics (stand-ins are counted by reason). */
  readonly telemetry: Pick<RoomTelemetry, 'standIn' | 'handedBack'>;
  /** Who plays a seat changed: the match wakes the bots that now play. */
  botsChanged(): void;
  /** A seated player dropped at `since`: its clock may give a reload's time back. */
  seatAway(seat: number, since: number): void;
  /** The host role's hold on an away host (host-role.ts). */
  readonly hostRole: Pick<HostRole, 'away' | 'hold'>;
  /** How long a dropped member may still come back (settings). */
  readonly reconnectSeconds: number;
  /** After a restore, until when the members may come back. */
  graceUntil(): number;
  /** Something changed outside a message handler: recount, save. */
  changed(): void;
}

type Timer = ReturnType<typeof setTimeout>;

export class StandIns {
  private readonly leftTimers = new Map<string, Timer>();
  /** Members whose "left" line was written: their return gets a "back" line. */
  private readonly leftLogged = new Set<string>();
  private readonly standInTimers = new Map<number, Timer>();
  /** Each member's recent stand-in switches (a host toggling a seat back and forth floods the log). */
  private readonly switches = new Map<string, ChatLimiter>();

  constructor(
    private readonly deps: StandInsDeps,
    private readonly standInMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private get state(): RoomState {
    return this.deps.state;
  }

  joined(memberId: string): void {
    const m = this.state.members.get(memberId);
    if (m) this.deps.roomLog.event('joined', memberId, m.name);
  }

  /**
   * A member's connection is gone. `forGood`: it left on purpose (its line
   * now); otherwise it may be a reload (its line after LEFT_QUIET_MS).
   */
  wentAway(memberId: string, forGood: boolean): void {
    const member = this.state.members.get(memberId);
    if (!member) return;
    const name = member.name;
    if (member.awaySince === 0) member.awaySince = this.now();
    const seat = heldSeat(this.state, memberId);
    if (seat && seat.awaySince === 0) seat.awaySince = member.awaySince;
    if (seat) this.deps.seatAway(seat.index, member.awaySince);
    this.clearTimer(this.leftTimers, memberId);
    if (forGood) this.logLeft(memberId, name);
    else
      this.leftTimers.set(
        memberId,
        setTimeout(() => this.logLeft(memberId, name), LEFT_QUIET_MS),
      );
    if (seat) this.armStandIn(seat);
    this.deps.hostRole.away(memberId, forGood);
  }

  private logLeft(memberId: string, name: string): void {
    this.leftTimers.delete(memberId);
    if (this.leftLogged.has(memberId)) return;
    this.leftLogged.add(memberId);
    this.deps.roomLog.event('left', memberId, name);
    this.deps.changed();
  }

  /** A member is connected again (a reload, a comeback, a rejoin from "your tables"): its seat is its own again. */
  cameBack(memberId: string): void {
    this.clearTimer(this.leftTimers, memberId);
    const member = this.state.members.get(memberId);
    if (!member) return;
    member.awaySince = 0;
    if (this.leftLogged.delete(memberId)) this.deps.roomLog.event('back', memberId, member.name);
    const seat = heldSeat(this.state, memberId);
    if (seat) {
      seat.awaySince = 0;
      this.clearTimer(this.standInTimers, seat.index);
      seat.standInAt = 0;
      if (seat.standIn) this.handBack(seat);
    }
  }

  /** A member left for good (it no longer exists): no line will follow. */
  forget(memberId: string): void {
    this.clearTimer(this.leftTimers, memberId);
    this.leftLogged.delete(memberId);
    this.switches.delete(memberId);
  }

  /** A match began: seats of players already away get their stand-in countdown. */
  matchStarted(): void {
    for (const seat of this.state.seats) {
      if (seat.kind === 'human' && !seat.connected) this.armStandIn(seat);
    }
  }

  /** Back in the lobby: stand-ins and their countdowns end (away markers stay). */
  backToLobby(): void {
    for (const seat of this.state.seats) {
      this.clearTimer(this.standInTimers, seat.index);
      seat.standInAt = 0;
      seat.standIn = false;
      seat.deadline = 0;
    }
  }

  /**
   * The room was rebuilt from the store: everybody is away since now
   * (without "left" lines: they are coming back); seats without a stand-in
   * get their countdown, and the host holds the role for the grace.
   */
  restored(): void {
    const now = this.now();
    this.state.members.forEach((m) => (m.awaySince = now));
    for (const seat of this.state.seats) {
      if (seat.kind !== 'human') continue;
      seat.awaySince = now;
      this.armStandIn(seat);
    }
    if (this.state.hostId) this.deps.hostRole.hold(Math.max(this.standInMs, this.deps.graceUntil() - now));
  }

  private armStandIn(seat: Seat): void {
    if (this.state.status !== 'playing' || seat.kind !== 'human' || seat.standIn || this.standInTimers.has(seat.index)) return;
    seat.standInAt = this.now() + this.standInMs;
    const index = seat.index;
    this.standInTimers.set(
      index,
      setTimeout(() => {
        this.standInTimers.delete(index);
        const current = this.state.seats[index];
        if (!current || current.kind !== 'human' || current.connected || this.state.status !== 'playing') return;
        this.standIn(current, 'away');
        this.deps.changed();
      }, this.standInMs),
    );
  }

  private standIn(seat: Seat, reason: StandInReason): void {
    seat.standInAt = 0;
    seat.standIn = true;
    this.deps.telemetry.standIn(seat.memberId, seat.index, reason);
    this.deps.roomLog.event('standin', seat.memberId, seat.name);
    this.deps.botsChanged();
  }

  private handBack(seat: Seat): void {
    seat.standIn = false;
    this.deps.telemetry.handedBack(seat.memberId, seat.index);
    this.deps.roomLog.event('handback', seat.memberId, seat.name);
    this.deps.botsChanged();
  }

  /** A seat's clock ran out: its stand-in plays the rest of the step. */
  timedOut(seatIndex: number): void {
    const seat = this.state.seats[seatIndex];
    if (seat && seat.kind === 'human') {
      this.deps.telemetry.standIn(seat.memberId, seat.index, 'timeout');
      // Every clock of one step runs out together: one line for all of them.
      this.deps.roomLog.grouped('timeout', seat.memberId, seat.name, TIMEOUT_GROUP_MS);
    }
  }

  /**
   * `standIn { seat, on }`: a player hands their own seat to a bot or takes
   * it back; the host may do so for a player who is away (a connected player
   * decides for themselves), and give any seat back. At most
   * STANDIN_SWITCHES per member every STANDIN_WINDOW_MS: each switch is a
   * room-log line, and a seat flipped back and forth would flood the chat.
   */
  onStandIn(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    if (this.state.status !== 'playing') fail('not-playing', 'Stand-ins play only during a match.');
    if (!isInt(p.seat) || p.seat < 0 || p.seat >= this.state.seats.length) fail('bad-seat', 'No such seat.');
    if (typeof p.on !== 'boolean') fail('bad-message', '`on` must be true or false.');
    const seat = this.state.seats[p.seat];
    if (seat.kind !== 'human') fail('bad-seat', 'Only a player’s seat can be handed to a bot.');
    const own = seat.memberId === rec.id;
    if (this.state.hostId !== rec.id && !own) fail('not-host', 'Only the host can hand another player’s seat to a bot.');
    if (p.on && !own && seat.connected) fail('player-here', `${seat.name} is here: only they can hand their seat to a bot.`);
    if (seat.standIn === p.on) return;
    this.switchLimiter(rec.id).take(this.now());
    this.clearTimer(this.standInTimers, seat.index);
    seat.standInAt = 0;
    if (p.on) {
      this.standIn(seat, 'asked');
    } else {
      this.handBack(seat);
      // Given back to a player who is still away: their countdown starts again.
      if (!seat.connected) this.armStandIn(seat);
    }
  }

  private switchLimiter(memberId: string): ChatLimiter {
    let limiter = this.switches.get(memberId);
    if (!limiter) {
      limiter = new ChatLimiter(STANDIN_SWITCHES, STANDIN_WINDOW_MS, 'too-soon', 'Too many stand-in switches: wait a few seconds.');
      this.switches.set(memberId, limiter);
    }
    return limiter;
  }

  /**
   * A member who can still come back (its reconnection window, a restart's
   * grace, or away less than that window in a match) may not be removed: a
   * blip or a reload must never cost anyone their seat.
   */
  mayStillComeBack(rec: MemberRecord): boolean {
    const now = this.now();
    if (rec.reconnection !== null || now < this.deps.graceUntil()) return true;
    const member = this.state.members.get(rec.id);
    return !!member && member.awaySince > 0 && now - member.awaySince < this.deps.reconnectSeconds * 1000;
  }

  /** A removed member's seat in a match: a bot keeps it for good. */
  seatToBot(seat: Seat): void {
    this.clearTimer(this.standInTimers, seat.index);
    seat.kind = 'bot';
    seat.memberId = '';
    seat.connected = true;
    seat.standIn = false;
    seat.standInAt = 0;
    seat.awaySince = 0;
  }

  dispose(): void {
    for (const t of this.leftTimers.values()) clearTimeout(t);
    for (const t of this.standInTimers.values()) clearTimeout(t);
    this.leftTimers.clear();
    this.standInTimers.clear();
  }

  private clearTimer<K>(timers: Map<K, Timer>, key: K): void {
    const t = timers.get(key);
    if (t !== undefined) clearTimeout(t);
    timers.delete(key);
  }
}
