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
  /** FIRESIDE_PUBLIC_ADDRESS: 127.0.0.1:<port>. */
  publicAddress: string;
  server: ServerProcess;
  /** Rooms loaded in this process (`/healthz`). */
  rooms(): Promise<number>;
}

export interface TestCluster {
  redis: RedisServer;
  pg: PgCluster;
  processes: ClusterProcess[];
  /** Another process on the same Redis and Postgres. */
  add(env?: Record<string, string>): Promise<ClusterProcess>;
  stop(): Promise<void>;
}

/** Settings of every process: fast bots, rooms unloaded 2 s after everyone left. */
const BASE_ENV = { FIRESIDE_BOT_DELAY_MS: '5', FIRESIDE_IDLE_SECONDS: '2', FIRESIDE_LOG_FORMAT: 'json' };

export async function startCluster(n: number, env: Record<string, string> = {}): Promise<TestCluster> {
  const redis = await startRedisServer();
  const pg = await startPgCluster().catch(async (e) => {
    await redis.stop();
    throw e;
  });
  const processes: ClusterProcess[] = [];
  const add = async (more: Record<string, string> = {}): Promise<ClusterProcess> => {
    const port = await freePort();
    const publicAddress = `127.0.0.1:${port}`;
    const cluster = { REDIS_URL: redis.url, DATABASE_URL: pg.url, FIRESIDE_PUBLIC_ADDRESS: publicAddress };
    const server = await startBuiltServer({ ...BASE_ENV, ...cluster, ...env, ...more }, port);
    const url = `http://${publicAddress}`;
    const proc = { url, publicAddress, server, rooms: async () => ((await (await fetch(`${url}/healthz`)).json()) as { rooms: number }).rooms };
    processes.push(proc);
    return proc;
  };
  const stop = async () => {
    await Promise.all(processes.map((p) => p.server.stop()));
    for (const p of processes) fs.rmSync(p.server.dataDir, { recursive: true, force: true });
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
  return { redis, pg, processes, add, stop };
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
