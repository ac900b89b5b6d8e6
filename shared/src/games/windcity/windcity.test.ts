/**
 * Wind City: one test (or more) per ruling of docs/rules/windcity.md and
 * per decision documented in rules.ts. States are plain data, so tests drive
 * the engine to a phase and then set houses, the hurricane, coins and the
 * drawn card directly to build exact situations.
 *
 * Coordinates are [col, row]; row 0 is the southmost, row 3 the beach row,
 * row 14 the top row. Observatories: (1,1) (5,2) (6,4) (2,5) (4,6) (0,8)
 * (5,9) (1,11) (3,12) (6,13).
 */
import { describe, expect, it } from '@jest/globals';
import type { Seat } from '../../engine/contract.js';
import { actor, code, must } from '../../engine/testing.js';
import { windcity as g } from './index.js';
import { COLS, SQUARES, isBeach, rowOf, sectionOf, squareId } from './board.js';
import { CARDS, cardById } from './cards.js';
import { kaufSquares, legalPlacements, marketPrice, placementProblem, quotasFeasible, renewPrice, renewableSquares } from './rules.js';
import { cloneState } from './state.js';
import { placesOf } from './turn.js';
import { placed } from './testing.js';
import type { CardAction, WindCityState } from './types.js';

// ---------------------------------------------------------------------------
// Helpers

const act = actor(g);
const sq = squareId;

interface HouseSpec {
  at: [number, number];
  owner: Seat;
  count?: 1 | 2;
  insured?: boolean;
  /** Insured when this turn began (the active player's own): uninsured now, and renewable. */
  expired?: boolean;
}

/**
 * Turn 1, seat `active` in the plan phase, an empty board except `houses`,
 * the hurricane on `storm`, fresh coins; the log holds only the turn's start
 * (and the expiry of the `expired` houses).
 */
function board(
  houses: HouseSpec[],
  storm: [number, number],
  { players = 3, active = 0, coins = 40 }: { players?: number; active?: Seat; coins?: number } = {},
): WindCityState {
  const s = cloneState(placed(players));
  s.houses = Array(SQUARES).fill(null);
  for (const h of houses) s.houses[sq(...h.at)] = { owner: h.owner, count: h.count ?? 1, insured: h.insured ?? false };
  s.hurricane = sq(...storm);
  s.coins = Array(players).fill(coins);
  s.stock = Array(players).fill(0);
  s.active = active;
  s.log = [{ kind: 'turn', turn: s.turn, seat: active }];
  const expired = houses.filter((h) => h.expired).map((h) => sq(...h.at));
  if (expired.length) s.log.push({ kind: 'expire', turn: s.turn, seat: active, squares: expired });
  s.records = [];
  return s;
}

/** The first card with actions matching these specs ('N1', 'E2', 'S1', 'K'...), and their numbers, in the spec order. */
function cardWith(...specs: string[]): { id: number; plan: number[] } {
  const matches = (a: CardAction, spec: string) =>
    spec === 'K' ? a.kind === 'kauf' : a.kind === 'move' && a.dir === spec[0] && a.distance === Number(spec[1]);
  for (const card of CARDS) {
    const plan: number[] = [];
    for (const spec of specs) {
      const i = card.actions.findIndex((a, n) => !plan.includes(n) && matches(a, spec));
      if (i < 0) break;
      plan.push(i);
    }
    if (plan.length === specs.length) return { id: card.id, plan };
  }
  throw new Error(`no card with ${specs.join(' ')}`);
}

/** Everybody still deciding passes; every waiting request is declined. */
function closeMarket(s: WindCityState): WindCityState {
  while (s.phase === 'market') {
    const m = s.market!;
    const buyer = m.deciding.findIndex(Boolean);
    if (buyer >= 0) s = act(s, buyer, { type: 'pass' });
    else s = act(s, m.seller, { type: 'answer', buyer: m.requests.find((r) => r.answer === null)!.buyer, accept: false });
  }
  return s;
}

/** The active player plays these card actions (renewing `renew`), the market closes with nobody buying. */
function turn(s: WindCityState, specs: string[], renew: [number, number][] = []): WindCityState {
  const { id, plan } = cardWith(...specs);
  s = cloneState(s);
  s.card = id;
  s = act(s, s.active, { type: 'plan', actions: plan });
  s = act(s, s.active, { type: 'renew', squares: renew.map(([c, r]) => sq(c, r)) });
  return closeMarket(s);
}

const coinsLog = (s: WindCityState) => s.log.flatMap((e) => (e.kind === 'coins' ? [e] : []));
const moves = (s: WindCityState) => s.act!.segments.flatMap((x) => (x.kind === 'move' ? [x] : []));

// ---------------------------------------------------------------------------

