/**
 * The abuse limits (issue 11): per client address, rooms created per minute,
 * rooms open, WebSocket connections open and matchmaking requests per
 * minute; for the whole server, rooms open. Every refusal is an HTTP answer
 * with a JSON `{ error }` the SDK surfaces as the join's error message
 * (429, or 503 when the server itself is full), never a silent drop.
 *
 * It screens at the HTTP gate (http-limits.ts), before Colyseus reads a
 * body or wakes a stored room: every matchmaking request (`POST
 * /matchmake/<method>/<room>`) and every WebSocket upgrade. It learns who
 * created which room from the matchmaker's answer (`attributeRooms`), and a
 * room stops counting once it is no longer loaded.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { matchMaker } from '@colyseus/core';
import { clientAddress } from './client-address.js';
import { OpenCounter, WindowCounter } from './counters.js';
import type { AbuseLimits } from './settings.js';

export interface Refusal {
  status: number;
  error: string;
  /** Seconds after which trying again may work (the `Retry-After` header). */
  retryAfter?: number;
}

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
  private warn: ((message: string) => void) | null;

  constructor(
    readonly limits: AbuseLimits,
    opts: { rooms?: RoomCensus; now?: () => number; warn?: (message: string) => void } = {},
  ) {
    this.rooms = opts.rooms ?? localRooms;
    this.joins = new WindowCounter(MINUTE, opts.now);
    this.creations = new WindowCounter(MINUTE, opts.now);
    this.warn = opts.warn ?? null;
  }

  /** Resolves the request's address and stamps it on the request (ADDRESS_HEADER). */
  address(req: IncomingMessage): string {
    if (this.warn && this.limits.trustProxy === 0 && req.headers['x-forwarded-for'] !== undefined) {
      // Once: behind a proxy every player would share the proxy's address, and its limits.
      this.warn('requests carry X-Forwarded-For but FIRESIDE_TRUST_PROXY is not set: the abuse limits count the peer address (a reverse proxy in front?)');
      this.warn = null;
    }
    const address = clientAddress(req, this.limits.trustProxy);
    req.headers[ADDRESS_HEADER] = address;
    return address;
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
    const l = this.limits;
    const joinWait = this.joins.hit(address, l.joinsPerMinute);
    if (joinWait > 0) {
      return {
        status: 429,
        error: `Too many attempts to join tables from your address (at most ${l.joinsPerMinute} a minute). Try again in ${seconds(joinWait)} s.`,
        retryAfter: seconds(joinWait),
      };
    }
    if (this.connections.count(address) >= l.connectionsPerAddress) return this.tooManyConnections();
    if (!CREATE_METHODS.has(method)) return null;

    if (this.openRoomsOf(address) + this.creating.count(address) >= l.openRoomsPerAddress) {
      return {
        status: 429,
        error: `Your address already has ${l.openRoomsPerAddress} open tables. A table closes a few minutes after everyone has left it; try again then.`,
        retryAfter: 60,
      };
    }
    if (this.rooms.open() + this.creatingTotal >= l.maxOpenRooms) {
      return { status: 503, error: `The server is full (${l.maxOpenRooms} open tables). Try again in a few minutes.`, retryAfter: 60 };
    }
    const createWait = this.creations.hit(address, l.roomsPerMinute);
    if (createWait > 0) {
      return {
        status: 429,
        error: `Too many tables created from your address (at most ${l.roomsPerMinute} a minute). Try again in ${seconds(createWait)} s.`,
        retryAfter: seconds(createWait),
      };
    }
    const release = this.creating.add(address);
    this.creatingTotal++;
    done(() => {
      release();
      this.creatingTotal--;
    });
    return null;
  }

  /** A WebSocket upgrade: null to let it through, counted until its socket closes. */
  screenUpgrade(req: IncomingMessage, socket: Duplex): Refusal | null {
    const address = this.address(req);
    if (this.connections.count(address) >= this.limits.connectionsPerAddress) return this.tooManyConnections();
    socket.once('close', this.connections.add(address));
    return null;
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
    return { status: 429, error: `Too many connections from your address (at most ${n} at once). Close some tables or tabs and try again.`, retryAfter: 10 };
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
