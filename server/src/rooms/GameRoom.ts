/**
 * The one generic room: hosts any game of the registry through the engine
 * contract (docs/protocol.md is the wire contract this implements).
 *
 * Secrets: the engine state and the seed live only here. Each seat's seat
 * view goes into its view-only `secret` field, and a seat is in a client's
 * StateView only while that client's member holds the seat.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Room, CloseCode, ErrorCode, ServerError, type Client, type Deferred } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import { rngFromSeed, type AnyGame, type RandomSource } from '@fireside/shared';
import { LiveMatch, type LiveMatchDeps } from '../match/live-match.js';
import { ChatLimiter, chatText, CHAT_KEEP_LINES } from './chat.js';
import { RoomError, fail } from './errors.js';
import { ChatLine, Member, RoomState, type RoomStatus } from './schema.js';
import { allSeatsFilled, clearSeat, firstEmptySeat, resizeSeats, seatBot, seatHuman } from './seats.js';
import { resolveSettings, type RoomSettings } from './settings.js';
import { isInt, payloadObject } from './validation.js';
import { sanitizeName, uniqueName } from './names.js';
import { refuseNewcomer, spectatorToEvict } from './admission.js';
import { quietEmptyPatches } from './quiet-patches.js';

/** Server-side record of a member (the synced part is `state.members`). */
interface MemberRecord {
  id: string;
  /** Secret: reclaims this member after a page reload. */
  token: string;
  /** The live client, or null while dropped or gone. */
  client: Client | null;
  /** The Colyseus session currently bound to this member (kept while dropped). */
  sessionId: string | null;
  /** Pending reconnection of a dropped session. */
  reconnection: Deferred<Client> | null;
  /** When the connection dropped (ms), for evicting the oldest dropped spectator. */
  droppedAt: number;
  /** The member's StateView, kept across reconnections. */
  view: StateView;
  chat: ChatLimiter;
}

interface ClientData {
  memberId: string;
}

type Handler = (member: MemberRecord, payload: unknown) => void | Promise<void>;

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

/** An exception for the log, whatever was thrown (a thrown value may be hostile too). */
function describeError(e: unknown): string {
  if (e instanceof Error) return e.stack ?? e.message;
  try {
    return JSON.stringify(e) ?? typeof e;
  } catch {
    return typeof e;
  }
}

/** Close code sent to a client whose member was reclaimed by another connection (a reload). */
export const CLOSE_REPLACED = CloseCode.CONSENTED;

export class GameRoom extends Room<{ state: RoomState }> {
  /** Overridden by `createAppConfig(settings)`; production uses the defaults. */
  static settings: Partial<RoomSettings> = {};

  // No `maxClients`: Colyseus would count dropped connections and lock the
  // room for everyone, players reclaiming their seats included. Admission is
  // ours (onAuth, admission.ts).
  maxMessagesPerSecond = 40;

  private settings!: RoomSettings;
  private game!: AnyGame;
  private records = new Map<string, MemberRecord>(); // by member id
  private bySession = new Map<string, MemberRecord>();
  private byToken = new Map<string, MemberRecord>();
  /** The match being played or just ended; null in the lobby. */
  private match: LiveMatch | null = null;
  private botRng!: RandomSource;
  private chatSeq = 0;

  async onCreate(options: unknown): Promise<void> {
    this.settings = resolveSettings((this.constructor as typeof GameRoom).settings);
    const opts = options && typeof options === 'object' ? (options as Record<string, unknown>) : {};
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
    state.matchNo = 1;
    resizeSeats(state, players);
    this.state = state;

    this.botRng = rngFromSeed(randomBytes(16).toString('hex'));

    // Invite-only: reachable by id, never matched by joinOrCreate.
    await this.setPrivate(true);

    this.handle('sit', (m, p) => this.onSit(m, p));
    this.handle('stand', (m, p) => this.onStand(m, p));
    this.handle('configure', (m, p) => this.onConfigure(m, p));
    this.handle('addBot', (m, p) => this.onAddBot(m, p));
    this.handle('removeBot', (m, p) => this.onRemoveBot(m, p));
    this.handle('fillBots', (m, p) => this.onFillBots(m, p));
    this.handle('start', (m, p) => this.onStart(m, p));
    this.handle('intent', (m, p) => this.onIntent(m, p));
    this.handle('chat', (m, p) => this.onChat(m, p));
    this.handle('rename', (m, p) => this.onRename(m, p));
    this.handle('again', (m, p) => this.onAgain(m, p));
    // Unknown types. Colyseus calls this with (client, type, payload), but for
    // a message whose type is literally "*" with (client, payload, context):
    // the second argument is client data of any shape, so it is only echoed
    // back when it is a short string or a number.
    this.handle('*', (_m, type) => fail('bad-message', `Unknown message type "${shownType(type)}".`), shownType);
  }