describe('setup', () => {
  it('is for 2 to 5 players, 40 coins and 12 houses each; seat 0 places the hurricane first', () => {
    for (const n of [2, 3, 4, 5]) {
      const s = g.setup(n, g.defaultOptions(n), 'x');
      expect(s.coins).toEqual(Array(n).fill(40));
      expect(s.stock).toEqual(Array(n).fill(12));
      expect(s.phase).toBe('hurricane');
      expect(g.awaiting(s)).toEqual([0]);
      expect(s.drawPile.slice().sort((a, b) => a - b)).toEqual(CARDS.map((c) => c.id));
    }
    expect(() => g.setup(1, g.defaultOptions(1), 'x')).toThrow();
    expect(() => g.setup(6, g.defaultOptions(6), 'x')).toThrow();
  });

  it('puts the hurricane on row 0, only by seat 0; placement then starts at seat 1', () => {
    const s = g.setup(3, g.defaultOptions(3), 'x');
    expect(code(g.apply(s, 1, { type: 'hurricane', col: 2 }))).toBe('not-your-turn');
    expect(code(g.apply(s, 0, { type: 'hurricane', col: 8 }))).toBe('malformed');
    expect(code(g.apply(s, 0, { type: 'place', square: sq(0, 3) }))).toBe('wrong-phase');
    const t = act(s, 0, { type: 'hurricane', col: 5 });
    expect(t.hurricane).toBe(sq(5, 0));
    expect(t.phase).toBe('placement');
    expect(g.awaiting(t)).toEqual([1]);
  });

  it('places one house at a time round the table from seat 1, then seat 0 takes the first turn', () => {
    let s = act(g.setup(3, g.defaultOptions(3), 'x'), 0, { type: 'hurricane', col: 0 });
    const order: Seat[] = [];
    while (s.phase === 'placement') {
      order.push(s.active);
      s = act(s, s.active, { type: 'place', square: legalPlacements(s, s.active)[0] });
    }
    expect(order).toHaveLength(36);
    expect(order.slice(0, 6)).toEqual([1, 2, 0, 1, 2, 0]);
    expect(s.phase).toBe('plan');
    expect(s.active).toBe(0);
    expect(s.turn).toBe(1);
    expect(s.card).not.toBeNull();
    expect(s.stock).toEqual([0, 0, 0]);
    expect(s.records).toHaveLength(1);
    expect(s.records[0]).toMatchObject({ turn: 0, seat: null, houses: [12, 12, 12] });
  });

  it('fills each section in play with its quota per player, 1 to 3 beach houses each (2 at 5 players)', () => {
    for (const [n, sections, quota] of [
      [2, [1, 2], 6],
      [3, [1, 2], 6],
      [4, [1, 2, 3], 4],
      [5, [1, 2, 3, 4], 3],
    ] as const) {
      const s = placed(n, 3, `q${n}`);
      for (let p = 0; p < n; p++) {
        const mine = s.houses.flatMap((h, i) => (h?.owner === p ? [i] : []));
        expect(mine).toHaveLength(12);
        for (const section of [1, 2, 3, 4]) {
          expect(mine.filter((i) => sectionOf(i) === section)).toHaveLength((sections as readonly number[]).includes(section) ? quota : 0);
        }
        const beach = mine.filter(isBeach).length;
        expect(beach).toBeGreaterThanOrEqual(1);
        expect(beach).toBeLessThanOrEqual(n === 5 ? 2 : 3);
      }
    }
  });

  it('refuses the sea, observatories, taken squares and sections not in play', () => {
    let s = act(g.setup(2, g.defaultOptions(2), 'x'), 0, { type: 'hurricane', col: 0 });
    expect(code(g.apply(s, 0, { type: 'place', square: sq(0, 4) }))).toBe('not-your-turn');
    expect(code(g.apply(s, 1, { type: 'place', square: sq(0, 2) }))).toBe('windcity/not-land');
    expect(code(g.apply(s, 1, { type: 'place', square: sq(6, 4) }))).toBe('windcity/observatory');
    expect(code(g.apply(s, 1, { type: 'place', square: sq(0, 9) }))).toBe('windcity/section-not-in-play');
    s = act(s, 1, { type: 'place', square: sq(0, 4) });
    expect(code(g.apply(s, 0, { type: 'place', square: sq(0, 4) }))).toBe('windcity/occupied');
  });

  it('refuses a house over the section quota and a beach house over the maximum', () => {
    const s = cloneState(act(g.setup(5, g.defaultOptions(5), 'x'), 0, { type: 'hurricane', col: 0 }));
    // Seat 1 already has its 3 houses of section 1, two of them on the beach (the maximum at 5 players).
    s.houses[sq(0, 3)] = { owner: 1, count: 1, insured: false };
    s.houses[sq(1, 3)] = { owner: 1, count: 1, insured: false };
    s.houses[sq(0, 4)] = { owner: 1, count: 1, insured: false };
    expect(placementProblem(s, 1, sq(0, 5))!.code).toBe('windcity/section-full');
    s.houses[sq(0, 4)] = null;
    expect(placementProblem(s, 1, sq(2, 3))!.code).toBe('windcity/beach-max');
    expect(placementProblem(s, 1, sq(0, 4))).toBeNull();
    // With 2–4 players the maximum is 3.
    const t = cloneState(act(g.setup(4, g.defaultOptions(4), 'x'), 0, { type: 'hurricane', col: 0 }));
    for (const col of [0, 1]) t.houses[sq(col, 3)] = { owner: 1, count: 1, insured: false };
    expect(placementProblem(t, 1, sq(2, 3))).toBeNull();
    t.houses[sq(2, 3)] = { owner: 1, count: 1, insured: false };
    expect(placementProblem(t, 1, sq(3, 3))!.code).toBe('windcity/beach-max');
  });

  it('refuses a placement that leaves a player no way to get a beach house (the beach minimum)', () => {
    const s = cloneState(act(g.setup(5, g.defaultOptions(5), 'x'), 0, { type: 'hurricane', col: 0 }));
    // Seats 0–2 hold two beach squares each, seat 3 one, seat 4 none: one beach square is left.
    const owners = [0, 0, 1, 1, 2, 2, 3];
    owners.forEach((owner, col) => (s.houses[sq(col, 3)] = { owner, count: 1, insured: false }));
    expect(quotasFeasible(s)).toBe(true);
    expect(placementProblem(s, 3, sq(7, 3))!.code).toBe('windcity/quota');
    expect(placementProblem(s, 4, sq(7, 3))).toBeNull();
  });

  it('makes a player whose section-1 houses are all but one placed, none on the beach, place it on the beach', () => {
    const s = cloneState(act(g.setup(3, g.defaultOptions(3), 'x'), 0, { type: 'hurricane', col: 0 }));
    for (const col of [0, 1, 3, 4, 5]) s.houses[sq(col, 4)] = { owner: 1, count: 1, insured: false };
    const legal = legalPlacements(s, 1).filter((i) => sectionOf(i) === 1);
    expect(legal.length).toBeGreaterThan(0);
    expect(legal.every((i) => rowOf(i) === 3)).toBe(true);
    expect(placementProblem(s, 1, sq(0, 5))!.code).toBe('windcity/quota');
    // Section 2 is still open to it.
    expect(legalPlacements(s, 1).some((i) => sectionOf(i) === 2)).toBe(true);
  });
});

