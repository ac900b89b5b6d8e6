/** Jest globalTeardown of the `server` project: stops the cluster jest-pg-setup started (same process). */
import type { PgCluster } from './pg-cluster.js';

export default async function teardown(): Promise<void> {
  const g = globalThis as { __firesidePg?: PgCluster };
  const cluster = g.__firesidePg;
  g.__firesidePg = undefined;
  if (!cluster) return;
  await cluster.stop();
  delete process.env.FIRESIDE_TEST_DATABASE_URL;
}
