/**
 * The one generic room: hosts any game of the registry through the engine
 * contract (docs/protocol.md is the wire contract this implements). A thin
 * Colyseus layer over the parts that need no network: the members
 * (members.ts), the lobby (lobby.ts), the match (match/live-match.ts) and
 * the store (room-record.ts, store/).
 *
 * Secrets: the engine state and the seed live only on the server. Each
 * seat's seat view goes into its view-only `secret` field, and a seat is in a
 * client's StateView only while that client's member holds the seat.
 *
 * Durable: the room's snapshot and every match event are in the store, so a
 * restarted server rebuilds the room under the same id (restore.ts) and its
 * members come back with their tokens.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Room, ErrorCode, ServerError, type Client, type Deferred } from '@colyseus/core';
import {
  CLOCK_PACES,
  CloseCodes,
  DEFAULT_CLOCK,
  isClockPace,
  isIntentId,
  rngFromSeed,
  type AnyGame,
  type ClientMessageType,
  type ErrorMessage,
  type RandomSource,
  type ServerMessages,
} from '@fireside/shared';
import { LiveMatch, type LiveMatchDeps } from '../match/live-match.js';
import { errorField } from '../observe/logger.js';
import { patchSendSeconds } from '../observe/metrics.js';
import { syncView } from '../match/view-sync.js';
import type { MatchStore } from '../store/types.js';
import { admitNewcomer, spectatorToEvict, type AdmissionCounts } from './admission.js';
import { chatText } from './chat.js';
import { guardFrame, UNDECODABLE_TYPE } from './frames.js';
import { RoomError, fail } from './errors.js';
import { Lobby, parseClock } from './lobby.js';
import { Members, type MemberRecord } from './members.js';
import { sanitizeName, uniqueName } from './names.js';
import { Presence } from './presence.js';
import { newcomersGetStateOnce } from './full-state.js';
import { quietEmptyPatches } from './quiet-patches.js';
import { RoomLog } from './room-log.js';
import { RoomTelemetry } from './room-telemetry.js';
import { applyRecord, recordOf, RoomSaver } from './room-record.js';
import { Member, RoomState, type RoomStatus } from './schema.js';
import { allSeatsFilled, clearSeat, heldSeat, resizeSeats } from './seats.js';
import { resolveSettings, type RoomSettings } from './settings.js';
import { isInt, payloadObject } from './validation.js';

type Handler = (member: MemberRecord, payload: unknown) => void | Promise<void>;

/** Close code sent to a client whose member was reclaimed by another connection (a reload). */
export const CLOSE_REPLACED = CloseCodes.REPLACED;

/**
 * Only this process may ask for a room to be rebuilt from the store
 * (restore.ts): a client passing `restore` in its create options cannot.
 */
export const RESTORE_KEY = randomBytes(24).toString('hex');

/**
 * The type of an unknown message, safe to echo. Colyseus calls the catch-all
 * with (client, type, payload) — but for a message whose type is literally
 * "*", with (client, payload, context): then this is client data of any shape
 * (`{ toString: 1 }` makes `String()` throw), so only short strings and
 * numbers are echoed.
 */
function shownType(type: unknown): string {
  if (typeof type === 'number' && Number.isFinite(type)) return String(type);
  return typeof type === 'string' && type.length <= 40 ? type : '?';
}

/** The `id` of an intent payload, if it has a valid one (never trusting its shape). */
function intentId(payload: unknown): number | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const id = (payload as { id?: unknown }).id;
  return isIntentId(id) ? id : undefined;
}

export class GameRoom extends Room<{ state: RoomState }> {
  /** Overridden by `createAppServer(settings)`; production uses the defaults. */
  static settings: Partial<RoomSettings> = {};

  // No `maxClients`: Colyseus would count dropped connections and lock the
  // room for everyone, players reclaiming their seats included. Admission is
  // ours (onAuth, admission.ts). No auto-dispose either: an empty room stays
  // loaded for the idle time (below), then unloads; the store keeps it.
  maxMessagesPerSecond = 40;
  autoDispose = false;