  /**
   * The last guard: Colyseus routes every exception of a handler, timer or
   * lifecycle method here instead of letting it reach the process (where an
   * uncaught exception shuts the whole server down, every room with it).
   */
  onUncaughtException(error: Error, methodName: string): void {
    this.settings?.log(`room ${this.roomId}: ${methodName} threw: ${describeError(error)}`);
  }

  // ---------------------------------------------------------------- joining

  /** Admission (admission.ts): a member with its token always; a newcomer while there is room. */
  onAuth(_client: Client, options: unknown): boolean {
    if (this.memberByToken(options)) return true;
    let online = 0;
    this.state.members.forEach((m) => {
      if (m.seat < 0 && m.connected) online++;
    });
    const refused = refuseNewcomer({
      lobby: this.status === 'lobby',
      freeSeats: this.state.seats.filter((seat) => seat.kind === 'empty').length,
      spectatorsOnline: online,
      maxSpectators: this.settings.maxSpectators,
    });
    if (refused) throw new ServerError(ErrorCode.AUTH_FAILED, refused);
    return true;
  }

  private memberByToken(options: unknown): MemberRecord | undefined {
    const token = options && typeof options === 'object' ? (options as Record<string, unknown>).token : undefined;
    return typeof token === 'string' && token !== '' ? this.byToken.get(token) : undefined;
  }

  onJoin(client: Client, options: unknown): void {
    const opts = options && typeof options === 'object' ? (options as Record<string, unknown>) : {};
    quietEmptyPatches(client);
    let rec = this.memberByToken(opts);

    if (rec) {
      this.reclaim(rec, client);
    } else {
      this.evictDroppedSpectator();
      rec = this.addMember(client, sanitizeName(opts.name) as string);
    }
    client.userData = { memberId: rec.id } satisfies ClientData;

    const host = this.state.hostId ? this.records.get(this.state.hostId) : undefined;
    if (!host || host.sessionId === null) this.state.hostId = rec.id;

    this.updateSpectators();
    client.send('welcome', { memberId: rec.id, token: rec.token, roomId: this.roomId });
  }

  private addMember(client: Client, name: string): MemberRecord {
    let id: string;
    do id = randomBytes(6).toString('base64url');
    while (this.records.has(id));
    const rec: MemberRecord = {
      id,
      token: randomUUID(),
      client,
      sessionId: client.sessionId,
      reconnection: null,
      droppedAt: 0,
      view: new StateView(),
      chat: new ChatLimiter(),
    };
    client.view = rec.view;
    this.records.set(id, rec);
    this.bySession.set(client.sessionId, rec);
    this.byToken.set(rec.token, rec);

    const member = new Member();
    member.id = id;
    member.name = this.uniqueNameFor(id, name);
    member.seat = -1;
    member.connected = true;
    this.state.members.set(id, member);
    return rec;
  }

  /** A page reload: the new connection takes over the member, its seat and its secrets. */
  private reclaim(rec: MemberRecord, client: Client): void {
    const oldClient = rec.client;
    const pending = rec.reconnection;
    const oldSession = rec.sessionId;
    if (oldSession !== null) this.bySession.delete(oldSession);

    rec.client = client;
    rec.sessionId = client.sessionId;
    rec.reconnection = null;
    this.bySession.set(client.sessionId, rec);

    // A fresh view for the new connection, with the member's seat if any.
    rec.view = new StateView();
    client.view = rec.view;
    const member = this.state.members.get(rec.id)!;
    if (member.seat >= 0) rec.view.add(this.state.seats[member.seat]);
    this.setConnected(rec, true);

    // The stale connection, if any, is now unknown to the room: its onDrop/onLeave are no-ops.
    if (pending && oldSession !== null) this.rejectReconnection(pending, oldSession, 'replaced');
    if (oldClient) oldClient.leave(CLOSE_REPLACED, 'replaced by a new connection');
  }

