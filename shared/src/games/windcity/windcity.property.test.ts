/**
 * Wind City: property tests over many seeded games played by the random
 * player (sampleAction) and by the bot (botAction), 2 to 5 players, with the
 * market's timer firing at random (expire). After every step: every coin has
 * a cause in the log and coins are conserved between the players and the
 * bank; houses never duplicate or vanish; the 25 cards are all somewhere,
 * once; no view holds another seat's card, plan or request, nor (in the
 * market) whether another seat has asked or passed; the seats shown as
 * awaited follow from the public view and include every awaited seat.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { RandomSource, Seat } from '../../engine/contract.js';
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
import { windcity as g } from './index.js';
import { HOUSES_PER_PLAYER, SQUARES, START_COINS, isBeach, isLand, isObservatory } from './board.js';
import { CARD_IDS } from './cards.js';
import { awaitingView, awaitsMe } from './bot.js';
import { cloneState } from './state.js';
import type { SquareId, WindCityAction, WindCityState } from './types.js';

// ---------------------------------------------------------------------------
// Helpers

/** A seat's action, or the room's market timer running out. */
type Step = SeatStep<WindCityAction> | ['expire'];

interface Config {
  players: number;
  seed: string;
}

const configArb: fc.Arbitrary<Config> = fc.record({
  players: fc.constantFrom(2, 3, 4, 5),
  seed: fc.string({ maxLength: 12 }),
});

const secretPhase = (s: WindCityState) => s.phase === 'plan' || s.phase === 'renew' || s.phase === 'market';

/**
 * Change every secret that `keep` may not see (keep null: the public): the
 * draw pile's order and the generator, the drawn card and the plan (unless
 * keep is the active player), and, in the market, the requests not accepted
 * and whether a buyer has acted at all (unless keep is their buyer or the
 * seller): their content changes (or, with `drop`, they go) and `deciding`
 * is flipped, so a view
 * that shows who asked, passed or was declined fails. Views for `keep`
 * (and, for the public, publicAwaiting) must not change.
 */
function scramble(s: WindCityState, keep: Seat | null, drop: boolean): WindCityState {
  const t = cloneState(s);
  t.drawPile = t.drawPile.slice().reverse();
  t.rng = [1, 2, 3, 4];
  if (secretPhase(t) && t.active !== keep) {
    if (t.card !== null) t.card = t.card === 1 ? 2 : 1;
    if (t.plan) t.plan = t.plan.length === 1 ? [(t.plan[0] + 1) % 5] : t.plan.slice().reverse();
  }
  if (t.market && t.market.seller !== keep) {
    const m = t.market;
    for (const r of m.requests) {
      if (r.answer === 'accepted' || r.buyer === keep) continue;
      r.squares = r.squares.map((x) => (x + 1) % SQUARES);
      r.price += 1;
    }
    // Every other buyer: as if it had not acted (or had); with `drop`, with no request pending or declined either.
    if (drop) m.requests = m.requests.filter((r) => r.answer === 'accepted' || r.buyer === keep);
    m.deciding = m.deciding.map((d, seat) => (seat === keep ? d : !d));
  }
  return t;
}

