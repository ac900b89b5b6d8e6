/**
 * Who is in a room, and how they come and go: admission, joining, a reload
 * taking over its member (reclaim), dropping and reconnecting, leaving for
 * good (the host role's rule: host-role.ts). The Colyseus hooks of GameRoom (onAuth,
 * onJoin, onDrop, onReconnect, onLeave) hand their client here; this module
 * keeps the room's members (members.ts) and their schema entries in step.
 */
import { ErrorCode, ServerError, type Client, type Deferred } from '@colyseus/core';
import { CloseCodes, type SeatingOutcome } from '@fireside/shared';
import { admitNewcomer, spectatorToEvict, type AdmissionCounts } from './admission.js';
import type { Lobby } from './lobby.js';
import type { Members, MemberRecord } from './members.js';
import { sanitizeName, uniqueName } from './names.js';
import type { HostRole } from './host-role.js';
import type { StandIns } from './stand-ins.js';
import type { RoomTelemetry } from './room-telemetry.js';
import { Member, type RoomState, type RoomStatus } from './schema.js';
import { clearSeat, heldSeat } from './seats.js';
import { quietEmptyPatches } from './quiet-patches.js';
import { parseSeatRequest, seatToTake, type SeatRequest } from './seat-request.js';
import { fail } from './errors.js';
import { payloadObject } from './validation.js';

/** Close code sent to a client whose member was reclaimed by another connection (a reload). */
export const CLOSE_REPLACED = CloseCodes.REPLACED;

/** Why a newcomer is turned away from a locked table (clients recognise the refusal by its text). */
export const TABLE_LOCKED = 'This table is closed to newcomers.';

export interface MembershipDeps {
  readonly state: RoomState;
  readonly members: Members;
  readonly lobby: Lobby;
  readonly standIns: StandIns;
  readonly hostRole: HostRole;
  readonly telemetry: RoomTelemetry;
  readonly status: RoomStatus;
  /** Spectators online at most (settings). */
  readonly maxSpectators: number;
  /** How long a dropped member's place is held (settings). */
  readonly reconnectSeconds: number;
  /** Colyseus' seat reservation for a dropped client. */
  allowReconnection(client: Client, seconds: number): Deferred<Client>;
  /** Colyseus' own timer of a reservation refused by hand (it does not clear it itself). */
  clearReservationTimer(sessionId: string): void;
  changed(): void;
}

/** What joining gave the newcomer or the returning member. */
export interface Joined {
  rec: MemberRecord;
  token: string;
  /** What became of a newcomer's `seat` join option, when it asked for a seat number (welcome's `seating`). */
  seating?: SeatingOutcome;
}

export class Membership {
  /**
   * Members seated on arrival because the spectators were at their cap
   * (admission.ts). They came in to play: if one drops in the lobby, its seat
   * is freed at once instead of held for its return, so a crowd that arrives
   * and vanishes holds no seat.
   */
  private readonly seatedOnArrival = new Set<string>();

  constructor(private readonly deps: MembershipDeps) {}

  private get state(): RoomState {
    return this.deps.state;
  }

  /** Admission (admission.ts): a member with its token always; a newcomer while there is room and the table is open. */
  admit(options: unknown): true {
    if (this.deps.members.ofToken(options)) return true;
    if (this.state.locked) throw new ServerError(ErrorCode.AUTH_FAILED, TABLE_LOCKED);
    const seat = parseSeatRequest(options && typeof options === 'object' ? (options as Record<string, unknown>).seat : undefined);
    if (!seat.ok) throw new ServerError(ErrorCode.APPLICATION_ERROR, seat.reason);
    const admission = admitNewcomer(this.admissionCounts());
    if (!admission.admitted) throw new ServerError(ErrorCode.AUTH_FAILED, admission.reason);
    return true;
  }

  private admissionCounts(): AdmissionCounts {
    let online = 0;
    this.state.members.forEach((m) => {
      if (m.seat < 0 && m.connected) online++;
    });
    return {
      lobby: this.deps.status === 'lobby',
      freeSeats: this.state.seats.filter((seat) => seat.kind === 'empty').length,
      spectatorsOnline: online,
      maxSpectators: this.deps.maxSpectators,
    };
  }

