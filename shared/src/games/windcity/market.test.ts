/**
 * Wind City: the insurance market's secrecy (docs/rules/windcity.md#insurance-market
 * and #hidden-information). A request is seen only by its buyer and the seller;
 * accepted insurance is public. So nothing everybody sees (the public view,
 * the seats shown as awaited) may tell a buyer who asked and was declined
 * from one who passed or one who has not acted yet: during the market, what
 * everybody sees changes only when a request is accepted or the market
 * closes.
 */
import { describe, expect, it } from '@jest/globals';
import type { Seat } from '../../engine/contract.js';
import { rngFromSeed } from '../../engine/rng.js';
import { actor, all, assert, chooseStep, mixedTable, playSteps, type Player } from '../../engine/testing.js';
import { windcity as g } from './index.js';
import { SQUARES, squareId as sq } from './board.js';
import { CARDS } from './cards.js';
import { cloneState } from './state.js';
import { placed } from './testing.js';
import type { WindCityAction, WindCityPublicView, WindCityState } from './types.js';

const act = actor(g);
const publicOf = (s: WindCityState): string => JSON.stringify(g.publicView(s));
const ask = (...squares: number[]): WindCityAction => ({ type: 'ask', squares });
const answer = (buyer: Seat, accept: boolean): WindCityAction => ({ type: 'answer', buyer, accept });

/**
 * Seat 0 sells, every other seat is a buyer with two houses: seat b has
 * (b, 6) and its beach house (b, 3). The storm is far off at sea; the card's
 * first action is planned (the act does not matter here).
 */
function market(players = 3): WindCityState {
  const s = cloneState(placed(players));
  s.houses = Array(SQUARES).fill(null);
  for (let b = 1; b < players; b++) {
    s.houses[sq(b, 6)] = { owner: b, count: 1, insured: false };
    s.houses[sq(b, 3)] = { owner: b, count: 1, insured: false };
  }
  s.hurricane = sq(6, 1);
  s.coins = Array(players).fill(40);
  s.active = 0;
  s.card = CARDS[0].id;
  s.log = [];
  s.records = [];
  const t = act(act(s, 0, { type: 'plan', actions: [0] }), 0, { type: 'renew', squares: [] });
  expect(t.phase).toBe('market');
  return t;
}

describe("the market's bot pace", () => {
  it('a bot seller answers a request at once; every other step (buyers, the seller outside the market) waits the bot delay', () => {
    const open = market(3);
    const asked = act(open, 1, ask(sq(1, 6)));
    expect(g.awaiting(asked)).toEqual([0, 2]);
    expect(g.botMovesAtOnce!(asked, 0)).toBe(true);
    for (const seat of [1, 2]) expect(g.botMovesAtOnce!(open, seat)).toBe(false);
    // The same seller planning its turn: paced like any move.
    const planning = cloneState(open);
    planning.phase = 'plan';
    planning.market = null;
    expect(g.botMovesAtOnce!(planning, 0)).toBe(false);
  });
});

