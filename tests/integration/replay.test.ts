/**
 * Replays over HTTP: `GET /api/matches/<id>` hides a match in progress and
 * unknown or malformed ids (404), serves the whole log once the match is
 * finished, and that log replayed by the shared engine gives the very result
 * the room announced. The room tells clients its last finished match
 * (`lastMatchId`) and keeps it through "play again".
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { getGame, replayFinal, replaySteps } from '@fireside/shared';
import { createRoom } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer({ botDelayMs: 5 });
const all = srv.players;

const api = (id: string) => fetch(`${srv.url}/api/matches/${id}`);

describe('replay API', () => {
  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['no-such-match', 'x'.repeat(65), '..%2F..%2Fetc', '%00', 'a%20b']) {
      const res = await api(id);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await fetch(`${srv.url}/api/other`)).status).toBe(404);
  });

  it('hides a match in progress, then serves its log once finished; lastMatchId survives "again"', async () => {
    const a = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 2 });
    all.push(a);
    a.send('sit', { seat: 0 });
    a.send('fillBots');
    await a.until((s) => s.seats[1].kind === 'bot');
    a.send('start');
    await a.until((s) => s.status === 'playing');
    expect(a.state.lastMatchId).toBe('');
    const [{ matchId }] = await srv.fireside.store.listMatches(a.room.roomId);
    let res = await api(matchId);
    expect(res.status).toBe(404);
    expect(JSON.stringify(await res.json())).not.toContain(matchId);

    a.send('intent', { action: { type: 'pick', n: 7 } });
    await a.until((s) => JSON.parse(s.view).phase === 'reveal');
    a.send('intent', { action: { type: 'reveal' } });
    await a.until((s) => s.status === 'ended' && s.lastMatchId !== '');
    expect(a.state.lastMatchId).toBe(matchId);

    res = await api(matchId);
    expect(res.status).toBe(200);
    // The API's JSON, checked field by field below.
    const log = (await res.json()) as any;
    expect(log.setup).toMatchObject({ matchId, roomId: a.room.roomId, matchNo: 1, game: 'secret', players: 2 });
    expect(log.setup.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(log.names).toEqual(['Alice', expect.stringMatching(/\(bot\)/)]);
    expect(log.events.map((e: { seat: number }) => e.seat).sort()).toEqual([0, 0, 1, 1]);
    expect(log.result).toEqual(JSON.parse(a.state.result));
    expect(log.finishedAt).toEqual(expect.any(Number));

    a.send('again');
    await a.until((s) => s.status === 'lobby');
    expect(a.state.lastMatchId).toBe(matchId);
  });

  it('a finished Gift Trap match between bots replays to the announced result', async () => {
    const host = await createRoom(srv.url, { game: 'gifttrap', name: 'Host', players: 3, options: { goal: 20 } });
    all.push(host);
    host.send('fillBots');
    await host.until((s) => s.seats.every((x: { kind: string }) => x.kind === 'bot'));
    host.send('start');
    await host.until((s) => s.status === 'ended' && s.lastMatchId !== '', 'the bots finish', 60_000);
    const res = await api(host.state.lastMatchId);
    expect(res.status).toBe(200);
    const log = await res.json();
    const game = getGame('gifttrap')!;
    const final = replayFinal(game, log.setup, log.events);
    expect(game.result(final)).toEqual(log.result);
    expect(game.result(final)).toEqual(JSON.parse(host.state.result));
    expect(game.publicView(final)).toEqual(JSON.parse(host.state.view));
    // Stepping gives every intermediate state, ending at the same one.
    const steps = replaySteps(game, log.setup, log.events);
    expect(steps).toHaveLength(log.events.length + 1);
    expect(steps[steps.length - 1]).toEqual(final);
    expect(log.names).toHaveLength(3);
  }, 90_000);
});
