/**
 * The abuse limits (issue 11): per client address, rooms created per minute,
 * rooms open, WebSocket connections open and matchmaking requests per
 * minute; for the whole server, rooms open. Every refusal is an HTTP answer
 * with a JSON `{ error }` the SDK surfaces as the join's error message
 * (429, or 503 when the server itself is full), never a silent drop.
 *
 * It screens at the HTTP gate (http/gate.ts), before Colyseus reads a
 * body or wakes a stored room: every matchmaking request (`POST
 * /matchmake/<method>/<room>`) and every WebSocket upgrade. It learns who
 * created which room from the matchmaker's answer (`attributeRooms`), and a
 * room stops counting once it is no longer loaded. Waking a stored room
 * (cluster/restore.ts) takes a place under the server's cap too (`reserveRoom`).
 *
 * Each refusal is counted in /metrics by reason, and logged as one warning
 * line (no stack trace: it is the limits working, not a fault), at most once
 * a minute per address and reason: a flood is not a flood of log lines.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { matchMaker } from '@colyseus/core';
import { limitRefused, type RefusalReason } from '../observe/metrics.js';
import { addressKey, clientAddress, compileTrust, type TrustTest } from './client-address.js';
import { OpenCounter, WindowCounter } from './counters.js';
import type { AbuseLimits } from './settings.js';

export type { RefusalReason };

export interface Refusal {
  status: number;
  error: string;
  /** Seconds after which trying again may work (the `Retry-After` header). */
  retryAfter?: number;
  /** Which abuse limit refused it (a refusal of the gate itself, not of the body's size). */
  reason?: RefusalReason;
}

/** Where the gate's lines go: a warning once when a proxy seems to be in front, and its refusals. */
export type GateLog = (fields: Record<string, unknown>, message: string) => void;

/**
 * The request's client address, as the gate resolved it, for the routes
 * behind it (a client-sent header of this name is overwritten).
 */
export const ADDRESS_HEADER = 'x-fireside-client-address';

const MINUTE = 60_000;
const CREATE_METHODS = new Set(['create', 'joinOrCreate']);

/** The method of a matchmaking request (`create`, `joinById`…), or null for any other request. */
export function matchmakeMethod(req: IncomingMessage): string | null {
  if (req.method !== 'POST' || !req.url) return null;
  const m = /^\/matchmake\/(\w+)\//.exec(req.url);
  return m ? m[1] : null;
}

/** What the gate needs to know of the rooms (the matchmaker's, in production). */
export interface RoomCensus {
  /** Rooms loaded in this process. */
  open(): number;
  isOpen(roomId: string): boolean;
}

export const localRooms: RoomCensus = {
  open: () => matchMaker.stats.local.roomCount,
  isOpen: (roomId) => matchMaker.getLocalRoomById(roomId) !== undefined,
};

const seconds = (ms: number) => Math.ceil(ms / 1000);

export class AbuseGate {
  private readonly joins: WindowCounter;
  private readonly creations: WindowCounter;
  private readonly connections = new OpenCounter();
  /** Creations under way (request seen, room not yet known), per address. */
  private readonly creating = new OpenCounter();
  private creatingTotal = 0;
  /** The rooms each address created that may still be open. */
  private readonly roomsOf = new Map<string, Set<string>>();
  private readonly rooms: RoomCensus;
  private readonly trust: TrustTest;
  private readonly warn: GateLog | null;
  private proxyWarned = false;
  /** Refusals logged per address and reason in the current minute (one line each). */
  private readonly logged: WindowCounter;

  constructor(
    readonly limits: AbuseLimits,
    opts: { rooms?: RoomCensus; now?: () => number; warn?: GateLog } = {},
  ) {
    this.rooms = opts.rooms ?? localRooms;
    this.trust = compileTrust(limits.trustProxy);
    this.joins = new WindowCounter(MINUTE, opts.now);
    this.creations = new WindowCounter(MINUTE, opts.now);
    this.logged = new WindowCounter(MINUTE, opts.now);
    this.warn = opts.warn ?? null;
  }