  private settings!: RoomSettings;
  private store!: MatchStore;
  game!: AnyGame;
  readonly members = new Members();
  private lobby!: Lobby;
  /** The match being played or just ended; null in the lobby. */
  private match: LiveMatch | null = null;
  private botRng!: RandomSource;
  private chatSeq = 0;
  roomLog!: RoomLog;
  /** Log lines and metrics of this room (room-telemetry.ts). */
  telemetry!: RoomTelemetry;
  private seatPresence!: Presence;
  private saver!: RoomSaver;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** After a restore: members have this long to come back before the lobby frees their places. */
  private graceUntil = 0;
  private graceTimer: ReturnType<typeof setTimeout> | null = null;
  private patchQueued = false;
  /**
   * Members seated on arrival because the spectators were at their cap
   * (admission.ts). They came in to play: if one drops in the lobby, its seat
   * is freed at once instead of held for its return, so a crowd that arrives
   * and vanishes holds no seat.
   */
  private readonly seatedOnArrival = new Set<string>();

  async onCreate(options: unknown): Promise<void> {
    this.settings = resolveSettings((this.constructor as typeof GameRoom).settings);
    if (!this.settings.store) throw new Error('GameRoom needs a match store (settings.store).');
    this.store = this.settings.store;
    this.botRng = rngFromSeed(randomBytes(16).toString('hex'));
    newcomersGetStateOnce(this); // a newcomer's full state never also arrives as a patch (full-state.ts)
    const opts = options && typeof options === 'object' ? (options as Record<string, unknown>) : {};
    if (opts.restore === RESTORE_KEY && typeof opts.roomId === 'string') await this.restoreFrom(opts.roomId);
    else {
      this.createNew(opts);
      this.observe();
      this.telemetry.created(this.state.players);
    }

    this.roomLog = new RoomLog(this.state, this.chatSeq);
    this.seatPresence = new Presence(this, this.settings.standInSeconds * 1000);
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
    this.guardFrames();
    // A room nobody ever joins (its creator's seat reservation expired) must not stay loaded.
    this.idleTimer = setTimeout(() => void this.disconnect(), Math.max(this.settings.idleMs, 30_000));
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
      this.match = LiveMatch.restore(this.matchDeps(log.finishedAt === null), log.setup, log.events, record.clocks ?? []);
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
    const host = this.members.get(this.state.hostId);
    if (!host || host.client === null) this.handOverHost();
    this.changed();
  }

  private snapshot() {
    return recordOf(this.state, this.members, {
      roomId: this.roomId,
      matchId: this.match?.setup.matchId ?? null,
      clocks: this.match?.clockRows() ?? [],
      now: Date.now(),
    });
  }

  private registerHandlers(): void {
    const lobby = this.lobby;
    this.handle('sit', (m, p) => lobby.onSit(m, p));
    this.handle('stand', (m, p) => lobby.onStand(m, p));
    this.handle('configure', (m, p) => lobby.onConfigure(m, p));
    this.handle('addBot', (m, p) => lobby.onAddBot(m, p));
    this.handle('removeBot', (m, p) => lobby.onRemoveBot(m, p));
    this.handle('fillBots', (m, p) => lobby.onFillBots(m, p));
    this.handle('start', (m, p) => this.onStart(m, p));
    this.handle('intent', (m, p) => this.onIntent(m, p));
    this.handle('chat', (m, p) => this.onChat(m, p));
    this.handle('rename', (m, p) => this.onRename(m, p));
    this.handle('again', (m, p) => this.onAgain(m, p));
    this.handle('standIn', (m, p) => this.seatPresence.onStandIn(m, p));
    this.handle('remove', (m, p) => this.seatPresence.onRemove(m, p));
    this.handle('*', (_m, type) => fail('bad-message', `Unknown message type "${shownType(type)}".`), shownType);
    this.handle(UNDECODABLE_TYPE, () => fail('bad-message', 'The message could not be decoded (not valid MessagePack).'), shownType);
  }