/** All invariants that must hold after every step. */
function checkStep(s: WindCityState): void {
  const n = s.players;
  // Coins: every coin has a cause in the log; the players' coins change only with the bank or each other.
  const coinEntries = s.log.flatMap((e) => (e.kind === 'coins' ? [e] : []));
  for (let seat = 0; seat < n; seat++) {
    const logged = sum(coinEntries.filter((e) => e.seat === seat).map((e) => e.delta));
    assert(s.coins[seat] === START_COINS + logged, `seat ${seat}: ${s.coins[seat]} coins, log says ${START_COINS + logged}`);
    assert(s.coins[seat] >= 0, `seat ${seat} has negative coins`);
  }
  const between = coinEntries.filter((e) => e.cause === 'insurance-bought' || e.cause === 'insurance-sold');
  assert(sum(between.map((e) => e.delta)) === 0, 'insurance payments do not balance');
  const bank = coinEntries.filter((e) => !between.includes(e));
  assert(sum(s.coins) === START_COINS * n + sum(bank.map((e) => e.delta)), 'coins not conserved with the bank');
  for (const e of coinEntries) {
    if (e.cause === 'observatory') assert(e.delta === 5, 'observatory pays 5');
    if (e.cause === 'calm') assert(e.delta === 3, 'calm pays 3');
    if (e.cause === 'renew' || e.cause === 'plan' || e.cause === 'insurance-bought') assert(e.delta <= 0, `${e.cause} is a payment`);
  }
  // Renewal renews only insurance in force when the turn began (the turn's 'expire' entry).
  const expired = new Map<number, SquareId[]>();
  for (const e of s.log) {
    if (e.kind === 'expire') expired.set(e.turn, e.squares);
    if (e.kind === 'renew') {
      const was = expired.get(e.turn) ?? [];
      assert(
        e.squares.every((x) => was.includes(x)),
        `turn ${e.turn}: renewed ${e.squares} but only ${was} had expired`,
      );
    }
  }
  // The calm bonus needs the storm to have moved (this act is checked while it is the current one).
  if (s.act?.calm) {
    assert(
      s.act.segments.some((x) => x.kind === 'move' && x.steps.length > 0),
      `turn ${s.act.turn}: calm bonus without a step`,
    );
  }
  // Houses: on land squares in play only, never on observatories, doubles never on the beach, and
  // for each player still in: on the board + in stock = 12; players out have none.
  const pieces = Array(n).fill(0);
  for (let sq = 0; sq < SQUARES; sq++) {
    const h = s.houses[sq];
    if (!h) continue;
    assert(isLand(sq) && !isObservatory(sq), `a house on square ${sq}`);
    assert(h.count === 1 || (h.count === 2 && !isBeach(sq)), `a bad house on ${sq}`);
    assert(!s.out[h.owner], 'a bankrupt player’s house on the board');
    pieces[h.owner] += h.count;
  }
  for (let seat = 0; seat < n; seat++) {
    if (s.out[seat]) assert(pieces[seat] === 0 && s.stock[seat] === 0, 'bankrupt with houses');
    else assert(pieces[seat] + s.stock[seat] === HOUSES_PER_PLAYER, `seat ${seat}: ${pieces[seat]} + ${s.stock[seat]} houses`);
    assert(s.stock[seat] >= 0, 'negative stock');
  }
  // Cards: all 25, each once, in the pile, the discards or the active player's hand.
  const cards = [...s.drawPile, ...s.discard, ...(s.card !== null ? [s.card] : [])].sort((a, b) => a - b);
  assert(isDeepStrictEqual(cards, CARD_IDS.slice()), `cards: ${cards.join(',')}`);
  // Views: the public one holds no secret; a seat's holds none of another seat's.
  const pv = g.publicView(s);
  const shown = g.publicAwaiting!(s);
  const awaited = g.awaiting(s);
  for (const drop of [false, true]) {
    const t = scramble(s, null, drop);
    assert(isDeepStrictEqual(g.publicView(t), pv), 'the public view depends on a secret');
    assert(isDeepStrictEqual(g.publicAwaiting!(t), shown), 'publicAwaiting depends on a secret');
  }
  // The seats shown as awaited: what the public view implies, and every seat the engine awaits.
  assert(isDeepStrictEqual(awaitingView(pv), shown), 'publicAwaiting differs from the public view', { shown, pv: pv.market });
  assert(
    awaited.every((x) => shown.includes(x)),
    'an awaited seat is not shown as awaited',
    { awaited, shown },
  );
  for (let seat = 0; seat < n; seat++) {
    const sv = g.seatView(s, seat);
    for (const drop of [false, true]) {
      assert(isDeepStrictEqual(g.seatView(scramble(s, seat, drop), seat), sv), `seat ${seat}'s view depends on another's secret`);
    }
    assert(awaitsMe(pv, sv, seat) === awaited.includes(seat), `seat ${seat} cannot tell from its views whether it is awaited`);
    if (seat !== s.market?.seller) assert(sv.undecided.length === 0, 'who is undecided shown to a buyer');
    if (seat !== s.active || !secretPhase(s)) assert(sv.card === null && sv.plan === null, 'a card shown to another seat');
    if (s.market && seat !== s.market.seller) assert(sv.requests.length === 0, 'requests shown to a buyer');
  }
  // Somebody is always awaited until the end; the state is plain JSON.
  assert((g.awaiting(s).length === 0) === (s.phase === 'over'), 'awaiting');
  assert(isDeepStrictEqual(JSON.parse(JSON.stringify(s)), s), 'not plain JSON');
}

