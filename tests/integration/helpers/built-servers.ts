/**
 * Built servers (tests/launch/server.ts: server/dist, SQLite in a throwaway
 * data dir, bots quick) that a test file starts, and restarts on the same
 * port and data dir as a deploy or a crash would. Every one still running
 * after the file's tests is killed, and its data dir removed.
 */
import { afterAll } from '@jest/globals';
import { launchServer, type ServerProcess } from '../../launch/server.js';

export interface BuiltServers {
  start(): Promise<ServerProcess>;
  /** `server` stopped (SIGTERM) or killed (SIGKILL), and a new process on its port and data dir. */
  restart(server: ServerProcess, how: 'stop' | 'kill'): Promise<ServerProcess>;
}

export function builtServers(env: Record<string, string> = { FIRESIDE_BOT_DELAY_MS: '5' }): BuiltServers {
  const started: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of started) await s.kill();
  });
  const keep = (s: ServerProcess) => (started.push(s), s);
  return {
    start: async () => keep(await launchServer({ env, dataDirPrefix: 'fireside-restart-' })),
    restart: async (server, how) => keep(await server.restart(how)),
  };
}
