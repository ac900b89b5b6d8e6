/**
 * The headless bot client CLI (botclient/dist/cli.js) against the real
 * server: a whole game with every seat a bot over the wire, one seat of a
 * room created by someone else (--join), and clear failures.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ensureCliBuilt, runCli } from './helpers/cli.js';
import { startFiresideServer, type RunningServer } from './helpers/server.js';

const { BotConnection, defaultDecide } = await import('../../botclient/src/index.js');
type Bot = import('../../botclient/src/index.js').BotConnection;

let srv: RunningServer;
const open: Bot[] = [];

beforeAll(async () => {
  ensureCliBuilt();
  srv = await startFiresideServer({ botDelayMs: 20 });
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((b) => b.leave()));
  await srv?.stop();
}, 30_000);

interface Line {
  game: string;
  roomId: string;
  players: number;
  winners: number[];
  scores: number[];
  rounds: number;
  ms: number;
  seat?: number;
}

function oneJsonLine(stdout: string): Line {
  const lines = stdout.split('\n').filter((l) => l !== '');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]) as Line;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('bot client CLI against the real server', () => {
  it('plays a whole 5-player Gift Trap, every seat a bot over the wire, and prints one JSON line', async () => {
    const run = await runCli(['--server', srv.url, '--game', 'gifttrap', '--players', '5', '--seed', 'cli-5p'], { timeoutMs: 180_000 });
    if (run.code !== 0) throw new Error(`exit ${run.code}\n${run.stderr}`);
    const line = oneJsonLine(run.stdout);
    expect(line).toMatchObject({ game: 'gifttrap', players: 5 });
    expect(typeof line.roomId).toBe('string');
    expect(line.winners.length).toBeGreaterThan(0);
    expect(line.winners.every((w) => Number.isInteger(w) && w >= 0 && w < 5)).toBe(true);
    expect(line.scores).toHaveLength(5);
    expect(line.rounds).toBeGreaterThanOrEqual(1);
    expect(line.ms).toBeGreaterThan(0);
    process.stderr.write(
      `botclient test: 5-player Gift Trap (default options) via the CLI: ${line.rounds} rounds, ${line.ms} ms of play, ${run.ms} ms with process start\n`,
    );
  }, 180_000);

  it('passes options: 3 players, doubleGifts, goal 20', async () => {
    const run = await runCli(['--server', srv.url, '--players', '3', '--options', '{"goal":20,"doubleGifts":true}'], { timeoutMs: 180_000 });
    if (run.code !== 0) throw new Error(`exit ${run.code}\n${run.stderr}`);
    const line = oneJsonLine(run.stdout);
    expect(line.players).toBe(3);
    expect(line.scores).toHaveLength(3);
  }, 180_000);

  it('--join fills one seat of a room created by someone else, next to a human-side client and a server bot', async () => {
    const host = await BotConnection.create({ server: srv.url, game: 'gifttrap', name: 'Host' });
    open.push(host);
    await host.request('configure', { players: 3, options: { goal: 20 } }, (s) => s.seats.length === 3);
    await host.sit(0);
    const link = `${srv.url}/room/${host.roomId}`;
    const cli = runCli(['--join', link, '--name', 'Joiner', '--timeout', '120'], { timeoutMs: 150_000 });
    const seated = await host.waitFor((s) => s.seats.some((seat) => seat.name === 'Joiner'), 20_000, 'the CLI to sit');
    const joinerSeat = seated.seats.findIndex((seat) => seat.name === 'Joiner');
    expect(joinerSeat).toBeGreaterThan(0);
    await host.request('fillBots', {}, (s) => s.seats.every((seat) => seat.kind !== 'empty'));
    expect(host.state.seats.map((s) => s.kind).sort()).toEqual(['bot', 'human', 'human']);
    const play = host.play({ seed: 'host' });
    await host.request('start', {}, (s) => s.status !== 'lobby');
    const outcome = await play;
    const run = await cli;
    if (run.code !== 0) throw new Error(`exit ${run.code}\n${run.stderr}`);
    const line = oneJsonLine(run.stdout);
    expect(line).toMatchObject({ game: 'gifttrap', roomId: host.roomId, players: 3, seat: joinerSeat });
    expect(line.winners).toEqual(outcome.winners);
    expect(line.scores).toEqual(outcome.scores);
  }, 180_000);

  it('retries a refused intent with a fresh choice, and gives up after a bounded number of refusals', async () => {
    const setUp = async (players: number) => {
      const host = await BotConnection.create({ server: srv.url, game: 'gifttrap', name: 'Host' });
      open.push(host);
      await host.request('configure', { players, options: { goal: 20 } }, (s) => s.seats.length === players);
      await host.sit(0);
      await host.request('fillBots', {}, (s) => s.seats.every((seat) => seat.kind !== 'empty'));
      return host;
    };
    // Two illegal moves first (a slot off the board, a wrong phase), then the engine's bot.
    const host = await setUp(3);
    let calls = 0;
    const play = host.play({
      seed: 'retry',
      decide: (ctx) => {
        calls++;
        if (calls === 1) return { type: 'flip', slot: 99 };
        if (calls === 2) return { type: 'open', from: 1 };
        return defaultDecide(ctx);
      },
    });
    await host.request('start', {}, (s) => s.status !== 'lobby');
    const outcome = await play;
    expect(outcome.scores).toHaveLength(3);
    const refused = host.errors.filter((e) => e.type === 'intent');
    expect(refused.length).toBe(2);

    // Always illegal: bounded retries, then a clear failure.
    const stubborn = await setUp(3);
    const failing = stubborn.play({ maxRetries: 2, decide: () => ({ type: 'open', from: 1 }) });
    failing.catch(() => {});
    // Make the host's seat awaited quickly: it must act in every give phase at least.
    await stubborn.request('start', {}, (s) => s.status !== 'lobby');
    await expect(failing).rejects.toThrow(/3 intents refused in a row, last: (wrong-phase|not-your-turn|gifttrap\/[a-z-]+)/);
  }, 60_000);

  it('fails clearly: unreachable server, refused options, unknown room, timeout, usage', async () => {
    const port = await closedPort();
    const unreachable = await runCli(['--server', `http://127.0.0.1:${port}`, '--players', '5']);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stdout).toBe('');
    expect(unreachable.stderr).toMatch(/server unreachable at http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);

    const refused = await runCli(['--server', srv.url, '--players', '5', '--options', '{"doubleGifts":true}']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/configure refused: bad-options/);

    const noRoom = await runCli(['--join', `${srv.url}/room/doesnotexist`]);
    expect(noRoom.code).toBe(1);
    expect(noRoom.stdout).toBe('');
    expect(noRoom.stderr).toMatch(/cannot join/);

    const slow = await runCli(['--server', srv.url, '--players', '8', '--options', '{"goal":40}', '--delay', '200', '--timeout', '2']);
    expect(slow.code).toBe(1);
    expect(slow.stdout).toBe('');
    expect(slow.stderr).toMatch(/timed out after 2 s/);

    const usage = await runCli(['--players', '5']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--server/);

    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe('');
    expect(help.stderr).toMatch(/Usage:/);
  }, 120_000);
});