function checkEnd(s: WindCityState): void {
  expect(s.phase).toBe('over');
  expect(s.records).toHaveLength(s.turn + 1);
  const end = s.log[s.log.length - 1];
  expect(end.kind).toBe('end');
  const r = g.result(s)!;
  expect(r.winners.length).toBeGreaterThan(0);
  expect(r.winners.every((w) => !s.out[w])).toBe(true);
  if (end.kind === 'end' && end.reason === 'exit') expect(s.hurricane).toBeNull();
  else expect(s.out.filter((o) => !o)).toHaveLength(1);
}

/** In the market, the timer runs out with probability `timer` before each step; otherwise an awaited seat acts. */
function choose(s: WindCityState, kinds: Player[], rng: RandomSource, timer: number): Step {
  if (s.phase === 'market' && rng.next() < timer) return ['expire'];
  return chooseStep(g, s, kinds, rng);
}

function step(s: WindCityState, st: Step, what: string): WindCityState {
  return st[0] === 'expire' ? g.expire!(s) : must(g.apply(s, st[0], st[1]), what);
}

const start = (config: Config): WindCityState => g.setup(config.players, g.defaultOptions(config.players), config.seed);

function play(config: Config, kinds: Player[], check: boolean, timer = 0.1): Played<WindCityState, Step> {
  const rng = rngFromSeed(`players:${config.seed}`);
  return playSteps(start(config), {
    choose: (s) => choose(s, kinds, rng, timer),
    play: (s, st) => step(s, st, `${JSON.stringify(st)} in ${s.phase}`),
    check: check ? (_, next) => checkStep(next) : undefined,
    maxSteps: 20000,
  });
}

const replay = (config: Config, steps: Step[]): WindCityState => replaySteps(start(config), steps, (s, st) => step(s, st, 'replay'));

// ---------------------------------------------------------------------------

describe('games played by random players', () => {
  it('keep every invariant, end, and replay identically', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const { final, steps } = play(config, all('random', config.players), true);
        checkEnd(final);
        expect(replay(config, steps)).toEqual(final);
      }),
      { numRuns: 40 },
    );
  });
});

describe('games played by bots', () => {
  it('always make legal moves, keep every invariant, and end', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        checkEnd(play(config, all('bot', config.players), true).final);
      }),
      { numRuns: 30 },
    );
  });

  it('return a legal action at tables mixed with random players', () => {
    fc.assert(
      fc.property(configArb, fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), (config, bots) => {
        checkEnd(play(config, mixedTable(bots, config.players), true).final);
      }),
      { numRuns: 30 },
    );
  });

  it('replay the same seed and actions to the identical state (through JSON halfway)', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const { final, steps } = play(config, all('bot', config.players), false);
        expect(replay(config, steps)).toEqual(final);
        expect(play(config, all('bot', config.players), false).steps).toEqual(steps);
      }),
      { numRuns: 15 },
    );
  });

  it('answer null when not awaited, and a legal action whenever awaited (bots and random players)', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        checkAnswersOnlyWhenAwaited(g, start(config), rngFromSeed(config.seed));
      }),
      { numRuns: 10 },
    );
  });
});

describe('purity', () => {
  it('apply and expire never change the state they are given', () => {
    for (let i = 0; i < 6; i++) {
      const config = { players: 2 + (i % 4), seed: `pure-${i}` };
      let s = start(config);
      const rng = rngFromSeed(config.seed);
      const kinds = all(i % 2 ? 'bot' : 'random', config.players);
      while (s.phase !== 'over') {
        const st = choose(s, kinds, rng, 0.2);
        const before = JSON.stringify(s);
        const next = step(s, st, 'pure');
        assert(JSON.stringify(s) === before, `${JSON.stringify(st)} changed its input`);
        s = next;
      }
    }
  });
});

describe('speed', () => {
  it('plays whole 5-player bot games to their ends (prints the rate)', () => {
    const config = (i: number): Config => ({ players: 5, seed: `bench-${i}` });
    play(config(-1), all('bot', 5), false, 0); // warm-up
    const games = 30;
    let turns = 0;
    const t0 = performance.now();
    for (let i = 0; i < games; i++) turns += play(config(i), all('bot', 5), false, 0).final.turn;
    const seconds = (performance.now() - t0) / 1000;
    console.log(`windcity: ${(games / seconds).toFixed(1)} bot games/s (5 players, ${(turns / games).toFixed(1)} turns a game, placement included)`);
    // Speed is measured by the engine benchmark (npm run bench; docs/measurements.md), never by a timed test.
    expect(turns / games).toBeGreaterThan(1);
  });
});
