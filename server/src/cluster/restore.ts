/**
 * Rooms come back from the store: every room with an unfinished match or
 * recent activity when the server starts, and any other stored room the
 * moment someone opens its link or reclaims a seat in it (a room unloaded
 * while idle, or one that was not restored at start). Same room id, same
 * invite link; members reclaim their seats with their tokens.
 *
 * With several processes (cluster.ts) a room lives in one of them, the one
 * holding its lease (leases.ts, redis-leases.ts): a room another live
 * process runs is left there, and Colyseus sends its joins to that process.
 * A room whose process died (failover.ts) is taken over: its lease is taken
 * from the dead process and the room is loaded here.
 *
 * A woken room takes a place under the server's cap on rooms
 * (FIRESIDE_MAX_ROOMS, limits/abuse-gate.ts) like a new one: when the server
 * is full the room stays in the store, unharmed, and the join that asked for
 * it is refused as a creation would be (503, the server is full).
 */
import type { IncomingMessage } from 'node:http';
import { matchMaker } from '@colyseus/core';
import { errorField, type Logger } from '../observe/logger.js';
import { restoreFailed, restoreOk } from '../observe/metrics.js';
import { processLeases, type RoomLeases } from './leases.js';
import type { MatchStore } from '../store/types.js';

const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Where a room is: run by another live process (`elsewhere`), being loaded
 * or unloaded by one (`busy`: wait), or free to load here (nobody holds its
 * lease, or a dead process does: `deadOwner`).
 */
export type Location = { at: 'elsewhere' } | { at: 'busy' } | { at: 'free'; deadOwner: string | null };

/** Rooms in this process only, or in every process of a cluster (cluster.ts). */
export interface RoomDirectory {
  locate(roomId: string): Promise<Location>;
}

export const oneProcess: RoomDirectory = {
  locate: async () => ({ at: 'free', deadOwner: null }),
};

/** What a wake did: loaded the room here, found it loaded in another process, found no such room, found the server full, or failed. */
export type WakeResult = 'here' | 'elsewhere' | 'missing' | 'full' | 'failed';

/** The server's cap on loaded rooms (the abuse gate's): a place for one more, or null when full. */
export interface RoomCapacity {
  reserveRoom(): (() => void) | null;
}

/**
 * Creates the stored room in this process: the matchmaker's creation of the
 * game room with its restore key (listen.ts). Passed in, so that cluster/
 * does not import the rooms, which take their leases from here.
 */
export type RoomLoader = (roomId: string) => Promise<unknown>;

const unlimited: RoomCapacity = { reserveRoom: () => () => undefined };

/** How long a wake waits while another process loads or unloads the room (a rolling restart: it writes its last snapshot). */
const BUSY_WAIT_MS = 10_000;
const BUSY_POLL_MS = 50;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** What the start-up restore did (`full`: rooms left in the store, the server holding all the rooms it may). */
export interface RestoreSummary {
  restored: number;
  failed: number;
  elsewhere: number;
  full: number;
  ms: number;
}

export class RoomRestorer {
  private readonly inFlight = new Map<string, Promise<WakeResult>>();

  constructor(
    private readonly store: MatchStore,
    private readonly log: Logger,
    private readonly loadHere: RoomLoader,
    private readonly directory: RoomDirectory = oneProcess,
    private readonly leases: RoomLeases = processLeases,
    private readonly capacity: RoomCapacity = unlimited,
  ) {}

  /** Loads the room into this process unless it is loaded here or elsewhere already; false if the store has no such room. */
  async wake(roomId: string): Promise<boolean> {
    const result = await this.wakeFor(roomId);
    return result === 'here' || result === 'elsewhere';
  }

  /** `waitMs`: how long to wait for a room another process is loading or unloading (then 'elsewhere'). */
  wakeFor(roomId: string, waitMs = BUSY_WAIT_MS): Promise<WakeResult> {
    if (!ROOM_ID.test(roomId)) return Promise.resolve('missing');
    if (matchMaker.getLocalRoomById(roomId)) return Promise.resolve('here');
    // A stopping process loads nothing (its rooms are being handed back).
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return Promise.resolve('failed');
    let running = this.inFlight.get(roomId);
    if (!running) {
      running = this.claimAndLoad(roomId, waitMs).finally(() => this.inFlight.delete(roomId));
      this.inFlight.set(roomId, running);
    }
    return running;
  }

  /** Takes the room's lease (waiting while another live process loads or unloads it), then loads it here. */
  private async claimAndLoad(roomId: string, waitMs: number): Promise<WakeResult> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const where = await this.directory.locate(roomId);
      this.log.debug({ event: 'room.located', roomId, ...where }, 'where the room is');
      if (where.at === 'elsewhere') return 'elsewhere';
      if (where.at === 'free' && (await this.leases.acquire(roomId, where.deadOwner))) break;
      if (Date.now() >= deadline) {
        if (waitMs > 0) this.log.warn({ event: 'room.restore_busy', roomId }, 'another process has been loading this room for too long');
        return waitMs > 0 ? 'failed' : 'elsewhere';
      }
      await sleep(BUSY_POLL_MS);
    }
    const result = await this.load(roomId).catch(() => 'failed' as const);
    // Loaded: the room holds the lease now, and hands it back when it unloads.
    if (result !== 'here') await this.leases.release(roomId);
    return result;
  }

  private async load(roomId: string): Promise<WakeResult> {
    if (!(await this.store.loadRoom(roomId))) return 'missing';
    // Counted from here: concurrent wakes cannot all slip under the cap.
    const release = this.capacity.reserveRoom();
    if (!release) return 'full';
    try {
      await this.loadHere(roomId);
      restoreOk.inc();
      return 'here';
    } catch (e) {
      restoreFailed.inc();
      this.log.error({ event: 'room.restore_failed', roomId, err: errorField(e) }, 'restoring a room from the store failed');
      return 'failed';
    } finally {
      release();
    }
  }

  /**
   * At start: every room with an unfinished match, or active since
   * `activeSince`, that no other process has loaded; past the cap on rooms
   * (`full`) the others stay in the store until someone opens them.
   */
  async restoreAll(activeSince: number): Promise<RestoreSummary> {
    const started = performance.now();
    const ids = await this.store.listRestorable(activeSince);
    const count = { here: 0, elsewhere: 0, full: 0 };
    for (const id of ids) {
      // Busy elsewhere: left to that process.
      const result = await this.wakeFor(id, 0);
      if (result === 'here' || result === 'elsewhere' || result === 'full') count[result]++;
    }
    const { here, elsewhere, full } = count;
    return { restored: here, failed: ids.length - here - elsewhere - full, elsewhere, full, ms: performance.now() - started };
  }

  /**
   * For the HTTP gate: a join by id (an invite link, a reload, a comeback
   * after a restart) wakes its room first, so the matchmaker finds it.
   */
  async beforeRequest(req: IncomingMessage): Promise<WakeResult | null> {
    if (req.method !== 'POST' || !req.url) return null;
    const m = /^\/matchmake\/(?:joinById|reconnect)\/([^/?]+)/.exec(req.url);
    return m ? this.wakeFor(decodeURIComponent(m[1])) : null;
  }
}
