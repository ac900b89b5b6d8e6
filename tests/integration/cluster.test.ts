/**
 * Several processes serve games like one (issue 13, cluster mode): one
 * Redis, one Postgres, three built server processes, each with its own port
 * and public address (helpers/cluster.ts). A client reaches whichever process
 * it first asks: rooms are created through different processes; a join by
 * id through another process is sent to the room's own process (the seat
 * reservation names its public address); players, spectators, chat, clocks,
 * stand-ins and a seat reclaimed by token all work across processes; a bot
 * game of every game ends. A process that starts later restores no room
 * another one runs, and a stored room asked for through several processes at
 * once is loaded by exactly one.
 */
import '../../server/testing/ws-setup.js';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getGame, metaIds } from '@fireside/shared';
import { createRoom, joinRoom, type Player } from '../../server/testing/harness.js';
import { freePort, ROOT } from '../e2e/harness.js';
import { matchmake, startCluster, type ClusterProcess, type TestCluster } from './helpers/cluster.js';
import { playUntil } from './helpers/drive.js';

let cluster: TestCluster;
const players: Player[] = [];
beforeAll(async () => {
  cluster = await startCluster(3);
}, 180_000);
afterAll(async () => {
  await Promise.all(players.map((p) => p.leave().catch(() => undefined)));
  await cluster?.stop();
}, 60_000);

const proc = (i: number): ClusterProcess => cluster.processes[i % 3];
const keep = <T extends Player>(p: T): T => (players.push(p), p);
/** A decoded state's members and chat lines. */
const membersOf = (s: any): { name: string; connected: boolean }[] => [...s.members.values()];
const chatTexts = (s: any): string[] => [...s.chat].map((l: { text: string }) => l.text);
const summary = async (url: string, roomId: string) => (await fetch(`${url}/api/tables/${roomId}`)).json() as Promise<any>;

