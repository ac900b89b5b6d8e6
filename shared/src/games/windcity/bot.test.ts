/**
 * Wind City: the bot's judgement in built situations (it decides from the
 * public view and its own seat view only), and its strength against random
 * players.
 */
import { describe, expect, it } from '@jest/globals';
import type { Seat } from '../../engine/contract.js';
import { rngFromSeed } from '../../engine/rng.js';
import { must } from '../../engine/testing.js';
import { windcity as g } from './index.js';
import { SQUARES, isBeach, squareId as sq } from './board.js';
import { CARDS, cardById } from './cards.js';
import { cloneState } from './state.js';
import { placed } from './testing.js';
import type { CardAction, WindCityAction, WindCityState } from './types.js';

const rng = () => rngFromSeed('bot-test');
const bot = (s: WindCityState, seat: Seat): WindCityAction => g.botAction(g.publicView(s), g.seatView(s, seat), seat, rng())!;

interface HouseSpec {
  at: [number, number];
  owner: Seat;
  count?: 1 | 2;
  insured?: boolean;
  /** Seat 0's, insured when its turn began: uninsured now, renewable. */
  expired?: boolean;
}

function board(houses: HouseSpec[], storm: [number, number], card: number, players = 3): WindCityState {
  const s = cloneState(placed(players, 0, 'bot'));
  s.houses = Array(SQUARES).fill(null);
  for (const h of houses) s.houses[sq(...h.at)] = { owner: h.owner, count: h.count ?? 1, insured: h.insured ?? false };
  s.hurricane = sq(...storm);
  s.stock = s.stock.map((_, p) => 12 - houses.filter((h) => h.owner === p).reduce((n, h) => n + (h.count ?? 1), 0));
  s.card = card;
  s.log = [{ kind: 'turn', turn: s.turn, seat: 0 }];
  const expired = houses.filter((h) => h.expired).map((h) => sq(...h.at));
  if (expired.length) s.log.push({ kind: 'expire', turn: s.turn, seat: 0, squares: expired });
  return s;
}

const cardOf = (pred: (actions: CardAction[]) => boolean) => CARDS.find((c) => pred(c.actions))!.id;
const has = (spec: string) => (a: CardAction) => a.kind === 'move' && a.dir === spec[0] && a.distance === Number(spec[1]);

/** Where the plan sends the storm when nothing is in the way (no houses). */
function path(s: WindCityState, plan: number[]): number[] {
  const card = cardById(s.card!);
  const t = cloneState(s);
  t.houses = Array(SQUARES).fill(null);
  t.plan = plan;
  let at = t.hurricane!;
  const seen: number[] = [];
  for (const i of plan) {
    const a = card.actions[i];
    if (a.kind !== 'move') continue;
    for (let k = 0; k < a.distance; k++) {
      const col = at % 8;
      const row = Math.floor(at / 8);
      if (a.dir === 'E') at = row * 8 + ((col + 1) % 8);
      if (a.dir === 'W') at = row * 8 + ((col + 7) % 8);
      if (a.dir === 'N') at = at + 8;
      if (a.dir === 'S' && row > 0) at = at - 8;
      seen.push(at);
    }
  }
  return seen;
}

