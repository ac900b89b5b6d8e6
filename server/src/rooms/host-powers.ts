/**
 * The host's powers over people (docs/protocol.md): `remove` a member who has
 * gone, or kick a troublemaker who is here, and `lock` the table to
 * newcomers. Each with its guard rail: nobody loses their place to a blip or
 * a reload, and a player at the table is never pushed out of a match.
 */
import type { Client } from '@colyseus/core';
import { CloseCodes } from '@fireside/shared';
import { fail } from './errors.js';
import type { MemberRecord, Members } from './members.js';
import type { StandIns } from './stand-ins.js';
import type { RoomLog } from './room-log.js';
import type { RoomState } from './schema.js';
import { heldSeat } from './seats.js';
import { payloadObject } from './validation.js';

export interface HostPowersDeps {
  readonly state: RoomState;
  readonly members: Members;
  readonly roomLog: RoomLog;
  readonly standIns: StandIns;
  /** Forgets a member for good (its token no longer works). */
  removeMember(rec: MemberRecord): void;
  /** Who plays a seat changed: the match wakes its bots. */
  botsChanged(): void;
}

export class HostPowers {
  constructor(private readonly deps: HostPowersDeps) {}

  private get state(): RoomState {
    return this.deps.state;
  }

  /**
   * `remove { memberId }`. A member who has gone (and can no longer come back
   * on their own: the stand-ins' window is over) is forgotten; in a match a
   * bot keeps their seat for good. A member who is here is kicked: in the
   * lobby any member, during a match only a spectator (a player's seat is
   * theirs until the match ends). A kicked member's token no longer works:
   * they may come back only through the invite link, as a newcomer (unless
   * the table is locked).
   */
  onRemove(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    if (this.state.hostId !== rec.id) fail('not-host', 'Only the host can remove a member.');
    const target = typeof p.memberId === 'string' ? this.deps.members.get(p.memberId) : undefined;
    const member = target ? this.state.members.get(target.id) : undefined;
    if (!target || !member) fail('bad-member', 'No such member.');
    if (target.id === rec.id) fail('bad-member', 'The host cannot remove themselves; leave the room instead.');
    const here = target.client;
    if (here !== null && this.state.status !== 'lobby' && member.seat >= 0) {
      fail('still-here', `${member.name} is playing: a player can be removed only in the lobby or once gone.`);
    }
    if (here === null && this.deps.standIns.mayStillComeBack(target)) {
      fail('still-reconnecting', `${member.name} may still come back: wait until they have been gone for a minute.`);
    }
    const seat = heldSeat(this.state, target.id);
    if (seat && this.state.status !== 'lobby') {
      this.deps.standIns.seatToBot(seat);
      member.seat = -1;
    }
    this.deps.roomLog.event('removed', target.id, member.name);
    this.deps.standIns.forget(target.id);
    this.deps.removeMember(target);
    if (here !== null) kick(here);
    this.deps.botsChanged();
  }

  /** `lock { locked }`: newcomers are refused while locked (members with their token still get in). */
  onLock(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    if (this.state.hostId !== rec.id) fail('not-host', 'Only the host can lock the table.');
    if (typeof p.locked !== 'boolean') fail('bad-message', '`locked` must be true or false.');
    if (this.state.locked === p.locked) return;
    this.state.locked = p.locked;
    const name = this.state.members.get(rec.id)?.name ?? '';
    this.deps.roomLog.event(p.locked ? 'locked' : 'unlocked', rec.id, name);
  }
}

/** Closes a kicked member's connection: its client is told not to reconnect (its token is gone). */
function kick(client: Client): void {
  client.leave(CloseCodes.KICKED, 'removed by the host');
}