describe('a turn', () => {
  it('expires the active player’s insurance as its turn begins, not the others’', () => {
    let s = board(
      [
        { at: [0, 6], owner: 1, insured: true },
        { at: [5, 7], owner: 2, insured: true },
      ],
      [3, 1],
    );
    s = turn(s, ['E1']);
    // Seat 1's turn began: its house is no longer insured, seat 2's still is.
    expect(s.active).toBe(1);
    expect(s.houses[sq(0, 6)]!.insured).toBe(false);
    expect(s.houses[sq(5, 7)]!.insured).toBe(true);
    expect(s.log.find((e) => e.kind === 'expire')).toMatchObject({ seat: 1, squares: [sq(0, 6)] });
  });

  it('draws from the top of the pile and reshuffles the discards (from the state RNG) when it is empty', () => {
    let s = board([], [3, 1]);
    const top = s.drawPile[s.drawPile.length - 1];
    s = turn(s, ['E1']);
    expect(s.card).toBe(top);
    const t = cloneState(s);
    t.discard = t.discard.concat(t.drawPile);
    t.drawPile = [];
    const u = turn(t, ['E1']);
    expect(u.log.some((e) => e.kind === 'reshuffle')).toBe(true);
    expect(u.drawPile.length + u.discard.length + 1).toBe(25);
    // Deterministic: the same state gives the same shuffle.
    expect(turn(t, ['E1']).drawPile).toEqual(u.drawPile);
  });

  it('accepts a plan of 1 to 3 distinct affordable actions of the card only', () => {
    const s = board([], [3, 1], { coins: 2 });
    s.card = cardWith('E3', 'N1').id; // East 3 costs 2
    const { plan } = cardWith('E3', 'N1');
    expect(code(g.apply(s, 1, { type: 'plan', actions: [plan[0]] }))).toBe('not-your-turn');
    expect(code(g.apply(s, 0, { type: 'plan', actions: [] }))).toBe('malformed');
    expect(code(g.apply(s, 0, { type: 'plan', actions: [0, 1, 2, 3] }))).toBe('malformed');
    expect(code(g.apply(s, 0, { type: 'plan', actions: [1, 1] }))).toBe('windcity/plan-actions');
    expect(code(g.apply(s, 0, { type: 'plan', actions: plan }))).toBe('windcity/plan-cost');
    expect(act(s, 0, { type: 'plan', actions: [plan[0]] }).phase).toBe('renew');
  });

  it('makes a player who cannot afford any action bankrupt: out, houses off the board', () => {
    let s = board(
      [
        { at: [0, 6], owner: 1 },
        { at: [1, 6], owner: 1, count: 2 },
        { at: [2, 6], owner: 2 },
      ],
      [3, 1],
    );
    s.coins[1] = 0;
    s = turn(s, ['E1']);
    expect(s.out).toEqual([false, true, false]);
    expect(s.houses[sq(0, 6)]).toBeNull();
    expect(s.houses[sq(1, 6)]).toBeNull();
    expect(s.houses[sq(2, 6)]).not.toBeNull();
    const entry = s.log.find((e) => e.kind === 'bankrupt')!;
    expect(entry).toMatchObject({ seat: 1, coins: 0, houses: 3 });
    expect(s.discard).toContain((entry as { card: number }).card);
    // Play passes to seat 2, then back to seat 0, skipping seat 1.
    expect(s.active).toBe(2);
    s = turn(s, ['E1']);
    expect(s.active).toBe(0);
    expect(g.awaiting(s)).toEqual([0]);
  });

  it('ends the game when only one player is left in it', () => {
    let s = board([{ at: [0, 6], owner: 0 }], [3, 1], { players: 2 });
    s.coins[1] = 0;
    s = turn(s, ['E1']);
    expect(s.phase).toBe('over');
    expect(s.winners).toEqual([0]);
    expect(s.places).toEqual([1, 2]);
    expect(s.log[s.log.length - 1]).toMatchObject({ kind: 'end', reason: 'last-player' });
    expect(g.awaiting(s)).toEqual([]);
  });
});

