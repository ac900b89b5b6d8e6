/**
 * Wind City: the deck as data, and its tuning. The rules
 * (docs/rules/windcity.md#cards) ask for a deck that drifts north so that
 * games between random legal players end within about 40–80 turns; these
 * tests measure that on fixed seeds (the numbers are in
 * docs/windcity-tuning.md) and report the spread of bot games.
 *
 * The random player is sampleAction: a plan of 1, 2 or 3 actions (weighted
 * 3:2:1 among the affordable sizes, then uniform), renewal of 1–2 random
 * renewable houses one time in six, a request for 1–2 random houses one time
 * in four, each request accepted or declined at even odds, Kauf on a random
 * square.
 *
 * The docs' larger runs: WINDCITY_TUNING_GAMES=400 WINDCITY_TUNING_BOT_GAMES=60
 * (the thresholds below were set for the default 120 and 25).
 */
import { describe, expect, it } from '@jest/globals';
import type { Seat } from '../../engine/contract.js';
import { rngFromSeed } from '../../engine/rng.js';
import { windcity as g } from './index.js';
import { CARDS, DECK_SOURCE, buildDeck, cheapestAction } from './cards.js';
import type { WindCityState } from './types.js';

describe('the deck', () => {
  it('has 25 cards of 5 actions: moves N/S/E/W of 1–4 costing 1–4, or Kauf costing 3–5', () => {
    expect(CARDS).toHaveLength(25);
    expect(CARDS.map((c) => c.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    for (const card of CARDS) {
      expect(card.actions).toHaveLength(5);
      for (const a of card.actions) {
        if (a.kind === 'kauf') {
          expect(a.cost).toBeGreaterThanOrEqual(3);
          expect(a.cost).toBeLessThanOrEqual(5);
        } else {
          expect(['N', 'S', 'E', 'W']).toContain(a.dir);
          expect(a.distance).toBeGreaterThanOrEqual(1);
          expect(a.distance).toBeLessThanOrEqual(4);
          expect(a.cost).toBeGreaterThanOrEqual(1);
          expect(a.cost).toBeLessThanOrEqual(4);
        }
      }
    }
    expect(buildDeck(DECK_SOURCE)).toEqual(CARDS);
    expect(() => buildDeck(['N5:1 E1:1 E1:1 E1:1 E1:1'])).toThrow();
  });

  it('drifts north: every card can move north, and north squares outnumber south ones', () => {
    let north = 0;
    let south = 0;
    for (const card of CARDS) {
      expect(card.actions.some((a) => a.kind === 'move' && a.dir === 'N')).toBe(true);
      for (const a of card.actions) {
        if (a.kind !== 'move') continue;
        if (a.dir === 'N') north += a.distance;
        if (a.dir === 'S') south += a.distance;
      }
    }
    expect(north).toBeGreaterThan(2 * south);
    // Every card has an action costing 1: a player goes bankrupt with no coin at all.
    expect(CARDS.every((c) => cheapestAction(c) === 1)).toBe(true);
  });
});

// ---------------------------------------------------------------------------

type Player = 'bot' | 'random';

const GAMES = Number(process.env.WINDCITY_TUNING_GAMES) || 120;
const BOT_GAMES = Number(process.env.WINDCITY_TUNING_BOT_GAMES) || 25;

interface Summary {
  turns: number[];
  exits: number;
  bankruptcies: number;
  housesLeft: number[];
  coins: number[];
}

function games(players: number, kind: Player, count: number, prefix: string): Summary {
  const out: Summary = { turns: [], exits: 0, bankruptcies: 0, housesLeft: [], coins: [] };
  for (let i = 0; i < count; i++) {
    let s: WindCityState = g.setup(players, g.defaultOptions(players), `${prefix}-${players}-${i}`);
    const rng = rngFromSeed(`${prefix}-players-${i}`);
    while (s.phase !== 'over') {
      const seats = g.awaiting(s);
      const seat: Seat = seats[Math.floor(rng.next() * seats.length)];
      const a = kind === 'bot' ? g.botAction(g.publicView(s), g.seatView(s, seat), seat, rng) : g.sampleAction(s, seat, rng);
      const r = g.apply(s, seat, a!);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value;
      if (s.turn > 1000) throw new Error('a game did not end');
    }
    out.turns.push(s.turn);
    const end = s.log[s.log.length - 1];
    if (end.kind === 'end' && end.reason === 'exit') out.exits++;
    out.bankruptcies += s.out.filter(Boolean).length;
    out.housesLeft.push(s.houses.reduce((n, h) => n + (h ? h.count : 0), 0));
    out.coins.push(s.coins.reduce((a, b) => a + b, 0) / players);
  }
  return out;
}

const quantile = (xs: number[], q: number) => {
  const a = xs.slice().sort((x, y) => x - y);
  return a[Math.min(a.length - 1, Math.floor(q * a.length))];
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function describeRun(label: string, s: Summary): string {
  const t = s.turns;
  const inBand = t.filter((x) => x >= 40 && x <= 80).length / t.length;
  return (
    `${label}: turns mean ${mean(t).toFixed(1)}, p5 ${quantile(t, 0.05)}, p25 ${quantile(t, 0.25)}, ` +
    `median ${quantile(t, 0.5)}, p75 ${quantile(t, 0.75)}, p95 ${quantile(t, 0.95)}, max ${Math.max(...t)}, ` +
    `in 40–80: ${(inBand * 100).toFixed(0)}%; ended by the storm leaving: ${((s.exits / t.length) * 100).toFixed(0)}%; ` +
    `houses left ${mean(s.housesLeft).toFixed(1)}; coins a player ${mean(s.coins).toFixed(1)}; ` +
    `bankruptcies a game ${(s.bankruptcies / t.length).toFixed(2)}`
  );
}

describe('deck tuning', () => {
  // Thresholds measured on 400 games each (see docs/windcity-tuning.md), with a margin for the 120 here.
  const bands: Record<number, { inBand: number; exits: number }> = {
    2: { inBand: 0.5, exits: 0.6 }, // 2 players: each plays ~25 turns, random spending bankrupts ~30%
    3: { inBand: 0.65, exits: 0.9 },
    4: { inBand: 0.65, exits: 0.95 },
    5: { inBand: 0.65, exits: 0.95 },
  };

  for (const players of [2, 3, 4, 5]) {
    it(`random players, ${players} at the table: most games end within 40–80 turns`, () => {
      const run = games(players, 'random', GAMES, 'tune');
      console.log(describeRun(`random ${players}p (${GAMES} games)`, run));
      const t = run.turns;
      const inBand = t.filter((x) => x >= 40 && x <= 80).length / t.length;
      expect(quantile(t, 0.5)).toBeGreaterThanOrEqual(40);
      expect(quantile(t, 0.5)).toBeLessThanOrEqual(80);
      expect(inBand).toBeGreaterThanOrEqual(bands[players].inBand);
      expect(quantile(t, 0.95)).toBeLessThanOrEqual(120);
      expect(run.exits / t.length).toBeGreaterThanOrEqual(bands[players].exits);
    });
  }

  it('reports the spread of bot games (deliberate play is faster: leaders blow the storm north)', () => {
    const lines: string[] = [];
    for (const players of [2, 3, 4, 5]) {
      const run = games(players, 'bot', BOT_GAMES, 'bots');
      lines.push(describeRun(`bots ${players}p (${BOT_GAMES} games)`, run));
      // Every bot game ends with the storm leaving (bots never go bankrupt), after a few rounds at least.
      expect(run.exits).toBe(BOT_GAMES);
      expect(quantile(run.turns, 0.5)).toBeGreaterThanOrEqual(2 * players);
    }
    console.log(lines.join('\n'));
  });
});
