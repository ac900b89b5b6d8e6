/**
 * Jest globalSetup of the `server` project: a throwaway Postgres cluster for
 * the store's contract tests, unless FIRESIDE_TEST_DATABASE_URL points at one
 * already. Workers start after this runs, so they inherit the env variable.
 * Fails (never skips) when the binaries are missing.
 */
// `.ts`, not `.js`: jest loads global setup with a plain require, without the
// project's moduleNameMapper, so the import names the real file.
import { startPgCluster, type PgCluster } from './pg-cluster.ts';

export default async function setup(): Promise<void> {
  if (process.env.FIRESIDE_TEST_DATABASE_URL) return;
  const cluster = await startPgCluster();
  process.env.FIRESIDE_TEST_DATABASE_URL = cluster.url;
  (globalThis as { __firesidePg?: PgCluster }).__firesidePg = cluster;
  process.stderr.write(`\n[pg] test cluster ${cluster.url} ready in ${cluster.startupMs} ms\n`);
}