  /** A connection joined: a member reclaimed by its token, or a new one (seated at once past the spectator cap). */
  join(client: Client, options: unknown): Joined {
    const opts = options && typeof options === 'object' ? (options as Record<string, unknown>) : {};
    quietEmptyPatches(client);
    let rec = this.deps.members.ofToken(opts);
    const reclaimed = rec !== undefined;
    let token: string;
    let seating: SeatingOutcome | undefined;
    if (rec) {
      token = opts.token as string;
      this.reclaim(rec, client);
    } else {
      this.evictDroppedSpectator();
      const admission = admitNewcomer(this.admissionCounts());
      const created = this.deps.members.create(Date.now());
      rec = created.rec;
      token = created.token;
      this.addMember(rec, client, sanitizeName(opts.name) as string);
      this.deps.hostRole.created(rec.id);
      const asked = parseSeatRequest(opts.seat);
      seating = this.seatNewcomer(rec, asked.ok ? asked.seat : undefined, admission.admitted && admission.takeSeat);
    }
    client.userData = { memberId: rec.id };
    this.deps.hostRole.elect(); // before the telemetry line, which says whether the newcomer is host
    if (reclaimed) this.deps.telemetry.memberReconnected(rec.id, 'token');
    else this.deps.telemetry.memberJoined(rec.id, this.state.hostId === rec.id);
    this.deps.changed();
    return { rec, token, seating };
  }

  private addMember(rec: MemberRecord, client: Client, name: string): void {
    this.deps.members.bind(rec, client);
    client.view = rec.view;
    const member = new Member();
    member.id = rec.id;
    member.name = this.uniqueNameFor(rec.id, name);
    member.seat = -1;
    member.connected = true;
    this.state.members.set(rec.id, member);
    this.deps.standIns.joined(rec.id);
  }

  /**
   * Seats a newcomer as it joins (seat-request.ts): in the lobby, the seat it
   * asked for, or the next free one after it; none during a match. Past the
   * spectator cap (`mustSit`, admission.ts) it takes a free seat even if it
   * asked to watch. Runs before `welcome` and before the first state it sees.
   */
  private seatNewcomer(rec: MemberRecord, asked: SeatRequest, mustSit: boolean): SeatingOutcome | undefined {
    const inLobby = this.deps.status === 'lobby';
    const wanted = typeof asked === 'number' ? asked : mustSit ? 0 : -1;
    const kinds = this.state.seats.map((s) => s.kind);
    const seat = inLobby && wanted >= 0 ? seatToTake(kinds, wanted) : -1;
    if (seat >= 0) {
      this.deps.lobby.onSit(rec, { seat });
      if (mustSit) this.seatedOnArrival.add(rec.id);
    }
    if (typeof asked !== 'number') return undefined;
    return seat === asked ? { asked, seat } : { asked, seat, why: inLobby ? 'taken' : 'started' };
  }

  /** A page reload (or a comeback after a restart): the new connection takes over the member, its seat and its secrets. */
  private reclaim(rec: MemberRecord, client: Client): void {
    const oldClient = rec.client;
    const pending = rec.reconnection;
    const oldSession = rec.sessionId;
    this.deps.members.bind(rec, client);
    client.view = rec.view;
    const member = this.state.members.get(rec.id)!;
    if (member.seat >= 0) rec.view.add(this.state.seats[member.seat]);
    this.setConnected(rec, true);
    this.deps.standIns.cameBack(rec.id);
    // The stale connection, if any, is now unknown to the room: its onDrop/onLeave are no-ops.
    if (pending && oldSession !== null) this.rejectReconnection(pending, oldSession, 'replaced');
    if (oldClient) oldClient.leave(CLOSE_REPLACED, 'replaced by a new connection');
  }

  private rejectReconnection(pending: Deferred<Client>, sessionId: string, why: string): void {
    this.deps.clearReservationTimer(sessionId);
    pending.reject(new Error(why));
  }

  /** Makes way for a newcomer when dropped spectators pile up (admission.ts). */
  private evictDroppedSpectator(): void {
    const withoutSeat = this.deps.members.all().filter((r) => this.state.members.get(r.id)!.seat < 0);
    const dropped = withoutSeat.filter((r) => r.client === null && r.reconnection !== null);
    const id = spectatorToEvict(withoutSeat.length, this.deps.maxSpectators, dropped);
    const rec = id ? this.deps.members.get(id) : undefined;
    if (rec) this.remove(rec);
  }

