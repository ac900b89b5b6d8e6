/**
 * A room's parts, built in dependency order, each given its collaborators
 * in its constructor: the log, the host role, the stand-ins (who is away, and
 * the bots playing their seats), the lobby, membership (who comes and goes), the host's powers, the
 * saver, the match, the idle unload. A part never reaches another through
 * the room. The few messages that go against that order — the stand-ins telling
 * the match who plays a seat now, the lobby asking membership to recount
 * spectators, anything asking for the room's `changed()` — are late-bound
 * callbacks wired here, once everything exists.
 *
 * GameRoom.ts keeps only Colyseus' hooks and hands them to these parts.
 */
import type { Client, Deferred } from '@colyseus/core';
import type { AnyGame, ClientMessageType } from '@fireside/shared';
import type { MatchStore } from '../store/types.js';
import { HostPowers } from './host-powers.js';
import { HostRole } from './host-role.js';
import { IdleUnload } from './idle-unload.js';
import { Lobby } from './lobby.js';
import type { Members } from './members.js';
import { Membership } from './membership.js';
import type { Handler } from './message-routing.js';
import { StandIns } from './stand-ins.js';
import { RoomLog } from './room-log.js';
import { RoomMatch } from './room-match.js';
import { recordOf, RoomSaver } from './room-record.js';
import type { StoredRoom } from './room-setup.js';
import type { RoomTelemetry } from './room-telemetry.js';
import type { RoomState, RoomStatus } from './schema.js';
import type { RoomSettings } from './settings.js';

/** What the parts share: the synchronized state, the game, the settings, the store, the members, the room's log lines. */
export interface RoomCore {
  readonly state: RoomState;
  readonly game: AnyGame;
  readonly settings: RoomSettings;
  readonly store: MatchStore;
  readonly members: Members;
  readonly telemetry: RoomTelemetry;
  /** The last chat line's id (a restored room goes on from it). */
  readonly chatSeq: number;
}

/** What Colyseus does for the parts (GameRoom.ts). */
export interface RoomTransport {
  readonly roomId: string;
  /** Colyseus' seat reservation for a dropped client. */
  allowReconnection(client: Client, seconds: number): Deferred<Client>;
  /** Colyseus' own timer of a reservation refused by hand (it does not clear it itself). */
  clearReservationTimer(sessionId: string): void;
  /** Sends the state patch at the end of this event-loop turn. */
  patchSoon(): void;
  /** Unloads the room (idle): the store keeps it. */
  unload(): void;
}

