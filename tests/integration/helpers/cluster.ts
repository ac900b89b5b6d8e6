/**
 * A Fireside cluster for tests: one throwaway Redis (server/testing/
 * redis-server.ts), one throwaway Postgres (server/testing/pg-cluster.ts)
 * and built server processes (`node server/dist/index.js`, as the container
 * runs it), each on its own port and announcing its own public address.
 */
import { startPgCluster, type PgCluster } from '../../../server/testing/pg-cluster.js';
import { startRedisServer, type RedisServer } from '../../../server/testing/redis-server.js';
import { freePort, launchServer, type ServerProcess } from '../../launch/server.js';

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
  /** The processes restart() stopped (their logs; their data dirs went to their successors). */
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
  const processOf = (server: ServerProcess, publicAddress: string): ClusterProcess => ({
    url: server.base,
    publicAddress,
    server,
    rooms: async () => ((await (await fetch(`${server.base}/healthz`)).json()) as { rooms: number }).rooms,
  });
  const add = async (more: Record<string, string> = {}): Promise<ClusterProcess> => {
    const port = await freePort();
    const publicAddress = addressOf(port, processes.length);
    const cluster = { REDIS_URL: redis.url, DATABASE_URL: pg.url, FIRESIDE_PUBLIC_ADDRESS: publicAddress };
    const server = await launchServer({ env: { ...BASE_ENV, ...cluster, ...env, ...more }, port, dataDirPrefix: 'fireside-cluster-' });
    const proc = processOf(server, publicAddress);
    processes.push(proc);
    return proc;
  };
  // The same port, public address and settings: the launcher's restart.
  const restart = async (i: number): Promise<ClusterProcess> => {
    const old = processes[i];
    retired.push(old.server);
    processes[i] = processOf(await old.server.restart('stop'), old.publicAddress);
    return processes[i];
  };
  const stop = async () => {
    await Promise.all(processes.map((p) => p.server.stop()));
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
