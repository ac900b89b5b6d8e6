/**
 * Hidden information in the generic room: a seat's `secret` reaches the
 * client holding that seat and nobody else — neither in the decoded state
 * nor in the raw bytes received. Uses the test-only "secret" fixture game,
 * whose seat views carry a marker `SEKRIT-<seat>-<n>`.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { createRoom, joinRoom, startedMatch } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer();
const all = srv.players;

describe('room secrets', () => {
  it('a seat view reaches its holder only; spectators decode and receive no secret at all', async () => {
    const a = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 3 });
    const b = await joinRoom(srv.url, a.room.roomId, { name: 'Bob' });
    const spec = await joinRoom(srv.url, a.room.roomId, { name: 'Spec' });
    all.push(a, b, spec);
    a.send('sit', { seat: 0 });
    b.send('sit', { seat: 1 });
    a.send('addBot', { seat: 2 });
    await a.until((s) => s.seats[0].kind === 'human' && s.seats[1].kind === 'human' && s.seats[2].kind === 'bot');
    a.send('start');
    await spec.until((s) => s.status === 'playing');

    a.send('intent', { action: { type: 'pick', n: 7 } });
    b.send('intent', { action: { type: 'pick', n: 3 } });
    // The bot picks too; then the reveal phase begins.
    await spec.until((s) => JSON.parse(s.view || '{}').phase === 'reveal');
    await a.until((s) => s.seats[0].secret !== '' && s.seats[0].secret !== undefined);
    await b.until((s) => !!s.seats[1].secret);

    // Decoded state: own secret only.
    expect(JSON.parse(a.state.seats[0].secret)).toEqual({ seat: 0, mine: 7, marker: 'SEKRIT-0-7' });
    expect(JSON.parse(b.state.seats[1].secret)).toEqual({ seat: 1, mine: 3, marker: 'SEKRIT-1-3' });
    expect(a.state.seats[1].secret || '').toBe('');
    expect(a.state.seats[2].secret || '').toBe('');
    expect(b.state.seats[0].secret || '').toBe('');
    expect(b.state.seats[2].secret || '').toBe('');
    for (const seat of spec.state.seats) expect(seat.secret || '').toBe('');

    // Raw bytes: no marker of another seat, no seat-view key at all for the spectator.
    await Promise.all([a.barrier(), b.barrier(), spec.barrier()]);
    expect(a.rawText()).toContain('SEKRIT-0-7');
    expect(a.rawText()).not.toContain('SEKRIT-1');
    expect(a.rawText()).not.toContain('SEKRIT-2');
    expect(b.rawText()).toContain('SEKRIT-1-3');
    expect(b.rawText()).not.toContain('SEKRIT-0');
    expect(b.rawText()).not.toContain('SEKRIT-2');
    expect(spec.rawText()).not.toContain('SEKRIT');
    expect(spec.rawText()).not.toContain('"mine"');

    // Play to the end: revealed picks become public (through the public view only).
    a.send('intent', { action: { type: 'reveal' } });
    await b.until((s) => JSON.parse(s.view).turn === 1);
    b.send('intent', { action: { type: 'reveal' } });
    await spec.until((s) => s.status === 'ended');
    const result = JSON.parse(spec.state.result);
    expect(result.scores[0]).toBe(7);
    expect(result.scores[1]).toBe(3);
    expect(spec.rawText()).not.toContain('SEKRIT');
  });

  it('a latecomer spectator (full-state frame) and a member who stood up get no secret', async () => {
    const [a, b] = await startedMatch(srv.url, ['Alice', 'Bob']);
    all.push(a, b);
    a.send('intent', { action: { type: 'pick', n: 5 } });
    await a.until((s) => !!s.seats[0].secret && JSON.parse(s.seats[0].secret).mine === 5);

    const late = await joinRoom(srv.url, a.room.roomId, { name: 'Late' });
    all.push(late);
    await late.until((s) => s.status === 'playing');
    await late.barrier();
    for (const seat of late.state.seats) expect(seat.secret || '').toBe('');
    expect(late.rawText()).not.toContain('SEKRIT');

    b.send('intent', { action: { type: 'pick', n: 2 } });
    a.send('intent', { action: { type: 'reveal' } });
    await b.until((s) => JSON.parse(s.view).turn === 1);
    b.send('intent', { action: { type: 'reveal' } });
    await a.until((s) => s.status === 'ended');

    // Back in the lobby the secrets are cleared; Bob stands and Late takes his seat.
    a.send('again');
    await late.until((s) => s.status === 'lobby' && s.matchNo === 2);
    b.send('stand');
    await late.until((s) => s.seats[1].kind === 'empty');
    late.send('sit', { seat: 1 });
    await a.until((s) => s.seats[1].memberId === late.welcome!.memberId);
    a.send('start');
    await late.until((s) => s.status === 'playing');
    late.send('intent', { action: { type: 'pick', n: 4 } });
    await late.until((s) => !!s.seats[1].secret && JSON.parse(s.seats[1].secret).mine === 4);
    await b.barrier();
    // Bob held seat 1 in match 1 but not any more: he never gets its new secret.
    expect(b.state.seats[1].secret || '').toBe('');
    expect(b.rawText()).toContain('SEKRIT-1-2');
    expect(b.rawText()).not.toContain('SEKRIT-1-4');
    expect(a.rawText()).not.toContain('SEKRIT-1-4');
  });
});
