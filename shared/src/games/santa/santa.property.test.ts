/**
 * Santa Claus: property tests over many seeded games played by the random
 * player (sampleAction) and by the bot (botAction), 3 and 4 players, both
 * variants of each option, Santa chosen or drawn.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { Seat } from '../../engine/contract.js';
import { rngFromSeed } from '../../engine/rng.js';
import {
  all,
  assert,
  checkAnswersOnlyWhenAwaited,
  chooseStep,
  mixedTable,
  must,
  playSteps,
  replaySteps,
  sum,
  type Played,
  type Player,
  type SeatStep,
} from '../../engine/testing.js';
import { santa as g, legalMoves } from './index.js';
import { ROUNDS, SUPPLY } from './rules.js';
import type { SantaAction, SantaOptions, SantaState } from './types.js';

// ---------------------------------------------------------------------------
// Helpers

type Step = SeatStep<SantaAction>;

interface Config {
  players: number;
  options: SantaOptions;
  seed: string;
}

const configArb: fc.Arbitrary<Config> = fc
  .record({
    players: fc.constantFrom(3, 4),
    awayMarkers: fc.constantFrom<SantaOptions['awayMarkers']>('round', 'six'),
    tieBreak: fc.constantFrom<SantaOptions['tieBreak']>('lowest-card', 'lowest-score'),
    santaSeat: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    seed: fc.string({ maxLength: 12 }),
  })
  .map(({ players, awayMarkers, tieBreak, santaSeat, seed }) => ({
    players,
    options: { awayMarkers, tieBreak, santaSeat: santaSeat === null ? null : santaSeat % players },
    seed,
  }));

/** Replace every face-down pick (except seat `keep`'s) by another card: public things must not change. */
function scramble(s: SantaState, keep: Seat | null): SantaState {
  return { ...s, picks: s.picks.map((p, seat) => (p === null || seat === keep ? p : p === 13 ? 1 : 13)), rng: [1, 2, 3, 4] };
}

/** All invariants that must hold after every step. */
function checkStep(next: SantaState): void {
  const scoreEntries = next.log.flatMap((e) => (e.kind === 'score' ? [e] : []));
  // Every point has a cause in the log.
  for (let seat = 0; seat < next.players; seat++) {
    const logged = sum(scoreEntries.filter((e) => e.seat === seat).map((e) => e.delta));
    assert(logged === next.scores[seat], `seat ${seat}: score ${next.scores[seat]}, log ${logged}`);
  }
  // Presents: the supply never goes below 0; supply + placed = 30; on the board = placed − taken.
  const placed = scoreEntries.filter((e) => e.cause === 'present' || e.cause === 'start-present').length;
  const taken = scoreEntries.filter((e) => e.cause === 'took-present').length;
  assert(next.supply >= 0, 'supply below 0');
  assert(next.supply + placed === SUPPLY, 'supply + placed presents is not 30');
  assert(next.present.filter(Boolean).length === placed - taken, 'presents on the board');
  assert(scoreEntries.filter((e) => e.cause === 'lost-present').length === taken, 'every take costs Santa');
  assert(
    next.away.every((h) => !next.present[h]),
    'a present on an away house',
  );
  // The public view holds no unrevealed pick.
  const pv = g.publicView(next);
  assert(isDeepStrictEqual(g.publicView(scramble(next, null)), pv), 'the public view depends on a pick');
  if (next.phase === 'pick') {
    assert(
      pv.played.every((c) => c === null),
      'a card shown before the reveal',
    );
    assert(
      isDeepStrictEqual(
        pv.picked,
        next.picks.map((p) => p !== null),
      ),
      'picked flags',
    );
    assert(
      pv.hands.every((h) => h.length === ROUNDS + 1 - next.round),
      'hand sizes',
    );
  }
  // A seat view holds that seat's pick only.
  for (let seat = 0; seat < next.players; seat++) {
    const sv = g.seatView(next, seat);
    assert(sv.myPick === next.picks[seat], 'own pick');
    assert(isDeepStrictEqual(g.seatView(scramble(next, seat), seat), sv), 'a seat view depends on another pick');
  }
  // The mover always has a legal move (the stuck are skipped), and the state is plain JSON.
  if (next.phase === 'move') assert(legalMoves(next, next.order[next.turn])!.routes.length > 0, 'mover has no move');
  assert(isDeepStrictEqual(JSON.parse(JSON.stringify(next)), next), 'not plain JSON');
}

