/**
 * Starts Fireside: Colyseus + express on one port (env PORT, default 2567).
 * SIGTERM / SIGINT shut it down gracefully (see shutdown.ts).
 */
import appConfig from './app.config.js';
import { installGracefulShutdown } from './shutdown.js';
import { listenFireside } from './listen.js';

const port = Number(process.env.PORT || 2567);
const server = await listenFireside(appConfig, port);
installGracefulShutdown(server);
console.log(`Fireside listening on http://localhost:${port}`);