  private rejectReconnection(pending: Deferred<Client>, sessionId: string, why: string): void {
    // Colyseus 0.18 does not clear the reservation timer of a reconnection rejected
    // by hand; clear it so no 60 s timer is left behind.
    const timers = (this as unknown as { _reservedSeatTimeouts?: Record<string, ReturnType<typeof setTimeout>> })
      ._reservedSeatTimeouts;
    if (timers?.[sessionId]) clearTimeout(timers[sessionId]);
    pending.reject(new Error(why));
  }

  /** Makes way for a newcomer when dropped spectators pile up (admission.ts). */
  private evictDroppedSpectator(): void {
    const withoutSeat = [...this.records.values()].filter((r) => this.state.members.get(r.id)!.seat < 0);
    const dropped = withoutSeat.filter((r) => r.client === null && r.reconnection !== null);
    const id = spectatorToEvict(withoutSeat.length, this.settings.maxSpectators, dropped);
    const rec = id ? this.records.get(id) : undefined;
    if (!rec) return;
    const pending = rec.reconnection;
    const session = rec.sessionId;
    this.removeMember(rec);
    if (pending && session !== null) this.rejectReconnection(pending, session, 'evicted');
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
    const rec = this.bySession.get(client.sessionId);
    if (!rec || rec.client !== client) return;
    rec.client = null;
    rec.droppedAt = Date.now();
    this.setConnected(rec, false);
    this.updateSpectators();
    const deferred = this.allowReconnection(client, this.settings.reconnectSeconds);
    rec.reconnection = deferred;
    Promise.resolve(deferred).catch(() => undefined);
  }

  onReconnect(client: Client): void {
    const rec = this.bySession.get(client.sessionId);
    if (!rec) return;
    rec.client = client;
    rec.reconnection = null;
    client.view = rec.view;
    quietEmptyPatches(client);
    const member = this.state.members.get(rec.id);
    if (member && member.seat >= 0) rec.view.add(this.state.seats[member.seat]);
    this.setConnected(rec, true);
    this.updateSpectators();
  }

  onLeave(client: Client): void {
    const rec = this.bySession.get(client.sessionId);
    if (!rec) return; // a replaced (stale) connection
    this.bySession.delete(client.sessionId);
    rec.client = null;
    rec.sessionId = null;
    rec.reconnection = null;
    this.setConnected(rec, false);

    const member = this.state.members.get(rec.id)!;
    // In a match a seated member keeps its seat and may come back with its token.
    if (this.status === 'lobby' || member.seat < 0) this.removeMember(rec);

    if (this.state.hostId === rec.id) this.handOverHost();
    this.updateSpectators();
  }

  onDispose(): void {
    this.match?.dispose();
  }

  /**
   * Graceful shutdown (SIGTERM; see server/src/shutdown.ts): Colyseus has
   * locked the room. Tell every client, then close them as Colyseus does
   * (code 4001) — rooms live in memory, so the room is gone for good.
   */
  onBeforeShutdown(): void {
    this.match?.dispose();
    this.broadcast('restarting', {});
    try {
      super.onBeforeShutdown();
    } catch (e) {
      // disconnect() throws while onCreate() is still running; the matchmaker discards that room.
      this.settings?.log(`room ${this.roomId}: shutdown: ${(e as Error)?.message ?? e}`);
    }
  }

  private removeMember(rec: MemberRecord): void {
    const member = this.state.members.get(rec.id);
    if (member && member.seat >= 0) {
      const seat = this.state.seats[member.seat];
      if (seat && seat.memberId === rec.id) clearSeat(seat);
    }
    this.state.members.delete(rec.id);
    this.records.delete(rec.id);
    this.byToken.delete(rec.token);
    if (rec.sessionId !== null) this.bySession.delete(rec.sessionId);
  }

  /** The next connected human (in joining order) becomes host; nobody if none is connected. */
  private handOverHost(): void {
    for (const rec of this.records.values()) {
      if (rec.client !== null && this.state.hostId !== rec.id) {
        this.state.hostId = rec.id;
        return;
      }
    }
    if (!this.records.has(this.state.hostId)) this.state.hostId = '';
  }

  private setConnected(rec: MemberRecord, connected: boolean): void {
    const member = this.state.members.get(rec.id);
    if (!member) return;
    member.connected = connected;
    if (member.seat >= 0) {
      const seat = this.state.seats[member.seat];
      if (seat && seat.memberId === rec.id) seat.connected = connected;
    }
  }

