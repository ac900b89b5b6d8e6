/**
 * Colyseus' Redis driver (the list of loaded rooms, each with its process),
 * with every write fenced by the room's lease (redis-leases.ts), so a
 * listing always names the process that runs the room:
 *
 * - a listing is written (a room loaded, locked, changed) only by the
 *   process holding the room's lease: a process that lost a room (it stalled
 *   past its lease) cannot list it over its new owner;
 * - a listing is removed (a room unloaded) only by the process it names: a
 *   room disposed late in one process does not unlist it from another;
 * - a dead process's listings are cleaned (Colyseus' health check, failover.ts)
 *   only while they still name it: a room already restored elsewhere stays.
 *
 * One Redis, not Redis Cluster: the scripts touch the listing hash and a
 * lease key together.
 */
import type { IRoomCache } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import type { Redis } from 'ioredis';
import { leaseKey } from './redis-leases.js';

/** The driver's hash of listings (RedisDriver's ROOMCACHES_KEY). */
const LISTINGS = 'roomcaches';

/** KEYS: listings, lease; ARGV: roomId, listing, this process. */
const WRITE_IF_LEASED = `if redis.call('get', KEYS[2]) == ARGV[3] then
  redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
  return 1
end
return 0`;
/** KEYS: listings; ARGV: the process's marker in a listing's JSON, then room ids. Deletes those listings that name the process. */
const REMOVE_IF_NAMED = `local n = 0
for i = 2, #ARGV do
  local listing = redis.call('hget', KEYS[1], ARGV[i])
  if listing and string.find(listing, ARGV[1], 1, true) then n = n + redis.call('hdel', KEYS[1], ARGV[i]) end
end
return n`;
const BATCH = 500;

/** How a listing's JSON names its process (JSON.stringify of the room cache, as RedisDriver writes it). */
const named = (processId: string) => `"processId":${JSON.stringify(processId)}`;

export class FencedRedisDriver extends RedisDriver {
  constructor(
    private readonly redis: Redis,
    private readonly me: () => string,
  ) {
    super(redis);
  }

  override async persist(room: IRoomCache): Promise<boolean> {
    if (!room.roomId) return false;
    const written = await this.redis.eval(WRITE_IF_LEASED, 2, LISTINGS, leaseKey(room.roomId), room.roomId, JSON.stringify(room), this.me());
    return written === 1;
  }

  override async update(room: IRoomCache, operations: Partial<{ $set: Partial<IRoomCache>; $inc: Partial<IRoomCache> }>): Promise<boolean> {
    const fields = room as unknown as Record<string, number | unknown>;
    for (const [field, value] of Object.entries(operations.$set ?? {})) fields[field] = value;
    for (const [field, value] of Object.entries(operations.$inc ?? {})) fields[field] = (fields[field] as number) + (value as number);
    return this.persist(room);
  }

  override async remove(roomId: string): Promise<boolean> {
    return (await this.removeNamed(this.me(), [roomId])) > 0;
  }

  override async cleanup(processId: string): Promise<void> {
    const ids = (await this.query({ processId })).map((r) => r.roomId);
    await this.removeNamed(processId, ids);
  }

  private async removeNamed(processId: string, roomIds: string[]): Promise<number> {
    let n = 0;
    for (let i = 0; i < roomIds.length; i += BATCH) {
      n += (await this.redis.eval(REMOVE_IF_NAMED, 1, LISTINGS, named(processId), ...roomIds.slice(i, i + BATCH))) as number;
    }
    return n;
  }
}