  /**
   * Every frame of this room's clients passes guardFrame (frames.ts) first:
   * Colyseus binds `_onMessage` to each client when it joins, so an own
   * property set here takes its place.
   */
  private guardFrames(): void {
    const room = this as unknown as { _onMessage(client: Client, frame: Buffer): void };
    const onMessage = room._onMessage;
    room._onMessage = function (this: GameRoom, client: Client, frame: Buffer) {
      onMessage.call(this, client, Buffer.isBuffer(frame) ? guardFrame(frame) : frame);
    };
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

  // ---------------------------------------------------------------- joining

  /** Admission (admission.ts): a member with its token always; a newcomer while there is room. */
  onAuth(_client: Client, options: unknown): boolean {
    if (this.members.ofToken(options)) return true;
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
      lobby: this.status === 'lobby',
      freeSeats: this.state.seats.filter((seat) => seat.kind === 'empty').length,
      spectatorsOnline: online,
      maxSpectators: this.settings.maxSpectators,
    };
  }

  onJoin(client: Client, options: unknown): void {
    const opts = options && typeof options === 'object' ? (options as Record<string, unknown>) : {};
    quietEmptyPatches(client);
    let rec = this.members.ofToken(opts);
    const reclaimed = rec !== undefined;
    let token: string;
    if (rec) {
      token = opts.token as string;
      this.reclaim(rec, client);
    } else {
      this.evictDroppedSpectator();
      const admission = admitNewcomer(this.admissionCounts());
      const created = this.members.create(Date.now());
      rec = created.rec;
      token = created.token;
      this.addMember(rec, client, sanitizeName(opts.name) as string);
      // Past the spectator cap, a newcomer comes in to play: it takes the first free seat.
      const free = this.state.seats.find((seat) => seat.kind === 'empty');
      if (admission.admitted && admission.takeSeat && free) {
        this.lobby.onSit(rec, { seat: free.index });
        this.seatedOnArrival.add(rec.id);
      }
    }
    client.userData = { memberId: rec.id };

    // The host stays host through a restart while it may still come back.
    const host = this.state.hostId ? this.members.get(this.state.hostId) : undefined;
    if (!host || (host.sessionId === null && Date.now() >= this.graceUntil)) this.state.hostId = rec.id;
    if (reclaimed) this.telemetry.memberReconnected(rec.id, 'token');
    else this.telemetry.memberJoined(rec.id, this.state.hostId === rec.id);
    this.changed();
    this.sendTo(client, 'welcome', { memberId: rec.id, token, roomId: this.roomId });
  }

  private addMember(rec: MemberRecord, client: Client, name: string): void {
    this.members.bind(rec, client);
    client.view = rec.view;
    const member = new Member();
    member.id = rec.id;
    member.name = this.uniqueNameFor(rec.id, name);
    member.seat = -1;
    member.connected = true;
    this.state.members.set(rec.id, member);
    this.seatPresence.joined(rec.id);
  }

  /** A page reload (or a comeback after a restart): the new connection takes over the member, its seat and its secrets. */
  private reclaim(rec: MemberRecord, client: Client): void {
    const oldClient = rec.client;
    const pending = rec.reconnection;
    const oldSession = rec.sessionId;
    this.members.bind(rec, client);
    client.view = rec.view;
    const member = this.state.members.get(rec.id)!;
    if (member.seat >= 0) rec.view.add(this.state.seats[member.seat]);
    this.setConnected(rec, true);
    this.seatPresence.cameBack(rec.id);
    // The stale connection, if any, is now unknown to the room: its onDrop/onLeave are no-ops.
    if (pending && oldSession !== null) this.rejectReconnection(pending, oldSession, 'replaced');
    if (oldClient) oldClient.leave(CLOSE_REPLACED, 'replaced by a new connection');
  }

