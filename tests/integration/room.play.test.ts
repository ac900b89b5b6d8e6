/**
 * Playing in the generic room: intents validated by the engine (nothing
 * changes on a refusal, and only the sender hears of it), bots, the end of a
 * match and "play again". Uses the test-only "secret" fixture game.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { createRoom, joinRoom, seatsOf } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer({ botDelayMs: 5 });
const all = srv.players;

describe('room play', () => {
  it('validates intents: malformed, out of turn, wrong phase, illegal, spectators; nothing changes', async () => {
    const a = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 2, options: { max: 9 } });
    const b = await joinRoom(srv.url, a.room.roomId, { name: 'Bob' });
    const spec = await joinRoom(srv.url, a.room.roomId, { name: 'Spec' });
    all.push(a, b, spec);
    await a.expectError('intent', { action: { type: 'pick', n: 1 } }, 'not-playing');
    a.send('sit', { seat: 0 });
    b.send('sit', { seat: 1 });
    await a.until((s) => s.seats[1].kind === 'human');
    a.send('start');
    await b.until((s) => s.status === 'playing');
    const view0 = b.state.view;

    await a.expectError('intent', { action: 5 }, 'malformed');
    await a.expectError('intent', {}, 'malformed');
    await a.expectError('intent', { action: { type: 'dance' } }, 'malformed');
    await a.expectError('intent', 'pick', 'bad-message');
    await a.expectError('intent', { action: { type: 'reveal' } }, 'wrong-phase');
    await a.expectError('intent', { action: { type: 'pick', n: 10 } }, 'illegal');
    await a.expectError('intent', { action: { type: 'pick', n: 0 } }, 'illegal');
    await spec.expectError('intent', { action: { type: 'pick', n: 3 } }, 'not-seated');
    // The other players heard nothing, and nothing changed.
    await b.barrier();
    await spec.barrier();
    expect(b.errors).toEqual([]);
    expect(spec.errors.map((e) => e.code)).toEqual(['not-seated']);
    expect(b.state.view).toBe(view0);
    expect(a.state.seats[0].secret).toBe(JSON.stringify({ seat: 0, mine: null, marker: null }));

    a.send('intent', { action: { type: 'pick', n: 6 } });
    await b.until((s) => JSON.parse(s.view).picked[0] === true);
    expect(seatsOf(b.state).map((s) => s.awaiting)).toEqual([false, true]);
    const view1 = b.state.view;
    const err = await a.expectError('intent', { action: { type: 'pick', n: 2 } }, 'not-your-turn');
    expect(err.message).toMatch(/already/);
    await b.barrier();
    expect(b.state.view).toBe(view1);
    expect(JSON.parse(a.state.seats[0].secret).mine).toBe(6);

    b.send('intent', { action: { type: 'pick', n: 8 } });
    await a.until((s) => JSON.parse(s.view).phase === 'reveal');
    await b.expectError('intent', { action: { type: 'reveal' } }, 'not-your-turn');
    a.send('intent', { action: { type: 'reveal' } });
    await b.until((s) => JSON.parse(s.view).turn === 1 && s.seats[1].awaiting);
    b.send('intent', { action: { type: 'reveal' } });
    await spec.until((s) => s.status === 'ended');
    expect(JSON.parse(spec.state.result)).toEqual({ winners: [1], scores: [6, 8] });
    expect(seatsOf(spec.state).every((s) => !s.awaiting)).toBe(true);
    await a.expectError('intent', { action: { type: 'reveal' } }, 'game-over');
  });

  it('plays a whole match with a human and bots, then "again" returns to the lobby', async () => {
    const a = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 4 });
    const spec = await joinRoom(srv.url, a.room.roomId, { name: 'Spec' });
    all.push(a, spec);
    a.send('sit', { seat: 0 });
    a.send('fillBots');
    await a.until((s) => seatsOf(s).every((x) => x.kind !== 'empty'));
    a.send('start');
    // The bots pick by themselves; the human is awaited.
    await spec.until((s) => {
      const v = JSON.parse(s.view || '{}');
      return s.status === 'playing' && v.picked?.filter(Boolean).length === 3;
    });
    expect(seatsOf(spec.state).map((s) => s.awaiting)).toEqual([true, false, false, false]);
    a.send('intent', { action: { type: 'pick', n: 9 } });
    await a.until((s) => JSON.parse(s.view).turn === 0);
    a.send('intent', { action: { type: 'reveal' } });
    await spec.until((s) => s.status === 'ended', 'end of match');
    const result = JSON.parse(spec.state.result);
    expect(result.winners).toContain(0);
    expect(result.scores).toHaveLength(4);
    expect(JSON.parse(spec.state.view).revealed.every((n: number | null) => n !== null)).toBe(true);

    await spec.expectError('again', {}, 'not-host');
    a.send('again');
    await spec.until((s) => s.status === 'lobby');
    expect(spec.state.matchNo).toBe(2);
    expect(spec.state.view).toBe('');
    expect(spec.state.result).toBe('');
    expect(seatsOf(spec.state).map((s) => s.kind)).toEqual(['human', 'bot', 'bot', 'bot']);
    expect(seatsOf(spec.state).map((s) => s.awaiting)).toEqual([false, false, false, false]);
    expect(spec.state.members.size).toBe(2);
    expect(spec.state.hostId).toBe(a.welcome!.memberId);
    await a.until((s) => s.seats[0].secret === '');

    // And a second match starts from the same table.
    a.send('start');
    await spec.until((s) => s.status === 'playing' && s.matchNo === 2);
  });

  it('an all-bot table plays to the end by itself', async () => {
    const a = await createRoom(srv.url, { game: 'secret', name: 'Host', players: 4 });
    all.push(a);
    a.send('fillBots');
    await a.until((s) => s.seats[3].kind === 'bot');
    a.send('start');
    await a.until((s) => s.status === 'ended', 'bots finish');
    expect(JSON.parse(a.state.result).winners.length).toBeGreaterThan(0);
    expect(a.state.spectators).toBe(1);
  });

  it('falls back to sampleAction when a bot answers with an illegal action, and logs it', async () => {
    const before = srv.logs.length;
    const a = await createRoom(srv.url, { game: 'secret-badbots', name: 'Host', players: 3 });
    all.push(a);
    a.send('fillBots');
    await a.until((s) => s.seats[2].kind === 'bot');
    a.send('start');
    await a.until((s) => s.status === 'ended', 'bots finish');
    const logs = srv.logs.slice(before);
    expect(logs.filter((l) => /bot action refused/.test(l))).toHaveLength(3);
    // Every pick is legal (1..9) even though the bots asked for 1000.
    for (const n of JSON.parse(a.state.result).scores) expect(n >= 1 && n <= 9).toBe(true);
  });
});
