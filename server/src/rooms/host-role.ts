/**
 * Who is host (docs/protocol.md, "Host"): the table belongs to the friends
 * who made it, not to whoever happens to be watching.
 *
 * - The owner (the member who created the table) is host whenever connected:
 *   coming back (a reload, a token, "Your tables") gives the role back at once.
 * - Otherwise a host keeps the role while connected, or while away within
 *   their hold (a dropped host has `FIRESIDE_STANDIN_SECONDS` to come back;
 *   after a restart, the grace) — unless the host holds no seat and a seated
 *   player is connected: the role goes to that player at once.
 * - A new host is the first seated, connected human in seat order; only when
 *   no seated human is connected, the first connected spectator (in joining
 *   order); when nobody is connected, the role stays where it was.
 *
 * `electHost` is pure; the room calls `HostRole.elect` after every change.
 */
import type { Members } from './members.js';
import type { RoomLog } from './room-log.js';
import type { RoomState } from './schema.js';

/** What the election reads of one member. */
export interface Candidate {
  id: string;
  /** The seat held (-1: a spectator). */
  seat: number;
  connected: boolean;
}

export interface HostInputs {
  /** Members in joining order. */
  members: Candidate[];
  hostId: string;
  ownerId: string;
  /** The current host is away but may still come back in time to keep the role. */
  hostHolds: boolean;
}

/** The member who should be host now ('' for none). */
export function electHost(x: HostInputs): string {
  const byId = new Map(x.members.map((m) => [m.id, m]));
  const owner = byId.get(x.ownerId);
  if (owner?.connected) return owner.id;
  const current = byId.get(x.hostId);
  const seatedHere = x.members.filter((m) => m.connected && m.seat >= 0).sort((a, b) => a.seat - b.seat);
  if (current && (current.connected || x.hostHolds)) {
    if (current.seat >= 0 || seatedHere.length === 0) return current.id;
  }
  if (seatedHere.length > 0) return seatedHere[0].id;
  const watching = x.members.find((m) => m.connected);
  if (watching) return watching.id;
  return current ? current.id : '';
}

type Timer = ReturnType<typeof setTimeout>;

export interface HostRoleDeps {
  readonly state: RoomState;
  readonly members: Members;
  readonly roomLog: RoomLog;
  /** Something changed outside a message handler: recount, re-elect, save. */
  changed(): void;
}

/**
 * The room's side of the election: who owns the table, how long an away host
 * holds the role, and the room-log line when the role moves ("Bob is now the
 * host", or "Alice is host again" when it comes back to its owner).
 */
export class HostRole {
  private holdUntil = 0;
  private holdTimer: Timer | null = null;
  private lastHostId: string;
  /** A new room's first host (its creator) gets no line. */
  private hadHost: boolean;

  constructor(
    private readonly deps: HostRoleDeps,
    /** How long a dropped host keeps the role (FIRESIDE_STANDIN_SECONDS). */
    private readonly holdMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastHostId = deps.state.hostId;
    this.hadHost = deps.state.hostId !== '';
  }

  /** The member who created the table (state.ownerId), '' until its creator joins. */
  get ownerId(): string {
    return this.deps.state.ownerId;
  }

  /** A brand-new table's first member is its owner. */
  created(memberId: string): void {
    if (this.deps.state.ownerId === '') this.deps.state.ownerId = memberId;
  }

  /** A member's connection is gone: the host keeps the role for a while unless it left for good. */
  away(memberId: string, forGood: boolean): void {
    if (memberId !== this.deps.state.hostId) return;
    this.hold(forGood ? 0 : this.holdMs);
  }

  /** The host may come back within `ms` and keep the role meanwhile (a drop; a restart's grace). */
  hold(ms: number): void {
    if (this.holdTimer !== null) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    this.holdUntil = ms > 0 ? this.now() + ms : 0;
    if (ms <= 0) return;
    this.holdTimer = setTimeout(() => {
      this.holdTimer = null;
      this.deps.changed(); // re-elects: the hold is over
    }, ms);
  }

  /** Sets the host the rule wants now, and writes its line if the role moved. */
  elect(): void {
    const state = this.deps.state;
    const members: Candidate[] = [];
    for (const rec of this.deps.members.all()) {
      const m = state.members.get(rec.id);
      if (m) members.push({ id: rec.id, seat: m.seat, connected: rec.client !== null });
    }
    state.hostId = electHost({ members, hostId: state.hostId, ownerId: this.ownerId, hostHolds: this.now() < this.holdUntil });
    this.noteHost();
  }

  private noteHost(): void {
    const id = this.deps.state.hostId;
    if (id === this.lastHostId) return;
    this.lastHostId = id;
    if (this.holdTimer !== null) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    this.holdUntil = 0;
    const m = id ? this.deps.state.members.get(id) : undefined;
    if (m && this.hadHost) this.deps.roomLog.event(id === this.ownerId ? 'hostagain' : 'host', id, m.name);
    if (m) this.hadHost = true;
  }

  dispose(): void {
    if (this.holdTimer !== null) clearTimeout(this.holdTimer);
    this.holdTimer = null;
  }
}
