/**
 * Seat clocks through the real room (the test-only "secret-timed" game:
 * picking may take 1 s at the relaxed pace, times `clockScale`): the room
 * option `clock`, one countdown per awaited seat, a stand-in playing a seat
 * whose time ran out (a "timeout" line in the room log), and a restart in
 * the middle of a clock resuming it with the time it had left.
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

async function server(clockScale: number, dataDir?: string): Promise<TestServer> {
  const s = await startServer({ botDelayMs: 20, clockScale }, undefined, { dataDir, idleMs: 60_000 });
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
});