  /**
   * Resolves the request's address (client-address.ts), folds it into the
   * key its limits count (an IPv6 client's /64) and stamps that on the
   * request (ADDRESS_HEADER). HTTP requests and WebSocket upgrades alike.
   */
  address(req: IncomingMessage): string {
    if (this.warn && !this.proxyWarned && req.headers['x-forwarded-for'] !== undefined) this.warnUntrustedProxy(req);
    const address = addressKey(clientAddress(req, this.trust));
    req.headers[ADDRESS_HEADER] = address;
    return address;
  }

  /**
   * Once: a peer not in FIRESIDE_TRUST_PROXY sends X-Forwarded-For. A proxy
   * left out of the list would make every player share its address, and its
   * limits; the line names the peer, the address to add if it is yours.
   */
  private warnUntrustedProxy(req: IncomingMessage): void {
    const peer = req.socket?.remoteAddress ?? 'unknown';
    if (this.trust(peer, 0)) return;
    this.proxyWarned = true;
    const setting = this.limits.trustProxy.length === 0 ? 'FIRESIDE_TRUST_PROXY is not set' : `${peer} is not in FIRESIDE_TRUST_PROXY`;
    this.warn!(
      { event: 'limits.warning', peer },
      `requests from ${peer} carry X-Forwarded-For but ${setting}: the abuse limits count the peer address (a reverse proxy in front? list its address)`,
    );
  }

  /**
   * Any HTTP request: null to let it through. A matchmaking request that
   * passes is counted (a creation stays "under way" until `done` runs: the
   * caller runs it when the answer is out).
   */
  screenRequest(req: IncomingMessage, done: (onDone: () => void) => void): Refusal | null {
    const address = this.address(req);
    const method = matchmakeMethod(req);
    if (method === null) return null;
    const refusal = this.screenMatchmake(address, method, done);
    return refusal && this.refused(refusal, address, req);
  }

  private screenMatchmake(address: string, method: string, done: (onDone: () => void) => void): Refusal | null {
    const l = this.limits;
    const joinWait = this.joins.hit(address, l.joinsPerMinute);
    if (joinWait > 0) {
      return {
        status: 429,
        error: `Too many attempts to join tables from your address (at most ${l.joinsPerMinute} a minute). Try again in ${seconds(joinWait)} s.`,
        retryAfter: seconds(joinWait),
        reason: 'joins_per_minute',
      };
    }
    if (this.connections.count(address) >= l.connectionsPerAddress) return this.tooManyConnections();
    if (!CREATE_METHODS.has(method)) return null;

    if (this.openRoomsOf(address) + this.creating.count(address) >= l.openRoomsPerAddress) {
      return {
        status: 429,
        error: `Your address already has ${l.openRoomsPerAddress} open tables. A table closes a few minutes after everyone has left it; try again then.`,
        retryAfter: 60,
        reason: 'open_rooms',
      };
    }
    if (this.full()) return this.fullRefusal();
    const createWait = this.creations.hit(address, l.roomsPerMinute);
    if (createWait > 0) {
      return {
        status: 429,
        error: `Too many tables created from your address (at most ${l.roomsPerMinute} a minute). Try again in ${seconds(createWait)} s.`,
        retryAfter: seconds(createWait),
        reason: 'rooms_per_minute',
      };
    }
    const release = this.creating.add(address);
    const unreserve = this.reserve();
    done(() => {
      release();
      unreserve();
    });
    return null;
  }

  /** A WebSocket upgrade: null to let it through, counted until its socket closes. */
  screenUpgrade(req: IncomingMessage, socket: Duplex): Refusal | null {
    const address = this.address(req);
    if (this.connections.count(address) >= this.limits.connectionsPerAddress) return this.refused(this.tooManyConnections(), address, req);
    socket.once('close', this.connections.add(address));
    return null;
  }