  private updateSpectators(): void {
    let n = 0;
    this.state.members.forEach((m) => {
      if (m.connected && m.seat < 0) n++;
    });
    this.state.spectators = n;
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
  private handle(type: string, handler: Handler, replyType: (payload: unknown) => string = () => type): void {
    this.onMessage(type, (client: Client, payload: unknown) => {
      const refuse = (e: unknown) => {
        const shown = replyType(payload);
        if (e instanceof RoomError) {
          this.sendError(client, shown, e);
        } else {
          this.settings.log(`room ${this.roomId}: "${shown}" failed: ${describeError(e)}`);
          this.sendError(client, shown, new RoomError('internal', 'The server failed to handle this message.'));
        }
      };
      try {
        const rec = this.bySession.get(client.sessionId);
        if (!rec || rec.client !== client) fail('bad-message', 'You are not a member of this room.');
        const done = handler(rec, payload);
        // Intents are answered once their event is stored (live-match.ts).
        if (done instanceof Promise) done.catch(refuse);
      } catch (e) {
        refuse(e);
      }
    });
  }

  private sendError(client: Client, type: string, e: RoomError): void {
    client.send('error', { code: e.code, message: e.message, type });
  }

  private requireHost(rec: MemberRecord): void {
    if (this.state.hostId !== rec.id) fail('not-host', 'Only the host can do that.');
  }

  private requireLobby(): void {
    if (this.status !== 'lobby') fail('not-in-lobby', 'Only possible in the lobby.');
  }

  private seatIndex(value: unknown): number {
    if (!isInt(value) || value < 0 || value >= this.state.seats.length) {
      fail('bad-seat', `seat must be an integer from 0 to ${this.state.seats.length - 1}.`);
    }
    return value;
  }

  private onSit(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    this.requireLobby();
    const index = this.seatIndex(p.seat);
    const seat = this.state.seats[index];
    const member = this.state.members.get(rec.id)!;
    if (seat.kind === 'human' && seat.memberId === rec.id) return;
    if (seat.kind !== 'empty') fail('seat-taken', `Seat ${index + 1} is taken.`);
    this.unseat(rec);
    seatHuman(seat, rec.id, member.name, member.connected);
    member.seat = index;
    rec.view.add(seat);
    this.updateSpectators();
  }

  private onStand(rec: MemberRecord, payload: unknown): void {
    payloadObject(payload);
    this.requireLobby();
    if (this.state.members.get(rec.id)!.seat < 0) fail('not-seated', 'You are not seated.');
    this.unseat(rec);
    this.updateSpectators();
  }

  /** Frees the member's seat, if any, and takes it out of the member's view. */
  private unseat(rec: MemberRecord): void {
    const member = this.state.members.get(rec.id)!;
    if (member.seat < 0) return;
    const seat = this.state.seats[member.seat];
    if (seat) {
      rec.view.remove(seat);
      if (seat.memberId === rec.id) clearSeat(seat);
    }
    member.seat = -1;
  }

  private onConfigure(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    this.requireHost(rec);
    this.requireLobby();
    const game = this.game;
    let players = this.state.players;
    if (p.players !== undefined) {
      if (!isInt(p.players) || p.players < game.minPlayers || p.players > game.maxPlayers) {
        fail('bad-options', `players must be an integer from ${game.minPlayers} to ${game.maxPlayers}.`);
      }
      players = p.players;
    }
    let options: unknown;
    if (p.options !== undefined) {
      const parsed = game.parseOptions(p.options, players);
      if (!parsed.ok) fail('bad-options', parsed.error.message);
      options = parsed.value;
    } else {
      // Keep the current options if they still fit the new player count.
      const parsed = game.parseOptions(JSON.parse(this.state.options), players);
      options = parsed.ok ? parsed.value : game.defaultOptions(players);
    }

    if (players !== this.state.players) {
      // Members seated on removed seats become spectators.
      for (let i = players; i < this.state.seats.length; i++) {
        const seat = this.state.seats[i];
        if (seat.kind === 'human') {
          const holder = this.records.get(seat.memberId);
          if (holder) this.unseat(holder);
        }
      }
      resizeSeats(this.state, players);
    }
    this.state.options = JSON.stringify(options);
    this.updateSpectators();
  }

  private onAddBot(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    this.requireHost(rec);
    this.requireLobby();
    let index: number;
    if (p.seat === undefined) {
      index = firstEmptySeat(this.state);
      if (index < 0) fail('no-empty-seat', 'Every seat is taken.');
    } else {
      index = this.seatIndex(p.seat);
      if (this.state.seats[index].kind !== 'empty') fail('seat-taken', `Seat ${index + 1} is taken.`);
    }
    seatBot(this.state.seats[index]);
  }

  private onRemoveBot(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    this.requireHost(rec);
    this.requireLobby();
    const index = this.seatIndex(p.seat);
    if (this.state.seats[index].kind !== 'bot') fail('bad-seat', `Seat ${index + 1} has no bot.`);
    clearSeat(this.state.seats[index]);
  }

  private onFillBots(rec: MemberRecord, payload: unknown): void {
    payloadObject(payload);
    this.requireHost(rec);
    this.requireLobby();
    for (const seat of this.state.seats) if (seat.kind === 'empty') seatBot(seat);
  }

  private onStart(rec: MemberRecord, payload: unknown): void {
    payloadObject(payload);
    this.requireHost(rec);
    this.requireLobby();
    if (!allSeatsFilled(this.state)) fail('seats-empty', 'Every seat needs a player or a bot.');
    const game = this.game;
    const parsed = game.parseOptions(JSON.parse(this.state.options), this.state.players);
    if (!parsed.ok) fail('bad-options', parsed.error.message);
    // The seed never leaves this process.
    this.match?.dispose();
    this.state.result = '';
    this.match = LiveMatch.start(this.matchDeps(), {
      matchId: randomUUID(),
      roomId: this.roomId,
      matchNo: this.state.matchNo,
      game: game.id,
      players: this.state.players,
      options: parsed.value,
      seed: randomBytes(32).toString('hex'),
      startedAt: Date.now(),
    });
  }

  private matchDeps(): LiveMatchDeps {
    return {
      game: this.game,
      state: this.state,
      // The match store is wired in by the durable-matches work; until then events live in memory only.
      persist: () => undefined,
      isBot: (seat: number) => this.state.seats[seat]?.kind === 'bot',
      botRng: this.botRng,
      botDelayMs: this.settings.botDelayMs,
      log: (m: string) => this.settings.log(`room ${this.roomId}: ${m}`),
    };
  }

  private async onIntent(rec: MemberRecord, payload: unknown): Promise<void> {
    const p = payloadObject(payload);
    if (this.status === 'ended') fail('game-over', 'The match is over.');
    if (this.status !== 'playing' || this.match === null) fail('not-playing', 'No match is being played.');
    const seat = this.state.members.get(rec.id)!.seat;
    if (seat < 0) fail('not-seated', 'Spectators cannot play.');
    const res = await this.match.submit(seat, p.action);
    if (!res.ok) throw new RoomError(res.error.code, res.error.message);
  }

  private onChat(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    const text = chatText(p.text);
    rec.chat.take(Date.now());
    const line = new ChatLine();
    line.id = ++this.chatSeq;
    line.memberId = rec.id;
    line.name = this.state.members.get(rec.id)!.name;
    line.text = text;
    line.at = Date.now();
    this.state.chat.push(line);
    while (this.state.chat.length > CHAT_KEEP_LINES) this.state.chat.shift();
  }

  private onRename(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    const name = sanitizeName(p.name, null);
    if (name === null) fail('bad-message', 'A name needs 1 to 24 visible characters.');
    const member = this.state.members.get(rec.id)!;
    member.name = this.uniqueNameFor(rec.id, name);
    if (member.seat >= 0) {
      const seat = this.state.seats[member.seat];
      if (seat.memberId === rec.id) seat.name = member.name;
    }
  }

  private onAgain(rec: MemberRecord, payload: unknown): void {
    payloadObject(payload);
    this.requireHost(rec);
    if (this.status !== 'ended') fail('not-ended', 'The match is not over.');
    this.match?.dispose();
    this.match = null;
    // Members who left for good during the match free their seats now.
    for (const r of [...this.records.values()]) {
      if (r.sessionId === null) this.removeMember(r);
    }
    for (const seat of this.state.seats) {
      seat.awaiting = false;
      seat.secret = '';
    }
    this.state.view = '';
    this.state.result = '';
    this.state.matchNo += 1;
    this.state.status = 'lobby';
    this.updateSpectators();
  }
}
