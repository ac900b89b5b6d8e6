/**
 * The Colyseus + express application: the `game` room, `GET /healthz`,
 * `GET /api/matches/<id>` (finished matches' logs, http/replay-api.ts),
 * `GET /api/tables…` (public table summaries, http/tables-api.ts), `GET /metrics`
 * (Prometheus, observe/metrics-route.ts), and
 * the built web client (client/dist) with an SPA fallback so that invite
 * links (`/room/<id>`) load the client.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineRoom, defineServer, matchMaker, type Server } from '@colyseus/core';
import compression from 'compression';
import express from 'express';
import { Encoder } from '@colyseus/schema';
import { GameRoom } from './rooms/GameRoom.js';
import { resolveSettings, type RoomSettings } from './rooms/settings.js';
import { apiErrorLog, colyseusLogger } from './observe/logger.js';
import { metricsTokenFromEnv, mountMetrics } from './observe/metrics-route.js';
import type { MatchStore } from './store/types.js';
import type { ClusterServices } from './cluster/cluster.js';
import { mountReplayApi } from './http/replay-api.js';
import { clusterSummary, mountTablesApi } from './http/tables-api.js';
import { FiresideTransport } from './http/ws-transport.js';

export { GameRoom };

// A room's full state (sent on join: Wind City's board, per-turn records and
// log late in a game) outgrows the 8 KB default encode buffer; the encoder
// would grow it anyway, with a warning on every growth.
Encoder.BUFFER_SIZE = 128 * 1024;

/**
 * Per-message deflate, off unless FIRESIDE_WS_DEFLATE=1: the patches are
 * already small (docs/measurements.md, "The wire", has what it costs and
 * saves). Frames under 256 bytes are never compressed.
 */
const wsDeflate = (env: NodeJS.ProcessEnv = process.env) => (env.FIRESIDE_WS_DEFLATE === '1' ? { threshold: 256 } : false);
export const ROOM_NAME = 'game';

const here = path.dirname(fileURLToPath(import.meta.url));

/** server/package.json's version (src/ and dist/ both sit one level below it). */
function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(here, '..', 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export interface AppOptions {
  /** Room settings (tests: a fixture game lookup, fast bots, short reconnection window). */
  room?: Partial<RoomSettings>;
  /** The built web client; default `<repo>/client/dist`, or env FIRESIDE_CLIENT_DIST. */
  clientDist?: string;
  /** The match store, for `GET /api/matches/<id>` (replays) and `GET /api/tables…`; without it those APIs are not mounted. */
  store?: MatchStore;
  /** Bearer token for `GET /metrics`; default env FIRESIDE_METRICS_TOKEN (null: open). */
  metricsToken?: string | null;
  /** One of several processes (cluster/cluster.ts): Colyseus' Redis presence and driver, and this process's public address. */
  cluster?: Pick<ClusterServices, 'presence' | 'driver' | 'publicAddress'>;
}

/**
 * The Colyseus server, not yet listening. Built with @colyseus/core itself,
 * not @colyseus/tools: that helper loads `.env` files and /etc/environment
 * (overriding the real environment) the moment it is imported, and says so
 * on the console ("injected env (0)", "optional .env file not found"). The
 * settings come from the environment the server is started with, nothing else.
 */
export function createAppServer(opts: AppOptions = {}): Server {
  // A subclass per server, so tests with other settings never touch the production room class.
  const settings = opts.room ?? {};
  class ConfiguredGameRoom extends GameRoom {
    static override settings = settings;
  }
  const version = readVersion();
  const clientDist = path.resolve(opts.clientDist ?? process.env.FIRESIDE_CLIENT_DIST ?? path.resolve(here, '..', '..', 'client', 'dist'));
  const logger = resolveSettings(settings).logger;
  const apiLog = (m: string) => apiErrorLog(m, logger);

  return defineServer({
    greet: false,
    ...(opts.cluster && { presence: opts.cluster.presence, driver: opts.cluster.driver, publicAddress: opts.cluster.publicAddress }),
    // A room is created in the process that got the request: its abuse limits
    // count what they see (limits/), and a restore carries this process's
    // RESTORE_KEY. The reverse proxy spreads the requests.
    selectProcessIdToCreateRoom: async () => matchMaker.processId,
    // Colyseus' own lines go through the structured logger too.
    logger: colyseusLogger(logger),
    transport: new FiresideTransport({ server: http.createServer(), perMessageDeflate: wsDeflate() }),
    rooms: {
      [ROOM_NAME]: defineRoom(ConfiguredGameRoom),
    },
    express: (app) => {
      app.disable('x-powered-by');
      app.get('/healthz', (_req, res) => {
        res.json({ ok: true, rooms: matchMaker.stats.local.roomCount, version });
      });
      mountMetrics(app, opts.metricsToken === undefined ? metricsTokenFromEnv() : opts.metricsToken);
      // Before the SPA fallback, which would otherwise answer /api/… with index.html.
      const store = opts.store ?? opts.room?.store;
      if (store) {
        mountTablesApi(app, store, apiLog, opts.cluster ? clusterSummary : undefined);
        mountReplayApi(app, store, apiLog); // last: it answers any other /api path with a 404
      }

      const index = path.join(clientDist, 'index.html');
      if (fs.existsSync(index)) {
        // The client is about 0.9 MB of JavaScript, 0.3 MB gzipped: compress it for phones.
        app.use(compression());
        app.use(express.static(clientDist, { index: 'index.html', maxAge: '1h', setHeaders: noCacheHtml }));
        // SPA fallback: any other GET of a page (no file extension), e.g. /room/<id>, gets the client.
        app.get('/{*path}', (req, res, next) => {
          if (path.extname(req.path) !== '') return next();
          res.setHeader('Cache-Control', 'no-cache');
          res.sendFile(index);
        });
      }
    },
  });
}

function noCacheHtml(res: express.Response, file: string): void {
  if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
}
