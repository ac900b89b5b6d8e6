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
import { createRoom, joinRoom, type Player } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

// Members may be removed once away for reconnectSeconds (1 s here; 60 s by default).
const srv = useServer({ botDelayMs: 5, reconnectSeconds: 1 });
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
    expect(log.bots).toEqual([false, true]);
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

  it('names the players of that match, whoever sits there later', async () => {
    const alice = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 3 });
    const bob = await joinRoom(srv.url, alice.room.roomId, { name: 'Bob' });
    const spec = await joinRoom(srv.url, alice.room.roomId, { name: 'Spec' });
    all.push(alice, bob, spec);
    alice.send('sit', { seat: 0 });
    bob.send('sit', { seat: 1 });
    await alice.until((s) => s.seats[1].name === 'Bob');
    alice.send('fillBots');
    await alice.until((s) => s.seats[2].kind === 'bot');
    const botName: string = alice.state.seats[2].name;
    alice.send('start');
    await alice.until((s) => s.status === 'playing');
    await playSecret([alice, bob]);
    await alice.until((s) => s.status === 'ended' && s.lastMatchId !== '', 'match 1 stored');
    const first = alice.state.lastMatchId as string;

    // Play again: Bob stands, Spec takes his seat, the bot goes.
    alice.send('again');
    await alice.until((s) => s.status === 'lobby');
    bob.send('stand');
    await alice.until((s) => s.seats[1].kind === 'empty');
    spec.send('sit', { seat: 1 });
    alice.send('removeBot', { seat: 2 });
    await alice.until((s) => s.seats[1].name === 'Spec' && s.seats[2].kind === 'empty');

    const log = (await (await api(first)).json()) as any;
    expect(log.names).toEqual(['Alice', 'Bob', botName]);
    expect(botName).toMatch(/ \(bot\)$/);
    expect(log.bots).toEqual([false, false, true]);
  });

  it("a seat handed to a bot for good (the host removed its player) still bears that player's name", async () => {
    const alice = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 2 });
    const bob = await joinRoom(srv.url, alice.room.roomId, { name: 'Bob' });
    all.push(alice, bob);
    alice.send('sit', { seat: 0 });
    bob.send('sit', { seat: 1 });
    await alice.until((s) => s.seats[1].name === 'Bob');
    alice.send('start');
    await alice.until((s) => s.status === 'playing');
    const bobId = bob.welcome!.memberId;
    await bob.leave();
    await alice.until((s) => !s.seats[1].connected, 'Bob away');
    await new Promise((r) => setTimeout(r, 1300)); // past his reconnection window: he may be removed now
    alice.send('remove', { memberId: bobId });
    await alice.until((s) => s.seats[1].kind === 'bot', "a bot on Bob's seat");
    await playSecret([alice]);
    await alice.until((s) => s.status === 'ended' && s.lastMatchId !== '', 'the match stored');
    const log = (await (await api(alice.state.lastMatchId)).json()) as any;
    expect(log.names).toEqual(['Alice', 'Bob']);
    expect(log.bots).toEqual([false, false]);
    // Which moves the bot made, the events say.
    expect(log.events.some((e: { seat: number; bot: boolean }) => e.seat === 1 && e.bot)).toBe(true);
  });

  it('the first patch that says ended already names the new replay', async () => {
    const alice = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 2 });
    all.push(alice);
    alice.send('sit', { seat: 0 });
    alice.send('fillBots');
    await alice.until((s) => s.seats[1].kind === 'bot');
    const seen: { status: string; lastMatchId: string }[] = [];
    alice.room.onStateChange((s: { status: string; lastMatchId: string }) => seen.push({ status: s.status, lastMatchId: s.lastMatchId }));
    const ids: string[] = [];
    for (let n = 1; n <= 2; n++) {
      alice.send('start');
      await alice.until((s) => s.status === 'playing');
      await playSecret([alice]);
      await alice.until((s) => s.status === 'ended' && s.lastMatchId !== (ids[ids.length - 1] ?? ''), `match ${n} stored`);
      ids.push(alice.state.lastMatchId);
      alice.send('again');
      await alice.until((s) => s.status === 'lobby');
    }
    expect(new Set(ids).size).toBe(2);
    // Every patch showing the end, the very first included, names that match's replay.
    const ends = seen.filter((p, i) => p.status === 'ended' && seen[i - 1]?.status !== 'ended');
    expect(ends).toEqual(ids.map((id) => ({ status: 'ended', lastMatchId: id })));
    expect(seen.filter((p) => p.status === 'ended').every((p) => ids.includes(p.lastMatchId))).toBe(true);
  });
});

/** Plays the fixture game's human seats ('secret'): each picks, then reveals in its turn; bots play theirs. */
async function playSecret(humans: Player[]): Promise<void> {
  const seatOf = (p: Player) => (p.state.seats as { memberId: string }[]).findIndex((x) => x.memberId === p.welcome!.memberId);
  for (const p of humans) p.send('intent', { action: { type: 'pick', n: 3 } });
  const host = humans[0];
  const humanTurn = (s: any) => (s.seats as { awaiting: boolean }[]).findIndex((x, i) => x.awaiting && humans.some((h) => seatOf(h) === i));
  for (;;) {
    await host.until((s) => s.status !== 'playing' || (JSON.parse(s.view).phase === 'reveal' && humanTurn(s) >= 0), 'a human to reveal, or the end', 10_000);
    if (host.state.status !== 'playing') return;
    const turn = humanTurn(host.state);
    humans.find((h) => seatOf(h) === turn)!.send('intent', { action: { type: 'reveal' } });
    await host.until((s) => s.status !== 'playing' || !s.seats[turn].awaiting, `seat ${turn} revealed`, 10_000);
  }
}
