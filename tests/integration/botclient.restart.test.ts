/**
 * The bot library rejoins by itself with Node's own WebSocket (issue 22,
 * item 7). Library bots run in a process of their own (helpers/library-bots.mjs:
 * no `ws` global, the way an application uses @fireside/botclient), two tables
 * of three. The built server (SQLite in a temp dir) is killed (-9) mid-match
 * and started again on the same port, the bots having been connected for
 * longer than the SDK's minimum uptime for its own reconnection (that is
 * where Node's WebSocket stalled it): every bot must take its seat back with
 * its token and play on, and both matches end with moves of the bots after the
 * restart, none by a stand-in.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep, waitFor } from '../../server/testing/harness.js';
import { restartableServers } from './helpers/restartable.js';

const BOTS = fileURLToPath(new URL('./helpers/library-bots.mjs', import.meta.url));
const TABLES = 2;
const PLAYERS = 3;

interface Line {
  event: 'started' | 'decide' | 'done';
  roomId: string;
  name?: string;
  at?: number;
  memberId?: string;
  seat?: number;
  joins?: number;
  standIn?: boolean | null;
  lastMatchId?: string;
  winners?: number[];
  error?: string;
}

const start = restartableServers();
let bots: ChildProcess | undefined;
afterAll(() => {
  if (bots && bots.exitCode === null) bots.kill('SIGKILL');
});

describe('library bots and a server crash', () => {
  it('every library bot rejoins its seat after kill -9 and plays its match to the end', async () => {
    const first = await start();
    const lines: Line[] = [];
    let stderr = '';
    bots = spawn(process.execPath, [BOTS, first.base, String(TABLES), String(PLAYERS), 'santa'], {
      cwd: path.dirname(BOTS),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    bots.stdout!.on('data', (d: Buffer) => {
      pending += d.toString();
      const parts = pending.split('\n');
      pending = parts.pop()!;
      for (const p of parts) if (p.startsWith('{')) lines.push(JSON.parse(p) as Line);
    });
    bots.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
    const tail = () => `bots' log:\n${stderr.slice(-4000)}\nexit: ${bots?.exitCode}`;
    /** Waits for `cond`, or fails at once if the bots' process has exited without it. */
    const until = async (cond: () => boolean, what: string, ms: number) => {
      await waitFor(() => cond() || bots!.exitCode !== null, what, ms, tail);
      if (!cond()) throw new Error(`the bots' process exited before ${what}: ${tail()}`);
    };
    const of = (event: Line['event']) => lines.filter((l) => l.event === event);

    // Both matches under way: a few moves chosen at each table.
    await until(() => of('started').length === TABLES, 'both tables started', 60_000);
    const rooms = of('started').map((l) => l.roomId);
    await until(() => rooms.every((r) => of('decide').filter((l) => l.roomId === r).length >= 2 * PLAYERS), 'moves at both tables', 60_000);

    // Connected for a while: the SDK's own reconnection gives up at once on a
    // connection younger than 5 s (its minUptime), which hid the stall.
    await sleep(6000);
    expect(of('done')).toEqual([]);
    const killedAt = Date.now();
    await first.kill();
    expect(first.process.signalCode).toBe('SIGKILL');
    const second = await start(first.port, first.dataDir);

    await until(() => of('done').length === TABLES * PLAYERS, 'every bot done', 150_000);
    const done = of('done');
    for (const d of done) {
      expect({ name: d.name, error: d.error }).toEqual({ name: d.name, error: undefined });
      // Its own seat, taken back with its token on a new connection, never stood in for.
      expect(d.seat).toBe(Number(d.name!.slice(-1)));
      expect(d.joins).toBeGreaterThanOrEqual(2);
      expect(d.standIn).toBe(false);
    }
    for (const roomId of rooms) {
      const atTable = done.filter((d) => d.roomId === roomId);
      expect(new Set(atTable.map((d) => JSON.stringify(d.winners))).size).toBe(1);
      const matchId = atTable[0].lastMatchId!;
      expect(matchId).not.toBe('');
      const res = await fetch(`${second.base}/api/matches/${matchId}`);
      expect(res.status).toBe(200);
      const log = (await res.json()) as { events: { kind: string; seat?: number; bot?: boolean; at: number }[] };
      const actions = log.events.filter((e) => e.kind === 'action');
      // No server bot or stand-in ever moved: every move was a library bot's...
      expect(actions.filter((e) => e.bot)).toEqual([]);
      // ...and every seat moved after the restart.
      const movedAfter = new Set(actions.filter((e) => e.at > killedAt).map((e) => e.seat));
      expect([...movedAfter].sort()).toEqual(Array.from({ length: PLAYERS }, (_, i) => i));
    }
    await waitFor(() => bots!.exitCode !== null, 'the bots process to exit', 15_000, tail);
    expect(bots.exitCode).toBe(0);
  }, 300_000);
});