describe('renewal', () => {
  it('costs 2 per house, 3 per beach or double house, paid to the bank', () => {
    let s = board(
      [
        { at: [0, 6], owner: 0, expired: true },
        { at: [1, 3], owner: 0, expired: true },
        { at: [2, 7], owner: 0, count: 2, expired: true },
      ],
      [5, 1],
    );
    expect(renewPrice(sq(0, 6), s.houses[sq(0, 6)]!)).toBe(2);
    expect(renewPrice(sq(1, 3), s.houses[sq(1, 3)]!)).toBe(3);
    expect(renewPrice(sq(2, 7), s.houses[sq(2, 7)]!)).toBe(3);
    s = turn(
      s,
      ['E1'],
      [
        [0, 6],
        [1, 3],
        [2, 7],
      ],
    );
    expect(coinsLog(s).filter((e) => e.cause === 'renew')).toEqual([{ kind: 'coins', turn: 1, seat: 0, delta: -8, cause: 'renew', other: null }]);
    expect([sq(0, 6), sq(1, 3), sq(2, 7)].every((i) => s.houses[i]!.insured)).toBe(true);
  });

  it('keeps enough coins for the plan, and insures only the active player’s own houses', () => {
    const s = board(
      [
        { at: [0, 6], owner: 0, expired: true },
        { at: [1, 6], owner: 0, expired: true },
        { at: [2, 6], owner: 1 },
      ],
      [5, 1],
      { coins: 5 },
    );
    const { id, plan } = cardWith('E3'); // cost 2: 3 left, one renewal only
    s.card = id;
    const r = act(s, 0, { type: 'plan', actions: plan });
    expect(code(g.apply(r, 0, { type: 'renew', squares: [sq(0, 6), sq(1, 6)] }))).toBe('windcity/renew-cost');
    expect(code(g.apply(r, 0, { type: 'renew', squares: [sq(2, 6)] }))).toBe('windcity/not-own-house');
    expect(code(g.apply(r, 0, { type: 'renew', squares: [sq(0, 6), sq(0, 6)] }))).toBe('windcity/duplicate');
    expect(code(g.apply(r, 1, { type: 'renew', squares: [] }))).toBe('not-your-turn');
    expect(act(r, 0, { type: 'renew', squares: [sq(0, 6)] }).coins[0]).toBe(3);
  });

  it('renews only insurance in force when the turn began: the active player never insures a new house', () => {
    const s = board(
      [
        { at: [0, 6], owner: 0, expired: true },
        { at: [1, 6], owner: 0 },
      ],
      [5, 1],
    );
    expect(renewableSquares(s)).toEqual([sq(0, 6)]);
    expect(renewableSquares(g.publicView(s))).toEqual([sq(0, 6)]); // the bots and the client read the same
    const { id, plan } = cardWith('E1');
    s.card = id;
    const r = act(s, 0, { type: 'plan', actions: plan });
    expect(code(g.apply(r, 0, { type: 'renew', squares: [sq(1, 6)] }))).toBe('windcity/not-renewable');
    expect(code(g.apply(r, 0, { type: 'renew', squares: [sq(0, 6), sq(1, 6)] }))).toBe('windcity/not-renewable');
    expect(act(r, 0, { type: 'renew', squares: [sq(0, 6)] }).houses[sq(0, 6)]!.insured).toBe(true);
  });

  it('makes insurance bought in the market renewable at its owner’s next turn, and only then', () => {
    let s = board(
      [
        { at: [0, 9], owner: 1 },
        { at: [1, 9], owner: 1 },
      ],
      [5, 1],
      { players: 2 },
    );
    const { id, plan } = cardWith('E1');
    s.card = id;
    s = act(act(s, 0, { type: 'plan', actions: plan }), 0, { type: 'renew', squares: [] });
    s = act(s, 1, { type: 'ask', squares: [sq(0, 9)] });
    s = act(s, 0, { type: 'answer', buyer: 1, accept: true });
    expect(s.active).toBe(1); // seat 1's turn: the insurance bought has just expired
    expect(s.houses[sq(0, 9)]!.insured).toBe(false);
    expect(renewableSquares(s)).toEqual([sq(0, 9)]);
    // Nothing was insured when seat 0's next turn begins: nothing to renew then.
    s.card = cardWith('E1').id;
    s = act(act(s, 1, { type: 'plan', actions: cardWith('E1').plan }), 1, { type: 'renew', squares: [] });
    s = closeMarket(s);
    expect(s.active).toBe(0);
    expect(renewableSquares(s)).toEqual([]);
  });
});

