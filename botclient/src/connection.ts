/**
 * One SDK connection to a Fireside room, seated or not: joining, seats,
 * messages (paced below the server's rate limit), rejoining after a restart.
 * Its bot (seat-player.ts) plays from what this connection receives — the
 * public `view` and its own seat's `secret` — never the full game state.
 */
import { Client, type Room } from '@colyseus/sdk';
import { CloseCodes, type AcceptedMessage, type ClientMessages, type ClientMessageType, type ErrorMessage, type WelcomeMessage } from '@fireside/shared';
import { describeConnectError, probe } from './connect-errors.js';
import { BotError } from './errors.js';
import { ATTEMPT_MS, rejoinDelay, SDK_RECONNECT_STALL_MS, SDK_RECONNECT_TRIES, within } from './rejoin.js';
import { SeatPlayer, type MatchOutcome, type PlayOptions } from './seat-player.js';
import { seatOf, StateReader, type RoomSnapshot } from './state.js';

export type Logger = (message: string) => void;

/** `error` message payload (shared/src/protocol/messages.ts). */
export type RoomErrorMessage = ErrorMessage;
export type { WelcomeMessage };

export interface ConnectOptions {
  /** Server origin, e.g. http://127.0.0.1:2567 */
  server: string;
  name: string;
  log?: Logger;
  verbose?: boolean;
  /** After losing the room (a drop, a restart, a crash), keep rejoining with the token this long (ms; default 60 s, 0: never), then give up (onLeave). */
  rejoinMs?: number;
}

/** Close code of a connection replaced by another one of the same member (a second tab). */
const CLOSE_REPLACED = CloseCodes.REPLACED;

const noop: Logger = () => {};

export class BotConnection {
  readonly client: Client;
  room!: Room;
  memberId = '';
  token = '';
  /** Connections made to the room so far (each rejoin adds one). */
  joins = 0;
  readonly name: string;
  private readonly log: Logger;
  private readonly verbose: boolean;
  private readonly errorListeners = new Set<(e: RoomErrorMessage) => void>();
  private readonly acceptedListeners = new Set<(m: AcceptedMessage) => void>();
  private readonly stateListeners = new Set<(s: RoomSnapshot) => void>();
  private readonly leaveListeners = new Set<(code: number, reason?: string) => void>();
  private welcomeWaiters: (() => void)[] = [];
  /** Decodes this connection's state, parsing only the view parts that changed. */
  private readonly reader = new StateReader();
  private left = false;
  /** Watches the SDK's reconnection after a drop (watchSdkReconnection). */
  private stallTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set by leave(): a leave on purpose is not followed by a rejoin. */
  private leaving = false;
  /** How long to keep trying to rejoin after losing the room (a server restart). */
  private readonly rejoinMs: number;
  /** Every `error` message this connection received. */
  readonly errors: RoomErrorMessage[] = [];

  private constructor(
    readonly server: string,
    opts: ConnectOptions,
  ) {
    this.client = new Client(server);
    this.name = opts.name;
    this.log = opts.log ?? noop;
    this.verbose = opts.verbose ?? false;
    this.rejoinMs = opts.rejoinMs ?? 60_000;
  }

  /** Creates a room (this connection becomes its host). */
  static async create(opts: ConnectOptions & { game: string }): Promise<BotConnection> {
    const c = new BotConnection(opts.server, opts);
    await c.attach(() => c.client.create('game', { game: opts.game, name: opts.name }));
    return c;
  }

  /** Joins a room by id (invite link). */
  static async join(opts: ConnectOptions & { roomId: string; token?: string }): Promise<BotConnection> {
    const c = new BotConnection(opts.server, opts);
    const joinOptions: Record<string, string> = { name: opts.name };
    if (opts.token) joinOptions.token = opts.token;
    await c.attach(() => c.client.joinById(opts.roomId, joinOptions));
    return c;
  }

