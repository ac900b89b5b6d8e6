/** Starts Fireside: Colyseus + express on one port (env PORT, default 2567). */
import { listen } from '@colyseus/tools';
import appConfig from './app.config.js';

const port = Number(process.env.PORT || 2567);
await listen(appConfig, port);
console.log(`Fireside listening on http://localhost:${port}`);
