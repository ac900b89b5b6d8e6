/**
 * The one generic room: hosts any game of the registry through the engine
 * contract (docs/protocol.md is the wire contract this implements). A thin
 * Colyseus layer over its parts: who comes and goes (membership.ts,
 * members.ts), the lobby (lobby.ts), the match (room-match.ts,
 * match/live-match.ts), presence and stand-ins (presence.ts), the messages'
 * routes (message-routing.ts) and the store (room-record.ts, store/).
 *
 * Secrets: the engine state and the seed live only on the server. Each
 * seat's seat view goes into its view-only `secret` field, and a seat is in a
 * client's StateView only while that client's member holds the seat.
 *
 * Durable: the room's snapshot and every match event are in the store, so a
 * restarted server (or another process of a cluster) rebuilds the room under
 * the same id (cluster/restore.ts) and its members come back with their tokens. The
 * room holds its lease while loaded (room-lease.ts): it runs nowhere else.
 */
import { randomBytes } from 'node:crypto';
import { Room, type Client } from '@colyseus/core';
import { CLOCK_PACES, DEFAULT_CLOCK, isClockPace, type AnyGame, type ClientMessageType } from '@fireside/shared';
import { errorField } from '../observe/logger.js';
import { patchSendSeconds } from '../observe/metrics.js';
import type { MatchStore } from '../store/types.js';
import { chatText } from './chat.js';
import { fail } from './errors.js';
import { Lobby } from './lobby.js';
import { Members, type MemberRecord } from './members.js';
import { sanitizeName } from './names.js';
import { Presence } from './presence.js';
import { HostPowers } from './host-powers.js';
import { HostRole } from './host-role.js';
import { newcomersGetStateOnce } from './full-state.js';
import { clearReservedSeatTimer } from './colyseus-internals.js';
import { IdleUnload } from './idle-unload.js';
import { RoomLog } from './room-log.js';
import { RoomTelemetry } from './room-telemetry.js';
import { applyRecord, recordOf, RoomSaver } from './room-record.js';
import { Membership } from './membership.js';
import { RoomLease } from './room-lease.js';
import { RoomMatch } from './room-match.js';
import { guardFrames, refuseUnknown, route, sendTo, type Handler, type RoutingHost } from './message-routing.js';
import { RoomState, type RoomStatus } from './schema.js';
import { stateSummary } from './table-summary.js';
import { heldSeat, resizeSeats } from './seats.js';
import { resolveSettings, type RoomSettings } from './settings.js';
import { isInt, payloadObject } from './validation.js';

export { CLOSE_REPLACED } from './membership.js';

/** Only this process may ask for a room to be rebuilt from the store (cluster/restore.ts), not a client's create options. */
export const RESTORE_KEY = randomBytes(24).toString('hex');

export class GameRoom extends Room<{ state: RoomState }> {
  /** Overridden by `createAppServer(settings)`; production uses the defaults. */
  static settings: Partial<RoomSettings> = {};

  // No `maxClients`: Colyseus would count dropped connections and lock the
  // room for everyone, players reclaiming their seats included. Admission is
  // ours (onAuth, admission.ts). No auto-dispose either: an empty room stays
  // loaded for the idle time (below), then unloads; the store keeps it.
  maxMessagesPerSecond = 40;
  autoDispose = false;

  settings!: RoomSettings;
  store!: MatchStore;
  game!: AnyGame;
  readonly members = new Members();
  lobby!: Lobby;
  readonly match = new RoomMatch(this);
  private chatSeq = 0;
  roomLog!: RoomLog;
  /** Log lines and metrics of this room (room-telemetry.ts). */
  telemetry!: RoomTelemetry;
  seatPresence!: Presence;
  hostRole!: HostRole;
  private hostPowers!: HostPowers;
  saver!: RoomSaver;
  /** Unloads the room when nobody is in it (idle-unload.ts). */
  private idle!: IdleUnload;
  /** After a restore: members have this long to come back before the lobby frees their places. */
  graceUntil = 0;
  private graceTimer: ReturnType<typeof setTimeout> | null = null;
  private patchQueued = false;
  private readonly lease = new RoomLease();
  readonly membership = new Membership(this);

