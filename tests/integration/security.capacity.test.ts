/**
 * The server's cap on rooms (FIRESIDE_MAX_ROOMS) cannot be held by strangers
 * (issue 22): a table nobody joined unloads within a minute, X-Forwarded-For
 * counts only from the trusted proxies' addresses (HTTP and WebSocket
 * upgrades alike), waking a stored room takes a place under the cap, and a
 * refusal is one warning line and a metric, never an error.
 *
 * Each case starts its own server, so that the counters of one never leak
 * into another. Clients bind their sockets to addresses of 127.0.0.0/8
 * (Linux routes all of it to the loopback interface) to come from a
 * trusted or an untrusted peer.
 */
import '../../server/testing/ws-setup.js';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { matchMaker } from '@colyseus/core';
import { startServer, createRoom, sleep, startedMatch, waitFor, type Player, type TestServer } from '../../server/testing/harness.js';
import type { AbuseLimits } from '../../server/src/limits/settings.js';
import { resolveSettings, type RoomSettings } from '../../server/src/rooms/settings.js';

let srv: TestServer | null = null;
const players: Player[] = [];
afterEach(async () => {
  await Promise.all(players.splice(0).map((p) => p.leave().catch(() => undefined)));
  await srv?.close();
  srv = null;
});

async function serve(limits: Partial<AbuseLimits>, room: Partial<RoomSettings> = {}): Promise<TestServer> {
  srv = await startServer(room, '/nonexistent', { limits: { trustProxy: [], ...limits } });
  return srv;
}

interface Answer {
  status: number;
  body: { error?: string; roomId?: string; name?: string };
}