  private async attach(connect: () => Promise<Room>): Promise<void> {
    try {
      this.room = await within(connect, ATTEMPT_MS);
      this.joins++;
    } catch (e) {
      const unreachable = await probe(this.server);
      if (unreachable) throw new BotError(`server unreachable at ${this.server}: ${unreachable}`, { cause: e });
      throw new BotError(`cannot join: ${describeConnectError(this.server, e)}`, { cause: e });
    }
    this.room.reconnection.maxRetries = SDK_RECONNECT_TRIES;
    this.room.onMessage('welcome', (m: WelcomeMessage) => {
      this.memberId = m.memberId;
      this.token = m.token;
      for (const w of this.welcomeWaiters.splice(0)) w();
    });
    this.room.onMessage('error', (m: RoomErrorMessage) => {
      this.errors.push(m);
      this.log(`${this.name}: refused ${m.type}: ${m.code}: ${m.message}`);
      for (const l of [...this.errorListeners]) l(m);
    });
    this.room.onMessage('accepted', (m: AcceptedMessage) => {
      for (const l of [...this.acceptedListeners]) l(m);
    });
    // Ignore any other message type quietly (chat etc. are state, but be lenient).
    this.room.onMessage('*', () => {});
    this.room.onStateChange((state: unknown) => {
      const snap = this.reader.read(state);
      for (const l of [...this.stateListeners]) l(snap);
    });
    this.room.onMessage('restarting', () => this.log(`${this.name}: the server is restarting; will rejoin`));
    const room = this.room;
    this.room.onLeave((code: number, reason?: string) => {
      if (room !== this.room) return; // an earlier connection, already replaced
      this.clearStallTimer();
      // A drop, a restart or a crash: the room comes back from the server's store
      // under the same id, and the member token takes the seat back. Replaced by
      // another connection (4000) or leaving on purpose: gone for good.
      if (!this.leaving && code !== CLOSE_REPLACED && this.token && this.rejoinMs > 0) {
        void this.rejoin(code, reason);
        return;
      }
      this.gone(code, reason);
    });
    this.room.onDrop((code: number, reason?: string) => {
      this.log(`${this.name}: connection dropped (${code}${reason ? `: ${reason}` : ''}), the SDK reconnects`);
      this.watchSdkReconnection(room, code, reason);
    });
    this.room.onReconnect(() => this.clearStallTimer());
    // The welcome message follows the join; fall back to the session id if it never comes.
    await new Promise<void>((resolve) => {
      if (this.memberId) return resolve();
      const timer = setTimeout(() => {
        this.memberId ||= this.room.sessionId;
        this.log(`${this.name}: no welcome message, assuming member id = session id`);
        resolve();
      }, 3000);
      this.welcomeWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /**
   * The SDK reconnects a dropped connection itself, but with Node's own
   * WebSocket an attempt that cannot connect never ends (rejoin.ts): if it
   * has neither succeeded nor given up after SDK_RECONNECT_STALL_MS, this
   * connection is abandoned (its late events ignored) and rejoin() takes over.
   */
  private watchSdkReconnection(room: Room, code: number, reason?: string): void {
    this.clearStallTimer();
    this.stallTimer = setTimeout(() => {
      this.stallTimer = null;
      if (room !== this.room || this.leaving) return;
      this.log(`${this.name}: the SDK's reconnection is stuck; rejoining`);
      room.reconnection.maxRetries = 0;
      room.removeAllListeners();
      void this.rejoin(code, reason);
    }, SDK_RECONNECT_STALL_MS);
  }

  private clearStallTimer(): void {
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.stallTimer = null;
  }

  private gone(code: number, reason?: string): void {
    this.left = true;
    for (const l of [...this.leaveListeners]) l(code, reason);
  }

  /** Joins the same room again with the member token until it is back, for up to `rejoinMs` (rejoinDelay between attempts). */
  private async rejoin(code: number, reason?: string): Promise<void> {
    const roomId = this.room.roomId;
    this.log(`${this.name}: lost room ${roomId} (${code}${reason ? `: ${reason}` : ''}); rejoining`);
    // Messages for the lost connection are moot; the bot decides again from the state it finds.
    this.outbox = [];
    const until = Date.now() + this.rejoinMs;
    for (let attempt = 0; !this.leaving; attempt++) {
      const wait = rejoinDelay(attempt);
      if (Date.now() + wait > until) break;
      await new Promise((r) => setTimeout(r, wait));
      if (this.leaving) break;
      try {
        await this.attach(() => this.client.joinById(roomId, { name: this.name, token: this.token }));
        this.log(`${this.name}: back in room ${roomId} (attempt ${attempt + 1})`);
        const snap = this.state;
        for (const l of [...this.stateListeners]) l(snap);
        return;
      } catch (e) {
        this.log(`${this.name}: not back yet: ${(e as Error)?.message ?? e}`);
      }
    }
    if (!this.leaving) this.log(`${this.name}: gave up rejoining room ${roomId} after ${Math.round(this.rejoinMs / 1000)} s`);
    this.gone(code, reason);
  }

  get roomId(): string {
    return this.room.roomId;
  }

  /** The current state as plain objects. */
  get state(): RoomSnapshot {
    return this.reader.read(this.room.state);
  }

  /** This member's seat, or -1. */
  get seat(): number {
    return seatOf(this.state, this.memberId);
  }

  get isHost(): boolean {
    return this.state.hostId === this.memberId;
  }

  /** The server disconnects a client sending more than 40 messages in a second: stay well below. */
  static readonly MAX_MESSAGES_PER_SECOND = 30;
  private sentAt: number[] = [];
  private outbox: [string, unknown, (() => void) | undefined][] = [];
  private outboxTimer: ReturnType<typeof setTimeout> | null = null;

  /** Sends a message (in order, rate-limited); `after` runs right after it went out. */
  send<T extends ClientMessageType>(type: T, payload: ClientMessages[T] | Record<string, unknown> = {}, after?: () => void): void {
    this.outbox.push([type, payload, after]);
    this.flush();
  }

  private flush(): void {
    if (this.outboxTimer) return;
    while (this.outbox.length > 0) {
      const now = Date.now();
      while (this.sentAt.length > 0 && now - this.sentAt[0] >= 1000) this.sentAt.shift();
      if (this.sentAt.length >= BotConnection.MAX_MESSAGES_PER_SECOND) {
        this.outboxTimer = setTimeout(
          () => {
            this.outboxTimer = null;
            this.flush();
          },
          1000 - (now - this.sentAt[0]) + 1,
        );
        return;
      }
      const [type, payload, after] = this.outbox.shift()!;
      if (this.left) continue;
      this.sentAt.push(now);
      if (this.verbose) this.log(`${this.name} → ${type} ${JSON.stringify(payload)}`);
      this.room.send(type, payload);
      if (after) {
        this.sentAt.push(now); // `after` may send a ping, which counts too
        after();
      }
    }
  }

  onState(listener: (s: RoomSnapshot) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Listens for `accepted` (an intent sent with an id was applied; the patch showing it came first). */
  onAccepted(listener: (m: AcceptedMessage) => void): () => void {
    this.acceptedListeners.add(listener);
    return () => this.acceptedListeners.delete(listener);
  }

  onError(listener: (e: RoomErrorMessage) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  onLeave(listener: (code: number, reason?: string) => void): () => void {
    this.leaveListeners.add(listener);
    return () => this.leaveListeners.delete(listener);
  }

  /**
   * Sends a message (optional) and waits until the state satisfies `done`.
   * Rejects on an `error` message of the same type, on leaving, or on timeout.
   */
  request(
    type: ClientMessageType | null,
    payload: unknown,
    done: (s: RoomSnapshot) => boolean,
    timeoutMs = 10_000,
    what = type ?? 'state',
  ): Promise<RoomSnapshot> {
    return new Promise((resolve, reject) => {
      const cleanup: (() => void)[] = [];
      const finish = (fn: () => void) => {
        for (const c of cleanup) c();
        fn();
      };
      const timer = setTimeout(() => finish(() => reject(new BotError(`${this.name}: timed out waiting for ${what}`))), timeoutMs);
      cleanup.push(() => clearTimeout(timer));
      cleanup.push(
        this.onState((s) => {
          if (done(s)) finish(() => resolve(s));
        }),
      );
      if (type !== null) {
        cleanup.push(
          this.onError((e) => {
            if (e.type === type) finish(() => reject(new BotError(`${this.name}: ${type} refused: ${e.code}: ${e.message}`)));
          }),
        );
      }
      cleanup.push(
        this.onLeave((code, reason) =>
          finish(() => reject(new BotError(`${this.name}: left the room (${code}${reason ? `: ${reason}` : ''}) while waiting for ${what}`))),
        ),
      );
      if (this.left) return finish(() => reject(new BotError(`${this.name}: not in the room`)));
      if (type !== null) {
        // A message that changes nothing brings no patch: once the server has
        // handled it (its pong follows any error it caused), look at the state.
        this.send(type, payload as Record<string, unknown>, () =>
          this.room.ping(() => {
            if (done(this.state)) finish(() => resolve(this.state));
          }),
        );
      } else if (done(this.state)) finish(() => resolve(this.state));
    });
  }

  /** Waits until the state satisfies `done` (checked at once, then on every change). */
  waitFor(done: (s: RoomSnapshot) => boolean, timeoutMs: number, what: string): Promise<RoomSnapshot> {
    return this.request(null, undefined, done, timeoutMs, what);
  }

  /** Takes a seat (a given one, or any empty one). Resolves with the seat index. */
  async sit(preferred?: number, timeoutMs = 10_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 0; attempt < 20; attempt++) {
      const snap = this.state;
      const mine = seatOf(snap, this.memberId);
      if (mine >= 0 && (preferred === undefined || mine === preferred)) return mine;
      if (snap.status !== 'lobby') throw new BotError(`${this.name}: cannot take a seat, the room is ${snap.status}`);
      const empty = snap.seats.filter((s) => s.kind === 'empty').map((s) => s.index);
      const target = preferred !== undefined && attempt === 0 ? preferred : empty[0];
      if (target === undefined) throw new BotError(`${this.name}: no free seat in room ${this.roomId}`);
      try {
        await this.request('sit', { seat: target }, (s) => seatOf(s, this.memberId) === target, Math.max(1, deadline - Date.now()), `seat ${target}`);
        return target;
      } catch (e) {
        if (!(e instanceof BotError) || !/seat-taken|bad-seat/.test(e.message) || Date.now() > deadline) throw e;
        preferred = undefined; // someone was faster: take another one
      }
    }
    throw new BotError(`${this.name}: could not take a seat`);
  }

  /**
   * Plays this connection's seat until the match ends, choosing every move
   * from the received `view` and `secret` only (seat-player.ts). Resolves
   * with the match result.
   */
  play(opts: PlayOptions = {}): Promise<MatchOutcome> {
    return new SeatPlayer(this, opts).run();
  }

  /** Whether this connection is in its room (not left, not lost for good). */
  get inRoom(): boolean {
    return !this.left;
  }

  sendIntent(action: unknown, id: number): void {
    this.send('intent', { action, id } as ClientMessages['intent']);
  }

  async leave(): Promise<void> {
    this.leaving = true;
    this.clearStallTimer();
    if (this.outboxTimer) clearTimeout(this.outboxTimer);
    this.outboxTimer = null;
    this.outbox = [];
    if (this.left) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([this.room.leave(true), new Promise((r) => (timer = setTimeout(r, 2000)))]);
    } catch {
      /* already gone */
    } finally {
      clearTimeout(timer);
    }
    this.left = true;
  }
}
