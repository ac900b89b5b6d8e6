/**
 * Who runs a room: a loaded room holds its lease, taken before it first
 * writes to the store and handed back after its last write (onDispose).
 *
 * With one process the leases are only this bookkeeping: a room unloading
 * (its last snapshot still being written) is not loaded again until that
 * write is done. In a cluster (redis-leases.ts) each lease is also a key
 * in Redis with a short time to live, renewed by the process while the room
 * lives: two processes never run the same room, and the rooms of a process
 * that died are free again within seconds (failover.ts).
 */
import { errorField, type Logger } from '../observe/logger.js';

/** Where the leases live beyond this process (Redis in a cluster). */
export interface LeaseBackend {
  /** Takes the room's lease for this process: free, already ours, or held by `deadOwner` (a process found dead). */
  take(roomId: string, deadOwner: string | null): Promise<boolean>;
  /** Deletes the room's lease if this process still holds it. */
  drop(roomId: string): Promise<void>;
  /** Renews these leases (and this process's heartbeat); answers the ids this process no longer holds. */
  renew(roomIds: string[]): Promise<string[]>;
  /** The process holding the room's lease, or null. */
  owner(roomId: string): Promise<string | null>;
}

export class RoomLeases {
  /** Held leases, each with the number of its taking: a renewal's answer about an older taking is ignored. */
  private readonly held = new Map<string, number>();
  private readonly releasing = new Map<string, Promise<void>>();
  private takings = 0;
  private lostListener: (roomId: string) => void = () => undefined;
  private timer: ReturnType<typeof setInterval> | null = null;
  private renewing = false;

  constructor(
    readonly backend: LeaseBackend | null = null,
    private readonly log?: Logger,
  ) {}

  /** Takes the room for this process, after any release of it still in progress here; false while another process holds it. */
  async acquire(roomId: string, deadOwner: string | null = null): Promise<boolean> {
    await this.releasing.get(roomId);
    if (this.held.has(roomId)) return true;
    if (this.backend && !(await this.backend.take(roomId, deadOwner))) return false;
    this.held.set(roomId, ++this.takings);
    return true;
  }

  /** Hands the room back once `lastWrites` settle (the room's last snapshot and events are in the store). */
  release(roomId: string, lastWrites: Promise<unknown> = Promise.resolve()): Promise<void> {
    const done = (async () => {
      await lastWrites.catch(() => undefined);
      if (!this.held.delete(roomId)) return;
      await this.backend?.drop(roomId);
    })()
      .catch((e) => this.log?.warn({ event: 'room.lease_release_failed', roomId, err: errorField(e) }, 'releasing a room lease failed'))
      .finally(() => {
        if (this.releasing.get(roomId) === done) this.releasing.delete(roomId);
      });
    this.releasing.set(roomId, done);
    return done;
  }

  holds(roomId: string): boolean {
    return this.held.has(roomId);
  }

  /** Who holds the room's lease (null: nobody; always this process's own with one process). */
  owner(roomId: string): Promise<string | null> {
    return this.backend ? this.backend.owner(roomId) : Promise.resolve(null);
  }

  /** `listener` runs for a room whose lease another process took (this one must stop the room at once). */
  onLost(listener: (roomId: string) => void): void {
    this.lostListener = listener;
  }

  /** Renews every held lease each `intervalMs` (a cluster). */
  start(intervalMs: number): void {
    if (!this.backend || this.timer) return;
    this.timer = setInterval(() => void this.renew(), intervalMs);
    this.timer.unref();
    void this.renew();
  }

  /** Stops renewing, once the leases being handed back are (a graceful stop: every room is closed by then). */
  async stop(): Promise<void> {
    await Promise.all(this.releasing.values());
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One renewal round; exported for tests. */
  async renew(): Promise<void> {
    if (!this.backend || this.renewing) return;
    this.renewing = true;
    const round = [...this.held];
    try {
      const lost = new Set(await this.backend.renew(round.map(([id]) => id)));
      for (const [id, taking] of round) {
        // Released (or released and taken again) meanwhile: not this taking's loss.
        if (!lost.has(id) || this.held.get(id) !== taking) continue;
        this.held.delete(id);
        this.log?.warn(
          { event: 'room.lease_lost', roomId: id },
          'this room is no longer leased to this process (its lease lapsed, or another process took it): stopping it here',
        );
        this.lostListener(id);
      }
    } catch (e) {
      this.log?.warn({ event: 'room.lease_renew_failed', rooms: round.length, err: errorField(e) }, 'renewing the room leases failed');
    } finally {
      this.renewing = false;
    }
  }
}

/** The leases of a single process (no backend), shared by its rooms and its restorer. */
export const processLeases = new RoomLeases();