/** A raw matchmaking request (as a script sends it) from the local address `from`, with extra headers. */
function matchmake(path: string, body: object, from = '127.0.0.1', headers: Record<string, string> = {}): Promise<Answer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${srv!.url}/matchmake/${path}`,
      { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)), ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const createTable = (from?: string, headers?: Record<string, string>) => matchmake('create/game', { game: 'secret', name: 'x', players: 2 }, from, headers);

async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${srv!.url}/metrics`)).text();
  const escaped = name.replace(/[{}"]/g, (c) => `\\${c}`);
  const m = new RegExp(`^${escaped} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

describe('room capacity', () => {
  it('a table nobody joined unloads after unjoinedMs (default at most 60 s) and frees its places; a joined one stays', async () => {
    expect(resolveSettings().unjoinedMs).toBeLessThanOrEqual(60_000);
    // The idle time of a joined table far longer than the test: only the unjoined table may unload.
    await serve({ openRoomsPerAddress: 2, maxOpenRooms: 2 }, { unjoinedMs: 800, idleMs: 120_000 });
    const held = await createRoom(srv!.url, { game: 'secret', name: 'Host', players: 2 });
    players.push(held);
    const created = await createTable();
    expect(created.status).toBe(200);
    const roomId = created.body.roomId!;
    expect(matchMaker.getLocalRoomById(roomId)).toBeDefined();
    // Both places (per address and on the server) taken.
    expect((await createTable()).status).toBe(429);
    await waitFor(() => matchMaker.getLocalRoomById(roomId) === undefined, 'the unjoined table unloaded', 15_000);
    expect(matchMaker.getLocalRoomById(held.room.roomId)).toBeDefined();
    expect((await createTable()).status).toBe(200);
  }, 60_000);

  it('an empty lobby (its creator came and went) goes as soon as an unjoined table; a match nobody is at waits the idle time', async () => {
    await serve({}, { unjoinedMs: 800, idleMs: 120_000 });
    const solo = await createRoom(srv!.url, { game: 'secret', name: 'Solo', players: 2 });
    const [ann, bo] = await startedMatch(srv!.url, ['Ann', 'Bo']);
    await solo.leave();
    await ann.leave();
    await bo.leave(); // seated in a match: both keep their seats, the room waits for them
    await waitFor(() => matchMaker.getLocalRoomById(solo.room.roomId) === undefined, 'the empty lobby unloaded', 15_000);
    await sleep(1500);
    expect(matchMaker.getLocalRoomById(ann.room.roomId)).toBeDefined();
  }, 60_000);

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, at matchmaking and at the WebSocket upgrade', async () => {
    // Only 127.0.0.2 is a proxy: what 127.0.0.1 says of its clients is not believed.
    await serve({ roomsPerMinute: 2, connectionsPerAddress: 1, trustProxy: ['127.0.0.2'] });
    const spoof = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
    expect((await createTable('127.0.0.1', spoof(1))).status).toBe(200);
    expect((await createTable('127.0.0.1', spoof(2))).status).toBe(200);
    const refused = await createTable('127.0.0.1', spoof(3));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/Too many tables created from your address/);
    // The trusted proxy's clients are told apart by the header.
    for (const n of [1, 1, 2]) expect((await createTable('127.0.0.2', spoof(n))).status).toBe(200);
    expect((await createTable('127.0.0.2', spoof(1))).status).toBe(429);

    // Upgrades: one connection per address. 127.0.0.3 holds one; a second one claiming another client is refused.
    const first = await upgrade('127.0.0.3', spoof(50));
    expect(first.status).not.toBe(429);
    const second = await upgrade('127.0.0.3', spoof(51));
    expect(second.status).toBe(429);
    first.socket?.terminate();
  }, 60_000);

  it('waking a stored room takes a place under FIRESIDE_MAX_ROOMS: refused like a creation when full, the room unharmed', async () => {
    await serve({ maxOpenRooms: 1 });
    const alice = await createRoom(srv!.url, { game: 'secret', name: 'Alice', players: 2 });
    const stored = alice.room.roomId;
    await alice.leave();
    await waitFor(() => matchMaker.getLocalRoomById(stored) === undefined, 'the idle room unloaded', 15_000);
    const record = await srv!.fireside.store.loadRoom(stored);
    expect(record).not.toBeNull();
    players.push(await createRoom(srv!.url, { game: 'secret', name: 'Bob', players: 2 }));

    const refused = await matchmake(`joinById/${stored}`, { name: 'Carol' });
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe('The server is full (1 open tables). Try again in a few minutes.');
    expect(matchMaker.getLocalRoomById(stored)).toBeUndefined();
    expect(matchMaker.stats.local.roomCount).toBe(1);
    expect(await srv!.fireside.store.loadRoom(stored)).toEqual(record);

    // A place frees up: the same link wakes the room.
    await players.pop()!.leave();
    await waitFor(() => matchMaker.stats.local.roomCount === 0, 'the second room unloaded', 15_000);
    const woken = await matchmake(`joinById/${stored}`, { name: 'Carol' });
    expect(woken.status).toBe(200);
    expect(matchMaker.getLocalRoomById(stored)).toBeDefined();
  }, 60_000);

  it('a refused create is one warning line without a stack trace and a count in /metrics, not an error', async () => {
    await serve({ maxOpenRooms: 1 });
    players.push(await createRoom(srv!.url, { game: 'secret', name: 'Host', players: 2 }));
    const fullBefore = await metric('fireside_limit_refusals_total{reason="server_full"}');
    const errorsBefore = await metric('fireside_log_errors_total');
    const linesBefore = srv!.records.length;

    const refused = await createTable('127.0.0.9');
    expect(refused.status).toBe(503);
    expect(await metric('fireside_limit_refusals_total{reason="server_full"}')).toBe(fullBefore + 1);
    expect(await metric('fireside_log_errors_total')).toBe(errorsBefore);
    const lines = srv!.records.slice(linesBefore).filter((r) => r.level !== 'debug' && r.level !== 'trace');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', event: 'limits.refused', reason: 'server_full', status: 503, address: '127.0.0.9' });
    expect(lines[0].msg).toMatch(/^refused POST \/matchmake\/create\/game from 127\.0\.0\.9: The server is full/);
    expect(JSON.stringify(lines[0])).not.toMatch(/stack|\n\s+at /);
  }, 60_000);
});

describe('FIRESIDE_TRUST_PROXY', () => {
  it('as a count of proxies (the old form) stops the built server at start, saying the new form, before it opens its store', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fireside-trust-'));
    try {
      const child = spawn(process.execPath, [path.join(root, 'server/dist/index.js')], {
        env: { PATH: process.env.PATH, PORT: '0', FIRESIDE_DATA_DIR: dataDir, FIRESIDE_CLIENT_DIST: '/nonexistent', FIRESIDE_TRUST_PROXY: '1' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      clearTimeout(timer);
      expect(code).toBe(2);
      expect(stderr).toMatch(/^Fireside cannot start: FIRESIDE_TRUST_PROXY=1 \(a count of proxies\) is no longer accepted.*FIRESIDE_TRUST_PROXY=loopback/);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});

/** A WebSocket upgrade from the local address `from`: the HTTP status of a refusal, or 101 and the socket. */
function upgrade(from: string, headers: Record<string, string>): Promise<{ status: number; socket?: WebSocket }> {
  const ws = new WebSocket(`${srv!.url.replace('http', 'ws')}/whatever/room`, { headers, localAddress: from });
  return new Promise((resolve, reject) => {
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    ws.on('open', () => resolve({ status: 101, socket: ws }));
    ws.on('error', (e) => reject(e));
  });
}
