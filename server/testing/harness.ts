/**
 * Integration-test harness: a real Fireside server on a free port, and real
 * `@colyseus/sdk` clients wrapped with message logs and wait helpers.
 *
 * Test files must `import '../../server/testing/ws-setup.js'` FIRST.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import type { Server } from '@colyseus/core';
import { getGame, type WelcomeMessage } from '@fireside/shared';
import { startFireside, type Fireside } from '../src/listen.js';
import type { AbuseLimits } from '../src/limits/settings.js';
import { createLogger } from '../src/observe/logger.js';
import type { RoomSettings } from '../src/rooms/settings.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { MatchStore } from '../src/store/types.js';
import { badBotGame, secretGame, timedGame } from './fixture-game.js';
import { ViewJson, withViewJson } from './view-json.js';
import type { RecordingWebSocket } from './ws-setup.js';

const fixtures = new Map([secretGame, badBotGame, timedGame].map((g) => [g.id, g]));
export const fixtureGames: RoomSettings['games'] = (id) => fixtures.get(id) ?? getGame(id);

export interface TestServer {
  server: Server;
  port: number;
  url: string;
  /** The SQLite data dir of this server's store (a temp dir unless given). */
  dataDir: string;
  fireside: Fireside;
  /** The messages of its warning and error lines (bot fallbacks, engine failures), with the error's message. */
  logs: string[];
  /** Every log line (debug and up), parsed. */
  records: Record<string, any>[];
  /** Every log line as written (JSON). */
  logLines: string[];
  /** Graceful shutdown; the data dir stays when it was given, else it is removed. */
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Reuse a store directory (a restart); default: a fresh temp dir, removed on close. */
  dataDir?: string;
  /** Default 1000: an empty room is unloaded after a second. */
  idleMs?: number;
  /** Another store (e.g. Postgres); it is migrated here and closed by close(). */
  store?: MatchStore;
  /** Abuse limits over the environment's (server/src/limits/settings.ts). */
  limits?: Partial<AbuseLimits>;
  /** Bearer token for /metrics (default: none, open). */
  metricsToken?: string;
}

/** A logger for a test server: keeps every line, and the warnings and errors as short strings. */
function testLogger() {
  const logs: string[] = [];
  const records: Record<string, any>[] = [];
  const logLines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    format: 'json',
    destination: {
      write(line: string) {
        logLines.push(line);
        const r = JSON.parse(line);
        records.push(r);
        if (r.level === 'warn' || r.level === 'error' || r.level === 'fatal') logs.push(r.err?.message ? `${r.msg}: ${r.err.message}` : r.msg);
      },
    },
  });
  return { logger, logs, records, logLines };
}

export async function startServer(room: Partial<RoomSettings> = {}, clientDist = '/nonexistent', opts: ServerOptions = {}): Promise<TestServer> {
  const { logger, logs, records, logLines } = testLogger();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'fireside-test-'));
  const store = opts.store ?? new SqliteStore(dataDir);
  await store.migrate();
  const fireside = await startFireside({
    port: 0,
    store,
    limits: opts.limits,
    app: {
      // Clocks count from the start unless a test sets a grace (no test client reports its first frame, `shown`).
      room: { games: fixtureGames, botDelayMs: 5, idleMs: opts.idleMs ?? 1000, clockGraceMs: 0, logger, ...room },
      clientDist,
      metricsToken: opts.metricsToken ?? null,
    },
  });
  const { server } = fireside;
  const address = server.transport.server!.address() as AddressInfo;
  return {
    server,
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    dataDir,
    fireside,
    logs,
    records,
    logLines,
    close: async () => {
      await server.gracefullyShutdown(false);
      await store.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Received {
  type: string;
  payload: any;
}

/** A room member driven by a real SDK client. */
export class Player {
  readonly messages: Received[] = [];
  readonly sockets: RecordingWebSocket[] = [];
  private barrierSeq = 0;

  constructor(
    readonly client: Client,
    readonly room: Room<any, any>,
  ) {
    room.onMessage('*', (type: string | number, payload: any) => {
      this.messages.push({ type: String(type), payload });
    });
    this.trackSocket();
    room.onReconnect(() => this.trackSocket());
    room.reconnection.minUptime = 0;
  }

  private trackSocket(): void {
    const ws = (this.room.connection.transport as unknown as { ws: RecordingWebSocket }).ws;
    if (ws && !this.sockets.includes(ws)) this.sockets.push(ws);
  }

  private readonly views = new ViewJson();

  /** The decoded state; its `view` reads as the public view's JSON (view-json.ts). */
  get state(): any {
    return withViewJson(this.room.state, this.views);
  }

  get welcome(): WelcomeMessage | undefined {
    return this.messages.find((m) => m.type === 'welcome')?.payload;
  }

  /** `error` messages received, except the barrier replies. */
  get errors(): { code: string; message: string; type: string }[] {
    return this.messages.filter((m) => m.type === 'error' && !String(m.payload?.type).startsWith('__barrier')).map((m) => m.payload);
  }

  /** Every byte this player's sockets received, as latin1 text (for leak searches). */
  rawText(): string {
    this.trackSocket();
    return this.sockets.map((s) => Buffer.concat(s.frames).toString('latin1')).join('');
  }

  send(type: string, payload?: unknown): void {
    this.room.send(type, payload);
  }

  async waitWelcome(): Promise<WelcomeMessage> {
    await waitFor(() => this.welcome !== undefined, 'welcome');
    return this.welcome!;
  }

  /** Waits until the decoded state satisfies `pred`. */
  async until(pred: (state: any) => boolean, label = 'state condition', timeoutMs = 4000): Promise<void> {
    await waitFor(
      () => this.room.state !== undefined && pred(this.state),
      label,
      timeoutMs,
      () => JSON.stringify(this.room.state?.toJSON?.()),
    );
  }

  /** Sends `type` and resolves with the `error` it provokes (fails if none within the timeout). */
  async expectError(type: string, payload: unknown, code: string): Promise<{ code: string; message: string; type: string }> {
    const before = this.errors.length;
    this.send(type, payload);
    await waitFor(() => this.errors.length > before, `error for ${type}`);
    const err = this.errors[before];
    if (err.code !== code || err.type !== type) {
      throw new Error(`expected error ${code} for ${type}, got ${JSON.stringify(err)}`);
    }
    return err;
  }

  /**
   * A round trip through the room: everything the server sent this player
   * before handling the barrier has arrived when this resolves.
   */
  async barrier(): Promise<void> {
    const type = `__barrier${++this.barrierSeq}`;
    this.room.send(type, {});
    await waitFor(() => this.messages.some((m) => m.type === 'error' && m.payload?.type === type), 'barrier');
  }

  /** Kills the TCP connection without a close frame (a network drop); the SDK reconnects. */
  dropSocket(): void {
    const ws = (this.room.connection.transport as unknown as { ws: RecordingWebSocket }).ws;
    ws.terminate();
  }

  /** Leaves for good (consented). Resolves even if the room is already gone. */
  async leave(): Promise<void> {
    if (!this.room.connection?.isOpen) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 1000)));
    await Promise.race([this.room.leave(true).catch(() => undefined), timeout]);
    clearTimeout(timer);
  }
}