describe('the insurance market', () => {
  /** Seat 0 active, in the market; seats 1 and 2 each have a house and a beach house. */
  function market(): WindCityState {
    const s = board(
      [
        { at: [0, 6], owner: 1 },
        { at: [0, 3], owner: 1 },
        { at: [5, 7], owner: 2 },
        { at: [4, 3], owner: 2 },
      ],
      [6, 1],
    );
    const { id, plan } = cardWith('E1');
    s.card = id;
    return act(act(s, 0, { type: 'plan', actions: plan }), 0, { type: 'renew', squares: [] });
  }

  it('awaits every other player who can buy, and the seller once requests wait; is timed', () => {
    const s = market();
    expect(s.phase).toBe('market');
    expect(g.awaiting(s)).toEqual([1, 2]);
    // One market clock for every seat shown as awaited, buyers who have acted included (that is secret).
    expect(g.stepClock!(s, 1)).toEqual({ key: `market:${s.turn}`, budget: { relaxed: 90, normal: 45, fast: 23 } });
    const t = act(s, 1, { type: 'ask', squares: [sq(0, 6)] });
    expect(g.awaiting(t)).toEqual([0, 2]);
    // Shown to everybody: the buyers and the seller, for the whole market.
    expect(g.publicAwaiting!(s)).toEqual([0, 1, 2]);
    expect(g.publicAwaiting!(t)).toEqual([0, 1, 2]);
    expect(g.stepClock!(t, 1)).toEqual(g.stepClock!(s, 2));
    expect(g.stepClock!(board([], [0, 0]), 0)?.key).not.toBe(`market:${s.turn}`);
    const custom = g.setup(3, must(g.parseOptions({ marketSeconds: 20 }, 3)), 'x');
    expect(custom.options.marketSeconds).toBe(20);
  });

  it('sells at 3 per house and 6 per beach or double house, paid to the active player on acceptance', () => {
    let s = market();
    expect(marketPrice(sq(0, 6), s.houses[sq(0, 6)]!)).toBe(3);
    expect(marketPrice(sq(0, 3), s.houses[sq(0, 3)]!)).toBe(6);
    expect(marketPrice(sq(1, 7), { owner: 1, count: 2, insured: false })).toBe(6);
    s = act(s, 1, { type: 'ask', squares: [sq(0, 6), sq(0, 3)] });
    expect(s.coins).toEqual([40, 40, 40]); // nothing paid before the answer
    s = act(s, 0, { type: 'answer', buyer: 1, accept: true });
    expect(s.coins).toEqual([49, 31, 40]);
    expect(s.houses[sq(0, 6)]!.insured && s.houses[sq(0, 3)]!.insured).toBe(true);
    expect(g.publicView(s).market!.accepted).toEqual([{ buyer: 1, squares: [sq(0, 6), sq(0, 3)], price: 9 }]);
    s = act(s, 2, { type: 'pass' });
    expect(s.phase).toBe('plan'); // the act ran, seat 1's turn began...
    expect(s.active).toBe(1);
    // ...and seat 1's own turn expired the insurance it bought.
    expect(s.houses[sq(0, 6)]!.insured).toBe(false);
  });

  it('keeps a request between its buyer and the active player; a declined one never becomes public', () => {
    let s = market();
    s = act(s, 2, { type: 'ask', squares: [sq(4, 3)] });
    const request = { buyer: 2, squares: [sq(4, 3)], price: 6, answer: null };
    expect(g.seatView(s, 2).myRequest).toEqual(request);
    expect(g.seatView(s, 0).requests).toEqual([request]);
    expect(g.seatView(s, 1).myRequest).toBeNull();
    expect(g.seatView(s, 1).requests).toEqual([]);
    expect(g.publicView(s).market).toEqual({ seller: 0, buyers: [1, 2], accepted: [] });
    s = act(s, 0, { type: 'answer', buyer: 2, accept: false });
    expect(g.publicView(s).market!.accepted).toEqual([]);
    expect(s.log.some((e) => e.kind === 'insured')).toBe(false);
    expect(g.seatView(s, 2).myRequest!.answer).toBe('declined');
    expect(s.houses[sq(4, 3)]!.insured).toBe(false);
  });

  it('refuses requests for others’ houses, insured houses, unaffordable ones, twice, and by the seller', () => {
    let s = market();
    expect(code(g.apply(s, 1, { type: 'ask', squares: [sq(5, 7)] }))).toBe('windcity/not-own-house');
    expect(code(g.apply(s, 0, { type: 'ask', squares: [sq(5, 7)] }))).toBe('not-your-turn');
    expect(code(g.apply(s, 0, { type: 'pass' }))).toBe('not-your-turn');
    expect(code(g.apply(s, 1, { type: 'ask', squares: [] }))).toBe('malformed');
    expect(code(g.apply(s, 1, { type: 'answer', buyer: 2, accept: true }))).toBe('not-your-turn');
    expect(code(g.apply(s, 0, { type: 'answer', buyer: 2, accept: true }))).toBe('windcity/no-request');
    const poor = cloneState(s);
    poor.coins[1] = 8;
    expect(code(g.apply(poor, 1, { type: 'ask', squares: [sq(0, 6), sq(0, 3)] }))).toBe('windcity/ask-cost');
    s = act(s, 1, { type: 'ask', squares: [sq(0, 6)] });
    expect(code(g.apply(s, 1, { type: 'ask', squares: [sq(0, 3)] }))).toBe('not-your-turn');
    s = act(s, 0, { type: 'answer', buyer: 1, accept: true });
    expect(code(g.apply(s, 0, { type: 'answer', buyer: 1, accept: true }))).toBe('windcity/no-request');
  });

  it('lets players who cannot buy anything pass automatically, and skips an empty market', () => {
    const s = board(
      [
        { at: [0, 6], owner: 1, insured: true },
        { at: [5, 7], owner: 2 },
      ],
      [6, 1],
    );
    s.coins[2] = 2;
    const { id, plan } = cardWith('E1');
    s.card = id;
    const t = act(act(s, 0, { type: 'plan', actions: plan }), 0, { type: 'renew', squares: [] });
    expect(t.phase).toBe('plan');
    expect(t.active).toBe(1);
    expect(t.log.find((e) => e.kind === 'market-closed')).toMatchObject({ expired: false });
  });

  it('on expiry: stalled buyers pass, waiting requests are declined, and the act runs', () => {
    let s = market();
    s = act(s, 1, { type: 'ask', squares: [sq(0, 6)] });
    const before = JSON.stringify(s);
    const t = g.expire!(s);
    expect(JSON.stringify(s)).toBe(before); // pure
    expect(t.phase).toBe('plan');
    expect(t.active).toBe(1);
    expect(t.coins[1]).toBe(40);
    expect(t.houses[sq(0, 6)]!.insured).toBe(false);
    expect(t.log.find((e) => e.kind === 'market-closed')).toMatchObject({ expired: true });
    expect(t.log.some((e) => e.kind === 'reveal')).toBe(true);
    // Outside the market, expiry changes nothing.
    expect(g.expire!(t)).toBe(t);
  });
});

