/**
 * Graceful shutdown (SIGTERM from `docker stop`, SIGINT from Ctrl-C).
 *
 * Colyseus 0.18 already owns the signals: its `Server` registers SIGINT,
 * SIGTERM and SIGUSR2 handlers that run `server.gracefullyShutdown()`:
 *
 * 1. the server's `onBeforeShutdown` callback (here: a log line);
 * 2. `matchMaker.gracefullyShutdown()`: the matchmaker refuses new rooms
 *    (`create` rejects: "not created: shutting down"), locks every room and
 *    calls its `onBeforeShutdown()` — `GameRoom` broadcasts `restarting` to
 *    its clients, then closes them with code 4001 (SERVER_SHUTDOWN) and is
 *    disposed; it waits until no room is left;
 * 3. the transport (HTTP + WebSocket) shuts down, then the server's
 *    `onShutdown` callback (here: "shut down gracefully");
 * 4. `process.exit(0)` (or 1 after an uncaught exception).
 *
 * This module only adds the log lines and a deadline: if a room does not
 * close in time, the process exits with code 1 anyway, before the container's
 * stop timeout (Docker's default is 10 s) turns into a SIGKILL.
 */
import type { Server } from '@colyseus/core';
import { errorField, rootLogger, type Logger } from './observe/logger.js';

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 8000;

export interface ShutdownOptions {
  /** Exit with code 1 if the graceful shutdown has not finished after this long. */
  timeoutMs?: number;
  logger?: Logger;
  /** After every room is closed (and has written its last snapshot): e.g. close the store. */
  onClosed?: () => Promise<void>;
}

/** `FIRESIDE_SHUTDOWN_TIMEOUT_MS` (100 ms – 10 min), else the default. */
export function shutdownTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FIRESIDE_SHUTDOWN_TIMEOUT_MS;
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 100 && n <= 600_000 ? n : DEFAULT_SHUTDOWN_TIMEOUT_MS;
}

export function installGracefulShutdown(server: Server, opts: ShutdownOptions = {}): void {
  const timeoutMs = opts.timeoutMs ?? shutdownTimeoutFromEnv();
  const log = opts.logger ?? rootLogger();
  let started = 0;

  server.onBeforeShutdown(async () => {
    started = Date.now();
    log.info({ event: 'server.shutting_down' }, 'shutting down: no new rooms, telling every room the server is restarting');
    const deadline = setTimeout(() => {
      log.error({ event: 'server.shutdown_timeout', timeoutMs }, 'shutdown did not finish in time; exiting anyway');
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
  });

  server.onShutdown(async () => {
    await opts.onClosed?.().catch((e) => log.error({ event: 'server.close_failed', err: errorField(e) }, 'closing the store failed'));
    log.info({ event: 'server.shut_down', ms: Date.now() - started }, 'shut down gracefully');
  });
}
