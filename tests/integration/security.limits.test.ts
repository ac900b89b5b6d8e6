/**
 * The abuse limits (server/src/limits/), through a real server and real SDK
 * clients. Addresses are simulated behind a trusted proxy: with
 * FIRESIDE_TRUST_PROXY listing the peer (here `trustProxy: ['loopback']`:
 * the tests connect from 127.0.0.1) the server takes the client address from
 * the right-most `X-Forwarded-For` entry.
 *
 * Each case starts its own server with small limits, so that the counters of
 * one case never leak into another.
 */
import '../../server/testing/ws-setup.js';
import { afterEach, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { Client, type Room } from '@colyseus/sdk';
import { startServer, createRoom, joinRoom, waitFor, type Player, type TestServer } from '../../server/testing/harness.js';
import type { AbuseLimits } from '../../server/src/limits/settings.js';

const { BotConnection } = await import('../../botclient/src/index.js');

let srv: TestServer | null = null;
const players: Player[] = [];
/** Rooms joined by joinError (no Player around them). */
const joined: Room[] = [];
afterEach(async () => {
  await Promise.all(players.splice(0).map((p) => p.leave().catch(() => undefined)));
  await Promise.all(joined.splice(0).map((r) => r.leave(true).catch(() => undefined)));
  await srv?.close();
  srv = null;
});

async function serve(limits: Partial<AbuseLimits>): Promise<TestServer> {
  srv = await startServer({}, '/nonexistent', { limits: { trustProxy: ['loopback'], ...limits } });
  return srv;
}

const from = (address: string) => ({ 'x-forwarded-for': address });

/** Creates a room as `address` and keeps its creator connected. */
async function openTable(address: string): Promise<Player> {
  const p = await createRoom(srv!.url, { game: 'secret', name: 'Host', players: 2 }, from(address));
  players.push(p);
  return p;
}

/** The matchmaking error of a `create` from `address` (code and message), or null if it succeeded. */
async function createError(address: string): Promise<{ code: number; message: string } | null> {
  try {
    const room = await new Client(srv!.url, { headers: from(address) }).create('game', { game: 'secret', name: 'x', players: 2 });
    await room.leave(true).catch(() => undefined);
    return null;
  } catch (e) {
    const err = e as { code: number; message: string };
    return { code: err.code, message: err.message };
  }
}

async function joinError(address: string, roomId: string): Promise<{ code: number; message: string } | null> {
  try {
    const room = await new Client(srv!.url, { headers: from(address) }).joinById(roomId, { name: 'x' });
    joined.push(room);
    return null;
  } catch (e) {
    const err = e as { code: number; message: string };
    return { code: err.code, message: err.message };
  }
}

describe('abuse limits', () => {
  it('a room-creation flood from one address is refused after its limit with a clear message; another address keeps creating', async () => {
    await serve({ roomsPerMinute: 5 });
    // The flood: raw matchmaking requests, as a script would send them.
    const statuses: number[] = [];
    let refusal: { error?: string } = {};
    let retryAfter: string | null = null;
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${srv!.url}/matchmake/create/game`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from('203.0.113.7') },
        body: JSON.stringify({ game: 'secret', name: 'Flood', players: 2 }),
      });
      statuses.push(res.status);
      if (res.status === 429) {
        refusal = (await res.json()) as { error?: string };
        retryAfter = res.headers.get('retry-after');
      } else await res.arrayBuffer();
    }
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    expect(refusal.error).toMatch(/^Too many tables created from your address \(at most 5 a minute\)\. Try again in \d+ s\.$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);

    // The SDK surfaces the refusal as the error of `create`, code 429.
    const sdk = await createError('203.0.113.7');
    expect(sdk?.code).toBe(429);
    expect(sdk?.message).toMatch(/Too many tables created from your address/);

    // Another address is not affected.
    for (let i = 0; i < 3; i++) expect(await createError('198.51.100.9')).toBeNull();
  }, 60_000);

  it('the bot client reports the refusal in words', async () => {
    await serve({ roomsPerMinute: 1 });
    const bot = await BotConnection.create({ server: srv!.url, game: 'secret', name: 'Bot' });
    await expect(BotConnection.create({ server: srv!.url, game: 'secret', name: 'Bot' })).rejects.toThrow(
      /cannot join: Too many tables created from your address \(at most 1 a minute\)/,
    );
    await bot.leave();
  }, 30_000);

  it('without FIRESIDE_TRUST_PROXY, X-Forwarded-For is ignored: every "address" shares the peer address limit', async () => {
    await serve({ roomsPerMinute: 2, trustProxy: [] });
    expect(await createError('192.0.2.1')).toBeNull();
    expect(await createError('192.0.2.2')).toBeNull();
    expect((await createError('192.0.2.3'))?.code).toBe(429);
  }, 30_000);

  it('open rooms per address: refused while the address has its limit of open rooms, allowed again once one closes', async () => {
    await serve({ openRoomsPerAddress: 2 });
    const a = await openTable('203.0.113.1');
    await openTable('203.0.113.1');
    const refused = await createError('203.0.113.1');
    expect(refused?.code).toBe(429);
    expect(refused?.message).toMatch(/Your address already has 2 open tables/);
    expect(await createError('203.0.113.2')).toBeNull();

    // Its creator leaves: the empty room unloads after the idle time (1 s in tests), and no longer counts.
    const roomId = a.room.roomId;
    await a.leave();
    const { matchMaker } = await import('@colyseus/core');
    await waitFor(() => matchMaker.getLocalRoomById(roomId) === undefined, 'the empty room unloaded', 10_000);
    expect(await createError('203.0.113.1')).toBeNull();
  }, 60_000);

  it('the global cap on open rooms: no new room past it (503), while existing rooms still take players', async () => {
    await serve({ maxOpenRooms: 2 });
    const a = await openTable('203.0.113.1');
    await openTable('203.0.113.2');
    const refused = await createError('203.0.113.3');
    expect(refused?.code).toBe(503);
    expect(refused?.message).toBe('The server is full (2 open tables). Try again in a few minutes.');
    expect(await joinError('203.0.113.3', a.room.roomId)).toBeNull();
  }, 30_000);

  it('connections per address: refused at matchmaking with a message, and at the WebSocket upgrade; other addresses join', async () => {
    await serve({ connectionsPerAddress: 3 });
    const host = await openTable('203.0.113.5');
    const roomId = host.room.roomId;
    players.push(await joinRoom(srv!.url, roomId, { name: 'p2' }, from('203.0.113.5')));
    players.push(await joinRoom(srv!.url, roomId, { name: 'p3' }, from('203.0.113.5')));
    const refused = await joinError('203.0.113.5', roomId);
    expect(refused?.code).toBe(429);
    expect(refused?.message).toMatch(/^Too many connections from your address \(at most 3 at once\)/);
    expect(await joinError('198.51.100.5', roomId)).toBeNull();

    // A WebSocket that skips matchmaking is refused at the upgrade, with the message in the HTTP answer.
    const ws = new WebSocket(`${srv!.url.replace('http', 'ws')}/whatever/room`, { headers: from('203.0.113.5') });
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      ws.on('open', () => reject(new Error('the upgrade was accepted')));
      ws.on('error', () => undefined);
    });
    expect(answer.status).toBe(429);
    expect(JSON.parse(answer.body).error).toMatch(/Too many connections/);

    // One connection closes: the address may connect again.
    await players.find((p) => p !== host && p.room.roomId === roomId)!.leave();
    let back: { code: number; message: string } | null = { code: 0, message: '' };
    for (let i = 0; i < 50 && back !== null; i++) {
      back = await joinError('203.0.113.5', roomId);
      if (back) await new Promise((r) => setTimeout(r, 50));
    }
    expect(back).toBeNull();
  }, 60_000);

  it('join attempts per address per minute: refused past the limit, other addresses unaffected', async () => {
    await serve({ joinsPerMinute: 4 });
    const host = await openTable('198.51.100.1');
    const roomId = host.room.roomId;
    // A scan of room ids: each attempt counts, found or not.
    for (let i = 0; i < 4; i++) expect((await joinError('203.0.113.9', `nope${i}`))?.code).not.toBe(429);
    const refused = await joinError('203.0.113.9', roomId);
    expect(refused?.code).toBe(429);
    expect(refused?.message).toMatch(/^Too many attempts to join tables from your address \(at most 4 a minute\)\. Try again in \d+ s\.$/);
    expect(await joinError('203.0.113.10', roomId)).toBeNull();
  }, 30_000);
});
