/**
 * The same durability on PostgreSQL (DATABASE_URL): a throwaway cluster on a
 * free loopback port (server/testing/pg-cluster.ts), a server on it, a match
 * half played, the server shut down, a new server on the same database: the
 * room is back under its id, the members reclaim their seats and secrets, the
 * match finishes.
 */
import '../../server/testing/ws-setup.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startPgCluster, type PgCluster } from '../../server/testing/pg-cluster.js';
import { joinRoom, startServer, startedMatch, type Player } from '../../server/testing/harness.js';
import { PostgresStore } from '../../server/src/store/postgres.js';

let cluster: PgCluster;
const all: Player[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  await Promise.all(all.map((p) => p.leave()));
  await cluster?.stop();
});

describe('durable matches on PostgreSQL', () => {
  it('a room and its match survive a restart of the server', async () => {
    const first = await startServer({}, '/nonexistent', { store: new PostgresStore(cluster.url) });
    const [a, b] = await startedMatch(first.url, ['Alice', 'Bob']);
    const roomId = a.room.roomId;
    a.send('intent', { action: { type: 'pick', n: 6 } });
    await a.until((s) => JSON.parse(s.seats[0].secret).mine === 6);
    const view = a.state.view;
    const tokens = [a.welcome!, b.welcome!];
    for (const p of [a, b]) p.room.reconnection.enabled = false;
    await first.close();

    const second = await startServer({}, '/nonexistent', { store: new PostgresStore(cluster.url) });
    try {
      expect(second.fireside.restored.restored).toBe(1);
      const a2 = await joinRoom(second.url, roomId, { name: 'Alice', token: tokens[0].token });
      const b2 = await joinRoom(second.url, roomId, { name: 'Bob', token: tokens[1].token });
      all.push(a2, b2);
      expect(a2.state.view).toBe(view);
      expect(JSON.parse(a2.state.seats[0].secret).mine).toBe(6);
      b2.send('intent', { action: { type: 'pick', n: 2 } });
      await b2.until((s) => JSON.parse(s.view).phase === 'reveal');
      a2.send('intent', { action: { type: 'reveal' } });
      await a2.until((s) => JSON.parse(s.view).turn === 1);
      b2.send('intent', { action: { type: 'reveal' } });
      await b2.until((s) => s.status === 'ended');
      expect(JSON.parse(b2.state.result).winners).toEqual([0]);
      await Promise.all([a2.leave(), b2.leave()]);
    } finally {
      await second.close();
    }
  }, 60_000);
});