describe('the act: moves', () => {
  it('reveals the card and the plan, and pays the plan’s total to the bank', () => {
    const s = turn(board([], [3, 1]), ['E1', 'W2']);
    const reveal = s.log.find((e) => e.kind === 'reveal')!;
    expect(reveal).toMatchObject({ seat: 0, card: cardWith('E1', 'W2').id, plan: cardWith('E1', 'W2').plan });
    expect(coinsLog(s).find((e) => e.cause === 'plan')).toMatchObject({ seat: 0, delta: -2 });
    expect(s.act).toMatchObject({ seat: 0, done: true, paid: 2, start: sq(3, 1) });
    expect(s.hurricane).toBe(sq(2, 1));
  });

  it('goes step by step and wraps round the east and west edges', () => {
    let s = turn(board([], [6, 1]), ['E3']);
    expect(s.hurricane).toBe(sq(1, 1));
    const steps = moves(s)[0].steps;
    expect(steps.map((x) => x.to)).toEqual([sq(7, 1), sq(0, 1), sq(1, 1)]);
    expect(steps.map((x) => x.wrapped)).toEqual([false, true, false]);
    s = turn(board([], [1, 2]), ['W3']);
    expect(s.hurricane).toBe(sq(6, 2));
    expect(moves(s)[0].steps.map((x) => x.wrapped)).toEqual([false, true, false]);
  });

  it('does not take a south step off row 0 (and still charges the action)', () => {
    const s = turn(board([], [3, 0]), ['S1']);
    expect(s.hurricane).toBe(sq(3, 0));
    expect(moves(s)[0]).toMatchObject({ blocked: true, steps: [], stop: sq(3, 0), observatory: false });
    expect(coinsLog(s).find((e) => e.cause === 'plan')).toMatchObject({ delta: -1 });
    const t = turn(board([], [3, 1]), ['S1']);
    expect(t.hurricane).toBe(sq(3, 0));
    expect(moves(t)[0].blocked).toBe(false);
  });

  it('ends the game at once on a north step off the top row: the rest does not run, nothing is paid', () => {
    const s = turn(board([{ at: [0, 14], owner: 1 }], [3, 14]), ['N1', 'W3']);
    expect(s.phase).toBe('over');
    expect(s.hurricane).toBeNull();
    expect(s.act).toMatchObject({ exited: true, done: true, paid: 0 });
    expect(s.act!.segments).toHaveLength(1);
    expect(moves(s)[0].steps).toEqual([{ from: sq(3, 14), to: null, wrapped: false, extra: false, destroyed: null, passed: null }]);
    expect(s.houses[sq(0, 14)]).not.toBeNull(); // the West 3 never ran
    expect(coinsLog(s)).toEqual([]);
    expect(s.log.some((e) => e.kind === 'exit')).toBe(true);
    expect(g.result(s)).toEqual({ winners: [1], scores: [0, 10, 0] });
  });

  it('destroys the uninsured houses it enters (both of a double), back to their owners’ stock', () => {
    const s = turn(
      board(
        [
          { at: [1, 7], owner: 1 },
          { at: [2, 7], owner: 2, count: 2 },
          { at: [4, 7], owner: 1 },
        ],
        [0, 7],
      ),
      ['E2'],
    );
    expect(s.houses[sq(1, 7)]).toBeNull();
    expect(s.houses[sq(2, 7)]).toBeNull();
    expect(s.houses[sq(4, 7)]).not.toBeNull();
    expect(s.stock).toEqual([0, 1, 2]);
    expect(s.log.filter((e) => e.kind === 'destroy')).toEqual([
      { kind: 'destroy', turn: 1, seat: 0, owner: 1, square: sq(1, 7), count: 1 },
      { kind: 'destroy', turn: 1, seat: 0, owner: 2, square: sq(2, 7), count: 2 },
    ]);
    expect(moves(s)[0].steps.map((x) => x.destroyed)).toEqual([
      { owner: 1, count: 1 },
      { owner: 2, count: 2 },
    ]);
  });

  it('passes insured houses unharmed, and their insurance stays', () => {
    // (Seat 2's: seat 1's turn begins after the act, and its own insurance would expire then.)
    const s = turn(board([{ at: [1, 7], owner: 2, insured: true }], [0, 7]), ['E2']);
    expect(s.houses[sq(1, 7)]).toEqual({ owner: 2, count: 1, insured: true });
    expect(moves(s)[0].steps[0]).toMatchObject({ to: sq(1, 7), passed: 2, destroyed: null });
    expect(s.hurricane).toBe(sq(2, 7));
  });

  it('goes one more step after stopping on an insured house, again if needed', () => {
    const s = turn(
      board(
        [
          { at: [1, 7], owner: 1, insured: true },
          { at: [2, 7], owner: 2, insured: true },
          { at: [3, 7], owner: 1 },
          { at: [4, 7], owner: 2 },
        ],
        [0, 7],
      ),
      ['E1'],
    );
    // E1 stops on (1,5) insured → (2,5) insured → (3,5), destroyed, stops there.
    expect(s.hurricane).toBe(sq(3, 7));
    expect(moves(s)[0].steps.map((x) => [x.to, x.extra])).toEqual([
      [sq(1, 7), false],
      [sq(2, 7), true],
      [sq(3, 7), true],
    ]);
    expect(s.houses[sq(3, 7)]).toBeNull();
    expect(s.houses[sq(4, 7)]).not.toBeNull();
  });

  it('does not loop forever round a row of insured houses', () => {
    const row: HouseSpec[] = Array.from({ length: 8 }, (_, col) => ({ at: [col, 10] as [number, number], owner: 1, insured: true }));
    // North through the row: one extra step, then an empty square.
    expect(turn(board(row, [0, 9]), ['N1']).hurricane).toBe(sq(0, 11));
    // East along it (the storm standing on one of them): once round the width, then it stays.
    const t = turn(board(row, [0, 10]), ['E1']);
    expect(t.hurricane).toBe(sq(1, 10));
    expect(moves(t)[0].steps).toHaveLength(1 + COLS);
    expect(t.houses.filter(Boolean)).toHaveLength(8);
  });

  it('the extra step can leave the north edge and end the game', () => {
    const s = turn(board([{ at: [3, 14], owner: 1, insured: true }], [3, 13]), ['N1']);
    expect(s.phase).toBe('over');
    expect(moves(s)[0].steps.map((x) => [x.to, x.extra])).toEqual([
      [sq(3, 14), false],
      [null, true],
    ]);
  });

  it('pays 5 for a move that stops on an observatory, not for passing over one', () => {
    const stop = turn(board([], [4, 2]), ['E1']); // (5,2) is an observatory
    expect(coinsLog(stop).filter((e) => e.cause === 'observatory')).toEqual([{ kind: 'coins', turn: 1, seat: 0, delta: 5, cause: 'observatory', other: null }]);
    expect(moves(stop)[0].observatory).toBe(true);
    const pass = turn(board([], [3, 2]), ['E3']);
    expect(coinsLog(pass).some((e) => e.cause === 'observatory')).toBe(false);
    // A move that takes no step stops nowhere (no observatory on row 0 anyway): nothing.
    expect(coinsLog(turn(board([], [1, 0]), ['S1'])).some((e) => e.cause === 'observatory')).toBe(false);
  });

  it('pays 3 at the end when the storm moved, entered no house square and stands on land', () => {
    const land = turn(board([], [3, 7]), ['E1']);
    expect(coinsLog(land).filter((e) => e.cause === 'calm')).toEqual([{ kind: 'coins', turn: 1, seat: 0, delta: 3, cause: 'calm', other: null }]);
    expect(land.act!.calm).toBe(true);
    const sea = turn(board([], [3, 1]), ['E1']);
    expect(coinsLog(sea).some((e) => e.cause === 'calm')).toBe(false);
    // An insured house entered counts as a house: no bonus.
    const insured = turn(board([{ at: [4, 7], owner: 1, insured: true }], [3, 7]), ['E2']);
    expect(insured.hurricane).toBe(sq(5, 7));
    expect(coinsLog(insured).some((e) => e.cause === 'calm')).toBe(false);
    // From the sea onto the beach row, no house: bonus.
    const beach = turn(board([], [3, 2]), ['N1']);
    expect(beach.act!.calm).toBe(true);
    // The storm must have moved: a plan of a Kauf only earns nothing, even on land.
    const kauf = turn(board([], [3, 7]), ['K']);
    expect(kauf.act!.calm).toBe(false);
    expect(coinsLog(kauf).some((e) => e.cause === 'calm')).toBe(false);
    // A move and a Kauf, on land: it moved, so the bonus is paid.
    const moveKauf = turn(board([], [3, 7]), ['E1', 'K']);
    expect(moveKauf.act!.calm).toBe(true);
  });
});

