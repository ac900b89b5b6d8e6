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
 * A room lives in one process at a time. Loading a stored room (restore.ts)
 * takes a short claim in Redis first, so two processes woken for the same
 * room at once never both load it.
 */
import { matchMaker, type Presence } from '@colyseus/core';
import { errorField, rootLogger } from './observe/logger.js';
import type { RoomDirectory } from './restore.js';

export interface ClusterConfig {
  redisUrl: string;
  publicAddress: string;
}

/** A setting that makes the server refuse to start; its message says what to change. */
export class ConfigError extends Error {
  override name = 'ConfigError';
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

/** How long a process may take to load a room it claimed; the claim lapses after this if the process dies meanwhile. */
export const LOAD_CLAIM_MS = 30_000;
const CLAIM_PREFIX = 'fireside:load:';
/** Deletes the claim only if this process still holds it (it may have lapsed and been taken since). */
const RELEASE_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export interface ClusterServices {
  presence: Presence;
  driver: matchMaker.MatchMakerDriver;
  publicAddress: string;
  /** Rooms loaded anywhere in the cluster, and the claim to load one here. */
  directory: RoomDirectory;
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

/** Colyseus' Redis presence and driver on REDIS_URL; fails (ConfigError) if Redis does not answer. */
export async function startCluster(cfg: ClusterConfig, timeoutMs = 10_000): Promise<ClusterServices> {
  await checkRedis(cfg.redisUrl, timeoutMs);
  // Imported here: a single-process server never loads ioredis.
  const { Redis } = await import('ioredis');
  const { RedisPresence } = await import('@colyseus/redis-presence');
  const { RedisDriver } = await import('@colyseus/redis-driver');

  /** The presence, plus a claim (SET NX PX) on its connection: Colyseus' Presence has no atomic "set if absent". */
  class ClaimingPresence extends RedisPresence {
    async claim(key: string, owner: string, ms: number): Promise<boolean> {
      return (await this.pub.set(key, owner, 'PX', ms, 'NX')) === 'OK';
    }
    async release(key: string, owner: string): Promise<void> {
      await this.pub.eval(RELEASE_SCRIPT, 1, key, owner);
    }
  }

  // The presence logs its connections' errors itself; the driver's client would print
  // "[ioredis] Unhandled error event" with a stack for every reconnection attempt.
  const driverClient = new Redis(cfg.redisUrl);
  driverClient.on('error', (e: Error) =>
    rootLogger().warn({ event: 'redis.connection_error', err: errorField(e) }, 'the Redis connection of the room list failed'),
  );
  const presence = new ClaimingPresence(cfg.redisUrl);
  const driver = new RedisDriver(driverClient);

  const directory: RoomDirectory = {
    listed: async (roomId) => (await matchMaker.getRoomById(roomId)) !== undefined,
    claim: (roomId) => presence.claim(CLAIM_PREFIX + roomId, matchMaker.processId, LOAD_CLAIM_MS),
    release: (roomId) => presence.release(CLAIM_PREFIX + roomId, matchMaker.processId),
  };
  return { presence, driver, publicAddress: cfg.publicAddress, directory };
}