  /** Whether the server holds all the rooms it may (loaded ones and those being created or woken). */
  private full(): boolean {
    return this.rooms.open() + this.creatingTotal >= this.limits.maxOpenRooms;
  }

  private reserve(): () => void {
    this.creatingTotal++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.creatingTotal--;
    };
  }

  /**
   * A place for a room about to be loaded (a stored room woken by a join,
   * cluster/restore.ts): the function that gives it back once the room is loaded (it
   * then counts itself) or failed; null when the server is full.
   */
  reserveRoom(): (() => void) | null {
    return this.full() ? null : this.reserve();
  }

  /** The answer to a request that needed a room loaded while the server is full (counted and logged as a refusal). */
  refuseFull(req: IncomingMessage): Refusal {
    const address = typeof req.headers[ADDRESS_HEADER] === 'string' ? req.headers[ADDRESS_HEADER] : this.address(req);
    return this.refused(this.fullRefusal(), address, req);
  }

  private fullRefusal(): Refusal {
    const max = this.limits.maxOpenRooms;
    return { status: 503, error: `The server is full (${max} open tables). Try again in a few minutes.`, retryAfter: 60, reason: 'server_full' };
  }

  /** Counts a refusal in /metrics; logs it as one warning line, the first of its address and reason in a minute. */
  private refused(refusal: Refusal, address: string, req: IncomingMessage): Refusal {
    const reason = refusal.reason ?? 'other';
    limitRefused(reason).inc();
    if (this.warn && this.logged.hit(`${reason}\u0000${address}`, 1) === 0) {
      const request = `${req.method ?? '?'} ${(req.url ?? '').split('?')[0].slice(0, 100)}`;
      this.warn(
        { event: 'limits.refused', reason, status: refusal.status, address, request },
        `refused ${request} from ${address}: ${refusal.error} (further refusals of this address for this reason within a minute are only counted, in fireside_limit_refusals_total)`,
      );
    }
    return refusal;
  }

  /** The matchmaker created `roomId` for a request from `address`. */
  roomCreated(roomId: string, address: string): void {
    let rooms = this.roomsOf.get(address);
    if (!rooms) this.roomsOf.set(address, (rooms = new Set()));
    rooms.add(roomId);
  }

  /** Rooms created by `address` that are still open (closed ones are forgotten here). */
  openRoomsOf(address: string): number {
    const rooms = this.roomsOf.get(address);
    if (!rooms) return 0;
    for (const id of rooms) if (!this.rooms.isOpen(id)) rooms.delete(id);
    if (rooms.size === 0) this.roomsOf.delete(address);
    return rooms.size;
  }

  private tooManyConnections(): Refusal {
    const n = this.limits.connectionsPerAddress;
    return {
      status: 429,
      error: `Too many connections from your address (at most ${n} at once). Close some tables or tabs and try again.`,
      retryAfter: 10,
      reason: 'connections',
    };
  }
}

/**
 * Tells `gate` who created each room: wraps the matchmaker's controller
 * (Colyseus' documented customisation point), whose answer to a creation
 * names the room, and whose request carries the address the gate stamped.
 * Installed again by each server of a process (tests start several); the
 * newest gate wins.
 */
export function attributeRooms(gate: AbuseGate): void {
  type Invoke = typeof matchMaker.controller.invokeMethod;
  const controller = matchMaker.controller as typeof matchMaker.controller & { unwrappedInvoke?: Invoke };
  const invoke = (controller.unwrappedInvoke ??= controller.invokeMethod);
  controller.invokeMethod = async function (method, roomName, clientOptions, authContext) {
    const reservation = (await invoke.call(this, method, roomName, clientOptions, authContext)) as { roomId?: unknown } | undefined;
    const address = authContext?.headers?.get(ADDRESS_HEADER);
    if (CREATE_METHODS.has(method) && address && typeof reservation?.roomId === 'string') gate.roomCreated(reservation.roomId, address);
    return reservation;
  };
}
