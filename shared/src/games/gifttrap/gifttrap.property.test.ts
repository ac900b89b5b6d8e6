/**
 * Gift Trap: property tests over many seeded games played by the random
 * player (sampleAction) and by the bot (botAction), all player counts, both
 * variants, all goals.
 *
 * Termination bounds were measured (300 games per setting): bots finish in at
 * most 27 rounds (8 players, goal 40); random players with 3 players and one
 * gift each finish in at most 81 rounds (goal 40). Random players elsewhere
 * may play for thousands of rounds: with N+1 ≥ 5 slots and only 4 want tiles a
 * random gift is worth (3+2+1−4−(N−3))/(N+1) < 0 on average, so pawns drift
 * back towards 0. Those games are checked over a bounded number of rounds.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Seat } from '../../engine/contract.js';
import { rngFromSeed } from '../../engine/rng.js';
import { all, assert, chooseStep, mixedTable, must, playSteps, replaySteps, type Played, type Player, type SeatStep } from '../../engine/testing.js';
import { gifttrap as g } from './index.js';
import { unopenedTiles, wantsRevealed } from './rules.js';
import { withBigDecks } from './testing.js';
import { TIERS, type GiftTrapAction, type GiftTrapOptions, type GiftTrapState, type Goal } from './types.js';

// ---------------------------------------------------------------------------
// Helpers

const start = (players: number, options: GiftTrapOptions, seed: string): GiftTrapState => withBigDecks(g.setup(players, options, seed));

type Step = SeatStep<GiftTrapAction>;

interface Config {
  players: number;
  options: GiftTrapOptions;
  seed: string;
}

const configArb: fc.Arbitrary<Config> = fc
  .record({
    players: fc.integer({ min: 3, max: 8 }),
    doubleGifts: fc.boolean(),
    goal: fc.constantFrom<Goal>(20, 30, 40),
    seed: fc.string({ maxLength: 12 }),
  })
  .map(({ players, doubleGifts, goal, seed }) => ({
    players,
    options: { goal, doubleGifts: doubleGifts && players <= 4 },
    seed,
  }));

/**
 * Replace every secret of the state (except those of seat `keep`) by junk:
 * unopened tile slots, unrevealed wants, deck order, generator. Whatever is
 * computed only from public information must not change.
 */
function scramble(s: GiftTrapState, keep: Seat | null): GiftTrapState {
  // Shallow: the views only read, so the replaced fields are all that matters.
  const x = { ...s, decks: { ...s.decks } };
  const closed = unopenedTiles(s);
  x.gifts = s.gifts.map((tiles, from) =>
    tiles && from !== keep
      ? tiles.map((t) => (closed.some((c) => c.from === from && c.slot === t.slot) ? { to: t.to, slot: 50 + ((t.slot * 7 + 3) % 11) } : t))
      : tiles,
  );
  x.wants = s.wants.map((w, seat) => (w && seat !== keep && !wantsRevealed(s, seat) ? { great: 61, good: 62, ok: 63, noWay: 60 } : w));
  for (const t of TIERS) x.decks[t] = [...x.decks[t]].reverse().concat('junk');
  x.rng = [1, 2, 3, 4];
  return x;
}

/**
 * Deep equality of JSON-like data, fast and blind to prototypes (under jest's
 * VM modules, structuredClone and JSON.parse build objects of different realms).
 */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same((a as never)[k], (b as never)[k]));
}

/** All invariants that must hold after every step. */
function checkStep(prev: GiftTrapState, next: GiftTrapState, stepIndex: number): void {
  const goal = next.options.goal;
  for (const [before, after] of [
    [prev.give, next.give],
    [prev.get, next.get],
  ]) {
    for (let seat = 0; seat < next.players; seat++) {
      assert(after[seat] >= 0 && after[seat] <= goal, 'pawn off the track', after);
      assert(before[seat] < goal || after[seat] === goal, 'a pawn left the goal', { before, after });
    }
  }
  // The public view depends on no secret, and shows exactly the revealed wants.
  const pv = g.publicView(next);
  assert(same(g.publicView(scramble(next, null)), pv), 'the public view depends on a secret');
  pv.revealedWants.forEach((w, seat) => assert(same(w, wantsRevealed(next, seat) ? next.wants[seat] : null), 'revealedWants', { seat, w }));
  assert(pv.closed.length === unopenedTiles(next).length, 'closed tiles are missing');
  for (const c of pv.closed) assert(Object.keys(c).sort().join() === 'from,to', 'a closed tile says more than from/to', c);
  // A seat view holds that seat's data only (checked for one seat per step, in turn).
  const seat = stepIndex % next.players;
  const sv = g.seatView(next, seat);
  assert(same(sv, { seat, myGifts: next.gifts[seat], myWants: next.wants[seat] }), 'seat view', sv);
  assert(same(g.seatView(scramble(next, seat), seat), sv), 'a seat view depends on another seat');
  // The state is plain JSON (checked every few steps: it is the slowest check).
  if (stepIndex % 5 === 0 || next.phase === 'over') assert(same(JSON.parse(JSON.stringify(next)), next), 'the state does not survive JSON');
}

