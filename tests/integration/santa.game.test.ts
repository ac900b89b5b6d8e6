/**
 * A whole Santa Claus Is Comin' To Town match through the real server (the
 * production app config, shared registry): two seats played by bot clients
 * over the wire (real @colyseus/sdk connections, botclient), the other two by
 * the server's own bots (`addBot`), to the end of the 13 rounds; then `again`
 * takes the same table back to the lobby. Reports how long a whole 4-player
 * Santa bot match takes through the server (server bot delay 0 ms).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFiresideServer, type RunningServer } from './helpers/server.js';
import type { SantaPublicView } from '../../shared/src/games/santa/types.js';

const { BotConnection, withTimeout } = await import('../../botclient/src/index.js');
type Bot = import('../../botclient/src/index.js').BotConnection;

const log = (m: string) => {
  if (process.env.FIRESIDE_TEST_VERBOSE) process.stderr.write(`${m}\n`);
};

let srv: RunningServer;
const open: Bot[] = [];

beforeAll(async () => {
  srv = await startFiresideServer({ botDelayMs: 0 });
}, 30_000);

afterAll(async () => {
  await Promise.all(open.map((b) => b.leave()));
  await srv?.stop();
}, 30_000);

/** What the result and the final view must say about a finished 4-player match. */
function expectFinished(view: SantaPublicView, result: { winners: number[]; scores: number[] }) {
  expect(view.phase).toBe('over');
  expect(view.round).toBe(13);
  expect(view.rounds).toHaveLength(13);
  expect(view.rounds.map((r) => r.round)).toEqual([...Array(13).keys()].map((i) => i + 1));
  // Every card of every hand was played exactly once.
  for (let s = 0; s < 4; s++) expect(view.rounds.map((r) => r.cards[s]).sort((a, b) => a - b)).toEqual([...Array(13).keys()].map((i) => i + 1));
  expect(view.hands.every((h) => h.length === 0)).toBe(true);
  expect(result.scores).toHaveLength(4);
  expect(result.scores).toEqual(view.scores);
  expect(result.winners.length).toBeGreaterThan(0);
  expect(result.winners).toEqual(view.winners);
  const best = Math.max(...result.scores);
  expect(result.winners).toEqual([0, 1, 2, 3].filter((s) => result.scores[s] === best));
  // scoreLog[0] after setup, scoreLog[r] after round r; the last row is the final score.
  expect(view.scoreLog).toHaveLength(14);
  expect(view.scoreLog[13]).toEqual(result.scores);
  expect(view.log.at(-1)).toEqual({ kind: 'end', winners: result.winners, scores: result.scores });
}