  async onCreate(options: unknown): Promise<void> {
    this.settings = resolveSettings((this.constructor as typeof GameRoom).settings);
    if (!this.settings.store) throw new Error('GameRoom needs a match store (settings.store).');
    this.store = this.settings.store;
    newcomersGetStateOnce(this); // a newcomer's full state never also arrives as a patch (full-state.ts)
    const opts = options && typeof options === 'object' ? (options as Record<string, unknown>) : {};
    if (opts.restore === RESTORE_KEY && typeof opts.roomId === 'string') await this.restoreFrom(opts.roomId);
    else {
      this.createNew(opts);
      this.observe();
      this.telemetry.created(this.state.players);
    }

    // Before its first write: no other process may run this room meanwhile.
    await this.lease.take(this, this.settings.leases);
    this.roomLog = new RoomLog(this.state, this.chatSeq);
    this.hostRole = new HostRole(this, this.settings.standInSeconds * 1000);
    this.seatPresence = new Presence(this, this.settings.standInSeconds * 1000);
    this.hostPowers = new HostPowers(this);
    if (opts.restore === RESTORE_KEY) this.seatPresence.restored();
    this.lobby = new Lobby(this);
    this.saver = new RoomSaver(
      this.store,
      () => this.snapshot(),
      (e) => this.telemetry.error('store.failed', e, { op: 'save_room' }, 'saving the room failed'),
    );
    await this.saver.flush();
    // Invite-only: reachable by id, never matched by joinOrCreate.
    await this.setPrivate(true);
    this.registerHandlers();
    guardFrames(this);
    this.idle = new IdleUnload(this.settings, () => void this.disconnect());
    this.idle.created(opts.restore === RESTORE_KEY);
    this.telemetry.live({ gameId: this.game.id, status: () => this.state.status, clientCount: () => this.clients.length });
  }

  private createNew(opts: Record<string, unknown>): void {
    const gameId = typeof opts.game === 'string' ? opts.game : '';
    const game = this.settings.games(gameId);
    if (!game) throw new Error(`Unknown game "${gameId}".`);
    this.game = game;
    let players = Math.min(game.maxPlayers, Math.max(game.minPlayers, 4));
    if (opts.players !== undefined) {
      if (!isInt(opts.players) || opts.players < game.minPlayers || opts.players > game.maxPlayers) {
        throw new Error(`players must be ${game.minPlayers}–${game.maxPlayers}.`);
      }
      players = opts.players;
    }
    let gameOptions = game.defaultOptions(players);
    if (opts.options !== undefined) {
      const parsed = game.parseOptions(opts.options, players);
      if (!parsed.ok) throw new Error(`Bad options: ${parsed.error.message}`);
      gameOptions = parsed.value;
    }
    const state = new RoomState();
    state.game = game.id;
    state.status = 'lobby';
    state.options = JSON.stringify(gameOptions);
    // A plain Error: Colyseus would read a RoomError's string `code` (lobby.ts parseClock) as its own error code.
    if (opts.clock !== undefined && !isClockPace(opts.clock)) throw new Error(`clock must be one of ${CLOCK_PACES.join(', ')}.`);
    state.clock = opts.clock ?? DEFAULT_CLOCK;
    state.matchNo = 1;
    resizeSeats(state, players);
    this.state = state;
  }

  /** The room as it was (a restart, or a room unloaded while idle), under the same id. */
  private async restoreFrom(roomId: string): Promise<void> {
    const record = await this.store.loadRoom(roomId);
    if (!record) throw new Error(`room "${roomId}" is not in the store`);
    const game = this.settings.games(record.game);
    if (!game) throw new Error(`room "${roomId}" plays unknown game "${record.game}"`);
    this.roomId = roomId;
    this.game = game;
    this.observe();
    const state = new RoomState();
    applyRecord(state, this.members, record);
    this.state = state;
    this.chatSeq = record.chat.reduce((max, l) => Math.max(max, l.id), 0);
    if (record.matchId && record.status !== 'lobby') {
      const log = await this.store.loadMatch(record.matchId);
      if (!log) throw new Error(`room "${roomId}": match ${record.matchId} is not in the store`);
      this.telemetry.forMatch(record.matchId);
      this.match.restore(log.setup, log.events, record.clocks ?? [], log.finishedAt !== null);
    }
    // The replay link of the last finished match (the record keeps no such field: the match list has it).
    const finished = (await this.store.listMatches(roomId)).filter((m) => m.finishedAt !== null);
    if (finished.length > 0) state.lastMatchId = finished[finished.length - 1].matchId;
    this.graceUntil = Date.now() + this.settings.reconnectSeconds * 1000;
    this.graceTimer = setTimeout(() => this.endGrace(), this.settings.reconnectSeconds * 1000);
    this.telemetry.restored(record.status, this.members.all().length);
  }

