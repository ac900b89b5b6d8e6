/**
 * Starts Fireside: Colyseus + express on one port (env PORT, default 2567),
 * rooms kept in the match store (SQLite in FIRESIDE_DATA_DIR, default ./data;
 * PostgreSQL when DATABASE_URL is set) and restored after a restart.
 * SIGTERM / SIGINT shut it down gracefully (see shutdown.ts).
 */
import { installGracefulShutdown } from './shutdown.js';
import { startFireside } from './listen.js';
import { rootLogger } from './observe/logger.js';

const port = Number(process.env.PORT || 2567);
const { server, store } = await startFireside({ port });
installGracefulShutdown(server, { onClosed: () => store.close() });
rootLogger().info({ event: 'server.listening', port, store: store.kind }, `Fireside listening on http://localhost:${port} (${store.kind} store)`);