describe('the bot', () => {
  it('keeps the storm off its own houses when it can', () => {
    // Card with East 1 and West 1 (and others); its own house lies east, nothing west.
    const id = cardOf((as) => as.some(has('E1')) && as.some(has('W1')));
    const s = board(
      [
        { at: [4, 7], owner: 0 },
        { at: [0, 12], owner: 1 },
        { at: [7, 12], owner: 2 },
      ],
      [3, 7],
      id,
    );
    const a = bot(s, 0);
    expect(a.type).toBe('plan');
    const plan = (a as { actions: number[] }).actions;
    expect(path(s, plan)).not.toContain(sq(4, 7));
    expect(() => must(g.apply(s, 0, a))).not.toThrow();
  });

  it('renews the insurance of the houses its own plan will enter, at renewal', () => {
    const id = cardOf((as) => as.some(has('E2')));
    let s = board(
      [
        { at: [4, 7], owner: 0, expired: true },
        { at: [0, 12], owner: 1 },
        { at: [7, 12], owner: 2 },
      ],
      [3, 7],
      id,
    );
    const e2 = cardById(id).actions.findIndex(has('E2'));
    s = must(g.apply(s, 0, { type: 'plan', actions: [e2] }));
    const a = bot(s, 0);
    expect(a).toEqual({ type: 'renew', squares: [sq(4, 7)] });
    expect(() => must(g.apply(s, 0, a))).not.toThrow();
  });

  it('does not try to insure a house that was not insured when its turn began', () => {
    const id = cardOf((as) => as.some(has('E2')));
    let s = board(
      [
        { at: [4, 7], owner: 0 },
        { at: [0, 12], owner: 1 },
        { at: [7, 12], owner: 2 },
      ],
      [3, 7],
      id,
    );
    const e2 = cardById(id).actions.findIndex(has('E2'));
    s = must(g.apply(s, 0, { type: 'plan', actions: [e2] }));
    expect(bot(s, 0)).toEqual({ type: 'renew', squares: [] });
  });

  it('buys insurance for a house next to the storm, not for one far away', () => {
    const id = cardOf((as) => as.some(has('E1')));
    let s = board(
      [
        { at: [3, 8], owner: 1 },
        { at: [7, 13], owner: 1 },
        { at: [0, 4], owner: 2 },
      ],
      [3, 7],
      id,
    );
    s = must(g.apply(s, 0, { type: 'plan', actions: [cardById(id).actions.findIndex(has('E1'))] }));
    s = must(g.apply(s, 0, { type: 'renew', squares: [] }));
    expect(s.phase).toBe('market');
    expect(bot(s, 1)).toEqual({ type: 'ask', squares: [sq(3, 8)] });
  });

  it('as the seller, declines to insure a rich house its plan blows away, accepts a far one', () => {
    const id = cardOf((as) => as.some(has('E2')));
    let s = board(
      [
        { at: [5, 7], owner: 1, count: 2 },
        { at: [7, 13], owner: 2 },
        { at: [0, 4], owner: 0 },
      ],
      [3, 7],
      id,
    );
    s.coins = [40, 40, 40];
    s = must(g.apply(s, 0, { type: 'plan', actions: [cardById(id).actions.findIndex(has('E2'))] }));
    s = must(g.apply(s, 0, { type: 'renew', squares: [] }));
    s = must(g.apply(s, 1, { type: 'ask', squares: [sq(5, 7)] }));
    s = must(g.apply(s, 2, { type: 'ask', squares: [sq(7, 13)] }));
    const answers = [bot(s, 0)];
    s = must(g.apply(s, 0, answers[0]));
    answers.push(bot(s, 0));
    expect(answers).toEqual([
      { type: 'answer', buyer: 1, accept: false },
      { type: 'answer', buyer: 2, accept: true },
    ]);
  });

  it('blows the storm off the board when that wins, not when that loses', () => {
    const id = cardOf((as) => as.some(has('N1')) && as.some(has('E1')));
    const n1 = cardById(id).actions.findIndex(has('N1'));
    const ahead = board(
      [
        { at: [0, 7], owner: 0 },
        { at: [4, 7], owner: 0 },
        { at: [2, 7], owner: 1 },
      ],
      [6, 14],
      id,
    );
    expect((bot(ahead, 0) as { actions: number[] }).actions).toContain(n1);
    const behind = board(
      [
        { at: [0, 7], owner: 1 },
        { at: [4, 7], owner: 1 },
        { at: [2, 7], owner: 0 },
      ],
      [6, 14],
      id,
    );
    expect((bot(behind, 0) as { actions: number[] }).actions).not.toContain(n1);
  });

  it('places houses legally, with a beach house or two', () => {
    let s = g.setup(4, g.defaultOptions(4), 'place');
    s = must(g.apply(s, 0, bot(s, 0)));
    while (s.phase === 'placement') s = must(g.apply(s, s.active, bot(s, s.active)));
    for (let p = 0; p < 4; p++) {
      const beach = s.houses.filter((h, i) => h?.owner === p && isBeach(i)).length;
      expect(beach).toBeGreaterThanOrEqual(1);
      expect(beach).toBeLessThanOrEqual(2);
    }
  });

  it('beats random players', () => {
    let wins = 0;
    const games = 12;
    for (let i = 0; i < games; i++) {
      const players = 2 + (i % 4);
      const me = i % players;
      let s = g.setup(players, g.defaultOptions(players), `strength-${i}`);
      const r = rngFromSeed(`strength-${i}`);
      while (s.phase !== 'over') {
        const seats = g.awaiting(s);
        const seat = seats[Math.floor(r.next() * seats.length)];
        const a = seat === me ? g.botAction(g.publicView(s), g.seatView(s, seat), seat, r) : g.sampleAction(s, seat, r);
        s = must(g.apply(s, seat, a!));
      }
      if (g.result(s)!.winners.includes(me)) wins++;
    }
    // Fair share would be about a third; the bot wins nearly all.
    expect(wins).toBeGreaterThanOrEqual(10);
  });
});
