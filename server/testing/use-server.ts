/**
 * The usual setup of an integration test file, written once: one server for
 * the file, started before its tests and shut down after them, once the
 * players its tests kept in `players` have left.
 *
 *   const srv = useServer({ botDelayMs: 5 });
 *   const all = srv.players;
 *   it('…', async () => { all.push(await createRoom(srv.url, …)); });
 */
import { afterAll, beforeAll } from '@jest/globals';
import { startServer, type Player, type ServerOptions, type TestServer } from './harness.js';
import type { RoomSettings } from '../src/rooms/settings.js';

export interface UsedServer extends TestServer {
  /** Players that leave before the server shuts down. */
  readonly players: Player[];
}

export function useServer(room: Partial<RoomSettings> = {}, clientDist?: string, opts: ServerOptions = {}): UsedServer {
  let started: TestServer | undefined;
  const players: Player[] = [];
  beforeAll(async () => {
    started = await startServer(room, clientDist, opts);
  });
  afterAll(async () => {
    await Promise.all(players.map((p) => p.leave()));
    await started?.close();
  });
  const running = (): TestServer => {
    if (!started) throw new Error('useServer: the server starts in beforeAll; use it inside tests and hooks.');
    return started;
  };
  return {
    players,
    get server() {
      return running().server;
    },
    get port() {
      return running().port;
    },
    get url() {
      return running().url;
    },
    get dataDir() {
      return running().dataDir;
    },
    get fireside() {
      return running().fireside;
    },
    get logs() {
      return running().logs;
    },
    get records() {
      return running().records;
    },
    get logLines() {
      return running().logLines;
    },
    close: () => running().close(),
  };
}
