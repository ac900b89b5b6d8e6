/**
 * Seat clocks through the real room (the test-only "secret-timed" game:
 * picking may take 1 s at the relaxed pace, times `clockScale`): the room
 * option `clock`, one countdown per awaited seat, a stand-in playing a seat
 * whose time ran out (a "timeout" line in the room log), and a restart in
 * the middle of a clock resuming it with the time it had left. Fair starts
 * (`clockGraceMs`): a clock counts from its player's first frame (`shown`)
 * within the grace, from the start plus the grace at the latest, and a
 * reload gets its time back, at most the grace.
 */
import '../../server/testing/ws-setup.js';
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRoom, joinRoom, roomLogOf, startServer, type Player, type TestServer } from '../../server/testing/harness.js';

const servers: TestServer[] = [];
const players: Player[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const p of players) await p.leave().catch(() => undefined);
  for (const s of servers) await s.close().catch(() => undefined);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function server(clockScale: number, dataDir?: string, clockGraceMs = 0): Promise<TestServer> {
  const s = await startServer({ botDelayMs: 20, clockScale, clockGraceMs }, undefined, { dataDir, idleMs: 60_000 });
  servers.push(s);
  return s;
}

async function pair(srv: TestServer, clock?: string): Promise<[Player, Player]> {
  const a = await createRoom(srv.url, { game: 'secret-timed', name: 'Ann', players: 2, ...(clock ? { clock } : {}) });
  const b = await joinRoom(srv.url, a.room.roomId, { name: 'Bo' });
  players.push(a, b);
  a.send('sit', { seat: 0 });
  b.send('sit', { seat: 1 });
  await a.until((s) => s.seats[1].kind === 'human', 'seated');
  return [a, b];
}