  /** Starts this room's log lines (once its id and game are known). */
  private observe(): void {
    this.telemetry = new RoomTelemetry(this.settings.logger, this.roomId, this.game.id);
  }

  /** Members who did not come back after a restore are gone, as if their reconnection window expired. */
  private endGrace(): void {
    this.graceTimer = null;
    for (const rec of this.members.all()) {
      if (rec.client !== null || rec.reconnection !== null) continue;
      const member = this.state.members.get(rec.id);
      if (this.status === 'lobby' || !member || member.seat < 0) this.removeMember(rec);
    }
    this.changed();
  }

  private snapshot() {
    return recordOf(this.state, this.members, {
      roomId: this.roomId,
      matchId: this.match.current?.setup.matchId ?? null,
      clocks: this.match.current?.clockRows() ?? [],
      now: Date.now(),
    });
  }

  private registerHandlers(): void {
    const lobby = this.lobby;
    const routes: Partial<Record<ClientMessageType, Handler>> = {
      sit: (m, p) => lobby.onSit(m, p),
      stand: (m, p) => lobby.onStand(m, p),
      configure: (m, p) => lobby.onConfigure(m, p),
      addBot: (m, p) => lobby.onAddBot(m, p),
      removeBot: (m, p) => lobby.onRemoveBot(m, p),
      fillBots: (m, p) => lobby.onFillBots(m, p),
      start: (m, p) => this.match.start(m, p),
      intent: (m, p) => this.match.intent(m, p),
      shown: (m, p) => this.match.shown(m, p),
      chat: (m, p) => this.onChat(m, p),
      rename: (m, p) => this.onRename(m, p),
      again: (m, p) => this.match.again(m, p),
      standIn: (m, p) => this.seatPresence.onStandIn(m, p),
      remove: (m, p) => this.hostPowers.onRemove(m, p),
      lock: (m, p) => this.hostPowers.onLock(m, p),
    };
    const host: RoutingHost = {
      members: this.members,
      telemetry: this.telemetry, // set once, by observe(), before this runs
      listen: (type, callback) => this.onMessage(type, callback),
      handled: (patchNow) => {
        this.hostRole.elect(); // a seat taken or left may move the role (host-role.ts)
        this.saver.soon();
        if (patchNow) this.patchSoon();
      },
    };
    for (const [type, handler] of Object.entries(routes)) route(host, type as ClientMessageType, handler);
    refuseUnknown(host);
  }

  /**
   * The last guard: Colyseus routes every exception of a handler, timer or
   * lifecycle method here instead of letting it reach the process (where an
   * uncaught exception shuts the whole server down, every room with it).
   */
  onUncaughtException(error: Error, methodName: string): void {
    const log = this.telemetry?.log ?? this.settings?.logger.child({ roomId: this.roomId });
    log?.error({ event: 'room.exception', method: methodName, err: errorField(error) }, `${methodName} threw`);
  }

  // ---------------------------------------------------------------- joining (membership.ts)

  onAuth(_client: Client, options: unknown): boolean {
    return this.membership.admit(options);
  }

  onJoin(client: Client, options: unknown): void {
    const { rec, token, seating } = this.membership.join(client, options);
    sendTo(client, 'welcome', { memberId: rec.id, token, roomId: this.roomId, ...(seating && { seating }) });
  }

  onDrop(client: Client): void {
    this.membership.drop(client);
  }

  onReconnect(client: Client): void {
    this.membership.reconnect(client);
  }

  onLeave(client: Client): void {
    this.membership.leave(client);
  }

