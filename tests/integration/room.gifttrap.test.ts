/**
 * Whole Gift Trap matches through the server: bots on every seat, watched
 * by a spectator (the host) who never receives a seat view. Reports how long
 * a 5-player bot match takes through the room (bot delay 0 ms).
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { createRoom, seatsOf } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer({ botDelayMs: 0 });
const all = srv.players;

async function botMatch(players: number, options: Record<string, unknown>) {
  const host = await createRoom(srv.url, { game: 'gifttrap', name: 'Host', players, options });
  all.push(host);
  host.send('fillBots');
  await host.until((s) => seatsOf(s).every((x) => x.kind === 'bot'));
  const logsBefore = srv.logs.length;
  const t0 = Date.now();
  host.send('start');
  await host.until((s) => s.status === 'ended', 'the end of the match', 120_000);
  const ms = Date.now() - t0;
  const view = JSON.parse(host.state.view);
  const result = JSON.parse(host.state.result);
  return { host, ms, view, result, logs: srv.logs.slice(logsBefore) };
}

describe('Gift Trap through the room', () => {
  it('plays a whole 5-player bot match (goal 20) to the end', async () => {
    const { host, ms, view, result, logs } = await botMatch(5, { goal: 20, doubleGifts: false });
    process.stdout.write(`[room.gifttrap] 5-player bot match, goal 20: ${view.history.length} rounds in ${ms} ms; ${logs.length} bot fallbacks\n`);
    expect(view.phase).toBe('over');
    expect(result.winners.length).toBeGreaterThan(0);
    expect(result.scores).toHaveLength(5);
    expect(view.winners).toEqual(result.winners);
    expect(logs).toEqual([]); // the engine's bots never needed the fallback
    await host.barrier();
    for (const seat of host.state.seats) expect(seat.secret || '').toBe('');
    const raw = host.rawText();
    expect(raw).not.toContain('myGifts');
    expect(raw).not.toContain('myWants');

    // Play again from the same table.
    host.send('again');
    await host.until((s) => s.status === 'lobby' && s.matchNo === 2);
    expect(seatsOf(host.state).every((x) => x.kind === 'bot')).toBe(true);
  }, 150_000);

  it('plays a 3-player doubleGifts bot match (goal 20) to the end', async () => {
    const { ms, view, result } = await botMatch(3, { goal: 20, doubleGifts: true });
    process.stdout.write(`[room.gifttrap] 3-player doubleGifts bot match, goal 20: ${view.history.length} rounds in ${ms} ms\n`);
    expect(view.phase).toBe('over');
    expect(result.scores).toHaveLength(3);
  }, 150_000);

  it('refuses options the engine refuses', async () => {
    const host = await createRoom(srv.url, { game: 'gifttrap', name: 'Host', players: 5 });
    all.push(host);
    await host.expectError('configure', { options: { goal: 25, doubleGifts: false } }, 'bad-options');
    await host.expectError('configure', { options: { goal: 20, doubleGifts: true } }, 'bad-options');
    host.send('configure', { players: 4, options: { goal: 30, doubleGifts: true } });
    await host.until((s) => s.players === 4 && JSON.parse(s.options).doubleGifts === true);
    // Growing to 5 players: doubleGifts no longer fits, the options fall back to the defaults.
    host.send('configure', { players: 5 });
    await host.until((s) => s.players === 5);
    expect(JSON.parse(host.state.options).doubleGifts).toBe(false);
  });
});
