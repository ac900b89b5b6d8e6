/**
 * Starts a Fireside server: the match store (opened here unless given),
 * the app with the store in its room settings, Colyseus' `listen`, then the
 * HTTP gate in front of the routes and WebSockets Colyseus binds while it
 * starts listening (http/gate.ts: security headers, the body limit, the
 * abuse limits of limits/, and the restorer's wake-up of stored rooms
 * behind them), then every room worth restoring and the retention sweep.
 * The entry point and the test harnesses all start servers through here, so
 * tests run what production runs.
 */
import type { Server as HttpServer } from 'node:http';
import { matchMaker, type Server } from '@colyseus/core';
import { createAppServer, ROOM_NAME, type AppOptions } from './app.config.js';
import { clusterFromEnv, startCluster, type ClusterConfig, type ClusterServices } from './cluster/cluster.js';
import { ConfigError } from './config/env.js';
import { gateRequests, gateUpgrades, MAX_BODY_BYTES } from './http/gate.js';
import { AbuseGate, attributeRooms } from './limits/abuse-gate.js';
import { limitsFromEnv, type AbuseLimits } from './limits/settings.js';
import { RENEW_MS } from './cluster/redis-leases.js';
import { ProcessWatch } from './cluster/failover.js';
import { processLeases, RoomLeases } from './cluster/leases.js';
import { errorField, type Logger } from './observe/logger.js';
import { timedStore } from './store/timed-store.js';
import { RoomRestorer, type RestoreSummary } from './cluster/restore.js';
import { RESTORE_KEY, type GameRoom } from './rooms/GameRoom.js';
import { resolveSettings } from './rooms/settings.js';
import { securityHeaders } from './http/security-headers.js';
import { openStore } from './store/index.js';
import type { MatchStore } from './store/types.js';

export interface StartOptions {
  port: number;
  app?: AppOptions;
  /** Default: `openStore()` (DATABASE_URL, else SQLite in FIRESIDE_DATA_DIR or ./data). */
  store?: MatchStore;
  /** Abuse limits over the environment's (limits/settings.ts). */
  limits?: Partial<AbuseLimits>;
  /** Several processes on Redis (cluster/cluster.ts); default: from the environment (REDIS_URL…), null for one process. */
  cluster?: ClusterConfig | null;
}

export interface Fireside {
  server: Server;
  store: MatchStore;
  restorer: RoomRestorer;
  abuse: AbuseGate;
  /** What the start-up restore did (`elsewhere`: rooms other processes of the cluster had loaded; `full`: rooms past FIRESIDE_MAX_ROOMS, left in the store). */
  restored: RestoreSummary;
  /** This process's public address in a cluster, else null. */
  publicAddress: string | null;
  /** After a graceful shutdown closed every room: stops the heartbeat and the watch of a cluster process. */
  leave(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function retentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.FIRESIDE_RETENTION_DAYS);
  return Number.isInteger(n) && n >= 1 && n <= 3650 ? n : 30;
}

/** The cluster's services, or null for one process; ConfigError if the store cannot be shared. */
async function clusterFor(opts: StartOptions, store: MatchStore): Promise<ClusterServices | null> {
  const config = opts.cluster === undefined ? clusterFromEnv() : opts.cluster;
  if (!config) return null;
  if (store.kind !== 'postgres') throw new ConfigError('Several processes (REDIS_URL) need the PostgreSQL store (DATABASE_URL).');
  return startCluster(config);
}

