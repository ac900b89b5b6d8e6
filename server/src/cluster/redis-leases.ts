/**
 * Room leases and process liveness in Redis (cluster mode, failover).
 *
 * - `fireside:lease:<roomId>` = the id of the process running the room, with
 *   a time to live of LEASE_MS, renewed every RENEW_MS by that process while
 *   the room lives (one script call for all its rooms) and deleted after the
 *   room's last write. Taken with SET NX: two processes never run the same
 *   room. A lease in Redis rather than a Postgres advisory lock: an advisory
 *   lock lives as long as one database connection, which a lost machine
 *   keeps open for minutes (TCP keepalive), and would pin one pooled
 *   connection per process; a key with a short time to live frees a dead
 *   process's rooms within seconds whatever killed it, and costs one Redis
 *   command per process per second.
 * - `fireside:alive:<processId>`: the process's heartbeat, same time to live.
 *   A process is dead when its heartbeat has expired, or at once when Redis
 *   has dropped its connections (kill -9, a crash: its IPC channel
 *   `p:<processId>` has no subscriber left); a dead process's leases may be
 *   taken over before they expire.
 */
import type { Redis } from 'ioredis';
import type { LeaseBackend } from './leases.js';

/** A lease lasts this long unless renewed: a dead process's rooms are free again after at most this. */
export const LEASE_MS = 3000;
/** Leases and heartbeats are renewed this often: two renewals may fail before a lease lapses. */
export const RENEW_MS = 1000;
/** A process found without heartbeat or IPC channel is looked at again after this before it is called dead (its Redis connection may be reconnecting). */
const RECHECK_MS = 200;
/** A dead process is not looked at again for this long (the others take its rooms over meanwhile). */
const DEAD_VERDICT_MS = 10_000;

export const leaseKey = (roomId: string) => `fireside:lease:${roomId}`;
export const aliveKey = (processId: string) => `fireside:alive:${processId}`;
/** Colyseus' IPC channel of a process, and of a room (MatchMaker's getProcessChannel, getRoomChannel). */
const processChannel = (processId: string) => `p:${processId}`;
const roomChannel = (roomId: string) => `$${roomId}`;

/** Free, already ours, or held by the dead process ARGV[3]: take it. */
const TAKE = `local cur = redis.call('get', KEYS[1])
if (not cur) or cur == ARGV[1] or (ARGV[3] ~= '' and cur == ARGV[3]) then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;
const DROP = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
/** Renews the leases still ours; answers the (1-based) positions of the others: expired, or taken by another process. */
const RENEW = `local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then redis.call('pexpire', key, ARGV[2]) else lost[#lost + 1] = i end
end
return lost`;
/** Renewed in batches: a script call holds Redis for its whole length. */
const RENEW_BATCH = 500;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class RedisLeases implements LeaseBackend {
  /** Processes found dead, until when the verdict stands (one that was only cut from Redis for a moment comes back). */
  private readonly dead = new Map<string, number>();

  constructor(
    private readonly redis: Redis,
    private readonly me: () => string,
    private readonly ttlMs = LEASE_MS,
  ) {}

  async take(roomId: string, deadOwner: string | null): Promise<boolean> {
    return (await this.redis.eval(TAKE, 1, leaseKey(roomId), this.me(), this.ttlMs, deadOwner ?? '')) === 1;
  }

  async drop(roomId: string): Promise<void> {
    await this.redis.eval(DROP, 1, leaseKey(roomId), this.me());
  }

  async renew(roomIds: string[]): Promise<string[]> {
    await this.redis.set(aliveKey(this.me()), '1', 'PX', this.ttlMs);
    const lost: string[] = [];
    for (let i = 0; i < roomIds.length; i += RENEW_BATCH) {
      const batch = roomIds.slice(i, i + RENEW_BATCH);
      const positions = (await this.redis.eval(RENEW, batch.length, ...batch.map(leaseKey), this.me(), this.ttlMs)) as number[];
      for (const p of positions) lost.push(batch[p - 1]);
    }
    return lost;
  }

  owner(roomId: string): Promise<string | null> {
    return this.redis.get(leaseKey(roomId));
  }

  /** Heartbeat at once (before the process takes any room) and gone at a graceful stop. */
  beat(): Promise<unknown> {
    return this.redis.set(aliveKey(this.me()), '1', 'PX', this.ttlMs);
  }

  stopBeating(): Promise<unknown> {
    return this.redis.del(aliveKey(this.me()));
  }

  /**
   * Does the room answer calls from other processes? Colyseus lists a room
   * before it subscribes to the room's channel: a seat reserved from another
   * process in between would wait 2 s for an answer that never comes.
   */
  async answers(roomId: string): Promise<boolean> {
    const [, n] = (await this.redis.pubsub('NUMSUB', roomChannel(roomId))) as [string, number];
    return Number(n) > 0;
  }

  /** Both signs of life: the heartbeat, and Colyseus' IPC channel still subscribed. */
  private async alive(processId: string): Promise<boolean> {
    const res = await this.redis.multi().exists(aliveKey(processId)).pubsub('NUMSUB', processChannel(processId)).exec();
    const beating = res?.[0]?.[1] === 1;
    const numsub = res?.[1]?.[1] as [string, number] | undefined;
    return beating && Number(numsub?.[1] ?? 0) > 0;
  }

  /** Has this process died? Looked at twice, RECHECK_MS apart, before saying so. */
  async isDead(processId: string): Promise<boolean> {
    if (processId === this.me()) return false;
    if ((this.dead.get(processId) ?? 0) > Date.now()) return true;
    this.dead.delete(processId);
    if ((await this.alive(processId)) || (await sleep(RECHECK_MS), await this.alive(processId))) return false;
    this.dead.set(processId, Date.now() + DEAD_VERDICT_MS);
    for (const [id, until] of this.dead) if (until <= Date.now()) this.dead.delete(id);
    return true;
  }
}
