/**
 * Failover (cluster mode): every process watches the others. Each second it
 * looks at the processes Colyseus knows (its `roomcount` hash) and finds the
 * dead ones (no heartbeat, or no IPC channel: redis-leases.ts). For each
 * dead process, the first survivor to find it:
 *
 * 1. drops it from Colyseus' process list (new rooms are never sent there);
 * 2. removes the listings that still name it (fenced-driver.ts), so a join
 *    is not sent to a process that cannot answer;
 * 3. loads its rooms here from the store, a few at a time (restore.ts: each
 *    takes the room's lease first, so a room its members already brought
 *    back elsewhere stays there).
 *
 * Members coming back on their own (the web client and the bot client rejoin
 * with their token) do not wait for this: a join for a room whose process is
 * dead takes the room's lease over and loads it wherever it lands.
 */
import { matchMaker } from '@colyseus/core';
import type { Redis } from 'ioredis';
import type { FencedRedisDriver } from './fenced-driver.js';
import type { RedisLeases } from './redis-leases.js';
import { errorField, type Logger } from '../observe/logger.js';
import type { RoomRestorer } from './restore.js';

/** How often a process looks for dead ones. */
export const WATCH_MS = 1000;
/** Rooms of a dead process loaded at once. */
const PARALLEL_RESTORES = 4;
/** Colyseus' hash of live processes and their room counts (Stats.ts). */
const PROCESSES = 'roomcount';

export interface WatchDeps {
  redis: Redis;
  leases: RedisLeases;
  driver: Pick<FencedRedisDriver, 'query' | 'cleanup'>;
  restorer: RoomRestorer;
  log: Logger;
}

export class ProcessWatch {
  private timer: ReturnType<typeof setInterval> | null = null;
  private looking = false;

  constructor(private readonly deps: WatchDeps) {}

  start(intervalMs = WATCH_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.look(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One look at the other processes. */
  async look(): Promise<void> {
    // A stopping process hands its own rooms back and takes none.
    if (this.looking || matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return;
    this.looking = true;
    try {
      const others = (await this.deps.redis.hkeys(PROCESSES)).filter((id) => id !== matchMaker.processId);
      const dead = await Promise.all(others.map(async (id) => ((await this.deps.leases.isDead(id)) ? id : null)));
      for (const id of dead) if (id) await this.takeOver(id);
    } catch (e) {
      this.deps.log.warn({ event: 'cluster.watch_failed', err: errorField(e) }, 'looking for dead processes failed');
    } finally {
      this.looking = false;
    }
  }

  private async takeOver(processId: string): Promise<void> {
    const { redis, driver, restorer, log } = this.deps;
    // Only the survivor that removes it from the list takes over its rooms.
    if ((await redis.hdel(PROCESSES, processId)) === 0) return;
    const rooms = (await driver.query({ processId })).map((r) => r.roomId);
    await driver.cleanup(processId);
    log.warn({ event: 'cluster.process_dead', processId, rooms: rooms.length }, `process ${processId} is gone: loading its ${rooms.length} rooms`);
    const started = performance.now();
    let here = 0;
    let next = 0;
    const worker = async () => {
      while (next < rooms.length) {
        const roomId = rooms[next++];
        if ((await restorer.wakeFor(roomId)) === 'here') here++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_RESTORES, rooms.length) }, worker));
    const ms = Math.round(performance.now() - started);
    log.info(
      { event: 'cluster.rooms_taken_over', processId, rooms: rooms.length, here, ms },
      `loaded ${here} of the ${rooms.length} rooms of process ${processId} in ${ms} ms`,
    );
  }
}
