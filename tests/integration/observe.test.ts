/**
 * Logs and metrics of a real server (docs/self-hosting.md, "Logs and
 * metrics"): `GET /metrics` behind its bearer token; a short match shows as
 * intents by result, rooms and clients by game and status, patch, intent
 * and store-write latencies, a stand-in and a restore; the JSON log tells
 * the room's story by room, match and member id, and holds none of the
 * room's secrets (seed, tokens, their hashes, seat views).
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { startedMatch, joinRoom, waitFor } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';
import { RESTORE_KEY } from '../../server/src/rooms/GameRoom.js';
import { hashToken } from '../../server/src/store/index.js';

const TOKEN = 'metrics-test-token-4f1c';
const srv = useServer({ botDelayMs: 5 }, '/nonexistent', { metricsToken: TOKEN });
const all = srv.players;

async function scrape(authorization: string | null = `Bearer ${TOKEN}`): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(`${srv.url}/metrics`, { headers: authorization ? { authorization } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** One series' value (`name{labels}` exactly as rendered), 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('metrics endpoint', () => {
  it('answers only with the bearer token, in the Prometheus text format with the process metrics', async () => {
    for (const auth of [null, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(auth);
      expect(res.status).toBe(401);
      expect(res.text).not.toContain('fireside_');
    }
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const family of [
      'fireside_intents_total counter',
      'fireside_rooms gauge',
      'fireside_store_write_seconds histogram',
      'fireside_patch_send_seconds histogram',
    ]) {
      expect(ok.text).toContain(`# TYPE ${family}`);
    }
    for (const series of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(ok.text).toMatch(new RegExp(`^${series} \\d`, 'm'));
    }
  });
});

describe('a short match, observed', () => {
  it('counts intents by result, rooms, clients, latencies, a stand-in and a restore; logs it by id, with no secret', async () => {
    const before = (await scrape()).text;
    const [alice, bob] = await startedMatch(srv.url, ['Alice', 'Bob']);
    all.push(alice, bob);
    const roomId = alice.room.roomId;
    const tokens = [alice.welcome!.token, bob.welcome!.token];
    const members = [alice.welcome!.memberId, bob.welcome!.memberId];

    const playing = (await scrape()).text;
    expect(value(playing, 'fireside_rooms{game="secret",status="playing"}')).toBe(1);
    expect(value(playing, 'fireside_clients{game="secret",status="playing"}')).toBe(2);

    await alice.expectError('intent', { action: { type: 'pick', n: 10 } }, 'illegal');
    await alice.expectError('intent', { action: 5 }, 'malformed');
    await bob.expectError('intent', { action: { type: 'reveal' } }, 'wrong-phase');
    alice.send('intent', { action: { type: 'pick', n: 6 } });
    await alice.until((s) => JSON.parse(s.seats[0].secret).mine === 6, 'Alice’s pick stored');
    const secrets = [alice.state.seats[0].secret as string];
    // Bob hands his seat to a bot, which picks and reveals for him.
    bob.send('standIn', { seat: 1, on: true });
    await bob.until((s) => JSON.parse(s.seats[1].secret).mine !== null, 'the stand-in picked for Bob');
    secrets.push(bob.state.seats[1].secret as string);
    await alice.until((s) => JSON.parse(s.view).phase === 'reveal' && s.seats[0].awaiting, 'Alice to reveal');
    alice.send('intent', { action: { type: 'reveal' } });
    await alice.until((s) => s.status === 'ended', 'the match ended');
    await bob.until((s) => s.status === 'ended', 'Bob sees the end');

    const ended = (await scrape()).text;
    const delta = (series: string) => value(ended, series) - value(before, series);
    expect(delta('fireside_intents_total{result="accepted"}')).toBe(2);
    expect(delta('fireside_intents_total{result="illegal"}')).toBe(1);
    expect(delta('fireside_intents_total{result="malformed"}')).toBe(1);
    expect(delta('fireside_intents_total{result="wrong-phase"}')).toBe(1);
    expect(delta('fireside_intent_seconds_count')).toBe(5);
    expect(delta('fireside_standins_total{reason="asked"}')).toBe(1);
    expect(delta('fireside_matches_started_total{game="secret"}')).toBe(1);
    expect(delta('fireside_matches_ended_total{game="secret"}')).toBe(1);
    // Alice's two moves and the stand-in's two, each stored before anyone was told.
    expect(delta('fireside_store_write_seconds_count{op="append_event"}')).toBe(4);
    expect(delta('fireside_store_write_seconds_count{op="start_match"}')).toBe(1);
    expect(delta('fireside_patch_send_seconds_count')).toBeGreaterThanOrEqual(4);
    expect(delta('fireside_patch_send_seconds_sum')).toBeGreaterThan(0);
    expect(value(ended, 'fireside_rooms{game="secret",status="ended"}')).toBe(1);
    expect(value(ended, 'fireside_clients{game="secret",status="ended"}')).toBe(2);
    expect(value(ended, 'fireside_rooms{game="secret",status="playing"}')).toBe(0);

    // Both leave; the empty room unloads (idle 1 s), then Bob's link wakes it from the store.
    await alice.leave();
    await bob.leave();
    const logged = (event: string) => srv.records.filter((r) => r.event === event && r.roomId === roomId);
    await waitFor(() => logged('room.disposed').length === 1, 'the room unloaded', 5000);
    expect(value((await scrape()).text, 'fireside_rooms{game="secret",status="ended"}')).toBe(0);
    const bob2 = await joinRoom(srv.url, roomId, { name: 'Bob', token: tokens[1] });
    all.push(bob2);
    expect(bob2.welcome!.memberId).toBe(members[1]);
    const restored = (await scrape()).text;
    expect(value(restored, 'fireside_room_restores_total{result="ok"}') - value(before, 'fireside_room_restores_total{result="ok"}')).toBe(1);
    await bob2.leave();

    // The room's story, one JSON line per event, by id.
    const [{ matchId }] = await srv.fireside.store.listMatches(roomId);
    const story = srv.records.filter((r) => r.roomId === roomId && typeof r.event === 'string');
    const events = story.map((r) => r.event);
    for (const e of ['room.created', 'member.joined', 'match.started', 'standin.took', 'match.ended', 'member.left', 'room.disposed', 'room.restored']) {
      expect(events).toContain(e);
    }
    expect(events.indexOf('room.created')).toBeLessThan(events.indexOf('match.started'));
    expect(events.indexOf('match.started')).toBeLessThan(events.indexOf('match.ended'));
    expect(logged('member.joined').map((r) => [r.memberId, r.host])).toEqual([
      [members[0], true],
      [members[1], false],
    ]);
    expect(logged('standin.took')).toEqual([expect.objectContaining({ memberId: members[1], seat: 1, reason: 'asked', matchId, game: 'secret' })]);
    expect(logged('match.ended')).toEqual([expect.objectContaining({ matchId, level: 'info' })]);
    expect(logged('member.left').map((r) => r.memberId)).toEqual([...members, members[1]]); // Bob left twice
    expect(logged('member.reconnected')).toEqual([expect.objectContaining({ memberId: members[1], how: 'token', matchId })]);
    for (const r of story.filter((x) => String(x.event).startsWith('member.'))) expect(members).toContain(r.memberId);

    // None of the room's secrets is anywhere in the log.
    const seed = (await srv.fireside.store.loadMatch(matchId))!.setup.seed;
    const text = srv.logLines.join('');
    expect(text).toContain(roomId);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    for (const secret of [seed, ...tokens, ...tokens.map(hashToken), ...secrets, RESTORE_KEY]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/SEKRIT-/);
  }, 30_000);
});
