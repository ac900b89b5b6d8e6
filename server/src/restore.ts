/**
 * Rooms come back from the store: every room with an unfinished match or
 * recent activity when the server starts, and any other stored room the
 * moment someone opens its link or reclaims a seat in it (a room unloaded
 * while idle, or one that was not restored at start). Same room id, same
 * invite link; members reclaim their seats with their tokens.
 */
import type { IncomingMessage } from 'node:http';
import { matchMaker } from '@colyseus/core';
import { ROOM_NAME } from './app.config.js';
import { errorField, type Logger } from './observe/logger.js';
import { restoreFailed, restoreOk } from './observe/metrics.js';
import { RESTORE_KEY } from './rooms/GameRoom.js';
import type { MatchStore } from './store/types.js';

const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

export class RoomRestorer {
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly store: MatchStore,
    private readonly log: Logger,
  ) {}

  /** Loads the room into this process unless it is already there; false if the store has no such room. */
  wake(roomId: string): Promise<boolean> {
    if (!ROOM_ID.test(roomId)) return Promise.resolve(false);
    if (matchMaker.getLocalRoomById(roomId)) return Promise.resolve(true);
    let running = this.inFlight.get(roomId);
    if (!running) {
      running = this.load(roomId).finally(() => this.inFlight.delete(roomId));
      this.inFlight.set(roomId, running);
    }
    return running;
  }

  private async load(roomId: string): Promise<boolean> {
    if (!(await this.store.loadRoom(roomId))) return false;
    try {
      await matchMaker.createRoom(ROOM_NAME, { restore: RESTORE_KEY, roomId });
      restoreOk.inc();
      return true;
    } catch (e) {
      restoreFailed.inc();
      this.log.error({ event: 'room.restore_failed', roomId, err: errorField(e) }, 'restoring a room from the store failed');
      return false;
    }
  }

  /** At start: every room with an unfinished match, or active since `activeSince`. */
  async restoreAll(activeSince: number): Promise<{ restored: number; failed: number; ms: number }> {
    const started = performance.now();
    const ids = await this.store.listRestorable(activeSince);
    let restored = 0;
    for (const id of ids) if (await this.wake(id)) restored++;
    return { restored, failed: ids.length - restored, ms: performance.now() - started };
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