  private rejectReconnection(pending: Deferred<Client>, sessionId: string, why: string): void {
    // Colyseus 0.18 does not clear the reservation timer of a reconnection rejected
    // by hand; clear it so no 60 s timer is left behind.
    const timers = (this as unknown as { _reservedSeatTimeouts?: Record<string, ReturnType<typeof setTimeout>> })._reservedSeatTimeouts;
    if (timers?.[sessionId]) clearTimeout(timers[sessionId]);
    pending.reject(new Error(why));
  }

  /** Makes way for a newcomer when dropped spectators pile up (admission.ts). */
  private evictDroppedSpectator(): void {
    const withoutSeat = this.members.all().filter((r) => this.state.members.get(r.id)!.seat < 0);
    const dropped = withoutSeat.filter((r) => r.client === null && r.reconnection !== null);
    const id = spectatorToEvict(withoutSeat.length, this.settings.maxSpectators, dropped);
    const rec = id ? this.members.get(id) : undefined;
    if (rec) this.removeMember(rec);
  }

  /** `name`, or a numbered variant if another member or a bot already goes by it (names.ts). */
  private uniqueNameFor(memberId: string, name: string): string {
    const taken: string[] = [];
    this.state.members.forEach((m) => {
      if (m.id !== memberId) taken.push(m.name);
    });
    for (const seat of this.state.seats) if (seat.kind === 'bot') taken.push(seat.name);
    return uniqueName(name, taken);
  }

  onDrop(client: Client): void {
    const rec = this.members.ofSession(client.sessionId);
    if (!rec || rec.client !== client) return;
    rec.client = null;
    rec.droppedAt = Date.now();
    this.telemetry.memberDropped(rec.id);
    if (this.seatedOnArrival.delete(rec.id) && this.status === 'lobby') {
      this.lobby.unseat(rec);
      this.updateSpectators();
    }
    this.setConnected(rec, false);
    this.seatPresence.wentAway(rec.id, false);
    const deferred = this.allowReconnection(client, this.settings.reconnectSeconds);
    rec.reconnection = deferred;
    Promise.resolve(deferred).catch(() => undefined);
    this.changed();
  }

  onReconnect(client: Client): void {
    const rec = this.members.ofSession(client.sessionId);
    if (!rec) return;
    rec.client = client;
    rec.reconnection = null;
    this.telemetry.memberReconnected(rec.id, 'reconnect');
    client.view = rec.view;
    quietEmptyPatches(client);
    const member = this.state.members.get(rec.id);
    if (member && member.seat >= 0) rec.view.add(this.state.seats[member.seat]);
    this.setConnected(rec, true);
    this.seatPresence.cameBack(rec.id);
    this.changed();
  }

  onLeave(client: Client): void {
    const rec = this.members.ofSession(client.sessionId);
    if (!rec) return; // a replaced (stale) connection
    this.members.unbind(rec);
    this.setConnected(rec, false);
    this.seatPresence.wentAway(rec.id, true);
    const member = this.state.members.get(rec.id)!;
    // In a match a seated member keeps its seat and may come back with its token (a stand-in plays it meanwhile).
    const removed = this.status === 'lobby' || member.seat < 0;
    this.telemetry.memberLeft(rec.id, removed);
    if (removed) this.removeMember(rec);
    if (this.state.hostId === rec.id) this.handOverHost();
    this.changed();
  }

  /** Unloaded (idle) or shut down: the store has everything; stop timers and write the last snapshot. */
  async onDispose(): Promise<void> {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    if (this.graceTimer !== null) clearTimeout(this.graceTimer);
    this.seatPresence?.dispose();
    const last = this.saver?.flush();
    this.match?.dispose();
    this.telemetry?.disposed();
    await last;
  }

