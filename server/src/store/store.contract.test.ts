/**
 * The MatchStore contract, run unchanged against SQLite and Postgres (the
 * cluster comes from server/testing/jest-pg-setup.ts). Each test starts on an
 * empty database and closes every store it opened.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { postgresBackend, sqliteBackend, type TestDb } from '../../testing/store-backends.js';
import { MIGRATIONS } from './migrations.js';
import type { MatchEvent, MatchSetup, MatchStore, RoomRecord } from './types.js';

const T0 = 1_750_000_000_000; // a fixed "now": every timestamp below is relative to it

function room(roomId: string, over: Partial<RoomRecord> = {}): RoomRecord {
  return {
    roomId,
    game: 'windcity',
    hostId: 'm1',
    ownerId: 'm1',
    locked: false,
    players: 3,
    options: { variant: 'classic', deck: { size: 52, jokers: [true, false] }, label: 'ポーカー 🂡', ratio: 0.1 + 0.2 },
    status: 'lobby',
    matchNo: 0,
    matchId: null,
    members: [
      { id: 'm1', name: 'Zoë 🔥', tokenHash: 'a'.repeat(64), seat: 0, joinedAt: T0 - 5000 },
      { id: 'm2', name: '李小龍', tokenHash: 'b'.repeat(64), seat: 1, joinedAt: T0 - 4000 },
    ],
    seats: [
      { kind: 'human', memberId: 'm1', name: 'Zoë 🔥' },
      { kind: 'human', memberId: 'm2', name: '李小龍' },
      { kind: 'bot', memberId: '', name: 'Bot 🤖' },
      { kind: 'human', memberId: 'm3', name: 'Away', standIn: true },
    ],
    // NUL, a lone surrogate, RTL mark and a family emoji: JSON text must bring them back exactly.
    chat: [
      { id: 1, memberId: 'm2', name: '李小龍', text: 'a\u0000b \ud83d \u200f👨‍👩‍👧 "quoted" \\', at: T0 - 100 },
      { id: 2, memberId: 'm1', name: 'Zoë 🔥', text: '', at: T0 - 50, event: 'standin' },
    ],
    clock: 'relaxed',
    clocks: [],
    updatedAt: T0,
    ...over,
  };
}

function setup(matchId: string, roomId: string, over: Partial<MatchSetup> = {}): MatchSetup {
  const options = { variant: 'classic', nested: { a: [1, { b: 'ü' }] } };
  return { matchId, roomId, matchNo: 1, game: 'windcity', players: 3, options, seed: 'SEED-secret-1234', startedAt: T0, ...over };
}

const action = (seq: number, seat: number, bot = false): MatchEvent => ({
  seq,
  kind: 'action',
  seat,
  action: { type: 'play', cards: [{ suit: '♠', rank: 12 }], meta: { note: `é${seq}`, deep: { x: [null, true] } } },
  bot,
  at: T0 + seq * 1000,
});
const expire = (seq: number): MatchEvent => ({ seq, kind: 'expire', at: T0 + seq * 1000 });

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as { code?: string }).code ?? `not a StoreError: ${String(e)}`;
  }
  return 'resolved';
}

describe.each([sqliteBackend, postgresBackend])('MatchStore ($name)', (backend) => {
  let db: TestDb;
  let opened: MatchStore[];
  let store: MatchStore;

  async function open(): Promise<MatchStore> {
    const s = db.open();
    opened.push(s);
    await s.migrate();
    return s;
  }
  async function startWithEvents(matchId: string, roomId: string, n: number, s = store): Promise<MatchEvent[]> {
    await s.saveRoom(room(roomId, { status: 'playing', matchNo: 1, matchId }));
    await s.startMatch(setup(matchId, roomId));
    const events = Array.from({ length: n }, (_, i) => (i % 4 === 3 ? expire(i) : action(i, i % 3, i % 2 === 1)));
    for (const e of events) await s.appendEvent(matchId, e);
    return events;
  }

  beforeEach(async () => {
    db = await backend.create();
    opened = [];
    store = await open();
  });
  afterEach(async () => {
    for (const s of opened) await s.close();
    await db.drop();
  });

  it('has its kind', () => {
    expect(store.kind).toBe(backend.name);
  });

  it('migrates once: running migrate again (same or another instance) changes nothing', async () => {
    const before = await db.raw('SELECT version, applied_at FROM schema_migrations ORDER BY version');
    expect(before.map((r) => Number(r.version))).toEqual(MIGRATIONS.map((m) => m.version));
    await store.saveRoom(room('r1'));
    await store.migrate();
    await (await open()).migrate();
    expect(await db.raw('SELECT version, applied_at FROM schema_migrations ORDER BY version')).toEqual(before);
    expect(await store.loadRoom('r1')).toEqual(room('r1'));
  });

  it('a room row written before per-seat clocks (version 1 columns only) loads with the relaxed clock and no running clocks', async () => {
    await db.raw(`INSERT INTO rooms (room_id, game, host_id, players, options, status, match_no, match_id, members, seats, chat, time_left_ms, updated_at)
      VALUES ('old', 'santa', '', 3, '{}', 'lobby', 1, NULL, '[]', '[]', '[]', 5000, ${T0})`);
    const old = await store.loadRoom('old');
    expect(old).toMatchObject({ roomId: 'old', clock: 'relaxed', clocks: [], ownerId: '', locked: false });
  });

  it('saves and loads a room exactly (unicode, emoji, nested options); unknown rooms are null', async () => {
    const r = room('r1', { clock: 'fast', clocks: [{ seat: 1, key: 'give:3', leftMs: 42_500 }], matchNo: 2, matchId: 'x-2', status: 'playing', locked: true });
    await store.saveRoom(r);
    expect(await store.loadRoom('r1')).toStrictEqual(r);
    expect(await store.loadRoom('nope')).toBeNull();
  });

  it('saving again overwrites the whole snapshot', async () => {
    await store.saveRoom(room('r1'));
    const second = room('r1', {
      status: 'ended',
      hostId: 'm2',
      ownerId: 'm2',
      locked: true,
      options: { other: ['shape'] },
      members: [],
      seats: [{ kind: 'empty', memberId: '', name: '' }],
      chat: [],
      clock: 'off',
      clocks: [],
      updatedAt: T0 + 1,
    });
    await store.saveRoom(second);
    expect(await store.loadRoom('r1')).toStrictEqual(second);
    expect(await db.raw('SELECT room_id FROM rooms')).toHaveLength(1);
  });

  it('appends events in order and loads them back in seq order', async () => {
    const events = await startWithEvents('g1', 'r1', 9);
    expect(events.some((e) => e.kind === 'expire')).toBe(true);
    const m = await store.loadMatch('g1');
    expect(m).toStrictEqual({ setup: setup('g1', 'r1'), events, result: null, finishedAt: null });
    expect(await store.loadMatch('nope')).toBeNull();
  });

  it('refuses a gap, a duplicate or a negative seq, and stores nothing for them', async () => {
    const events = await startWithEvents('g1', 'r1', 2);
    for (const seq of [3, 1, 0, -1]) expect(await codeOf(store.appendEvent('g1', action(seq, 0)))).toBe('bad_seq');
    expect((await store.loadMatch('g1'))?.events).toStrictEqual(events);
    expect(await db.raw("SELECT seq FROM match_events WHERE match_id = 'g1'")).toHaveLength(2);
    await store.appendEvent('g1', action(2, 1));
    expect((await store.loadMatch('g1'))?.events).toHaveLength(3);
  });

  it('appends asked for together (several rooms in one turn) are each stored or refused on their own', async () => {
    await startWithEvents('g1', 'r1', 1);
    await startWithEvents('g2', 'r2', 0);
    const outcomes = await Promise.allSettled([
      store.appendEvent('g1', action(1, 0)),
      store.appendEvent('g2', action(0, 1)),
      store.appendEvent('g1', action(0, 1)), // stale: seq 0 is taken
      store.appendEvent('nope', action(0, 0)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect(await codeOf(Promise.reject((outcomes[2] as PromiseRejectedResult).reason))).toBe('bad_seq');
    expect(await codeOf(Promise.reject((outcomes[3] as PromiseRejectedResult).reason))).toBe('unknown_match');
    expect((await store.loadMatch('g1'))?.events.map((e) => [e.seq, e.kind === 'action' ? e.seat : null])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    expect((await store.loadMatch('g2'))?.events).toHaveLength(1);
  });

  it('room snapshots and appends asked for in one turn are each stored or refused on their own', async () => {
    await startWithEvents('g1', 'r1', 0);
    const outcomes = await Promise.allSettled([
      store.saveRoom(room('r1', { status: 'playing', matchNo: 1, matchId: 'g1', hostId: 'second' })),
      store.appendEvent('g1', action(0, 0)),
      store.appendEvent('g1', action(5, 0)), // refused: a gap
      store.saveRoom(room('r2')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await store.loadRoom('r1'))?.hostId).toBe('second');
    expect((await store.loadMatch('g1'))?.events.map((e) => e.seq)).toEqual([0]);
    expect(await store.loadRoom('r2')).toEqual(room('r2'));
  });

  it('refuses malformed events and records without writing', async () => {
    await startWithEvents('g1', 'r1', 1);
    const bad = [
      { ...action(1, 0), at: 1.5 },
      { ...action(1, 0), bot: undefined },
      { ...action(1, 0), kind: 'x' },
    ];
    for (const e of bad) expect(await codeOf(store.appendEvent('g1', e as MatchEvent))).toBe('bad_record');
    expect(await codeOf(store.saveRoom(room('r2', { updatedAt: Number.NaN })))).toBe('bad_record');
    expect((await store.loadMatch('g1'))?.events).toHaveLength(1);
    expect(await store.loadRoom('r2')).toBeNull();
  });

  it('refuses appends to an unknown or finished match, and bad starts', async () => {
    await startWithEvents('g1', 'r1', 1);
    expect(await codeOf(store.appendEvent('nope', action(0, 0)))).toBe('unknown_match');
    expect(await codeOf(store.finishMatch('nope', {}, T0))).toBe('unknown_match');
    expect(await codeOf(store.startMatch(setup('g1', 'r1')))).toBe('duplicate_match');
    expect(await codeOf(store.startMatch(setup('g9', 'no-room')))).toBe('unknown_room');
    await store.finishMatch('g1', { winners: [0] }, T0 + 5000);
    const err = await store.appendEvent('g1', action(1, 0)).catch((e: Error) => e);
    expect(err).toMatchObject({ code: 'match_finished' });
    expect(String((err as Error).message)).not.toContain('SEED'); // never a seed in an error
    expect(await codeOf(store.finishMatch('g1', { winners: [1] }, T0 + 6000))).toBe('match_finished');
    expect((await store.loadMatch('g1'))?.events).toHaveLength(1);
  });

  it('keeps the seats a match started with (names exactly, kinds); a match stored before them loads without', async () => {
    await store.saveRoom(room('r1'));
    const seats: MatchSetup['seats'] = [
      { name: 'Zoë 🔥', kind: 'human' },
      { name: 'Dot (bot)', kind: 'bot' },
      { name: '李小龍 \u200f"q"', kind: 'human' },
    ];
    await store.startMatch(setup('g1', 'r1', { seats }));
    expect((await store.loadMatch('g1'))?.setup).toStrictEqual(setup('g1', 'r1', { seats }));
    // A row from before schema version 4: no seats column value at all.
    await db.raw(`INSERT INTO matches (match_id, room_id, match_no, game, players, options, seed, started_at)
      VALUES ('old', 'r1', 2, 'windcity', 3, '{}', 's', ${T0})`);
    const old = await store.loadMatch('old');
    expect(old?.setup).toStrictEqual({ matchId: 'old', roomId: 'r1', matchNo: 2, game: 'windcity', players: 3, options: {}, seed: 's', startedAt: T0 });
    expect(old?.setup).not.toHaveProperty('seats');
  });

  it('refuses a match whose seats are malformed, and stores nothing for it', async () => {
    await store.saveRoom(room('r1'));
    const bad = [[{ name: 'A', kind: 'empty' }], [{ name: 7, kind: 'human' }], [null], { 0: { name: 'A', kind: 'bot' } }];
    for (const seats of bad) expect(await codeOf(store.startMatch(setup('g1', 'r1', { seats: seats as MatchSetup['seats'] })))).toBe('bad_record');
    expect(await store.loadMatch('g1')).toBeNull();
  });

  it('finishMatch records the result and the time', async () => {
    const events = await startWithEvents('g1', 'r1', 3);
    const result = { winners: [2], scores: { 0: 10, 1: 7, 2: 31 }, note: 'fin 🎉', detail: [{ seat: 2, why: ['most'] }] };
    await store.finishMatch('g1', result, T0 + 99_000);
    expect(await store.loadMatch('g1')).toStrictEqual({ setup: setup('g1', 'r1'), events, result, finishedAt: T0 + 99_000 });
    expect(await store.listMatches('r1')).toEqual([{ matchId: 'g1', matchNo: 1, finishedAt: T0 + 99_000 }]);
  });

  it("lists a room's matches by matchNo", async () => {
    await store.saveRoom(room('r1'));
    await store.startMatch(setup('g2', 'r1', { matchNo: 2, startedAt: T0 + 10 }));
    await store.startMatch(setup('g1', 'r1', { matchNo: 1 }));
    await store.finishMatch('g1', null, T0 + 5);
    expect(await store.listMatches('r1')).toEqual([
      { matchId: 'g1', matchNo: 1, finishedAt: T0 + 5 },
      { matchId: 'g2', matchNo: 2, finishedAt: null },
    ]);
    expect((await store.loadMatch('g1'))?.result).toBeNull();
    expect(await store.listMatches('nope')).toEqual([]);
  });

  it('listRestorable: rooms with an unfinished current match at any age, others only when recent', async () => {
    const old = T0 - 86_400_000;
    await store.saveRoom(room('lobby-old', { updatedAt: old }));
    await store.saveRoom(room('lobby-recent', { updatedAt: T0 }));
    await store.saveRoom(room('lobby-edge', { updatedAt: T0 - 1000 })); // exactly activeSince: kept
    await startWithEvents('live', 'playing-old', 2);
    await store.saveRoom(room('playing-old', { status: 'playing', matchNo: 1, matchId: 'live', updatedAt: old }));
    // current match finished, an older one never was: not restorable by its matches
    await store.saveRoom(room('ended-old', { updatedAt: old }));
    await store.startMatch(setup('stale', 'ended-old'));
    await store.startMatch(setup('done', 'ended-old', { matchNo: 2 }));
    await store.finishMatch('done', { winners: [] }, old);
    await store.saveRoom(room('ended-old', { status: 'ended', matchNo: 2, matchId: 'done', updatedAt: old }));
    expect(await store.listRestorable(T0 - 1000)).toEqual(['lobby-edge', 'lobby-recent', 'playing-old']);
    expect(await store.listRestorable(old)).toEqual(['ended-old', 'lobby-edge', 'lobby-old', 'lobby-recent', 'playing-old']);
  });

  it('deleteInactive removes old rooms with their matches and events, keeps recent ones', async () => {
    await startWithEvents('g-old', 'old', 3);
    await store.saveRoom(room('old', { status: 'playing', matchNo: 1, matchId: 'g-old', updatedAt: T0 - 10_000 }));
    await store.saveRoom(room('old-lobby', { updatedAt: T0 - 5000 }));
    await startWithEvents('g-new', 'new', 2);
    expect(await store.deleteInactive(T0 - 1000)).toBe(2);
    expect(await store.loadRoom('old')).toBeNull();
    expect(await store.loadRoom('old-lobby')).toBeNull();
    expect(await store.loadMatch('g-old')).toBeNull();
    expect(await db.raw("SELECT seq FROM match_events WHERE match_id = 'g-old'")).toEqual([]);
    expect((await store.loadMatch('g-new'))?.events).toHaveLength(2);
    expect(await store.loadRoom('new')).not.toBeNull();
    expect(await store.deleteInactive(T0 - 1000)).toBe(0);
  });

  it('two instances on one database: a stale seq fails, racing appends have exactly one winner', async () => {
    const other = await open();
    await startWithEvents('g1', 'r1', 1);
    await other.appendEvent('g1', action(1, 1));
    expect(await codeOf(store.appendEvent('g1', action(1, 2)))).toBe('bad_seq'); // stale: seq 1 is taken
    for (let seq = 2; seq < 12; seq++) {
      const outcomes = await Promise.allSettled([store.appendEvent('g1', action(seq, 0)), other.appendEvent('g1', action(seq, 1, true))]);
      const rejected = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
      expect(rejected).toHaveLength(1);
      expect(rejected[0].reason).toMatchObject({ code: 'bad_seq' });
    }
    const events = (await other.loadMatch('g1'))?.events ?? [];
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('keeps everything across close and reopen', async () => {
    const events = await startWithEvents('g1', 'r1', 5);
    await store.finishMatch('g1', { winners: [1] }, T0 + 7);
    await store.saveRoom(room('r1', { status: 'ended', matchNo: 1, matchId: 'g1', clocks: [{ seat: 0, key: 'pick:1', leftMs: 1234 }] }));
    await store.close();
    const again = await open();
    expect(await again.loadRoom('r1')).toStrictEqual(
      room('r1', { status: 'ended', matchNo: 1, matchId: 'g1', clocks: [{ seat: 0, key: 'pick:1', leftMs: 1234 }] }),
    );
    expect(await again.loadMatch('g1')).toStrictEqual({ setup: setup('g1', 'r1'), events, result: { winners: [1] }, finishedAt: T0 + 7 });
  });

  it('a closed store rejects every call', async () => {
    await store.close();
    const calls: Promise<unknown>[] = [
      store.migrate(),
      store.saveRoom(room('r1')),
      store.loadRoom('r1'),
      store.listRestorable(0),
      store.startMatch(setup('g1', 'r1')),
      store.appendEvent('g1', action(0, 0)),
      store.finishMatch('g1', null, T0),
      store.loadMatch('g1'),
      store.listMatches('r1'),
      store.deleteInactive(T0),
    ];
    for (const c of calls) expect(await codeOf(c)).toBe('closed');
    await expect(store.close()).resolves.toBeUndefined(); // closing twice is fine
  });
});