/** Play until the end or `maxRounds` rounds have been completed, checking every step when asked. */
function play(config: Config, kinds: Player[], maxRounds: number, check: boolean): Played<GiftTrapState, Step> {
  const rng = rngFromSeed(`players:${config.seed}`);
  return playSteps(start(config.players, config.options, config.seed), {
    choose: (s) => chooseStep(g, s, kinds, rng),
    play: (s, [seat, action]) => must(g.apply(s, seat, action), `${kinds[seat]} seat ${seat} ${JSON.stringify(action)}`),
    check: check ? checkStep : undefined,
    keepGoing: (s) => s.round <= maxRounds,
  });
}

const replay = (config: Config, steps: Step[]): GiftTrapState =>
  replaySteps(start(config.players, config.options, config.seed), steps, (s, [seat, action]) => must(g.apply(s, seat, action), 'replay'));

// ---------------------------------------------------------------------------

describe('games played by bots', () => {
  it('always make legal moves, keep every invariant and end within 60 rounds', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const { final } = play(config, all('bot', config.players), 60, true);
        expect(final.phase).toBe('over');
        const r = g.result(final)!;
        expect(r.winners.length).toBeGreaterThan(0);
        for (const w of r.winners) {
          expect(final.give[w]).toBe(config.options.goal);
          expect(final.get[w]).toBe(config.options.goal);
        }
        expect(final.history).toHaveLength(final.round);
      }),
      { numRuns: 100 },
    );
  });

  it('replay the same seed and actions to the identical state (through JSON halfway)', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const { final, steps } = play(config, all('bot', config.players), 60, false);
        expect(replay(config, steps)).toEqual(final);
        // And the same seed with the same players plays the same game.
        expect(play(config, all('bot', config.players), 60, false).steps).toEqual(steps);
      }),
      { numRuns: 60 },
    );
  });

  it('return a legal action at tables mixed with random players', () => {
    fc.assert(
      fc.property(configArb, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (config, bots) => {
        play(config, mixedTable(bots, config.players), 6, true);
      }),
      { numRuns: 60 },
    );
  });

  it('are not awaited when they should not act', () => {
    const s = start(5, { goal: 30, doubleGifts: false }, 'idle');
    for (let seat = 0; seat < 5; seat++) {
      const a = g.botAction(g.publicView(s), g.seatView(s, seat), seat, rngFromSeed('x'));
      expect(a === null).toBe(seat !== s.parent);
      expect(g.sampleAction(s, seat, rngFromSeed('x')) === null).toBe(seat !== s.parent);
    }
  });
});

describe('games played by random players', () => {
  it('keep every invariant (bounded number of rounds) and replay identically', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const { final, steps } = play(config, all('random', config.players), 6, true);
        expect(replay(config, steps)).toEqual(final);
      }),
      { numRuns: 100 },
    );
  });

  it('end within 200 rounds with 3 players and one gift each', () => {
    fc.assert(
      fc.property(fc.constantFrom<Goal>(20, 30, 40), fc.string({ maxLength: 12 }), (goal, seed) => {
        const config = { players: 3, options: { goal, doubleGifts: false }, seed };
        const { final } = play(config, all('random', 3), 200, false);
        expect(final.phase).toBe('over');
        expect(g.result(final)!.winners.length).toBeGreaterThan(0);
      }),
      { numRuns: 100 },
    );
  });
});

describe('speed', () => {
  it('plays whole 5-player bot games (goal 30) to their ends (prints the rate)', () => {
    const config = (i: number): Config => ({ players: 5, options: { goal: 30, doubleGifts: false }, seed: `bench-${i}` });
    play(config(-1), all('bot', 5), 60, false); // warm-up
    const games = 40;
    const t0 = performance.now();
    let rounds = 0;
    for (let i = 0; i < games; i++) rounds += play(config(i), all('bot', 5), 60, false).final.round;
    const seconds = (performance.now() - t0) / 1000;
    console.log(`gifttrap: ${(games / seconds).toFixed(0)} bot games/s (5 players, goal 30, ${(rounds / games).toFixed(1)} rounds/game)`);
    // Speed is measured by the engine benchmark (npm run bench; docs/measurements.md), never by a timed test.
    expect(rounds / games).toBeGreaterThan(1);
  });
});