function checkEnd(final: SantaState): void {
  expect(final.phase).toBe('over');
  expect(final.round).toBe(ROUNDS);
  expect(final.rounds).toHaveLength(ROUNDS);
  expect(final.scoreLog).toHaveLength(ROUNDS + 1);
  expect(final.log.filter((e) => e.kind === 'reveal')).toHaveLength(ROUNDS);
  expect(final.hands.every((h) => h.length === 0)).toBe(true);
  const r = g.result(final)!;
  const top = Math.max(...final.scores);
  expect(r.winners).toEqual(final.scores.flatMap((x, s) => (x === top ? [s] : [])));
}

function play(config: Config, kinds: Player[], check: boolean): Played<SantaState, Step> {
  const rng = rngFromSeed(`players:${config.seed}`);
  return playSteps(g.setup(config.players, config.options, config.seed), {
    choose: (s) => chooseStep(g, s, kinds, rng),
    play: (s, [seat, action]) => must(g.apply(s, seat, action), `${kinds[seat]} seat ${seat} ${JSON.stringify(action)}`),
    check: check ? (_, next) => checkStep(next) : undefined,
    maxSteps: 2000,
  });
}

const replay = (config: Config, steps: Step[]): SantaState =>
  replaySteps(g.setup(config.players, config.options, config.seed), steps, (s, [seat, action]) => must(g.apply(s, seat, action), 'replay'));

// ---------------------------------------------------------------------------

describe('games played by bots', () => {
  it('always make legal moves, keep every invariant, and end after exactly 13 rounds', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        checkEnd(play(config, all('bot', config.players), true).final);
      }),
      { numRuns: 100 },
    );
  });

  it('replay the same seed and actions to the identical state (through JSON halfway)', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const { final, steps } = play(config, all('bot', config.players), false);
        expect(replay(config, steps)).toEqual(final);
        expect(play(config, all('bot', config.players), false).steps).toEqual(steps);
      }),
      { numRuns: 30 },
    );
  });

  it('return a legal action at tables mixed with random players', () => {
    fc.assert(
      fc.property(configArb, fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), (config, bots) => {
        checkEnd(play(config, mixedTable(bots, config.players), true).final);
      }),
      { numRuns: 60 },
    );
  });

  it('answer null when not awaited, and a legal action whenever awaited (bots and random players)', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        checkAnswersOnlyWhenAwaited(g, g.setup(config.players, config.options, config.seed), rngFromSeed(config.seed));
      }),
      { numRuns: 10 },
    );
  });
});

describe('bot strength', () => {
  /** Average scores of 30 games where `bots` are bots and the others random, Santa at seat 0. */
  function averages(players: number, bots: Seat[]): { scores: number[]; wins: number[] } {
    const scores = Array(players).fill(0);
    const wins = Array(players).fill(0);
    for (let i = 0; i < 30; i++) {
      const config: Config = { players, options: { ...g.defaultOptions(players), santaSeat: 0 }, seed: `strength-${i}` };
      const kinds = Array.from({ length: players }, (_, s): Player => (bots.includes(s) ? 'bot' : 'random'));
      const { final } = play(config, kinds, false);
      final.scores.forEach((x, s) => (scores[s] += x / 30));
      for (const w of g.result(final)!.winners) wins[w]++;
    }
    return { scores, wins };
  }

  it('a bot Santa beats random kids, and a bot kid beats random players', () => {
    const santa = averages(4, [0]);
    expect(santa.wins[0]).toBeGreaterThanOrEqual(27);
    const kid = averages(4, [1]);
    expect(kid.wins[1]).toBeGreaterThanOrEqual(24);
    expect(kid.scores[1]).toBeGreaterThan(2 * Math.max(kid.scores[2], kid.scores[3]));
    // Among bots, one random kid falls behind the bot kids.
    const table = averages(3, [0, 1]);
    expect(table.scores[1]).toBeGreaterThan(table.scores[2]);
  });
});

describe('games played by random players', () => {
  it('keep every invariant, end after exactly 13 rounds, and replay identically', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const { final, steps } = play(config, all('random', config.players), true);
        checkEnd(final);
        expect(replay(config, steps)).toEqual(final);
      }),
      { numRuns: 150 },
    );
  });
});

describe('speed', () => {
  it('plays whole 4-player bot games to their ends (prints the rate)', () => {
    const config = (i: number): Config => ({ players: 4, options: g.defaultOptions(4), seed: `bench-${i}` });
    play(config(-1), all('bot', 4), false); // warm-up
    const games = 40;
    const t0 = performance.now();
    for (let i = 0; i < games; i++) checkEnd(play(config(i), all('bot', 4), false).final);
    const seconds = (performance.now() - t0) / 1000;
    console.log(`santa: ${(games / seconds).toFixed(0)} bot games/s (4 players, 13 rounds)`);
    // Speed is measured by the engine benchmark (npm run bench; docs/measurements.md), never by a timed test.
  });
});