  /** Unloaded (idle) or shut down: the last snapshot, timers stopped; the lease goes back once every write is done. */
  async onDispose(): Promise<void> {
    this.idle?.stop();
    if (this.graceTimer !== null) clearTimeout(this.graceTimer);
    this.seatPresence?.dispose();
    this.hostRole?.dispose();
    const writes = Promise.all([this.saver?.flush(), this.match.settled()]);
    this.match.dispose();
    this.telemetry?.disposed();
    this.lease.lastWrites(writes);
    await writes;
  }

  /** Another process took this room (this one stalled past its lease): stop, write nothing more; the clients rejoin it there. */
  leaseLost(): void {
    this.saver?.freeze();
    this.match.dispose();
    this.onBeforeShutdown();
  }

  /** Graceful shutdown (shutdown.ts), the room locked: clients told the server restarts (they rejoin, the room rebuilt from the store), then closed. */
  onBeforeShutdown(): void {
    // The snapshot as it is now: the disconnections of the shutdown itself
    // must not free seats in the store (the members are coming back).
    void this.saver?.flush();
    this.saver?.freeze();
    this.broadcast('restarting', {});
    try {
      super.onBeforeShutdown();
    } catch (e) {
      // disconnect() throws while onCreate() is still running; the matchmaker discards that room.
      this.telemetry?.log.warn({ event: 'room.shutdown', err: errorField(e) }, 'closing the room for the shutdown failed');
    }
  }

  /** Forgets a member for good (a pending reconnection of its is refused). */
  removeMember(rec: MemberRecord): void {
    this.membership.remove(rec);
  }

  updateSpectators(): void {
    this.membership.updateSpectators();
  }

  /** Colyseus 0.18 leaves the reservation timer of a reconnection rejected by hand: no 60 s timer left behind. */
  clearReservationTimer(sessionId: string): void {
    clearReservedSeatTimer(this, sessionId);
  }

  /** The public summary of this table, for `GET /api/tables` of another process of a cluster (http/tables-api.ts). */
  publicSummary() {
    return stateSummary(this.roomId, this.state);
  }

  get maxSpectators(): number {
    return this.settings.maxSpectators;
  }

  get reconnectSeconds(): number {
    return this.settings.reconnectSeconds;
  }

  /** After any change of the room: the host elected, spectators recounted, the snapshot saved soon, the idle clock checked. */
  changed(): void {
    this.hostRole?.elect();
    this.updateSpectators();
    this.saver?.soon();
    this.idle?.check(this.members.someoneHere(), this.status === 'lobby');
    this.patchSoon();
  }

  /**
   * Sends the state patch at the end of this event-loop turn instead of at
   * Colyseus' next 50 ms tick (which stays as the safety net for timers):
   * a move reaches every screen as fast as the socket carries it, and all
   * the changes of one turn (an intent and the bots it wakes) still travel
   * as one patch.
   */
  patchSoon(): void {
    if (this.patchQueued) return;
    this.patchQueued = true;
    setImmediate(() => {
      this.patchQueued = false;
      this.broadcastPatch();
    });
  }

  /** Every patch, ours and Colyseus' 50 ms tick's, timed for /metrics when it carried changes. */
  override broadcastPatch(): boolean {
    const start = performance.now();
    const sent = super.broadcastPatch();
    if (sent) patchSendSeconds.since(start);
    return sent;
  }

  // ---------------------------------------------------------------- messages

  get status(): RoomStatus {
    return this.state.status as RoomStatus;
  }

  private onChat(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    const text = chatText(p.text);
    rec.chat.take(Date.now());
    this.roomLog.push({ memberId: rec.id, name: this.state.members.get(rec.id)!.name, text });
  }

  private onRename(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    const name = sanitizeName(p.name, null);
    if (name === null) fail('bad-message', 'A name needs 1 to 24 visible characters.');
    const member = this.state.members.get(rec.id)!;
    member.name = this.membership.uniqueNameFor(rec.id, name);
    const seat = heldSeat(this.state, rec.id);
    if (seat) seat.name = member.name;
  }

  /** A seated player dropped mid-match (maybe a reload): its clock may give the time back (seat-clocks.ts). */
  seatAway(seat: number, since: number): void {
    this.match.seatAway(seat, since);
  }

  /** Who plays a seat changed (a stand-in took over or handed back): the match wakes its bots. */
  botsChanged(): void {
    this.match.botsChanged();
  }
}