describe('the market in public', () => {
  it('looks the same whether a buyer asked and was declined, asked and waits, passed, or has not acted yet', () => {
    // Four players: seat 3 keeps the market open in every branch.
    const open = market(4);
    // Also after a public event: seat 1's request accepted.
    const afterSale = act(act(open, 1, ask(sq(1, 6))), 0, answer(1, true));
    for (const s of [open, afterSale]) {
      const branches: Record<string, WindCityState> = {
        'not yet acted': s,
        'asked, waiting': act(s, 2, ask(sq(2, 3))),
        'asked, declined': act(act(s, 2, ask(sq(2, 3))), 0, answer(2, false)),
        passed: act(s, 2, { type: 'pass' }),
      };
      // The engine does tell the branches apart (so the comparison below is not vacuous)...
      expect(new Set(Object.values(branches).map((b) => JSON.stringify(b.market))).size).toBe(4);
      expect(g.awaiting(branches['asked, waiting'])).toEqual(s === open ? [0, 1, 3] : [0, 3]);
      for (const [name, b] of Object.entries(branches)) {
        expect(b.phase).toBe('market');
        // ...but everybody sees exactly the same thing, byte for byte.
        expect([name, publicOf(b)]).toEqual([name, publicOf(s)]);
        expect([name, g.publicAwaiting!(b)]).toEqual([name, [0, 1, 2, 3]]);
        // So does the other buyer, in its own view.
        expect([name, JSON.stringify(g.seatView(b, 1))]).toEqual([name, JSON.stringify(g.seatView(s, 1))]);
      }
    }
    expect(g.publicView(afterSale).market).toEqual({
      seller: 0,
      buyers: [1, 2, 3],
      accepted: [{ buyer: 1, squares: [sq(1, 6)], price: 3 }],
    });
  });

  it('lists accepted insurance in the order accepted, not in the (secret) order asked', () => {
    const s = market(4);
    const oneFirst = act(act(act(act(s, 1, ask(sq(1, 6))), 2, ask(sq(2, 6))), 0, answer(2, true)), 0, answer(1, true));
    const twoFirst = act(act(act(act(s, 2, ask(sq(2, 6))), 1, ask(sq(1, 6))), 0, answer(2, true)), 0, answer(1, true));
    expect(oneFirst.phase).toBe('market'); // seat 3 still decides
    expect(publicOf(oneFirst)).toBe(publicOf(twoFirst));
    expect(g.publicView(oneFirst).market!.accepted.map((x) => x.buyer)).toEqual([2, 1]);
    const insured = oneFirst.log.flatMap((e) => (e.kind === 'insured' ? [e.buyer] : []));
    expect(insured).toEqual([2, 1]);
  });

  it('shows every buyer and the seller as awaited for the whole market, and only as long as it is open', () => {
    let s = market();
    const shown = g.publicAwaiting!(s);
    expect(shown).toEqual([0, 1, 2]);
    s = act(s, 1, { type: 'pass' });
    expect(g.awaiting(s)).toEqual([2]);
    expect(g.publicAwaiting!(s)).toEqual(shown);
    s = act(s, 2, ask(sq(2, 6)));
    expect(g.awaiting(s)).toEqual([0]);
    expect(g.publicAwaiting!(s)).toEqual(shown);
    s = act(s, 0, answer(2, false));
    expect(s.phase).toBe('plan'); // the market closed, the act ran, seat 1 plans
    expect(g.publicAwaiting!(s)).toEqual(g.awaiting(s));
    expect(g.publicAwaiting!(s)).toEqual([1]);
  });

  it('tells a buyer whether it still decides, and the seller its requests and who has not decided', () => {
    let s = market();
    expect(g.seatView(s, 1)).toMatchObject({ deciding: true, myRequest: null, requests: [], undecided: [] });
    expect(g.seatView(s, 0)).toMatchObject({ deciding: false, requests: [], undecided: [1, 2] });
    s = act(s, 2, ask(sq(2, 6)));
    expect(g.seatView(s, 2)).toMatchObject({ deciding: false, myRequest: { buyer: 2, answer: null }, undecided: [] });
    expect(g.seatView(s, 1)).toMatchObject({ deciding: true, myRequest: null, requests: [], undecided: [] });
    expect(g.seatView(s, 0)).toMatchObject({ deciding: false, requests: [{ buyer: 2 }], undecided: [1] });
    s = act(s, 1, { type: 'pass' });
    expect(g.seatView(s, 0).undecided).toEqual([]);
    expect(g.seatView(s, 1).deciding).toBe(false);
  });

  it('answers the seller’s bot only once a request waits, and a buyer’s bot only while it decides', () => {
    const rng = rngFromSeed('market-bot');
    const bot = (s: WindCityState, seat: Seat) => g.botAction(g.publicView(s), g.seatView(s, seat), seat, rng);
    let s = market();
    expect(bot(s, 0)).toBeNull(); // shown as awaited, but nothing to answer yet
    expect(bot(s, 1)).not.toBeNull();
    s = act(s, 1, ask(sq(1, 6)));
    expect(bot(s, 1)).toBeNull();
    expect(bot(s, 0)).toMatchObject({ type: 'answer', buyer: 1 });
  });
});

