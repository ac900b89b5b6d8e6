/**
 * A real Fireside server (server/src/app.config.ts, the production app with
 * the shared game registry) in this process, on a free port.
 */
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  url: string;
  port: number;
  /** The server's warning and error lines (bot fallbacks, engine failures). */
  logs: string[];
  stop(): Promise<void>;
}

export async function startFiresideServer(
  opts: { botDelayMs?: number; games?: (id: string) => any; clockScale?: number; standInSeconds?: number } = {},
): Promise<RunningServer> {
  const { startServer } = await import('../../../server/testing/harness.js');
  const test = await startServer({
    botDelayMs: opts.botDelayMs ?? 20,
    clockScale: opts.clockScale,
    standInSeconds: opts.standInSeconds,
    ...(opts.games ? { games: opts.games } : { games: undefined }),
  });
  const server = test.server;
  const address = server.transport.server!.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    logs: test.logs,
    stop: () => test.close(),
  };
}