export async function startFireside(opts: StartOptions): Promise<Fireside> {
  // Settings first: a process with REDIS_URL but no DATABASE_URL must not open a SQLite store of its own,
  // nor one with a FIRESIDE_TRUST_PROXY it cannot read.
  const limits = { ...limitsFromEnv(), ...opts.limits };
  if (opts.cluster === undefined && !opts.store) clusterFromEnv();
  const store = opts.store ?? (await openStore());
  const cluster = await clusterFor(opts, store).catch(async (e) => {
    if (!opts.store) await store.close().catch(() => undefined);
    throw e;
  });
  // The rooms and the APIs write through the timed store (its write latency is on /metrics).
  const timed = timedStore(store);
  const log = resolveSettings(opts.app?.room).logger;
  const leases = cluster ? new RoomLeases(cluster.leases, log) : (opts.app?.room?.leases ?? processLeases);
  const room = { ...opts.app?.room, store: timed, leases };
  const settings = resolveSettings(room);
  const server = createAppServer({ ...opts.app, room, store: timed, ...(cluster && { cluster }) });
  const abuse = new AbuseGate(limits, { warn: (fields, message) => log.warn(fields, message) });
  // Woken rooms take places under the cap on rooms, as new ones do.
  // Created in this process (app.config.ts never sends a creation to another): RESTORE_KEY is this process's own.
  const loadHere = (roomId: string) => matchMaker.createRoom(ROOM_NAME, { restore: RESTORE_KEY, roomId });
  const restorer = new RoomRestorer(timed, log, loadHere, cluster?.directory, leases, abuse);
  attributeRooms(abuse);
  await matchMaker.onReady;
  // Alive before Colyseus lists this process: the others never take it for a dead one.
  const failover = cluster ? await startFailover(cluster, leases, restorer, log) : null;
  await server.listen(opts.port);
  failover?.watch.start();
  const http = server.transport.server as HttpServer | undefined;
  if (!http) throw new Error('The transport has no HTTP server.');
  gateRequests(http, {
    maxBytes: MAX_BODY_BYTES,
    headers: securityHeaders(),
    screen: (req, onDone) => abuse.screenRequest(req, onDone),
    before: async (req) => ((await restorer.beforeRequest(req)) === 'full' ? abuse.refuseFull(req) : null),
  });
  gateUpgrades(http, (req, socket) => abuse.screenUpgrade(req, socket));

  // Rooms without activity for the retention time are deleted (at start, then twice a day).
  const sweep = () => {
    store
      .deleteInactive(Date.now() - retentionDays() * DAY_MS)
      .then((n) => n > 0 && log.info({ event: 'retention.deleted', rooms: n, days: retentionDays() }, 'deleted rooms inactive for the retention time'))
      .catch((e) => log.error({ event: 'retention.failed', err: errorField(e) }, 'retention sweep failed'));
  };
  sweep();
  setInterval(sweep, DAY_MS / 2).unref();

  const restored = await restorer.restoreAll(Date.now() - settings.idleMs);
  if (restored.restored + restored.failed + restored.elsewhere + restored.full > 0) {
    const ms = Math.round(restored.ms);
    const elsewhere = restored.elsewhere > 0 ? `; ${restored.elsewhere} run by other processes` : '';
    const full = restored.full > 0 ? `; ${restored.full} left in the store, FIRESIDE_MAX_ROOMS reached` : '';
    // tests/load/durable-bench.mjs reads this message.
    log.info({ event: 'restore.done', ...restored, ms }, `restored ${restored.restored} rooms in ${ms} ms (${restored.failed} failed${elsewhere}${full})`);
  }
  return { server, store, restorer, abuse, restored, publicAddress: cluster?.publicAddress ?? null, leave: failover?.leave ?? (async () => undefined) };
}

/** Renews this process's heartbeat and its rooms' leases, stops a room another process took, and watches the others (cluster/failover.ts). */
async function startFailover(cluster: ClusterServices, leases: RoomLeases, restorer: RoomRestorer, log: Logger) {
  await cluster.leases.beat();
  leases.start(RENEW_MS);
  leases.onLost((roomId) => (matchMaker.getLocalRoomById(roomId) as GameRoom | undefined)?.leaseLost());
  const watch = new ProcessWatch({ redis: cluster.redis, leases: cluster.leases, driver: cluster.driver, restorer, log });
  /** After every room is closed (a graceful stop): no heartbeat left behind. */
  const leave = async () => {
    watch.stop();
    await leases.stop();
    await cluster.leases.stopBeating().catch(() => undefined);
  };
  return { watch, leave };
}