describe('clocks', () => {
  it('a room starts relaxed; the host sets the pace in the lobby; bad paces are refused', async () => {
    const srv = await server(1);
    await expect(createRoom(srv.url, { game: 'secret-timed', name: 'X', clock: 'slow' })).rejects.toThrow(/clock must be one of off, relaxed, normal, fast/);
    const [a, b] = await pair(srv);
    expect(a.state.clock).toBe('relaxed');
    b.send('configure', { clock: 'fast' });
    await b.until(() => b.errors.some((e) => e.code === 'not-host'), 'only the host');
    a.send('configure', { clock: 'fast' });
    await b.until((s) => s.clock === 'fast', 'fast');
    a.send('configure', { clock: 7 });
    await a.until(() => a.errors.some((e) => e.code === 'bad-options'), 'refused');
    expect(a.state.clock).toBe('fast');
  });

  it('each awaited seat shows its countdown; one seat acting does not restart the others; a seat out of time is played by its stand-in, and the log says so', async () => {
    // Clocks at 3×: picking takes 1.5 s at the normal pace (room for a slow CI machine).
    const srv = await server(3);
    const [a, b] = await pair(srv, 'normal');
    const before = Date.now();
    a.send('start');
    await a.until((s) => s.status === 'playing', 'started');
    expect(a.state.seats[0].deadline).toBeGreaterThanOrEqual(before + 1500 - 50);
    expect(a.state.seats[1].deadline).toBeLessThanOrEqual(Date.now() + 1500);
    expect(a.state.seats[1].deadline).toBe(a.state.seats[0].deadline);
    const bDeadline = a.state.seats[1].deadline;
    a.send('intent', { action: { type: 'pick', n: 5 } });
    await a.until((s) => JSON.parse(s.view).picked[0] === true && s.seats[0].deadline === 0, 'Ann picked: her clock stops');
    expect(a.state.seats[1].deadline).toBe(bDeadline);
    // Bo never picks: when his time is up his stand-in picks from his view.
    await b.until((s) => JSON.parse(s.view).picked[1] === true, 'the stand-in picked for Bo', 4000);
    expect(Date.now()).toBeGreaterThanOrEqual(bDeadline - 50);
    expect(JSON.parse(b.state.seats[1].secret).mine).not.toBeNull();
    await a.until(() => roomLogOf(a).includes('timeout Bo'), 'the log says so');
    // The stand-in played only that step: Bo's seat is his own (no stand-in flag).
    expect(a.state.seats[1].standIn).toBe(false);
  });

  it('clocks of one step that run out together write one room-log line naming everyone', async () => {
    const srv = await server(1);
    const [a] = await pair(srv, 'fast');
    a.send('start');
    await a.until((s) => s.status === 'playing', 'started');
    await a.until((s) => JSON.parse(s.view).picked.every(Boolean), 'both stand-ins picked', 8000);
    const lines = roomLogOf(a).filter((l) => l.startsWith('timeout'));
    expect(lines).toEqual([expect.stringMatching(/^timeout (Ann Bo|Bo Ann)$/)]);
  });

  it('a restart in the middle of a clock keeps the time it had left', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fireside-clocks-'));
    dirs.push(dataDir);
    const first = await server(6, dataDir); // picking: 6 s
    const [a, b] = await pair(first);
    const { token } = b.welcome!;
    const roomId = a.room.roomId;
    a.send('start');
    await a.until((s) => s.status === 'playing' && s.seats[1].deadline > 0, 'started');
    await new Promise((r) => setTimeout(r, 2000));
    const leftAtStop = a.state.seats[1].deadline - Date.now();
    await first.close();
    servers.splice(servers.indexOf(first), 1);
    expect(leftAtStop).toBeLessThan(4200);

    const second = await server(6, dataDir);
    const back = await joinRoom(second.url, roomId, { token });
    players.push(back);
    await back.until((s) => s.status === 'playing' && s.seats[1].deadline > 0, 'restored with its clock');
    const leftNow = back.state.seats[1].deadline - Date.now();
    // Not a fresh 6 s: what was left when the server stopped (the time it was down is not counted).
    expect(leftNow).toBeLessThanOrEqual(leftAtStop + 150);
    expect(leftNow).toBeGreaterThan(leftAtStop - 1500);
    await back.until((s) => JSON.parse(s.view).picked[1] === true, 'the clock ran out after the restart', 8000);
  }, 40_000);

  describe('fair starts', () => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const pick = (n: number) => ({ action: { type: 'pick', n } });

    it("a clock counts from its player's first frame within the grace, else from the start plus the grace", async () => {
      const srv = await server(6, undefined, 2000); // picking: 6 s, counted from `shown` at most 2 s late
      const [a, b] = await pair(srv);
      const before = Date.now();
      a.send('start');
      await a.until((s) => s.status === 'playing' && s.seats[1].deadline > 0, 'started');
      const after = Date.now();
      const [ann, bo] = [a.state.seats[0], a.state.seats[1]];
      // Pending: the budget plus the grace, the whole budget shown (clockLeft).
      expect(ann.budget).toBe(6000);
      expect(ann.deadline).toBeGreaterThanOrEqual(before + 8000);
      expect(ann.deadline).toBeLessThanOrEqual(after + 8000);
      expect(bo.deadline).toBe(ann.deadline);
      expect(ann.clockId).not.toBe(bo.clockId);
      const capped = bo.deadline;

      await sleep(700); // Ann's machine draws the table slowly
      const sent = Date.now();
      a.send('shown', { clockId: ann.clockId });
      await a.until((s) => s.seats[0].deadline !== capped, "Ann's clock counts from her first frame");
      expect(a.state.seats[0].deadline).toBeGreaterThanOrEqual(sent + 6000);
      expect(a.state.seats[0].deadline).toBeLessThanOrEqual(Date.now() + 6000);
      // Once per step: a second `shown` changes nothing.
      const annDeadline = a.state.seats[0].deadline;
      a.send('shown', { clockId: ann.clockId });
      await a.barrier();
      expect(a.state.seats[0].deadline).toBe(annDeadline);

      // Bo's client reports only after the grace: his clock runs from the start plus the grace.
      await sleep(Math.max(0, capped - 6000 - Date.now()) + 200);
      b.send('shown', { clockId: bo.clockId });
      await b.barrier();
      expect(b.errors).toEqual([]);
      expect(a.state.seats[1].deadline).toBe(capped);
      a.send('intent', pick(3));
      await b.until((s) => JSON.parse(s.view).picked[1] === true, "Bo's stand-in picked when his capped clock ran out", 12_000);
      expect(Date.now()).toBeGreaterThanOrEqual(capped - 50);
    }, 30_000);

    it("only the seat's own player reports its clock, and only the running one", async () => {
      const srv = await server(6, undefined, 2000);
      const [a, b] = await pair(srv);
      await a.expectError('shown', { clockId: 1 }, 'not-playing');
      const c = await joinRoom(srv.url, a.room.roomId, { name: 'Cy' });
      players.push(c);
      a.send('start');
      await a.until((s) => s.status === 'playing' && s.seats[1].deadline > 0, 'started');
      const { clockId, deadline } = a.state.seats[0];
      await c.expectError('shown', { clockId }, 'not-seated');
      await b.expectError('shown', { clockId }, 'stale-step'); // Ann's clock, from Bo
      await a.expectError('shown', { clockId: String(clockId) }, 'bad-message');
      await a.expectError('shown', { clockId: -clockId }, 'bad-message');
      expect(a.state.seats[0].deadline).toBe(deadline);
      a.send('intent', pick(2));
      await a.until((s) => s.seats[0].deadline === 0, 'Ann picked: her clock stops');
      await a.expectError('shown', { clockId }, 'stale-step'); // a step that is over
    }, 30_000);

    it('a reload gets back the time it took, at most the grace, once per step', async () => {
      const srv = await server(10, undefined, 1500); // picking: 10 s
      const [a, b] = await pair(srv);
      const tokens = [a.welcome!.token, b.welcome!.token];
      a.send('start');
      await a.until((s) => s.status === 'playing' && s.seats[1].deadline > 0, 'started');
      const ids = [a.state.seats[0].clockId, a.state.seats[1].clockId];
      a.send('shown', { clockId: ids[0] });
      b.send('shown', { clockId: ids[1] });
      await a.until((s) => s.seats[0].deadline < s.seats[1].deadline + 1500 && s.seats[1].deadline < s.seats[0].deadline + 1500, 'both clocks count');
      await a.until((s) => s.seats.every((seat: { deadline: number }) => seat.deadline <= Date.now() + 10_000), 'both counting from their first frame');
      const before = [a.state.seats[0].deadline, a.state.seats[1].deadline];

      // Both reload (a drop, then the token takes the seat back): Ann takes 2.5 s, Bo half a second.
      for (const p of [a, b]) {
        p.room.reconnection.maxRetries = 0;
        p.dropSocket();
      }
      const dropped = Date.now();
      await sleep(500);
      const bo = await joinRoom(srv.url, a.room.roomId, { token: tokens[1] });
      players.push(bo);
      bo.send('shown', { clockId: ids[1] });
      await bo.until((s) => s.seats[1].deadline !== before[1], "Bo's time away given back");
      const boBack = bo.state.seats[1].deadline - before[1];
      expect(boBack).toBeGreaterThanOrEqual(400);
      expect(boBack).toBeLessThanOrEqual(Math.min(1500, Date.now() - dropped + 100));
      await sleep(2000);
      const ann = await joinRoom(srv.url, a.room.roomId, { token: tokens[0] });
      players.push(ann);
      ann.send('shown', { clockId: ids[0] });
      await ann.until((s) => s.seats[0].deadline !== before[0], "Ann's time away given back");
      expect(ann.state.seats[0].deadline - before[0]).toBe(1500); // capped at the grace
      // Once per step.
      ann.send('shown', { clockId: ids[0] });
      await ann.barrier();
      expect(ann.state.seats[0].deadline - before[0]).toBe(1500);
      expect(ann.errors).toEqual([]);
    }, 30_000);
  });
});
