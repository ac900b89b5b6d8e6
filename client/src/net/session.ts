/**
 * One connection to one Fireside room: create or join, keep the seat token,
 * expose plain snapshots of the state, forward server errors, and report the
 * connection's health (the SDK reconnects by itself after a drop).
 */
import { Client, type Room } from '@colyseus/sdk';
import { serverEndpoint } from './endpoint.js';
import { SnapshotDecoder, toSnapshot, type RoomSnapshot } from './snapshot.js';
import {
  CloseCodes,
  type ClientMessages,
  type ClientMessageType,
  type ErrorMessage,
  type GameActions,
  type JoinOptions,
  type SeatingOutcome,
  type WelcomeMessage,
} from '@fireside/shared/protocol/messages';
import { Emitter } from '../util/emitter.js';
import { ShownReporter } from './shown-reporter.js';
import { forgetRoom, storage, seatKey, seenKey, tokenKey } from '../util/storage.js';

/** The server's `error` message (shared/src/protocol/messages.ts). */
export type ServerErrorMsg = ErrorMessage;

export type ConnectionStatus = 'open' | 'reconnecting' | 'closed' | 'replaced' | 'restarting' | 'kicked';

/** Close code of a connection whose member was reclaimed by another tab (docs/protocol.md). */
const CLOSE_REPLACED = CloseCodes.REPLACED;

/**
 * Why a room could not be entered. `limited`: the server's abuse limits
 * refused this address (HTTP 429); `busy`: the server has all the rooms it
 * keeps open (HTTP 503). Both come with the server's message.
 */
export type JoinFailure = 'unreachable' | 'not-found' | 'full' | 'locked' | 'kicked' | 'limited' | 'busy' | 'other';