describe('Kauf', () => {
  const kaufCard = () => cardWith('K');

  it('pauses the act for the active player to choose an eligible house, which becomes a double', () => {
    let s = board(
      [
        { at: [0, 7], owner: 0 }, // eligible
        { at: [1, 3], owner: 0 }, // beach: no
        { at: [2, 7], owner: 0, insured: true }, // insured: no
        { at: [3, 7], owner: 0, count: 2 }, // already double: no
        { at: [4, 5], owner: 0 }, // the hurricane's row: no
        { at: [5, 4], owner: 0 }, // south of it: no
        { at: [6, 7], owner: 1 }, // someone else's: no
      ],
      [0, 5],
    );
    s.stock[0] = 1;
    expect(kaufSquares(s, 0)).toEqual([sq(0, 7)]);
    const { id, plan } = kaufCard();
    s.card = id;
    s = act(s, 0, { type: 'plan', actions: plan });
    s = closeMarket(act(s, 0, { type: 'renew', squares: [] }));
    expect(s.phase).toBe('kauf');
    expect(g.awaiting(s)).toEqual([0]);
    expect(g.publicView(s).act!.card).toBe(id); // revealed
    expect(code(g.apply(s, 0, { type: 'kauf', square: sq(1, 3) }))).toBe('windcity/kauf-square');
    expect(code(g.apply(s, 1, { type: 'kauf', square: sq(0, 7) }))).toBe('not-your-turn');
    s = act(s, 0, { type: 'kauf', square: sq(0, 7) });
    expect(s.houses[sq(0, 7)]).toEqual({ owner: 0, count: 2, insured: false });
    expect(s.stock[0]).toBe(0);
    expect(s.active).toBe(1);
    expect(coinsLog(s).find((e) => e.cause === 'plan')!.delta).toBe(-cardById(id).actions[plan[0]].cost);
  });

  it('is void (and still paid) with an empty stock, in the top three rows, or with no eligible house', () => {
    const empty = turn(board([{ at: [0, 7], owner: 0 }], [0, 5]), ['K']);
    expect(empty.log.find((e) => e.kind === 'kauf-void')).toMatchObject({ reason: 'empty-stock' });
    const top = board([{ at: [0, 13], owner: 0 }], [0, 12]);
    top.stock[0] = 1;
    expect(turn(top, ['K']).log.find((e) => e.kind === 'kauf-void')).toMatchObject({ reason: 'top-rows' });
    const none = board([{ at: [0, 4], owner: 0 }], [0, 5]);
    none.stock[0] = 1;
    const t = turn(none, ['K']);
    expect(t.log.find((e) => e.kind === 'kauf-void')).toMatchObject({ reason: 'no-house' });
    expect(coinsLog(t).find((e) => e.cause === 'plan')!.delta).toBe(-cardById(cardWith('K').id).actions[cardWith('K').plan[0]].cost);
    // Row 11 is below the top three rows: allowed.
    const ok11 = board([{ at: [0, 12], owner: 0 }], [3, 11]);
    ok11.stock[0] = 1;
    expect(turn(ok11, ['K']).phase).toBe('kauf');
  });

  it('can use a house of yours destroyed earlier in the same act', () => {
    const { id, plan } = cardWith('N1', 'K');
    let s = board(
      [
        { at: [0, 6], owner: 0 },
        { at: [0, 9], owner: 0 },
      ],
      [0, 5],
    );
    s.card = id;
    s = closeMarket(act(act(s, 0, { type: 'plan', actions: plan }), 0, { type: 'renew', squares: [] }));
    expect(s.phase).toBe('kauf');
    expect(s.stock[0]).toBe(1);
    s = act(s, 0, { type: 'kauf', square: sq(0, 9) });
    expect(s.houses[sq(0, 9)]!.count).toBe(2);
  });

  it('makes a double house: 20 points, insured at 3 (renewal) or 6 (market), destroyed whole', () => {
    const s = board([{ at: [0, 7], owner: 1, count: 2 }], [0, 1]);
    const h = s.houses[sq(0, 7)]!;
    expect(renewPrice(sq(0, 7), h)).toBe(3);
    expect(marketPrice(sq(0, 7), h)).toBe(6);
    expect(g.publicView(s).points).toEqual([0, 20, 0]);
  });
});