/** The built server with only some of the cluster settings: it must refuse to start, saying which one is missing. */
function startWith(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/index.js')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: '0', FIRESIDE_CLIENT_DIST: '/nonexistent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('cluster settings', () => {
  it('refuses to start with REDIS_URL but without DATABASE_URL or FIRESIDE_PUBLIC_ADDRESS, or when Redis does not answer', async () => {
    const redis = { REDIS_URL: cluster.redis.url };
    const noDb = await startWith({ ...redis, FIRESIDE_PUBLIC_ADDRESS: '127.0.0.1:1' });
    expect(noDb.code).toBe(2);
    expect(noDb.stderr).toMatch(/^Fireside cannot start: REDIS_URL is set .* DATABASE_URL is not/);
    const noAddress = await startWith({ ...redis, DATABASE_URL: cluster.pg.url });
    expect(noAddress.code).toBe(2);
    expect(noAddress.stderr).toMatch(/FIRESIDE_PUBLIC_ADDRESS is not/);
    const noRedis = await startWith({
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      DATABASE_URL: cluster.pg.url,
      FIRESIDE_PUBLIC_ADDRESS: '127.0.0.1:1',
    });
    expect(noRedis.code).toBe(2);
    expect(noRedis.stderr).toMatch(/^Fireside cannot start: Redis at REDIS_URL does not answer \(connect ECONNREFUSED/);
  }, 60_000);
});

describe('three processes serve games like one', () => {
  it.each(metaIds.map((id, i) => [id, i] as const))(
    '%s: created through one process, joined, watched and reclaimed through the others, played to its end',
    async (id, i) => {
      const game = getGame(id)!;
      const [home, second, third] = [proc(i), proc(i + 1), proc(i + 2)];
      const host = keep(await createRoom(home.url, { game: id, name: 'Host', players: 3 }));
      const roomId = host.room.roomId;

      // Another process's seat reservation names the room's own process.
      const reservation = await matchmake(second.url, 'joinById', roomId, { name: 'Probe' });
      expect(reservation).toMatchObject({ roomId, publicAddress: home.publicAddress });
      const pat = keep(await joinRoom(second.url, roomId, { name: 'Pat' }));
      await pat.until((s) => membersOf(s).some((m) => m.name === 'Host' && m.connected), 'Pat sees the host');
      pat.send('sit', { seat: 0 });
      await host.until((s) => s.seats[0].kind === 'human', 'Pat seated');
      host.send('fillBots');
      await host.until((s) => s.seats.every((seat: { kind: string }) => seat.kind !== 'empty'), 'bots seated');
      host.send('start');
      await pat.until((s) => s.status === 'playing', 'the match started');

      // A spectator through the third process: the same table, its chat both ways.
      const watcher = keep(await joinRoom(third.url, roomId, { name: 'Watcher' }));
      expect(watcher.state.seats.map((s: { name: string }) => s.name)).toEqual(host.state.seats.map((s: { name: string }) => s.name));
      const lines = [third, second].map((p) => `hello from ${p.publicAddress}`);
      watcher.send('chat', { text: lines[0] });
      pat.send('chat', { text: lines[1] });
      for (const p of [host, pat, watcher]) await p.until((s) => lines.every((l) => chatTexts(s).includes(l)), 'both chat lines');

      // Pat's seat is awaited at some point, with its clock running, as every process tells it.
      await playUntil(game, new Map([[0, pat]]), (view) => view !== null && pat.state.seats[0].awaiting, `${id}: Pat awaited`);
      await watcher.until((s) => s.seats[0].awaiting && s.seats[0].deadline > 0, 'the watcher sees Pat awaited, clock running');
      const table = await summary(third.url, roomId);
      expect(table).toMatchObject({ status: 'playing', awaiting: expect.arrayContaining(['Pat']) });
      expect(table.seats[0]).toEqual({ name: 'Pat', kind: 'human', connected: true });

      let moves = 0;
      await playUntil(game, new Map([[0, pat]]), () => ++moves > 10, `${id}: first moves`);

      // Pat's connection is lost for good; Pat comes back with the token through the third process.
      const token = pat.welcome!;
      pat.room.reconnection.enabled = false;
      pat.dropSocket();
      const back = keep(await joinRoom(third.url, roomId, { name: 'Pat', token: token.token }));
      expect(back.welcome!.memberId).toBe(token.memberId);
      await back.until((s) => s.seats[0].memberId === token.memberId && s.seats[0].secret !== '', 'Pat has seat and secret back');
      moves = 0;
      await playUntil(game, new Map([[0, back]]), () => ++moves > 5, `${id}: moves after the comeback`);

      // Pat hands her seat to a stand-in (hers to hand: she is here); the bots play the match to its end.
      back.send('standIn', { seat: 0, on: true });
      await back.until((s) => s.status === 'ended' || s.seats[0].standIn, 'a stand-in took the seat');
      for (const p of [host, back, watcher]) await p.until((s) => s.status === 'ended', `${id} ended`, 150_000);
      expect(watcher.state.result).toBe(host.state.result);
      expect(JSON.parse(host.state.result).winners.length).toBeGreaterThan(0);
      expect((await summary(second.url, roomId)).status).toBe('ended');
    },
    240_000,
  );

  it('a process started later restores none of the rooms the others run', async () => {
    // A match in progress on each process (its player thinking): rooms a restart would restore.
    for (let i = 0; i < 3; i++) {
      const host = keep(await createRoom(proc(i).url, { game: 'gifttrap', name: 'Eve', players: 3 }));
      host.send('sit', { seat: 0 });
      host.send('fillBots');
      await host.until((s) => s.seats.every((seat: { kind: string }) => seat.kind !== 'empty'), 'bots seated');
      host.send('start');
      await host.until((s) => s.status === 'playing', 'the match started');
    }
    const before = await Promise.all(cluster.processes.map((p) => p.rooms()));
    const late = await cluster.add();
    // The restore runs once the server listens: its line says what it did.
    const done = () =>
      late.server
        .log()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l))
        .find((r) => r.event === 'restore.done');
    await waitForAsync(async () => done() !== undefined, 'the start-up restore', 20_000);
    expect(done()).toMatchObject({ restored: 0, failed: 0, elsewhere: expect.any(Number) });
    expect(done().elsewhere).toBeGreaterThanOrEqual(3);
    expect(await late.rooms()).toBe(0);
    expect(await Promise.all(cluster.processes.slice(0, 3).map((p) => p.rooms()))).toEqual(before);
  }, 60_000);

  it('a stored room asked for through every process at once is loaded by exactly one', async () => {
    const host = await createRoom(proc(0).url, { game: 'santa', name: 'Ann', players: 3 });
    const roomId = host.room.roomId;
    const withIt = await proc(0).rooms();
    host.send('sit', { seat: 0 });
    await host.until((s) => s.seats[0].kind === 'human', 'Ann seated');
    await host.leave();
    // Nobody left: it unloads after the idle time (2 s); the store keeps it.
    await waitForAsync(async () => (await proc(0).rooms()) === withIt - 1, 'the room unloaded', 20_000);
    const loadedBefore = await totalRooms();

    const reservations = await Promise.all(cluster.processes.map((p) => matchmake(p.url, 'joinById', roomId, { name: 'Bo' })));
    const owners = new Set(reservations.map((r) => r.processId));
    expect(reservations.every((r) => r.roomId === roomId)).toBe(true);
    expect(owners.size).toBe(1);
    expect(await totalRooms()).toBe(loadedBefore + 1);

    // Through two processes, two members of the one room.
    const [a, b] = [keep(await joinRoom(proc(1).url, roomId, { name: 'Cy' })), keep(await joinRoom(proc(2).url, roomId, { name: 'Di' }))];
    for (const p of [a, b]) await p.until((s) => ['Cy', 'Di'].every((n) => membersOf(s).some((m) => m.name === n)), 'both members');
  }, 60_000);
});

async function totalRooms(): Promise<number> {
  return (await Promise.all(cluster.processes.map((p) => p.rooms()))).reduce((a, b) => a + b, 0);
}

async function waitForAsync(pred: () => Promise<boolean>, label: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await pred())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
