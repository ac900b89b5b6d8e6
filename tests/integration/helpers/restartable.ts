/**
 * Built servers (server/dist, SQLite in a temp dir, bots quick) that a test
 * stops and starts again on the same port and data dir, as a deploy or a
 * crash would. Every server started is killed, and its data dir removed,
 * after the file's tests.
 */
import fs from 'node:fs';
import { afterAll } from '@jest/globals';
import { startBuiltServer, type ServerProcess } from '../../e2e/harness.js';

/** Returns `start(port?, dataDir?)`: a fresh server, or one on a stopped server's port and data dir. */
export function restartableServers(): (port?: number, dataDir?: string) => Promise<ServerProcess> {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) {
      await s.kill();
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
  });
  return async (port, dataDir) => {
    const s = await startBuiltServer({ FIRESIDE_BOT_DELAY_MS: '5', ...(dataDir ? { FIRESIDE_DATA_DIR: dataDir } : {}) }, port);
    servers.push(s);
    return s;
  };
}
