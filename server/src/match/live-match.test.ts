/**
 * A match without a network: whole bot games of every game through
 * LiveMatch, the log replayed to the same state (hash), store-before-tell,
 * a failed write changing nothing, seat clocks handing a stalled seat to its
 * stand-in bot, a restore
 * from half a log, and a log kept in the real SQLite store.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameIds, getGame, rngFromSeed, type AnyGame } from '@fireside/shared';
import { secretGame, timedGame } from '../../testing/fixture-game.js';
import { ViewJson } from '../../testing/view-json.js';
import { memoryLogger } from '../observe/logger.js';
import { SqliteStore } from '../store/sqlite.js';
import { LiveMatch, type LiveMatchDeps } from './live-match.js';
import { PlainProjection } from './projection.js';
import { replayMatch, stateHash } from './replay.js';
import type { MatchEvent, MatchSetup } from '../store/types.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function setupOf(game: AnyGame, players: number, seed: string): MatchSetup {
  return { matchId: `m-${game.id}-${seed}`, roomId: 'r1', matchNo: 1, game: game.id, players, options: game.defaultOptions(players), seed, startedAt: 0 };
}

function deps(game: AnyGame, state: PlainProjection, persist: LiveMatchDeps['persist'], logs: Record<string, unknown>[] = []): LiveMatchDeps {
  const log = memoryLogger('debug', logs).logger;
  return { game, projection: state, persist, isBot: () => true, botRng: rngFromSeed('bots'), botDelayMs: 0, pace: 'relaxed', log };
}

/** Resolves when the room state says the match is over. */
async function until(pred: () => boolean, label: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out: ${label}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('LiveMatch', () => {
  it.each(gameIds.map((id) => [id]))(
    '%s: a whole bot game; the log replays to the same state',
    async (id) => {
      const game = getGame(id)!;
      const players = game.minPlayers + 1;
      const state = new PlainProjection(players);
      const stored: MatchEvent[] = [];
      const match = LiveMatch.start(
        deps(game, state, (_m, e) => void stored.push(e)),
        setupOf(game, players, `seed-${id}`),
      );
      await until(() => state.status === 'ended', `${id} over`);
      expect(match.over).toBe(true);
      expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i));
      expect(stored).toEqual(match.log);
      const replayed = replayMatch(game, match.setup, stored);
      expect(stateHash(replayed)).toBe(stateHash(match.engineState));
      expect(JSON.parse(state.result).winners).toEqual(game.result(replayed)!.winners);

      // Restoring from half the log gives the state the match had then.
      const half = Math.floor(stored.length / 2);
      const again = LiveMatch.restore(
        deps(game, new PlainProjection(players), () => undefined),
        match.setup,
        stored.slice(0, half),
      );
      expect(stateHash(again.engineState)).toBe(stateHash(replayMatch(game, match.setup, stored.slice(0, half))));
      again.dispose();
    },
    120_000,
  );

  it('tells nobody before the event is stored, and a failed write changes nothing', async () => {
    const game = getGame('santa')!;
    const state = new PlainProjection(3);
    let release!: () => void;
    let fail = false;
    const logs: Record<string, unknown>[] = [];
    const match = LiveMatch.start(
      { ...deps(game, state, () => (fail ? Promise.reject(new Error('disk full')) : new Promise<void>((r) => (release = r))), logs), isBot: () => false },
      setupOf(game, 3, 'slow'),
    );
    const views = new ViewJson();
    const viewOf = () => views.of(state.parts);
    const view0 = viewOf();
    const seat = game.awaiting(match.engineState)[0];
    const action = game.sampleAction(match.engineState, seat, rngFromSeed('a'));
    const pending = match.submit(seat, action);
    await new Promise((r) => setTimeout(r, 20));
    expect(viewOf()).toBe(view0); // not stored yet: not told
    release();
    expect((await pending).ok).toBe(true);
    expect(viewOf()).not.toBe(view0);
    expect(match.log).toHaveLength(1);

    fail = true;
    const view1 = viewOf();
    const secrets = state.seats.map((s) => s.secret);
    const seat2 = game.awaiting(match.engineState)[0];
    const res = await match.submit(seat2, game.sampleAction(match.engineState, seat2, rngFromSeed('b')));
    expect(res.ok).toBe(false);
    expect(!res.ok && res.error.code).toBe('internal');
    expect(viewOf()).toBe(view1);
    expect(state.seats.map((s) => s.secret)).toEqual(secrets);
    expect(match.log).toHaveLength(1);
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 'error', event: 'store.failed', seq: 1, err: expect.objectContaining({ message: 'disk full' }) }),
    );
    match.dispose();
  });

  it('an illegal intent is refused and logs nothing', async () => {
    const game = getGame('gifttrap')!;
    const state = new PlainProjection(3);
    const stored: MatchEvent[] = [];
    const match = LiveMatch.start({ ...deps(game, state, (_m, e) => void stored.push(e)), isBot: () => false }, setupOf(game, 3, 'x'));
    expect((await match.submit(0, { type: 'nonsense' })).ok).toBe(false);
    expect((await match.submit(0, { toString: 1 })).ok).toBe(false);
    expect(stored).toEqual([]);
    match.dispose();
  });

  it('a seat whose clock runs out is played by its stand-in bot, from its own view; the move is a bot event and replays', async () => {
    const state = new PlainProjection(2);
    const stored: MatchEvent[] = [];
    const timedOut: number[] = [];
    const started = Date.now();
    const match = LiveMatch.start(
      { ...deps(timedGame, state, (_m, e) => void stored.push(e)), isBot: () => false, onTimeout: (seat) => timedOut.push(seat) },
      setupOf(timedGame, 2, 't'),
    );
    // Every awaited seat shows its own countdown: 1 s at the relaxed pace.
    expect(state.seats[0].deadline).toBeGreaterThan(started);
    expect(state.seats[1].deadline).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await match.submit(0, { type: 'pick', n: 3 })).ok).toBe(true);
    // Seat 0 is done with the step: its clock stops; seat 1's keeps running, not restarted.
    expect(state.seats[0].deadline).toBe(0);
    const seat1Deadline = state.seats[1].deadline;
    expect(seat1Deadline).toBeGreaterThan(0);
    await until(() => stored.length >= 2, 'the stand-in picks for seat 1', 5000);
    expect(Date.now()).toBeGreaterThanOrEqual(seat1Deadline - 5);
    expect(timedOut).toEqual([1]);
    expect(stored[1]).toMatchObject({ kind: 'action', seat: 1, bot: true });
    expect(stateHash(replayMatch(timedGame, match.setup, stored))).toBe(stateHash(match.engineState));
    match.dispose();
  });

  it('bots get a persona per seat: stable through the match, different per seat and per match, derived from (not equal to) the seed', async () => {
    const seen: [number, string | undefined][] = [];
    const game: AnyGame = {
      ...secretGame,
      botAction(view, own, seat, rng, persona) {
        seen.push([seat, persona]);
        return secretGame.botAction(view, own, seat, rng);
      },
    };
    for (const seed of ['s1', 's2']) {
      const state = new PlainProjection(3);
      const match = LiveMatch.start(
        deps(game, state, () => undefined),
        setupOf(game, 3, seed),
      );
      await until(() => state.status === 'ended', 'bots to the end');
      match.dispose();
    }
    const personas = (seat: number, from: number, to: number) =>
      new Set(
        seen
          .slice(from, to)
          .filter(([s]) => s === seat)
          .map(([, p]) => p),
      );
    const half = seen.length / 2;
    for (const seat of [0, 1, 2]) {
      expect(personas(seat, 0, half).size).toBe(1); // stable within a match
      const [p] = personas(seat, 0, half);
      expect(p).toMatch(/^[0-9a-f]{16}$/);
      expect(personas(seat, half, seen.length).has(p)).toBe(false); // another match, another persona
    }
    expect(new Set(seen.slice(0, half).map(([, p]) => p)).size).toBe(3); // one per seat
  });

  it('with the clock off nobody is timed', () => {
    const state = new PlainProjection(2);
    const match = LiveMatch.start({ ...deps(timedGame, state, () => undefined), isBot: () => false, pace: 'off' }, setupOf(timedGame, 2, 't'));
    expect(state.seats.map((s) => s.deadline)).toEqual([0, 0]);
    expect(match.clockRows()).toEqual([]);
    match.dispose();
  });

  it('a restored match resumes each seat clock with the time it had left (only for the same step)', () => {
    const state = new PlainProjection(2);
    const before = Date.now();
    const match = LiveMatch.restore(
      { ...deps(timedGame, state, () => undefined), isBot: () => false, pace: 'normal' },
      setupOf(timedGame, 2, 't'),
      [],
      [
        { seat: 0, key: 'pick', leftMs: 200 },
        { seat: 1, key: 'reveal:0', leftMs: 50 }, // another step: seat 1 starts afresh
      ],
    );
    expect(state.seats[0].deadline - before).toBeGreaterThanOrEqual(195);
    expect(state.seats[0].deadline - before).toBeLessThanOrEqual(250);
    expect(state.seats[1].deadline - before).toBeGreaterThanOrEqual(495);
    const rows = match.clockRows();
    expect(rows.map((r) => [r.seat, r.key])).toEqual([
      [0, 'pick'],
      [1, 'pick'],
    ]);
    expect(rows[0].leftMs).toBeLessThanOrEqual(200);
    match.dispose();
  });

  it('with the SQLite store: every event is durable and the stored log replays to the live state', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fireside-match-'));
    dirs.push(dir);
    const store = new SqliteStore(dir);
    await store.migrate();
    const game = getGame('windcity')!;
    const setup = setupOf(game, 3, 'durable');
    await store.saveRoom({
      roomId: setup.roomId,
      game: game.id,
      hostId: '',
      ownerId: '',
      locked: false,
      players: 3,
      options: setup.options,
      status: 'playing',
      matchNo: 1,
      matchId: setup.matchId,
      members: [],
      seats: [],
      chat: [],
      clock: 'relaxed',
      clocks: [],
      updatedAt: 1,
    });
    await store.startMatch(setup);
    const state = new PlainProjection(3);
    const match = LiveMatch.start(
      deps(game, state, (id, e) => store.appendEvent(id, e)),
      setup,
    );
    await until(() => state.status === 'ended', 'windcity over');
    const record = await store.loadMatch(setup.matchId);
    expect(record!.events).toEqual(match.log);
    expect(stateHash(replayMatch(game, record!.setup, record!.events))).toBe(stateHash(match.engineState));
    await store.close();
  }, 120_000);
});
