/**
 * A Fireside cluster for tests: one throwaway Redis (server/testing/
 * redis-server.ts), one throwaway Postgres (server/testing/pg-cluster.ts)
 * and built server processes (`node server/dist/index.js`, as the container
 * runs it), each on its own port and announcing its own public address.
 */
import fs from 'node:fs';
import { startPgCluster, type PgCluster } from '../../../server/testing/pg-cluster.js';
import { startRedisServer, type RedisServer } from '../../../server/testing/redis-server.js';
import { freePort, startBuiltServer, type ServerProcess } from '../../e2e/harness.js';

export interface ClusterProcess {
  /** http://127.0.0.1:<port>: where a client first reaches this process. */
  url: string;
  /** FIRESIDE_PUBLIC_ADDRESS: 127.0.0.1:<port>, or what startCluster's addressOf says. */
  publicAddress: string;
  server: ServerProcess;
  /** Rooms loaded in this process (`/healthz`). */
  rooms(): Promise<number>;
}

export interface TestCluster {
  redis: RedisServer;
  pg: PgCluster;
  processes: ClusterProcess[];
  /** The processes restart() stopped (their logs). */
  retired: ServerProcess[];
  /** Another process on the same Redis and Postgres. */
  add(env?: Record<string, string>): Promise<ClusterProcess>;
  /** Process i stopped (SIGTERM, a graceful stop) and started again at the same port and public address, as a container restart does. */
  restart(i: number): Promise<ClusterProcess>;
  stop(): Promise<void>;
}

/** Settings of every process: fast bots, rooms unloaded 2 s after everyone left. */
const BASE_ENV = { FIRESIDE_BOT_DELAY_MS: '5', FIRESIDE_IDLE_SECONDS: '2', FIRESIDE_LOG_FORMAT: 'json' };

/**
 * @param addressOf each process's public address from its port and its place
 *   (default: `127.0.0.1:<port>`, straight to it; a front door may route
 *   `<door>/p<i>` instead, helpers/front-door.ts)
 */
export async function startCluster(
  n: number,
  env: Record<string, string> = {},
  addressOf: (port: number, i: number) => string = (port) => `127.0.0.1:${port}`,
): Promise<TestCluster> {
  const redis = await startRedisServer();
  const pg = await startPgCluster().catch(async (e) => {
    await redis.stop();
    throw e;
  });
  const processes: ClusterProcess[] = [];
  const retired: ServerProcess[] = [];
  const launch = async (i: number, more: Record<string, string>, fixedPort?: number): Promise<ClusterProcess> => {
    const port = fixedPort ?? (await freePort());
    const publicAddress = addressOf(port, i);
    const cluster = { REDIS_URL: redis.url, DATABASE_URL: pg.url, FIRESIDE_PUBLIC_ADDRESS: publicAddress };
    const server = await startBuiltServer({ ...BASE_ENV, ...cluster, ...env, ...more }, port);
    const url = `http://127.0.0.1:${port}`;
    return { url, publicAddress, server, rooms: async () => ((await (await fetch(`${url}/healthz`)).json()) as { rooms: number }).rooms };
  };
  const add = async (more: Record<string, string> = {}): Promise<ClusterProcess> => {
    const proc = await launch(processes.length, more);
    processes.push(proc);
    return proc;
  };
  const restart = async (i: number): Promise<ClusterProcess> => {
    const old = processes[i];
    await old.server.stop();
    retired.push(old.server);
    processes[i] = await launch(i, {}, old.server.port);
    return processes[i];
  };
  const stop = async () => {
    await Promise.all(processes.map((p) => p.server.stop()));
    for (const s of [...processes.map((p) => p.server), ...retired]) fs.rmSync(s.dataDir, { recursive: true, force: true });
    await redis.stop();
    await pg.stop();
  };
  try {
    // One at a time: the machine running the tests may have two cores.
    for (let i = 0; i < n; i++) await add();
  } catch (e) {
    await stop();
    throw e;
  }
  return { redis, pg, processes, retired, add, restart, stop };
}

/** A raw matchmaking request (what the SDK sends first): the seat reservation, or the error. */
export async function matchmake(url: string, method: string, target: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await fetch(`${url}/matchmake/${method}/${target}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>;
}
