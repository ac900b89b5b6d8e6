/**
 * Rooms come back from the store: every room with an unfinished match or
 * recent activity when the server starts, and any other stored room the
 * moment someone opens its link or reclaims a seat in it (a room unloaded
 * while idle, or one that was not restored at start). Same room id, same
 * invite link; members reclaim their seats with their tokens.
 *
 * With several processes (cluster.ts) a room lives in one of them: a room
 * another live process has loaded (listed in the Redis driver) is left
 * there, and Colyseus sends its joins to that process. Loading a stored room
 * takes a claim first, so two processes woken for the same room at once do
 * not both load it. Not handled here (failover): a room listed by a process
 * that died stays listed until Colyseus' health check drops that process's
 * listings (a seat reservation that times out), and nobody restores it until
 * someone asks for it again.
 */
import type { IncomingMessage } from 'node:http';
import { matchMaker } from '@colyseus/core';
import { ROOM_NAME } from './app.config.js';
import { errorField, type Logger } from './observe/logger.js';
import { restoreFailed, restoreOk } from './observe/metrics.js';
import { RESTORE_KEY } from './rooms/GameRoom.js';
import type { MatchStore } from './store/types.js';

const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Where rooms are loaded: this process only, or every process of a cluster (cluster.ts). */
export interface RoomDirectory {
  /** Is the room loaded in some process (this one included)? */
  listed(roomId: string): Promise<boolean>;
  /** The right to load the room here, for a while; false while another process holds it. */
  claim(roomId: string): Promise<boolean>;
  release(roomId: string): Promise<void>;
}

export const oneProcess: RoomDirectory = {
  listed: async (roomId) => matchMaker.getLocalRoomById(roomId) !== undefined,
  claim: async () => true,
  release: async () => undefined,
};

/** What a wake did: loaded the room here, found it loaded in another process, found no such room, or failed. */
export type WakeResult = 'here' | 'elsewhere' | 'missing' | 'failed';

/** How long a process waits for another one's claim on a room (it is loading it) before giving up. */
const CLAIM_WAIT_MS = 10_000;
const CLAIM_POLL_MS = 50;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class RoomRestorer {
  private readonly inFlight = new Map<string, Promise<WakeResult>>();

  constructor(
    private readonly store: MatchStore,
    private readonly log: Logger,
    private readonly directory: RoomDirectory = oneProcess,
  ) {}

  /** Loads the room into this process unless it is loaded here or elsewhere already; false if the store has no such room. */
  async wake(roomId: string): Promise<boolean> {
    const result = await this.wakeFor(roomId);
    return result === 'here' || result === 'elsewhere';
  }

  private wakeFor(roomId: string): Promise<WakeResult> {
    if (!ROOM_ID.test(roomId)) return Promise.resolve('missing');
    if (matchMaker.getLocalRoomById(roomId)) return Promise.resolve('here');
    let running = this.inFlight.get(roomId);
    if (!running) {
      running = this.claimAndLoad(roomId).finally(() => this.inFlight.delete(roomId));
      this.inFlight.set(roomId, running);
    }
    return running;
  }

  /** Waits while another process holds the claim (it is loading the room): its listing then says where the room is. */
  private async claimAndLoad(roomId: string): Promise<WakeResult> {
    const deadline = Date.now() + CLAIM_WAIT_MS;
    for (;;) {
      if (await this.directory.listed(roomId)) return 'elsewhere';
      if (await this.directory.claim(roomId)) break;
      if (Date.now() > deadline) {
        this.log.warn({ event: 'room.restore_busy', roomId }, 'another process has been loading this room for too long');
        return 'failed';
      }
      await sleep(CLAIM_POLL_MS);
    }
    try {
      // Loaded by another process between the look and the claim.
      if (await this.directory.listed(roomId)) return 'elsewhere';
      return await this.load(roomId);
    } finally {
      await this.directory
        .release(roomId)
        .catch((e) => this.log.warn({ event: 'room.claim_release_failed', roomId, err: errorField(e) }, 'releasing a room claim failed'));
    }
  }

  private async load(roomId: string): Promise<WakeResult> {
    if (!(await this.store.loadRoom(roomId))) return 'missing';
    try {
      // Created in this process (app.config.ts never sends a creation to another): RESTORE_KEY is this process's own.
      await matchMaker.createRoom(ROOM_NAME, { restore: RESTORE_KEY, roomId });
      restoreOk.inc();
      return 'here';
    } catch (e) {
      restoreFailed.inc();
      this.log.error({ event: 'room.restore_failed', roomId, err: errorField(e) }, 'restoring a room from the store failed');
      return 'failed';
    }
  }

  /** At start: every room with an unfinished match, or active since `activeSince`, that no other process has loaded. */
  async restoreAll(activeSince: number): Promise<{ restored: number; failed: number; elsewhere: number; ms: number }> {
    const started = performance.now();
    const ids = await this.store.listRestorable(activeSince);
    let restored = 0;
    let elsewhere = 0;
    for (const id of ids) {
      const result = await this.wakeFor(id);
      if (result === 'here') restored++;
      else if (result === 'elsewhere') elsewhere++;
    }
    return { restored, failed: ids.length - restored - elsewhere, elsewhere, ms: performance.now() - started };
  }

  /**
   * For the HTTP gate: a join by id (an invite link, a reload, a comeback
   * after a restart) wakes its room first, so the matchmaker finds it.
   */
  async beforeRequest(req: IncomingMessage): Promise<void> {
    if (req.method !== 'POST' || !req.url) return;
    const m = /^\/matchmake\/(?:joinById|reconnect)\/([^/?]+)/.exec(req.url);
    if (m) await this.wake(decodeURIComponent(m[1]));
  }
}