/** The room log (chat lines with an event, docs/protocol.md), as "event name" plus " text" when it has one: "sat Ann 1". */
export function roomLogOf(p: Player): string[] {
  return [...(p.state.chat as Iterable<{ event: string; name: string; text: string }>)]
    .filter((l) => l.event !== '')
    .map((l) => `${l.event} ${l.name}${l.text ? ` ${l.text}` : ''}`);
}

/**
 * `headers`: sent with the matchmaking request and the WebSocket upgrade
 * (e.g. `X-Forwarded-For`, to pose as another address behind a trusted proxy).
 */
export async function createRoom(url: string, options: Record<string, unknown>, headers?: Record<string, string>): Promise<Player> {
  const client = new Client(url, headers ? { headers } : undefined);
  const room = await client.create('game', options);
  const player = new Player(client, room);
  await player.waitWelcome();
  await player.until((s) => s.status !== undefined && s.members?.size > 0, 'initial state');
  return player;
}

export async function joinRoom(url: string, roomId: string, options: Record<string, unknown>, headers?: Record<string, string>): Promise<Player> {
  const client = new Client(url, headers ? { headers } : undefined);
  const room = await client.joinById(roomId, options);
  const player = new Player(client, room);
  await player.waitWelcome();
  await player.until((s) => s.status !== undefined && s.members?.size > 0, 'initial state');
  return player;
}

/**
 * A started match of `game` (the test-only "secret" game by default): one
 * player per name, seated in that order, the first one host; every seat human.
 */
export async function startedMatch(url: string, names: string[], game = 'secret'): Promise<Player[]> {
  const host = await createRoom(url, { game, name: names[0], players: names.length });
  const players = [host];
  for (const name of names.slice(1)) players.push(await joinRoom(url, host.room.roomId, { name }));
  players.forEach((p, seat) => p.send('sit', { seat }));
  await host.until((s) => s.seats.every((seat: { kind: string }) => seat.kind === 'human'), 'every player seated');
  host.send('start');
  await Promise.all(players.map((p) => p.until((s) => s.status === 'playing', 'the match started')));
  return players;
}

export async function waitFor(pred: () => boolean, label: string, timeoutMs = 4000, describe?: () => string): Promise<void> {
  const start = Date.now();
  // A predicate that throws (e.g. reads a member the state does not hold yet,
  // before the next patch) counts as not satisfied yet; its last error is
  // reported if the wait times out.
  let lastError: unknown = null;
  const holds = () => {
    try {
      return pred();
    } catch (e) {
      lastError = e;
      return false;
    }
  };
  while (!holds()) {
    if (Date.now() - start > timeoutMs) {
      const why = lastError ? ` (last error: ${(lastError as Error)?.message ?? lastError})` : '';
      throw new Error(`timed out waiting for ${label}${describe ? `: ${describe()}` : ''}${why}`);
    }
    await sleep(10);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seats of the decoded state as plain objects. */
export function seatsOf(state: any): any[] {
  return state.seats.map((s: any) => (typeof s.toJSON === 'function' ? s.toJSON() : s));
}