export class RoomParts {
  readonly roomLog: RoomLog;
  readonly hostRole: HostRole;
  readonly standIns: StandIns;
  readonly lobby: Lobby;
  readonly membership: Membership;
  readonly hostPowers: HostPowers;
  readonly saver: RoomSaver;
  readonly match: RoomMatch;
  readonly idle: IdleUnload;
  /** After a restore: members have this long to come back before the lobby frees their places. */
  private graceUntil = 0;
  private graceTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly core: RoomCore,
    private readonly room: RoomTransport,
  ) {
    const { state, game, members, settings, store, telemetry } = core;
    const standInMs = settings.standInSeconds * 1000;
    const reconnectSeconds = settings.reconnectSeconds;
    const changed = () => this.changed();
    const roomLog = (this.roomLog = new RoomLog(state, core.chatSeq));
    const hostRole = (this.hostRole = new HostRole({ state, members, roomLog, changed }, standInMs));
    const standIns = (this.standIns = new StandIns(
      {
        state,
        members,
        roomLog,
        telemetry,
        hostRole,
        reconnectSeconds,
        graceUntil: () => this.graceUntil,
        changed,
        botsChanged: () => this.match.botsChanged(),
        seatAway: (seat, since) => this.match.seatAway(seat, since),
      },
      standInMs,
    ));
    const lobby = (this.lobby = new Lobby({ state, game, members, roomLog, updateSpectators: () => this.membership.updateSpectators() }));
    const membership = (this.membership = new Membership({
      state,
      members,
      lobby,
      standIns,
      hostRole,
      telemetry,
      get status() {
        return state.status as RoomStatus;
      },
      maxSpectators: settings.maxSpectators,
      reconnectSeconds,
      allowReconnection: (client, seconds) => room.allowReconnection(client, seconds),
      clearReservationTimer: (sessionId) => room.clearReservationTimer(sessionId),
      changed,
    }));
    this.hostPowers = new HostPowers({
      state,
      members,
      roomLog,
      standIns,
      removeMember: (rec) => membership.remove(rec),
      botsChanged: () => this.match.botsChanged(),
    });
    const saver = (this.saver = new RoomSaver(
      store,
      () => this.snapshot(),
      (e) => telemetry.error('store.failed', e, { op: 'save_room' }, 'saving the room failed'),
    ));
    this.match = new RoomMatch({
      roomId: room.roomId,
      state,
      game,
      store,
      settings,
      members,
      lobby,
      membership,
      standIns,
      telemetry,
      saver,
      changed,
      patchSoon: () => room.patchSoon(),
    });
    this.idle = new IdleUnload(settings, () => room.unload());
  }

  /** Every message type and the part that handles it (message-routing.ts routes them). */
  routes(): Partial<Record<ClientMessageType, Handler>> {
    const { lobby, match, standIns, hostPowers, membership, roomLog } = this;
    return {
      sit: (m, p) => lobby.onSit(m, p),
      stand: (m, p) => lobby.onStand(m, p),
      configure: (m, p) => lobby.onConfigure(m, p),
      addBot: (m, p) => lobby.onAddBot(m, p),
      removeBot: (m, p) => lobby.onRemoveBot(m, p),
      fillBots: (m, p) => lobby.onFillBots(m, p),
      start: (m, p) => match.start(m, p),
      intent: (m, p) => match.intent(m, p),
      shown: (m, p) => match.shown(m, p),
      chat: (m, p) => roomLog.onChat(m, p),
      rename: (m, p) => membership.onRename(m, p),
      again: (m, p) => match.again(m, p),
      standIn: (m, p) => standIns.onStandIn(m, p),
      remove: (m, p) => hostPowers.onRemove(m, p),
      lock: (m, p) => hostPowers.onLock(m, p),
    };
  }

  /** A stored room goes on: its match where it stopped; its members have the reconnection time to come back. */
  resume(stored: StoredRoom): void {
    const { settings, telemetry, members } = this.core;
    if (stored.match) {
      const { setup, events, clocks, finished } = stored.match;
      telemetry.forMatch(setup.matchId);
      this.match.restore(setup, events, clocks, finished);
    }
    const ms = settings.reconnectSeconds * 1000;
    this.graceUntil = Date.now() + ms;
    this.graceTimer = setTimeout(() => this.endGrace(), ms);
    this.standIns.restored();
    telemetry.restored(stored.record.status, members.all().length);
  }

  /** Members who did not come back after a restore are gone, as if their reconnection window expired. */
  private endGrace(): void {
    this.graceTimer = null;
    const { members, state } = this.core;
    for (const rec of members.all()) {
      if (rec.client !== null || rec.reconnection !== null) continue;
      const member = state.members.get(rec.id);
      if (state.status === 'lobby' || !member || member.seat < 0) this.membership.remove(rec);
    }
    this.changed();
  }

  /** After any change of the room: the host elected, spectators recounted, the snapshot saved soon, the idle clock checked. */
  changed(): void {
    this.hostRole.elect();
    this.membership.updateSpectators();
    this.saver.soon();
    this.idle.check(this.core.members.someoneHere(), this.core.state.status === 'lobby');
    this.room.patchSoon();
  }

  /** A message was handled: a seat taken or left may move the host role (host-role.ts); saved soon. */
  handled(patchNow: boolean): void {
    this.hostRole.elect();
    this.saver.soon();
    if (patchNow) this.room.patchSoon();
  }

  private snapshot() {
    const { state, members } = this.core;
    const current = this.match.current;
    return recordOf(state, members, {
      roomId: this.room.roomId,
      matchId: current?.setup.matchId ?? null,
      clocks: current?.clockRows() ?? [],
      now: Date.now(),
    });
  }

  /** Timers stopped; resolves once the last snapshot and every match event are written. */
  dispose(): Promise<unknown> {
    this.idle.stop();
    if (this.graceTimer !== null) clearTimeout(this.graceTimer);
    this.standIns.dispose();
    this.hostRole.dispose();
    const writes = Promise.all([this.saver.flush(), this.match.settled()]);
    this.match.dispose();
    return writes;
  }
}
