/**
 * The room leases, process liveness and fenced room listings in a real
 * Redis (Debian's redis-server, server/testing/redis-server.ts): the Lua
 * scripts of redis-leases.ts and fenced-driver.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { startRedisServer, type RedisServer } from '../../testing/redis-server.js';
import { FencedRedisDriver } from './fenced-driver.js';
import { leaseKey, RedisLeases } from './redis-leases.js';

let server: RedisServer;
const clients: Redis[] = [];
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server?.stop();
});

const connect = () => {
  const c = new Redis(server.url);
  clients.push(c);
  return c;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
/** A process id and its leases, on a connection of its own. */
const processNamed = (ttlMs = 3000) => {
  const id = `proc${++n}`;
  return { id, leases: new RedisLeases(connect(), () => id, ttlMs) };
};

describe('RedisLeases', () => {
  it('a room has one holder: taken when free or already held, never from a live holder; dropped only by its holder', async () => {
    const [a, b] = [processNamed(), processNamed()];
    expect(await a.leases.take('r1', null)).toBe(true);
    expect(await a.leases.take('r1', null)).toBe(true);
    expect(await b.leases.take('r1', null)).toBe(false);
    expect(await b.leases.owner('r1')).toBe(a.id);
    await b.leases.drop('r1');
    expect(await a.leases.owner('r1')).toBe(a.id);
    await a.leases.drop('r1');
    expect(await a.leases.owner('r1')).toBeNull();
    expect(await b.leases.take('r1', null)).toBe(true);
  });

  it('a lease not renewed lapses after its time; renewing keeps it; the renewal names the leases lost', async () => {
    const [a, b] = [processNamed(400), processNamed(400)];
    for (const id of ['r2', 'r3', 'r4']) expect(await a.leases.take(id, null)).toBe(true);
    await sleep(250);
    expect(await a.leases.renew(['r2', 'r3'])).toEqual([]);
    await sleep(250);
    // r4 was not renewed: it lapsed, and b takes it.
    expect(await a.leases.owner('r4')).toBeNull();
    expect(await b.leases.take('r4', null)).toBe(true);
    expect(await a.leases.renew(['r2', 'r3', 'r4'])).toEqual(['r4']);
    expect(await a.leases.owner('r2')).toBe(a.id);
  });

  it('a lease is taken over from the process named dead, and only from it', async () => {
    const [a, b, c] = [processNamed(), processNamed(), processNamed()];
    await a.leases.take('r5', null);
    expect(await b.leases.take('r5', c.id)).toBe(false);
    expect(await b.leases.take('r5', a.id)).toBe(true);
    expect(await a.leases.renew(['r5'])).toEqual(['r5']);
  });

  it('a process is alive while it beats and its IPC channel is subscribed; dead otherwise', async () => {
    const [watcher, a, b] = [processNamed(300), processNamed(300), processNamed(300)];
    const sub = connect();
    await sub.subscribe(`p:${a.id}`);
    await a.leases.beat();
    await b.leases.beat(); // beating, but no channel: its Redis connections are gone (kill -9)
    expect(await watcher.leases.isDead(a.id)).toBe(false);
    expect(await watcher.leases.isDead(b.id)).toBe(true);
    // a's heartbeat lapses (a lost machine: its connections look open for a while).
    await sleep(400);
    expect(await watcher.leases.isDead(a.id)).toBe(true);
    // The verdict stands for a while (its rooms are being taken over), and a process is never dead to itself.
    await a.leases.beat();
    expect(await watcher.leases.isDead(a.id)).toBe(true);
    expect(await a.leases.isDead(a.id)).toBe(false);
  });

  it('a room answers other processes once its IPC channel is subscribed', async () => {
    const { leases } = processNamed();
    expect(await leases.answers('r6')).toBe(false);
    const sub = connect();
    await sub.subscribe('$r6');
    expect(await leases.answers('r6')).toBe(true);
  });
});

describe('FencedRedisDriver', () => {
  const listing = (roomId: string, processId: string) => ({ roomId, processId, name: 'game', clients: 0, locked: false }) as never;

  it('lists a room only for the holder of its lease, unlists it only for the process it names, cleans only a dead process’s listings', async () => {
    const [a, b] = [processNamed(), processNamed()];
    const redis = connect();
    const driverA = new FencedRedisDriver(redis, () => a.id);
    const driverB = new FencedRedisDriver(redis, () => b.id);
    await a.leases.take('r7', null);
    expect(await driverB.persist(listing('r7', b.id))).toBe(false);
    expect(await driverA.persist(listing('r7', a.id))).toBe(true);
    expect((await driverB.findOne({ roomId: 'r7' }))?.processId).toBe(a.id);
    // b took the room over (a died): a's late removal leaves b's listing.
    await redis.set(leaseKey('r7'), b.id);
    expect(await driverB.persist(listing('r7', b.id))).toBe(true);
    expect(await driverA.remove('r7')).toBe(false);
    await driverA.cleanup(a.id);
    expect((await driverA.findOne({ roomId: 'r7' }))?.processId).toBe(b.id);
    // a lock (an update) by the holder; its own removal.
    expect(await driverB.update(listing('r7', b.id), { $set: { locked: true } })).toBe(true);
    expect((await driverB.findOne({ roomId: 'r7' }))?.locked).toBe(true);
    await driverB.cleanup(b.id);
    expect(await driverB.findOne({ roomId: 'r7' })).toBeUndefined();
  });
});
