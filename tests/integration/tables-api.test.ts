/**
 * `GET /api/tables/<roomId>` and `GET /api/tables?ids=…`: what the home
 * page's "Your tables" and an invite link's preview show. A live room is read
 * from its state (whose turn it is included), an unloaded one from the store
 * without waking it; nothing secret (tokens, hashes, member ids, seed, seat
 * views) is ever in a body.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { createRoom, joinRoom, startedMatch, type Player } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

// Rooms nobody is in unload after 300 ms (a room still in use never does).
const srv = useServer({}, '/nonexistent', { idleMs: 300 });
const all = srv.players;

async function get(path: string): Promise<{ status: number; body: any; text: string; cache: string | null }> {
  const res = await fetch(`${srv.url}${path}`);
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text, cache: res.headers.get('cache-control') };
}

async function roomsLoaded(): Promise<number> {
  return (await get('/healthz')).body.rooms as number;
}

/** Nothing that only its owner, or only the server, may know. */
function expectNoSecrets(text: string, players: Player[]): void {
  for (const p of players) {
    expect(text).not.toContain(p.welcome!.token);
    expect(text).not.toContain(p.welcome!.memberId);
  }
  // Seat views carry `SEKRIT-<seat>-<n>` markers (the fixture game's id is "secret", hence keys only).
  expect(text).not.toContain('SEKRIT');
  expect(text).not.toMatch(/"(token|tokenHash|seed|secret|memberId|hostId|id|members|options|view|chat)"\s*:/i);
}

describe('table summaries', () => {
  it('a live lobby: game, host, seats, free seats', async () => {
    const host = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 3 });
    const bob = await joinRoom(srv.url, host.room.roomId, { name: 'Bob' });
    all.push(host, bob);
    host.send('sit', { seat: 0 });
    host.send('addBot', { seat: 2 });
    await host.until((s) => s.seats[0].kind === 'human' && s.seats[2].kind === 'bot', 'Alice seated, a bot on seat 3');

    const { status, body, text, cache } = await get(`/api/tables/${host.room.roomId}`);
    expect(status).toBe(200);
    expect(cache).toBe('no-store');
    expect(body).toEqual({
      roomId: host.room.roomId,
      game: 'secret',
      status: 'lobby',
      host: 'Alice',
      players: 3,
      seats: [
        { name: 'Alice', kind: 'human', connected: true },
        { name: '', kind: 'empty', connected: false },
        { name: expect.stringMatching(/\(bot\)$/), kind: 'bot', connected: true },
      ],
      freeSeats: 1,
      awaiting: [],
      matchNo: 1,
      locked: false,
    });
    // Bob watches: a spectator is no seat, and his name is nowhere.
    expect(text).not.toContain('Bob');
    expectNoSecrets(text, [host, bob]);
  });

  it('a live match: whose turn it is, by name, follows the game', async () => {
    const [a, b, c] = await startedMatch(srv.url, ['Ann', 'Ben', 'Cat']);
    all.push(a, b, c);
    const path = `/api/tables/${a.room.roomId}`;
    let { body } = await get(path);
    expect(body.status).toBe('playing');
    expect(body.freeSeats).toBe(0);
    expect(body.awaiting).toEqual(['Ann', 'Ben', 'Cat']);

    a.send('intent', { action: { type: 'pick', n: 7 } });
    c.send('intent', { action: { type: 'pick', n: 2 } });
    await a.until((s) => !s.seats[0].awaiting && !s.seats[2].awaiting, 'Ann and Cat picked');
    const res = await get(path);
    body = res.body;
    expect(body.awaiting).toEqual(['Ben']);
    // The picks are secrets: nothing of a seat view is in the summary.
    expectNoSecrets(res.text, [a, b, c]);

    // Ben closes the page: his seat stays his, shown offline.
    await b.leave();
    await a.until((s) => s.seats[1].connected === false, 'Ben offline');
    body = (await get(path)).body;
    expect(body.seats[1]).toEqual({ name: 'Ben', kind: 'human', connected: false });
    expect(body.awaiting).toEqual(['Ben']);
  });

  it('a room unloaded to the store is read from there, without waking it', async () => {
    const base = await roomsLoaded();
    const [a, b] = await startedMatch(srv.url, ['Dee', 'Eve']);
    const roomId = a.room.roomId;
    await a.leave();
    await b.leave();
    const deadline = Date.now() + 5000;
    while ((await roomsLoaded()) !== base && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await roomsLoaded()).toBe(base); // unloaded

    const { status, body, text } = await get(`/api/tables/${roomId}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      roomId,
      game: 'secret',
      status: 'playing',
      host: expect.any(String),
      players: 2,
      seats: [
        { name: 'Dee', kind: 'human', connected: false },
        { name: 'Eve', kind: 'human', connected: false },
      ],
      freeSeats: 0,
      awaiting: [], // not known without loading the match
      matchNo: 1,
      locked: false,
    });
    expectNoSecrets(text, [a, b]);
    // The batch reads it the same way; neither woke the room.
    const batch = await get(`/api/tables?ids=${roomId}`);
    expect(batch.body.tables).toEqual([body]);
    await new Promise((r) => setTimeout(r, 100));
    expect(await roomsLoaded()).toBe(base);
    expect(srv.records.some((r) => r.event === 'room.restored' && r.roomId === roomId)).toBe(false);
  });

  it('an unknown or malformed id: 404 with a clear message', async () => {
    const unknown = await get('/api/tables/noSuchRoom1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/does not exist or has expired/);
    for (const bad of ['bad%20id', 'a.b', 'x'.repeat(65), '%3Cscript%3E']) {
      const res = await get(`/api/tables/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/not a table id/);
    }
  });

  it('a batch: found tables in order, unknown ids as missing, at most 20 ids', async () => {
    const one = await createRoom(srv.url, { game: 'secret', name: 'Fay' });
    const two = await createRoom(srv.url, { game: 'secret', name: 'Gus' });
    all.push(one, two);
    const ids = [two.room.roomId, 'noSuchRoom2', one.room.roomId, two.room.roomId];
    const { status, body } = await get(`/api/tables?ids=${ids.join(',')}`);
    expect(status).toBe(200);
    expect(body.tables.map((t: { roomId: string; host: string }) => [t.roomId, t.host])).toEqual([
      [two.room.roomId, 'Gus'],
      [one.room.roomId, 'Fay'],
    ]);
    expect(body.missing).toEqual(['noSuchRoom2']);

    const twenty = Array.from({ length: 20 }, (_, i) => `room${i}`);
    const ok = await get(`/api/tables?ids=${twenty.join(',')}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ tables: [], missing: twenty });

    const tooMany = await get(`/api/tables?ids=${[...twenty, 'room20'].join(',')}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/At most 20 table ids/);

    for (const bad of ['/api/tables', '/api/tables?ids=', '/api/tables?ids=a,b%20c', '/api/tables?ids=a&ids=b']) {
      const res = await get(bad);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });
});