/** The public view less what a sale of these squares may change: their insurance, the coins, the log, the list of sales. */
function withoutSale(v: WindCityPublicView, squares: number[]): unknown {
  const houses = v.houses.map((h, at) => (h && squares.includes(at) ? { ...h, insured: null } : h));
  return { ...v, houses, coins: null, log: null, market: { ...v.market!, accepted: null } };
}

describe('the market in public, over whole games', () => {
  it('changes only when a request is accepted or the market closes (bots and random players)', () => {
    const seen = { silent: 0, sales: 0, declines: 0, markets: 0 };
    for (let i = 0; i < 24; i++) {
      const players = 2 + (i % 4);
      const kinds: Player[] = i % 3 === 0 ? all('bot', players) : mixedTable([true, i % 2 === 0, true, false, i % 5 === 0], players);
      const rng = rngFromSeed(`market-public-${i}`);
      playSteps(g.setup(players, g.defaultOptions(players), `market-public-${i}`), {
        choose: (s) => chooseStep(g, s, kinds, rng),
        play: (s, [seat, a]) => act(s, seat, a),
        check: (prev, next) => {
          if (prev.phase !== 'market') {
            if (next.phase === 'market') seen.markets++;
            return;
          }
          if (next.phase !== 'market') return; // the market closed: a public event
          const before = g.publicView(prev);
          const after = g.publicView(next);
          const what = `game ${i}, turn ${prev.turn}`;
          assert(JSON.stringify(g.publicAwaiting!(next)) === JSON.stringify(g.publicAwaiting!(prev)), `${what}: the awaited seats changed`);
          const sold = after.market!.accepted.length - before.market!.accepted.length;
          if (sold === 0) {
            assert(JSON.stringify(after) === JSON.stringify(before), `${what}: the public view changed without a sale`);
            seen.silent++;
            if (next.market!.requests.some((r) => r.answer === 'declined') !== prev.market!.requests.some((r) => r.answer === 'declined')) seen.declines++;
            return;
          }
          // A sale: one more accepted entry, its houses insured, coins paid, logged; nothing else.
          assert(sold === 1, `${what}: ${sold} sales at once`);
          seen.sales++;
          assert(JSON.stringify(after.market!.accepted.slice(0, -1)) === JSON.stringify(before.market!.accepted), `${what}: earlier sales changed`);
          const sale = after.market!.accepted[after.market!.accepted.length - 1];
          assert(
            sale.squares.every((x) => after.houses[x]?.insured && !before.houses[x]?.insured),
            `${what}: the houses sold are not newly insured`,
          );
          const coins = after.coins.map((c, seat) => c - before.coins[seat]);
          const paid = before.coins.map((_, seat) => (seat === sale.buyer ? -sale.price : seat === after.market!.seller ? sale.price : 0));
          assert(JSON.stringify(coins) === JSON.stringify(paid), `${what}: coins moved other than the price`);
          const rest = (v: WindCityPublicView) => JSON.stringify(withoutSale(v, sale.squares));
          assert(rest(after) === rest(before), `${what}: a sale changed more than the sale`);
          const added = after.log
            .slice(before.log.length)
            .map((e) => e.kind)
            .sort();
          assert(JSON.stringify(added) === JSON.stringify(['coins', 'coins', 'insured']), `${what}: logged ${added.join(', ')}`);
        },
        maxSteps: 20000,
      });
    }
    // The games did exercise the market: silent steps (asks, passes, declines) and sales.
    expect(seen.markets).toBeGreaterThan(50);
    expect(seen.silent).toBeGreaterThan(50);
    expect(seen.declines).toBeGreaterThan(0);
    expect(seen.sales).toBeGreaterThan(0);
  });
});