describe('Santa through the server', () => {
  it('plays a whole 4-player match (2 bot clients, 2 server bots) to the end, then again', async () => {
    const host = await BotConnection.create({ server: srv.url, game: 'santa', name: 'Host', log });
    open.push(host);
    const guest = await BotConnection.join({ server: srv.url, roomId: host.roomId, name: 'Guest', log });
    open.push(guest);
    // 4 players is the default table for Santa.
    expect(host.state.players).toBe(4);
    expect(JSON.parse(host.state.options)).toEqual({ awayMarkers: 'round', tieBreak: 'lowest-card', santaSeat: null });
    expect(await host.sit(0)).toBe(0);
    expect(await guest.sit(1)).toBe(1);
    await host.request('addBot', {}, (s) => s.seats[2]?.kind === 'bot');
    await host.request('addBot', {}, (s) => s.seats[3]?.kind === 'bot');
    expect(host.state.seats.map((s) => s.kind)).toEqual(['human', 'human', 'bot', 'bot']);

    const logsBefore = srv.logs.length;
    const plays = [host, guest].map((b, i) => b.play({ seed: `santa-game:${i}` }));
    plays.forEach((p) => p.catch(() => {}));
    const t0 = Date.now();
    await host.request('start', {}, (s) => s.status === 'playing');
    const outcomes = await withTimeout(120_000, 'playing the Santa match', Promise.all(plays));
    const ms = Date.now() - t0;

    const end = await host.waitFor((s) => s.status === 'ended', 10_000, 'the end');
    const view = JSON.parse(end.view) as SantaPublicView;
    const result = JSON.parse(end.result) as { winners: number[]; scores: number[] };
    expectFinished(view, result);
    expect(outcomes.map((o) => o.seat)).toEqual([0, 1]);
    for (const o of outcomes) {
      expect({ winners: o.winners, scores: o.scores, rounds: o.rounds }).toEqual({ winners: result.winners, scores: result.scores, rounds: 13 });
    }
    // The guest ended with the same state.
    const guestEnd = await guest.waitFor((s) => s.status === 'ended', 10_000, 'the end');
    expect(guestEnd.result).toBe(end.result);
    expect(guestEnd.view).toBe(end.view);
    // The server's bots never needed their fallback, and no intent of the bot clients was refused.
    expect(srv.logs.slice(logsBefore)).toEqual([]);
    expect([...host.errors, ...guest.errors]).toEqual([]);
    process.stdout.write(
      `[santa.game] 4-player Santa (2 bot clients + 2 server bots, bot delay 0 ms): ${view.rounds.length} rounds in ${ms} ms; scores ${JSON.stringify(result.scores)}, winners ${JSON.stringify(result.winners)}, Santa seat ${view.santa}\n`,
    );

    // Play again from the same table: back to the lobby, same seats, the match's secrets gone.
    const seatsBefore = end.seats.map((s) => ({ kind: s.kind, memberId: s.memberId, name: s.name }));
    const lobby = await host.request('again', {}, (s) => s.status === 'lobby' && s.matchNo === 2);
    expect(lobby.seats.map((s) => ({ kind: s.kind, memberId: s.memberId, name: s.name }))).toEqual(seatsBefore);
    expect(lobby.seats[0].memberId).toBe(host.memberId);
    expect(lobby.seats[1].memberId).toBe(guest.memberId);
    expect(lobby.seats.map((s) => s.kind)).toEqual(['human', 'human', 'bot', 'bot']);
    expect(lobby.view).toBe('');
    expect(lobby.result).toBe('');
    expect(lobby.seats.every((s) => !s.awaiting && !s.secret)).toBe(true);
    expect(JSON.parse(lobby.options)).toEqual({ awayMarkers: 'round', tieBreak: 'lowest-card', santaSeat: null });
    const guestLobby = await guest.waitFor((s) => s.status === 'lobby' && s.matchNo === 2, 10_000, 'the lobby');
    expect(guestLobby.seats.map((s) => s.memberId)).toEqual(lobby.seats.map((s) => s.memberId));
  }, 150_000);

  it('plays a whole 4-player match of server bots only (timing of the room alone)', async () => {
    const host = await BotConnection.create({ server: srv.url, game: 'santa', name: 'Host', log });
    open.push(host);
    await host.request('fillBots', {}, (s) => s.seats.length === 4 && s.seats.every((x) => x.kind === 'bot'));
    const logsBefore = srv.logs.length;
    const t0 = Date.now();
    await host.request('start', {}, (s) => s.status !== 'lobby');
    const end = await host.waitFor((s) => s.status === 'ended', 120_000, 'the end');
    const ms = Date.now() - t0;
    const view = JSON.parse(end.view) as SantaPublicView;
    expectFinished(view, JSON.parse(end.result));
    expect(srv.logs.slice(logsBefore)).toEqual([]);
    // The host is a spectator: it never received a seat view.
    expect(end.seats.every((s) => !s.secret)).toBe(true);
    process.stdout.write(`[santa.game] 4-player Santa, 4 server bots (bot delay 0 ms): ${view.rounds.length} rounds in ${ms} ms\n`);
  }, 150_000);
});
