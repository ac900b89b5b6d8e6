/**
 * Starts Fireside: Colyseus + express on one port (env PORT, default 2567),
 * rooms kept in the match store (SQLite in FIRESIDE_DATA_DIR, default ./data;
 * PostgreSQL when DATABASE_URL is set) and restored after a restart; one of
 * several processes on Redis when REDIS_URL is set (cluster/cluster.ts).
 * SIGTERM / SIGINT shut it down gracefully (see shutdown.ts).
 */
import { matchMaker } from '@colyseus/core';
import { installGracefulShutdown } from './shutdown.js';
import { startFireside, type Fireside } from './listen.js';
import { ConfigError } from './config/env.js';
import { rootLogger } from './observe/logger.js';

const port = Number(process.env.PORT || 2567);
let started: Fireside;
try {
  started = await startFireside({ port });
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  // A setting to fix, not a bug: its message, without a stack trace, and exit code 2.
  process.stderr.write(`Fireside cannot start: ${e.message}\n`);
  process.exit(2);
}
const { server, store, publicAddress, leave } = started;
installGracefulShutdown(server, {
  onClosed: async () => {
    await leave();
    await store.close();
  },
});
const where = publicAddress ? `, one of several processes, reached at ${publicAddress}` : '';
rootLogger().info(
  { event: 'server.listening', port, store: store.kind, ...(publicAddress && { publicAddress, processId: matchMaker.processId }) },
  `Fireside listening on http://localhost:${port} (${store.kind} store${where})`,
);