export class JoinError extends Error {
  constructor(
    readonly kind: JoinFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The SDK's own reconnections after a drop (200 ms, then 400 ms later) reach
 * the same server process. Beyond that the room screen rejoins with the
 * member's token through the page's origin (screens/room.ts): with several
 * processes (docs/self-hosting.md) the room's process may have died, and the
 * rejoin finds the room where it has been loaded again.
 */
export const SDK_RECONNECT_TRIES = 2;

let client: Client | null = null;
function getClient(): Client {
  client ??= new Client(serverEndpoint());
  return client;
}

/** Colyseus' ErrorCode.AUTH_FAILED: the room's onAuth refused the join. */
const AUTH_FAILED = 525;
const TOO_MANY_REQUESTS = 429;
const SERVICE_UNAVAILABLE = 503;

function classify(error: unknown): JoinError {
  const e = error as { code?: unknown; message?: string; name?: string };
  const message = e?.message ?? String(error);
  const code = typeof e?.code === 'number' ? e.code : NaN;
  // The room refused a newcomer: the host closed it to newcomers, or its spectator places are taken (server admission.ts).
  if (code === AUTH_FAILED) return new JoinError(/closed to newcomers/i.test(message) ? 'locked' : 'full', message);
  // The server's abuse limits (server/src/limits/abuse-gate.ts): its answer says which and for how long.
  if (code === TOO_MANY_REQUESTS) return new JoinError('limited', message);
  // 503 is also Colyseus' answer while the server shuts down (a restart: unreachable for a moment); the cap's message says "full".
  if (code === SERVICE_UNAVAILABLE && /\bfull\b/i.test(message)) return new JoinError('busy', message);
  if (/failed to fetch|networkerror|load failed|econnrefused|network request failed/i.test(message) || Number.isNaN(code) || code === 0 || code >= 502) {
    if (!/not found|expired|invalid room|locked/i.test(message)) return new JoinError('unreachable', message);
  }
  if (/not found|expired|invalid room|no rooms? found|locked/i.test(message) || code === 404 || code === 4212 || (code >= 520 && code <= 524)) {
    return new JoinError('not-found', message);
  }
  return new JoinError('other', message);
}

export class RoomSession {
  readonly changed = new Emitter<RoomSnapshot>();
  readonly serverError = new Emitter<ServerErrorMsg>();
  readonly connection = new Emitter<ConnectionStatus>();
  memberId: string | null = null;
  /** What became of the seat this join asked for (`welcome.seating`), if it asked for one. */
  seating: SeatingOutcome | undefined;
  snapshot: RoomSnapshot | null = null;
  status: ConnectionStatus = 'open';
  private seatKept: number | null = null;
  /** Rebuilds the views from the parts that changed (one per connection: it caches the last parts). */
  private readonly decoder = new SnapshotDecoder();
  private welcomed: Promise<void>;
  /** Reports the first frame of each step this seat has a clock for (`shown`, fair clocks). */
  private readonly shown = new ShownReporter((clockId) => this.send('shown', { clockId }));

  private constructor(readonly room: Room) {
    room.reconnection.maxRetries = SDK_RECONNECT_TRIES;
    let resolveWelcome!: () => void;
    this.welcomed = new Promise((r) => (resolveWelcome = r));
    room.onMessage('welcome', (msg: WelcomeMessage) => {
      this.memberId = msg.memberId;
      this.seating = msg.seating;
      const roomId = msg.roomId || room.roomId;
      storage.set(tokenKey(roomId), msg.token);
      storage.set(seenKey(roomId), String(Date.now()));
      resolveWelcome();
      this.refresh();
    });
    room.onMessage('error', (msg: ServerErrorMsg) => this.serverError.emit(msg));
    // The server is shutting down (a restart or an upgrade): the room comes back from the store (screens/room.ts rejoins).
    room.onMessage('restarting', () => this.setStatus('restarting'));
    room.onMessage('*', () => {
      /* unknown messages are ignored (forward compatibility) */
    });
    room.onStateChange(() => this.refresh());
    room.onDrop(() => this.setStatus('reconnecting'));
    room.onReconnect(() => {
      this.shown.reconnected(); // the server gives back the time away at the next `shown`
      this.setStatus('open');
    });
    room.onLeave((code) => {
      if (this.status === 'restarting') return; // keep the reason the server gave
      if (code === CloseCodes.KICKED) {
        // The host removed us: our token is void; the invite link is the way back in, as a newcomer.
        forgetRoom(room.roomId);
        return this.setStatus('kicked');
      }
      this.setStatus(code === CLOSE_REPLACED ? 'replaced' : 'closed');
    });
  }

  get roomId(): string {
    return this.room.roomId;
  }

  private setStatus(status: ConnectionStatus): void {
    this.status = status;
    this.connection.emit(status);
  }

  private refresh(): void {
    this.snapshot = toSnapshot(this.room.roomId, this.room.state, this.memberId, this.decoder);
    this.rememberSeat(this.snapshot.me.seat);
    this.changed.emit(this.snapshot);
  }

  /** The seat held, for the home page's "your turn" (written only when it changes, not on every patch). */
  private rememberSeat(seat: number): void {
    if (this.memberId === null || seat === this.seatKept) return;
    this.seatKept = seat;
    storage.set(seatKey(this.room.roomId), String(seat));
  }

  /** Resolves once `welcome` has arrived (or after a short wait, whatever comes first). */
  async ready(timeoutMs = 4000): Promise<void> {
    await Promise.race([this.welcomed, new Promise((r) => setTimeout(r, timeoutMs))]);
    this.refresh();
  }

  send<T extends ClientMessageType>(type: T, payload: ClientMessages[T] = {} as ClientMessages[T]): void {
    if (this.status === 'closed' || this.status === 'replaced' || this.status === 'restarting' || this.status === 'kicked') return;
    this.room.send(type, payload);
  }

  /** The game table has drawn `snap` (it draws on the next frame): the seat's clock may start counting then. */
  tableDrawn(snap: RoomSnapshot): void {
    this.shown.drawn(snap);
  }

  intent(action: GameActions[keyof GameActions]): void {
    this.send('intent', { action });
  }

  async leave(): Promise<void> {
    this.shown.dispose();
    this.changed.clear();
    this.serverError.clear();
    this.connection.clear();
    try {
      await Promise.race([this.room.leave(true), new Promise((r) => setTimeout(r, 1000))]);
    } catch {
      /* already gone */
    }
  }

  static async create(game: string, name: string): Promise<RoomSession> {
    try {
      const room = await getClient().create('game', { game, name });
      const session = new RoomSession(room);
      await session.ready();
      return session;
    } catch (error) {
      throw classify(error);
    }
  }

  /** `seat`: the seat a newcomer asks for, or `'watch'` (docs/protocol.md; a token takes its own seat back instead). */
  static async join(roomId: string, name: string, seat?: JoinOptions['seat']): Promise<RoomSession> {
    const token = storage.get(tokenKey(roomId)) ?? undefined;
    try {
      const options: JoinOptions = token ? { name, token } : seat === undefined ? { name } : { name, seat };
      const room = await getClient().joinById(roomId, options);
      const session = new RoomSession(room);
      await session.ready();
      return session;
    } catch (error) {
      throw classify(error);
    }
  }
}