  /** A member's new name (`rename`), made unique among the table's names; its seat shows it too. */
  onRename(rec: MemberRecord, payload: unknown): void {
    const name = sanitizeName(payloadObject(payload).name, null);
    if (name === null) fail('bad-message', 'A name needs 1 to 24 visible characters.');
    const member = this.state.members.get(rec.id)!;
    member.name = this.uniqueNameFor(rec.id, name);
    const seat = heldSeat(this.state, rec.id);
    if (seat) seat.name = member.name;
  }

  /** `name`, or a numbered variant if another member or a bot already goes by it (names.ts). */
  uniqueNameFor(memberId: string, name: string): string {
    const taken: string[] = [];
    this.state.members.forEach((m) => {
      if (m.id !== memberId) taken.push(m.name);
    });
    for (const seat of this.state.seats) if (seat.kind === 'bot') taken.push(seat.name);
    return uniqueName(name, taken);
  }

  /** The connection dropped without leaving: its place is held for `reconnectSeconds`. */
  drop(client: Client): void {
    const rec = this.deps.members.ofSession(client.sessionId);
    if (!rec || rec.client !== client) return;
    rec.client = null;
    rec.droppedAt = Date.now();
    this.deps.telemetry.memberDropped(rec.id);
    if (this.seatedOnArrival.delete(rec.id) && this.deps.status === 'lobby') {
      this.deps.lobby.unseat(rec);
      this.updateSpectators();
    }
    this.setConnected(rec, false);
    this.deps.standIns.wentAway(rec.id, false);
    const deferred = this.deps.allowReconnection(client, this.deps.reconnectSeconds);
    rec.reconnection = deferred;
    Promise.resolve(deferred).catch(() => undefined);
    this.deps.changed();
  }

  /** A dropped connection came back within its window (Colyseus' reconnection). */
  reconnect(client: Client): void {
    const rec = this.deps.members.ofSession(client.sessionId);
    if (!rec) return;
    rec.client = client;
    rec.reconnection = null;
    this.deps.telemetry.memberReconnected(rec.id, 'reconnect');
    client.view = rec.view;
    quietEmptyPatches(client);
    const member = this.state.members.get(rec.id);
    if (member && member.seat >= 0) rec.view.add(this.state.seats[member.seat]);
    this.setConnected(rec, true);
    this.deps.standIns.cameBack(rec.id);
    this.deps.changed();
  }

  /** The connection left for good (or its reconnection window ran out). */
  leave(client: Client): void {
    const rec = this.deps.members.ofSession(client.sessionId);
    if (!rec) return; // a replaced (stale) connection
    this.deps.members.unbind(rec);
    this.setConnected(rec, false);
    this.deps.standIns.wentAway(rec.id, true);
    const member = this.state.members.get(rec.id)!;
    // In a match a seated member keeps its seat and may come back with its token (a stand-in plays it meanwhile).
    const removed = this.deps.status === 'lobby' || member.seat < 0;
    this.deps.telemetry.memberLeft(rec.id, removed);
    if (removed) this.remove(rec);
    this.deps.changed();
  }

  /** Forgets a member for good (a pending reconnection of its is refused). */
  remove(rec: MemberRecord): void {
    const pending = rec.reconnection;
    const session = rec.sessionId;
    this.deps.standIns.forget(rec.id);
    this.seatedOnArrival.delete(rec.id);
    if (pending && session !== null && rec.client === null) this.rejectReconnection(pending, session, 'removed');
    const seat = heldSeat(this.state, rec.id);
    if (seat) clearSeat(seat);
    this.state.members.delete(rec.id);
    this.deps.members.remove(rec);
  }

  /** A match started: the members seated on arrival keep their seats like everyone else. */
  matchStarted(): void {
    this.seatedOnArrival.clear();
  }

  private setConnected(rec: MemberRecord, connected: boolean): void {
    const member = this.state.members.get(rec.id);
    if (!member) return;
    member.connected = connected;
    const seat = heldSeat(this.state, rec.id);
    if (seat) seat.connected = connected;
  }

  updateSpectators(): void {
    let n = 0;
    this.state.members.forEach((m) => {
      if (m.connected && m.seat < 0) n++;
    });
    this.state.spectators = n;
  }
}
