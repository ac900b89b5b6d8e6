/**
 * Cluster mode (issue 13): several Fireside processes behind one address,
 * switched on by configuration alone.
 *
 * - `REDIS_URL`: Colyseus' Redis presence (the processes' IPC: seat
 *   reservations and calls into a room that lives in another process) and
 *   Redis driver (the list of loaded rooms, each with the process it lives
 *   in) replace the in-process ones;
 * - `DATABASE_URL`: the Postgres store, shared by every process (a SQLite
 *   file belongs to one process);
 * - `FIRESIDE_PUBLIC_ADDRESS`: where clients reach this very process
 *   (`host:port`, or `host/path` behind a proxy that routes by path). A seat
 *   reservation for a room of this process carries it, and the client opens
 *   its WebSocket there, whichever process answered the matchmaking request.
 *
 * A room lives in one process at a time: the one holding its lease in Redis
 * (redis-leases.ts), which the process renews while the room lives. When a
 * process dies its leases lapse within seconds (at once after kill -9), the
 * others drop its listings, and its rooms are loaded from Postgres by the
 * survivors (failover.ts, restore.ts) as their members come back.
 */
import { matchMaker, type Presence } from '@colyseus/core';
import { ConfigError } from '../config/env.js';
import { errorField, rootLogger } from '../observe/logger.js';
import type { Redis } from 'ioredis';
import type { FencedRedisDriver } from './fenced-driver.js';
import type { RedisLeases } from './redis-leases.js';
import type { RoomDirectory } from './restore.js';

export interface ClusterConfig {
  redisUrl: string;
  publicAddress: string;
}

const REDIS_SCHEME = /^rediss?:\/\//i;
/** host, host:port, [v6]:port, optionally followed by a path; no scheme, no spaces. */
const PUBLIC_ADDRESS = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:\/[A-Za-z0-9._~%/-]*[A-Za-z0-9._~%-])?$/;

/** The cluster settings of the environment: null without REDIS_URL (one process); throws ConfigError when they do not fit together. */
export function clusterFromEnv(env: NodeJS.ProcessEnv = process.env): ClusterConfig | null {
  const redisUrl = env.REDIS_URL?.trim() ?? '';
  if (redisUrl === '') return null;
  if (!REDIS_SCHEME.test(redisUrl)) throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://redis:6379.');
  if (!env.DATABASE_URL?.trim()) {
    throw new ConfigError(
      'REDIS_URL is set (several processes) but DATABASE_URL is not: the processes must share one PostgreSQL store (the SQLite file belongs to one process). Set DATABASE_URL, e.g. postgres://fireside:secret@db:5432/fireside, or unset REDIS_URL.',
    );
  }
  const publicAddress = env.FIRESIDE_PUBLIC_ADDRESS?.trim() ?? '';
  if (publicAddress === '') {
    throw new ConfigError(
      'REDIS_URL is set (several processes) but FIRESIDE_PUBLIC_ADDRESS is not: set it to the address clients reach this very process at, without a scheme, e.g. 10.0.0.5:2567 or games.example.com/p1.',
    );
  }
  if (!PUBLIC_ADDRESS.test(publicAddress)) {
    throw new ConfigError(`FIRESIDE_PUBLIC_ADDRESS must be host, host:port or host/path, without a scheme (got "${publicAddress.slice(0, 100)}").`);
  }
  return { redisUrl, publicAddress };
}

export interface ClusterServices {
  presence: Presence;
  driver: FencedRedisDriver;
  publicAddress: string;
  /** The room leases and process liveness in Redis. */
  leases: RedisLeases;
  /** Where a room is in the cluster, for the restorer. */
  directory: RoomDirectory;
  /** The connection the driver, the leases and the watch share. */
  redis: Redis;
}

/**
 * Fails (ConfigError) unless Redis answers a PING within `timeoutMs`, on a
 * client of its own that gives up at once: the presence's and the driver's
 * clients retry forever, queueing commands, so a wrong REDIS_URL would hang
 * the start.
 */
async function checkRedis(url: string, timeoutMs: number): Promise<void> {
  const { Redis } = await import('ioredis');
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  // connect() only says "Connection is closed."; the error event says why (ECONNREFUSED, a wrong password…).
  let cause: Error | null = null;
  probe.on('error', (e: Error) => (cause ??= e));
  try {
    await probe.connect();
    await probe.ping();
  } catch (e) {
    const why = (cause ?? (e as Error))?.message ?? String(e);
    throw new ConfigError(`Redis at REDIS_URL does not answer (${why}): is it running and reachable?`);
  } finally {
    probe.disconnect();
  }
}

/** Colyseus' Redis presence and driver on REDIS_URL, and the room leases; fails (ConfigError) if Redis does not answer. */
export async function startCluster(cfg: ClusterConfig, timeoutMs = 10_000): Promise<ClusterServices> {
  await checkRedis(cfg.redisUrl, timeoutMs);
  // Imported here: a single-process server never loads ioredis.
  const { Redis } = await import('ioredis');
  const { RedisPresence } = await import('@colyseus/redis-presence');
  const { FencedRedisDriver } = await import('./fenced-driver.js');
  const { RedisLeases } = await import('./redis-leases.js');

  // The presence logs its connections' errors itself; the driver's client would print
  // "[ioredis] Unhandled error event" with a stack for every reconnection attempt.
  const redis = new Redis(cfg.redisUrl);
  redis.on('error', (e: Error) => rootLogger().warn({ event: 'redis.connection_error', err: errorField(e) }, 'the Redis connection of the room list failed'));
  const me = () => matchMaker.processId;
  const presence = new RedisPresence(cfg.redisUrl);
  const driver = new FencedRedisDriver(redis, me);
  const leases = new RedisLeases(redis, me);
  return { presence, driver, publicAddress: cfg.publicAddress, leases, directory: clusterDirectory(leases), redis };
}

/** A room is elsewhere when a live process holds its lease and lists it; free when nobody holds it, or a dead process does. */
function clusterDirectory(leases: RedisLeases): RoomDirectory {
  return {
    locate: async (roomId) => {
      const owner = await leases.owner(roomId);
      if (owner === null || owner === matchMaker.processId) return { at: 'free', deadOwner: null };
      if (await leases.isDead(owner)) return { at: 'free', deadOwner: owner };
      const listing = await matchMaker.getRoomById(roomId);
      // Not listed or not answering yet (loading), or locked or unlisted (unloading: a rolling restart): wait for it.
      const ready = listing?.processId === owner && !listing.locked && (await leases.answers(roomId));
      return ready ? { at: 'elsewhere' } : { at: 'busy' };
    },
  };
}