describe('end and score', () => {
  it('scores 10 per house, 20 per beach or double house; coins break ties; places are shared', () => {
    const s = board(
      [
        { at: [0, 3], owner: 0 }, // beach 20
        { at: [1, 6], owner: 1, count: 2 }, // double 20
        { at: [2, 6], owner: 2 }, // 10
        { at: [3, 6], owner: 2 }, // 10
      ],
      [0, 14],
    );
    s.coins = [30, 30, 35];
    const end = turn(s, ['N1']);
    expect(end.phase).toBe('over');
    // 20/20/20 on points; coins after the act: seat 0 paid nothing (exit), so 30/30/35.
    expect(g.result(end)).toEqual({ winners: [2], scores: [20, 20, 20] });
    expect(end.places).toEqual([2, 2, 1]);
  });

  it('ranks bankrupt players after everyone still in, the later out the better', () => {
    expect(placesOf([0, 30, 0, 10], [5, 1, 0, 9], [3, null, 7, null])).toEqual([4, 1, 3, 2]);
    expect(placesOf([10, 10], [4, 4], [null, null])).toEqual([1, 1]);
  });
});

describe('views and records', () => {
  it('shows the drawn card and the plan to the active player only, until the reveal', () => {
    let s = board([], [3, 1]);
    const { id, plan } = cardWith('E1');
    s.card = id;
    expect(g.seatView(s, 0).card).toBe(id);
    expect(g.seatView(s, 1).card).toBeNull();
    expect(g.publicView(s)).toMatchObject({ hasCard: true, planned: false });
    expect(JSON.stringify(g.publicView(s))).not.toContain('"card":' + id + ',');
    s = act(s, 0, { type: 'plan', actions: plan });
    expect(g.seatView(s, 0).plan).toEqual(plan);
    expect(g.seatView(s, 2).plan).toBeNull();
    expect(g.publicView(s).planned).toBe(true);
    expect(g.publicView(s).log.find((e) => e.kind === 'planned')).toEqual({ kind: 'planned', turn: 1, seat: 0 });
  });

  it('records houses, points and coins after every turn, and the last act step by step', () => {
    let s = board([{ at: [1, 7], owner: 1 }], [0, 7]);
    s.records = [{ turn: 0, seat: null, houses: [0, 1, 0], points: [0, 10, 0], coins: [40, 40, 40], hurricane: sq(0, 7) }];
    s = turn(s, ['E2']);
    expect(s.records[1]).toEqual({ turn: 1, seat: 0, houses: [0, 0, 0], points: [0, 0, 0], coins: [39, 40, 40], hurricane: sq(2, 7) });
    const pv = g.publicView(s);
    expect(pv.act!.segments[0]).toMatchObject({ kind: 'move', dir: 'E', distance: 2, from: sq(0, 7), stop: sq(2, 7) });
  });
});

describe('input shapes and purity', () => {
  it('parses actions and options', () => {
    expect(g.parseAction({ type: 'plan', actions: [0, 2] }).ok).toBe(true);
    expect(g.parseAction({ type: 'plan', actions: [5] }).ok).toBe(false);
    expect(g.parseAction({ type: 'kauf', square: 120 }).ok).toBe(false);
    expect(g.parseAction({ type: 'nope' }).ok).toBe(false);
    expect(must(g.parseOptions(undefined, 4))).toEqual({ marketSeconds: 45 });
    expect(g.parseOptions({}, 6).ok).toBe(false);
    expect(g.parseOptions({ marketSeconds: 3 }, 3).ok).toBe(false);
  });

  it('never mutates the state it is given', () => {
    let s = placed(4);
    for (let i = 0; i < 40 && s.phase !== 'over'; i++) {
      const seat = g.awaiting(s)[0];
      const a = g.sampleAction(s, seat, { next: () => (i * 0.37) % 1 })!;
      const before = JSON.stringify(s);
      const next = must(g.apply(s, seat, a));
      expect(JSON.stringify(s)).toBe(before);
      s = next;
    }
  });

  it('rejects everything once over', () => {
    const s = turn(board([], [0, 14]), ['N1']);
    expect(code(g.apply(s, 0, { type: 'pass' }))).toBe('game-over');
  });
});