  /**
   * Graceful shutdown (SIGTERM; see server/src/shutdown.ts): Colyseus has
   * locked the room. Tell every client the server is restarting (they come
   * back by themselves: the room is rebuilt from the store), then close them.
   */
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
    const pending = rec.reconnection;
    const session = rec.sessionId;
    this.seatPresence.forget(rec.id);
    this.seatedOnArrival.delete(rec.id);
    if (pending && session !== null && rec.client === null) this.rejectReconnection(pending, session, 'removed');
    const seat = heldSeat(this.state, rec.id);
    if (seat) clearSeat(seat);
    this.state.members.delete(rec.id);
    this.members.remove(rec);
  }

  /** The next connected human (in joining order) becomes host; nobody if none is connected. */
  handOverHost(): void {
    for (const rec of this.members.all()) {
      if (rec.client !== null && this.state.hostId !== rec.id) {
        this.state.hostId = rec.id;
        return;
      }
    }
    if (!this.members.has(this.state.hostId)) this.state.hostId = '';
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

  /** After any change of the room: spectators recounted, the snapshot saved soon, the idle clock checked. */
  changed(): void {
    this.seatPresence?.noteHost();
    this.updateSpectators();
    this.saver?.soon();
    this.checkIdle();
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

  /** Nobody connected and nobody who may still reconnect: unload after the idle time (the store keeps the room). */
  private checkIdle(): void {
    const someone = this.members.all().some((r) => r.client !== null || r.reconnection !== null);
    if (someone) {
      if (this.idleTimer !== null) clearTimeout(this.idleTimer);
      this.idleTimer = null;
    } else if (this.idleTimer === null) {
      this.idleTimer = setTimeout(() => void this.disconnect(), this.settings.idleMs);
    }
  }

  // ---------------------------------------------------------------- messages

  private get status(): RoomStatus {
    return this.state.status as RoomStatus;
  }

  /**
   * Every message type goes through here: a member check, then the handler,
   * and whatever it throws becomes an `error` to the sender only.
   * `replyType` names the type in that error (the catch-all's real type).
   */
  private handle(type: ClientMessageType | '*' | typeof UNDECODABLE_TYPE, handler: Handler, replyType: (payload: unknown) => string = () => type): void {
    const isIntent = type === 'intent';
    this.onMessage(type, (client: Client, payload: unknown) => {
      const arrived = isIntent ? performance.now() : 0;
      const refuse = (e: unknown) => {
        const shown = replyType(payload);
        const id = isIntent ? intentId(payload) : undefined;
        const error = e instanceof RoomError ? e : new RoomError('internal', 'The server failed to handle this message.');
        if (error !== e) {
          const memberId = this.members.ofSession(client.sessionId)?.id;
          this.telemetry.error('message.failed', e, { type: shown, memberId }, `"${shown}" failed`);
        }
        if (isIntent) this.telemetry.intentAnswered(arrived, error.code);
        this.sendError(client, shown, error, id);
      };
      try {
        const rec = this.members.ofSession(client.sessionId);
        if (!rec || rec.client !== client) fail('bad-message', 'You are not a member of this room.');
        const done = handler(rec, payload);
        // Intents and starts answer once stored (live-match.ts), which sends their patch.
        if (done instanceof Promise)
          done.then(() => {
            if (isIntent) this.telemetry.intentAnswered(arrived, null);
            this.saver.soon();
          }, refuse);
        else {
          this.saver.soon();
          this.patchSoon();
        }
      } catch (e) {
        refuse(e);
      }
    });
  }

  private sendError(client: Client, type: string, e: RoomError, id?: number): void {
    const msg: ErrorMessage = { code: e.code, message: e.message, type };
    if (id !== undefined) msg.id = id;
    this.sendTo(client, 'error', msg);
  }

  /** A typed send (shared/src/protocol/messages.ts). */
  private sendTo<T extends keyof ServerMessages>(client: Client, type: T, message: ServerMessages[T], options?: { afterNextPatch: boolean }): void {
    client.send(type, message, options);
  }

  private async onStart(rec: MemberRecord, payload: unknown): Promise<void> {
    const options = this.lobby.startingOptions(rec, payload);
    this.seatedOnArrival.clear();
    const setup = {
      matchId: randomUUID(),
      roomId: this.roomId,
      matchNo: this.state.matchNo,
      game: this.game.id,
      players: this.state.players,
      options,
      // The seed never leaves the server.
      seed: randomBytes(32).toString('hex'),
      startedAt: Date.now(),
    };
    try {
      await this.saver.flush();
      await this.store.startMatch(setup);
    } catch (e) {
      this.telemetry.error('store.failed', e, { op: 'start_match' }, 'starting a match failed');
      fail('internal', 'The server could not start the match; nothing changed. Try again.');
    }
    // Nothing else started it or changed the table while the store was written.
    this.lobby.requireLobby();
    if (this.state.players !== setup.players || !allSeatsFilled(this.state)) fail('seats-empty', 'The table changed; start again.');
    this.state.result = '';
    this.telemetry.matchStarted(setup.matchId, setup.matchNo, setup.players, this.state.seats.filter((seat) => seat.kind === 'bot').length);
    this.match = LiveMatch.start(this.matchDeps(true), setup);
    this.seatPresence.matchStarted();
  }

  /** Who plays a seat changed (a stand-in took over or handed back): the match wakes its bots. */
  botsChanged(): void {
    this.match?.refreshBots();
  }

  /** `live`: the match can still end here (a restored, already finished match cannot end again). */
  private matchDeps(live: boolean): LiveMatchDeps {
    return {
      game: this.game,
      state: this.state,
      persist: (matchId, event) => this.store.appendEvent(matchId, event),
      onEnd: live ? (result) => void this.finishMatch(result) : undefined,
      isBot: (seat: number) => this.state.seats[seat]?.kind === 'bot' || this.state.seats[seat]?.standIn === true,
      botRng: this.botRng,
      botDelayMs: this.settings.botDelayMs,
      pace: parseClock(this.state.clock),
      clockScale: this.settings.clockScale,
      onTimeout: (seat) => {
        this.seatPresence.timedOut(seat);
        this.changed();
      },
      projected: () => this.patchSoon(),
      log: this.telemetry.log,
    };
  }

  private async finishMatch(result: { winners: number[]; scores: number[] }): Promise<void> {
    const id = this.match?.setup.matchId;
    if (!id) return;
    this.telemetry.matchEnded(result, this.match?.log.length ?? 0);
    try {
      await this.store.finishMatch(id, result, Date.now());
      // Only once stored: the replay API serves finished matches only. Kept through `again`.
      this.state.lastMatchId = id;
    } catch (e) {
      this.telemetry.error('store.failed', e, { op: 'finish_match' }, 'storing the end of the match failed');
    }
    this.saver?.soon();
  }

  private async onIntent(rec: MemberRecord, payload: unknown): Promise<void> {
    const p = payloadObject(payload);
    if (this.status === 'ended') fail('game-over', 'The match is over.');
    if (this.status !== 'playing' || this.match === null) fail('not-playing', 'No match is being played.');
    const seat = this.state.members.get(rec.id)!.seat;
    if (seat < 0) fail('not-seated', 'Spectators cannot play.');
    const res = await this.match.submit(seat, p.action);
    if (!res.ok) throw new RoomError(res.error.code, res.error.message);
    // After the patch that shows the move, so a client that waits for it also has the state it made.
    const id = intentId(p);
    if (id !== undefined && rec.client) this.sendTo(rec.client, 'accepted', { id }, { afterNextPatch: true });
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
    member.name = this.uniqueNameFor(rec.id, name);
    const seat = heldSeat(this.state, rec.id);
    if (seat) seat.name = member.name;
  }

  private onAgain(rec: MemberRecord, payload: unknown): void {
    payloadObject(payload);
    this.lobby.requireHost(rec);
    if (this.status !== 'ended') fail('not-ended', 'The match is not over.');
    this.match?.dispose();
    this.match = null;
    this.telemetry.backToLobby();
    this.seatPresence.backToLobby();
    // Members who left for good during the match free their seats now.
    for (const r of this.members.all()) {
      if (r.sessionId === null) this.removeMember(r);
    }
    for (const seat of this.state.seats) {
      seat.awaiting = false;
      seat.secret = '';
    }
    syncView(this.state.view, null);
    this.state.result = '';
    this.state.matchNo += 1;
    this.state.status = 'lobby';
    this.updateSpectators();
  }
}
