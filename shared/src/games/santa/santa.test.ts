/**
 * Santa Claus Is Comin' To Town: one test (or more) per ruling of
 * docs/rules/santa.md and per variant. States are plain data, so tests
 * drive the engine to a phase and then set positions, presents, supply and
 * scores directly to build exact situations.
 *
 * Houses used (col,row): 0 (0,0) · 8 Town Hall (3,1) · 9 Post Office (4,1) ·
 * 10 Toy Shop (6,1) · 11 Clock Tower (7,1) · 14 Inn (3,2) · 15 Market (5,2) ·
 * 16 (6,2) · 17 (7,2) · 19 Library (2,3) · 20 Fountain House (3,3) ·
 * 21 Church (4,3) · 22 Butcher (5,3) · 23 Station (7,3) · 26 Café (3,4) ·
 * 27 Bookshop (4,4) · 29 (7,4) · 30 (0,5) · 35 (7,5). See town.ts.
 */
import { describe, expect, it } from '@jest/globals';
import type { Seat } from '../../engine/contract.js';
import { rngFromSeed } from '../../engine/rng.js';
import { actor, code, deepFreeze, must } from '../../engine/testing.js';
import { santa as g, checkRoute, legalAwayHouses, legalMoves, routesFrom } from './index.js';
import { cloneState, setup as setupIn } from './rules.js';
import { ELFENBEIN as T, routeKey } from './town.js';
import type { SantaAction, SantaOptions, SantaState, Town } from './types.js';

// ---------------------------------------------------------------------------
// Helpers

const act = actor(g);

/** Far-apart houses, legal as away markers in this order. */
const AWAY = [0, 5, 30, 35, 20, 17];

interface Start {
  players?: number;
  santa?: Seat;
  options?: Partial<SantaOptions>;
  /** Start houses per seat (Santa's included). */
  at?: number[];
}

/** Round 1, pick phase, after a legal setup driven through the engine. */
function started({ players = 4, santa = 0, options = {}, at }: Start = {}): SantaState {
  let s = g.setup(players, { ...g.defaultOptions(players), ...options, santaSeat: santa }, 'test');
  let i = 0;
  while (s.phase === 'away') s = act(s, g.awaiting(s)[0], { type: 'away', house: AWAY[i++] });
  const houses = at ?? [8, 26, 11, 29].slice(0, players);
  while (s.phase === 'start') {
    const seat = g.awaiting(s)[0];
    s = act(s, seat, { type: 'start', house: houses[seat] });
  }
  return s;
}

/** A pick-phase state with exactly these positions, no away markers and no presents (Santa at 0 by default). */
function board(positions: number[], { santa = 0, options = {} }: { santa?: Seat; options?: Partial<SantaOptions> } = {}) {
  const s = started({ players: positions.length, santa, options });
  s.positions = positions.slice();
  s.away = [];
  s.present = s.present.map(() => false);
  s.supply = 30;
  s.scores = s.scores.map(() => 0);
  s.scoreLog = [s.scores.slice()];
  s.log = [];
  return s;
}

/** Everybody picks; the order namer (Santa if he must choose a namer, he picks `chooser`) names `order`. */
function playRound(s: SantaState, cards: number[], order?: Seat[], chooser?: Seat): SantaState {
  for (let seat = 0; seat < s.players; seat++) s = act(s, seat, { type: 'pick', card: cards[seat] });
  if (s.phase === 'chooser') s = act(s, s.santa, { type: 'chooser', seat: chooser ?? s.candidates[0] });
  expect(s.phase).toBe('order');
  return act(s, s.orderBy!, { type: 'order', order: order ?? Array.from({ length: s.players }, (_, i) => i) });
}

const move = (s: SantaState, seat: Seat, ...path: number[]) => act(s, seat, { type: 'move', path });

/** The score entries of the log since index `from`. */
const scoresSince = (s: SantaState, from = 0) => s.log.slice(from).flatMap((e) => (e.kind === 'score' ? [[e.seat, e.delta, e.cause, e.house] as const] : []));

/** Small towns for the situations the real town never produces. */
function line(id: string, n: number, isolated: number[] = []): Town {
  return {
    id,
    name: { en: id },
    cols: n,
    rows: 1,
    houses: Array.from({ length: n }, (_, i) => ({ id: i, col: i, row: 0, label: String(i + 1), name: { en: `H${i}` } })),
    streets: Array.from({ length: n - 1 }, (_, i) => ({ a: i, b: i + 1 })).filter(({ a, b }) => !isolated.includes(a) && !isolated.includes(b)),
    paths: [],
  };
}

// ---------------------------------------------------------------------------

describe('options and players', () => {
  it('defaults to one away marker each and the lowest-card tie-break, Santa drawn', () => {
    expect(g.defaultOptions(4)).toEqual({ awayMarkers: 'round', tieBreak: 'lowest-card', santaSeat: null });
    expect(must(g.parseOptions({}, 3))).toEqual({ awayMarkers: 'round', tieBreak: 'lowest-card', santaSeat: null });
    expect(must(g.parseOptions(undefined, 4))).toEqual(g.defaultOptions(4));
    expect(must(g.parseOptions({ awayMarkers: 'six', tieBreak: 'lowest-score', santaSeat: 2 }, 3))).toEqual({
      awayMarkers: 'six',
      tieBreak: 'lowest-score',
      santaSeat: 2,
    });
    expect(code(g.parseOptions({ awayMarkers: 'seven' }, 4))).toBe('malformed');
    expect(code(g.parseOptions({ tieBreak: 'highest' }, 4))).toBe('malformed');
    expect(code(g.parseOptions({ santaSeat: 3 }, 3))).toBe('santa/bad-santa-seat');
    expect(code(g.parseOptions({ santaSeat: 1.5 }, 3))).toBe('malformed');
  });

  it('is for 3 or 4 players', () => {
    expect([g.minPlayers, g.maxPlayers]).toEqual([3, 4]);
    expect(code(g.parseOptions({}, 2))).toBe('santa/player-count');
    expect(code(g.parseOptions({}, 5))).toBe('santa/player-count');
    expect(() => g.setup(2, g.defaultOptions(2), 'x')).toThrow();
    expect(() => g.setup(5, g.defaultOptions(5), 'x')).toThrow();
    expect(() => g.setup(3, { ...g.defaultOptions(3), santaSeat: 3 }, 'x')).toThrow();
  });

  it('draws Santa from the seed unless the room chose him', () => {
    const drawn = Array.from({ length: 60 }, (_, i) => g.setup(4, g.defaultOptions(4), `s${i}`).santa);
    expect(new Set(drawn)).toEqual(new Set([0, 1, 2, 3]));
    expect(Array.from({ length: 60 }, (_, i) => g.setup(4, g.defaultOptions(4), `s${i}`).santa)).toEqual(drawn);
    for (let seat = 0; seat < 3; seat++) expect(g.setup(3, { ...g.defaultOptions(3), santaSeat: seat }, 'x').santa).toBe(seat);
  });

  it('deals 13 cards (A..K) to each player, 30 presents, 0 points', () => {
    const s = g.setup(3, g.defaultOptions(3), 'x');
    expect(s.hands).toEqual([0, 1, 2].map(() => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]));
    expect(s.supply).toBe(30);
    expect(s.scores).toEqual([0, 0, 0]);
    expect(s.phase).toBe('away');
    expect(g.seatView(s, s.santa).role).toBe('santa');
    expect(g.seatView(s, (s.santa + 1) % 3).role).toBe('kid');
  });
});

describe('setup: away markers', () => {
  it('round (default): one each from the player after Santa, 4 at 4 players', () => {
    const s = g.setup(4, { ...g.defaultOptions(4), santaSeat: 2 }, 'x');
    expect(s.awayPlacers).toEqual([3, 0, 1, 2]);
    expect(g.awaiting(s)).toEqual([3]);
    expect(g.publicView(s).awayPlacer).toBe(3);
    expect(g.publicView(s).awayLeft).toBe(4);
    expect(code(g.apply(s, 2, { type: 'away', house: 0 }))).toBe('not-your-turn');
    let t = s;
    for (const [i, seat] of [3, 0, 1, 2].entries()) t = act(t, seat, { type: 'away', house: AWAY[i] });
    expect(t.away).toEqual(AWAY.slice(0, 4));
    expect(t.phase).toBe('start');
  });

  it('round: a second round at 3 players, so 6', () => {
    const s = g.setup(3, { ...g.defaultOptions(3), santaSeat: 0 }, 'x');
    expect(s.awayPlacers).toEqual([1, 2, 0, 1, 2, 0]);
    let t = s;
    for (let i = 0; i < 6; i++) t = act(t, g.awaiting(t)[0], { type: 'away', house: AWAY[i] });
    expect(t.away).toHaveLength(6);
    expect(t.phase).toBe('start');
  });

  it('six: round the table until 6 are placed, at 3 and at 4 players', () => {
    expect(g.setup(4, { awayMarkers: 'six', tieBreak: 'lowest-card', santaSeat: 1 }, 'x').awayPlacers).toEqual([2, 3, 0, 1, 2, 3]);
    expect(g.setup(3, { awayMarkers: 'six', tieBreak: 'lowest-card', santaSeat: 2 }, 'x').awayPlacers).toEqual([0, 1, 2, 0, 1, 2]);
    const s = started({ options: { awayMarkers: 'six' } });
    expect(s.away).toEqual(AWAY);
  });

  it('refuses a house with a marker, or next to one by street or by path', () => {
    let s = g.setup(4, { ...g.defaultOptions(4), santaSeat: 0 }, 'x');
    s = act(s, 1, { type: 'away', house: 14 }); // Inn: streets to 8, 9, 20; a path to 15
    expect(code(g.apply(s, 2, { type: 'away', house: 14 }))).toBe('santa/away-taken');
    for (const h of [8, 9, 20]) expect(code(g.apply(s, 2, { type: 'away', house: h }))).toBe('santa/away-adjacent');
    expect(code(g.apply(s, 2, { type: 'away', house: 15 }))).toBe('santa/away-adjacent');
    expect(code(g.apply(s, 2, { type: 'away', house: 99 }))).toBe('santa/bad-house');
    // Two steps away is fine.
    expect(act(s, 2, { type: 'away', house: 21 }).away).toEqual([14, 21]);
  });

  it('skips a player with no legal house (and so everyone after: legality is the same for all)', () => {
    // A line of three houses: a marker on the middle one blocks all of them.
    const s0 = setupIn(4, { awayMarkers: 'round', tieBreak: 'lowest-card', santaSeat: 0 }, 'x', line('test-line3', 3));
    const s = act(s0, 1, { type: 'away', house: 1 });
    expect(s.phase).toBe('start');
    expect(s.away).toEqual([1]);
    expect(s.log.filter((e) => e.kind === 'away-skip').map((e) => (e as { seat: number }).seat)).toEqual([2, 3, 0]);
    expect(g.awaiting(s)).toEqual([1]);
    // A town with no room at all skips the whole phase at setup.
    const none = setupIn(3, { awayMarkers: 'six', tieBreak: 'lowest-card', santaSeat: 0 }, 'x', line('test-empty', 0));
    expect(none.phase).toBe('start');
    expect(none.log.filter((e) => e.kind === 'away-skip')).toHaveLength(6);
  });
});

describe('setup: start houses', () => {
  it('kids in seat order, then Santa; kids may share a house', () => {
    let s = g.setup(4, { ...g.defaultOptions(4), santaSeat: 1 }, 'x');
    for (let i = 0; i < 4; i++) s = act(s, g.awaiting(s)[0], { type: 'away', house: AWAY[i] });
    expect(s.starters).toEqual([0, 2, 3, 1]);
    expect(g.awaiting(s)).toEqual([0]);
    expect(g.publicView(s).starter).toBe(0);
    expect(code(g.apply(s, 1, { type: 'start', house: 8 }))).toBe('not-your-turn');
    s = act(s, 0, { type: 'start', house: 8 });
    s = act(s, 2, { type: 'start', house: 8 });
    expect(code(g.apply(s, 3, { type: 'away', house: 8 }))).toBe('wrong-phase');
    s = act(s, 3, { type: 'start', house: 0 }); // an away house is fine for a kid
    expect(g.awaiting(s)).toEqual([1]);
    expect(s.positions).toEqual([8, null, 8, 0]);
  });

  it('Santa: a present and 1 point on his start house (30 → 29)', () => {
    const s = started({ at: [21, 8, 26, 11] });
    expect(s.positions[0]).toBe(21);
    expect(s.present[21]).toBe(true);
    expect(s.present.filter(Boolean)).toHaveLength(1);
    expect(s.supply).toBe(29);
    expect(s.scores).toEqual([1, 0, 0, 0]);
    expect(scoresSince(s)).toEqual([[0, 1, 'start-present', 21]]);
    expect(s.phase).toBe('pick');
    expect(s.round).toBe(1);
    expect(s.scoreLog).toEqual([[1, 0, 0, 0]]);
    expect(g.awaiting(s)).toEqual([0, 1, 2, 3]);
  });

  it('Santa on an away house: no present, no point', () => {
    const s = started({ at: [0, 8, 26, 11] });
    expect(s.present.some(Boolean)).toBe(false);
    expect(s.supply).toBe(30);
    expect(s.scores).toEqual([0, 0, 0, 0]);
  });

  it('Santa on a kid’s house: no sighting is scored in setup', () => {
    const s = started({ at: [8, 8, 8, 11] });
    expect(s.scores).toEqual([1, 0, 0, 0]);
    expect(s.present[8]).toBe(true);
  });
});

describe('picks', () => {
  it('are secret, public only as “who has picked”, revisable until the last one, then revealed together', () => {
    let s = started();
    s = act(s, 2, { type: 'pick', card: 9 });
    let pv = g.publicView(s);
    expect(pv.picked).toEqual([false, false, true, false]);
    expect(pv.pickCount).toBe(1);
    expect(pv.played).toEqual([null, null, null, null]);
    expect(pv.hands[2]).toContain(9); // still in hand until revealed
    expect(JSON.stringify(pv)).toEqual(JSON.stringify(g.publicView({ ...s, picks: [null, null, 4, null] })));
    expect(g.seatView(s, 2)).toEqual({ seat: 2, role: 'kid', myPick: 9 });
    expect(g.seatView(s, 1).myPick).toBeNull();
    expect(g.awaiting(s)).toEqual([0, 1, 3]);
    s = act(s, 2, { type: 'pick', card: 4 }); // changed her mind
    expect(g.seatView(s, 2).myPick).toBe(4);
    s = act(s, 0, { type: 'pick', card: 13 });
    s = act(s, 1, { type: 'pick', card: 1 });
    expect(s.phase).toBe('pick');
    s = act(s, 3, { type: 'pick', card: 7 });
    pv = g.publicView(s);
    expect(pv.phase).toBe('order');
    expect(pv.played).toEqual([13, 1, 4, 7]);
    expect(pv.picked).toEqual([false, false, false, false]);
    expect(pv.hands[2]).not.toContain(4);
    expect(pv.hands[2]).toContain(9);
    expect(pv.hands.map((h) => h.length)).toEqual([12, 12, 12, 12]);
    expect(s.log.filter((e) => e.kind === 'reveal')).toEqual([{ kind: 'reveal', round: 1, cards: [13, 1, 4, 7] }]);
    expect(code(g.apply(s, 1, { type: 'pick', card: 2 }))).toBe('wrong-phase');
  });

  it('must be a card still in hand', () => {
    let s = board([20, 0, 35, 30]);
    expect(code(g.apply(s, 0, { type: 'pick', card: 14 }))).toBe('malformed');
    expect(code(g.apply(s, 0, { type: 'pick', card: 0 }))).toBe('malformed');
    s = playRound(s, [7, 1, 2, 3]);
    s = move(s, 0, 21);
    for (const seat of [1, 2, 3]) s = act(s, seat, { type: 'move', path: legalMoves(s, seat)!.routes[0] });
    expect(s.round).toBe(2);
    expect(code(g.apply(s, 0, { type: 'pick', card: 7 }))).toBe('santa/not-in-hand');
  });
});

describe('who names the order', () => {
  const namer = (players: number, cards: number[], tieBreak: SantaOptions['tieBreak'], scores?: number[], santa = 0) => {
    let s = started({ players, santa, options: { tieBreak } });
    if (scores) s.scores = scores.slice();
    for (let seat = 0; seat < players; seat++) s = act(s, seat, { type: 'pick', card: cards[seat] });
    return s;
  };

  it('the single highest card names it, under both tie-breaks', () => {
    for (const tb of ['lowest-card', 'lowest-score'] as const) {
      const s = namer(4, [3, 12, 9, 11], tb);
      expect([s.phase, s.orderBy, s.tied]).toEqual(['order', 1, [1]]);
      expect(g.awaiting(s)).toEqual([1]);
      const t = namer(3, [13, 12, 12], tb);
      expect(t.orderBy).toBe(0);
    }
  });

  it('lowest-card: a tie for highest goes to the single lowest card; lowest tied too: Santa', () => {
    expect(namer(4, [10, 10, 3, 5], 'lowest-card').orderBy).toBe(2);
    expect(namer(4, [2, 9, 9, 9], 'lowest-card').orderBy).toBe(0);
    expect(namer(4, [9, 9, 9, 2], 'lowest-card', undefined, 1).orderBy).toBe(3);
    expect(namer(3, [10, 10, 3], 'lowest-card').orderBy).toBe(2);
    expect(namer(3, [4, 10, 10], 'lowest-card', undefined, 2).orderBy).toBe(0);
    // Lowest tied as well: Santa names it.
    const s = namer(4, [10, 10, 3, 3], 'lowest-card', undefined, 3);
    expect([s.orderBy, s.santa]).toEqual([3, 3]);
    expect(s.log.at(-1)).toMatchObject({ kind: 'order-by', seat: 3, reason: 'santa-tie', tied: [0, 1] });
    // Everybody played the same card (each has a suit of their own): Santa.
    expect(namer(3, [7, 7, 7], 'lowest-card', undefined, 1).orderBy).toBe(1);
    expect(namer(4, [7, 7, 7, 7], 'lowest-card', undefined, 2).orderBy).toBe(2);
  });

  it('lowest-score: the tied player with the lowest score names it', () => {
    const s = namer(4, [10, 10, 3, 5], 'lowest-score', [4, 2, 0, 0]);
    expect([s.phase, s.orderBy]).toEqual(['order', 1]);
    expect(s.log.at(-1)).toMatchObject({ kind: 'order-by', seat: 1, reason: 'lowest-score' });
    expect(namer(3, [2, 12, 12], 'lowest-score', [0, 7, 5]).orderBy).toBe(2);
    expect(namer(4, [13, 13, 13, 1], 'lowest-score', [1, 6, 3, 0]).orderBy).toBe(0);
  });

  it('lowest-score, still tied: Santa chooses which of those tied players names it', () => {
    let s = namer(4, [10, 10, 3, 10], 'lowest-score', [4, 2, 0, 2]);
    expect(s.phase).toBe('chooser');
    expect(s.tied).toEqual([0, 1, 3]);
    expect(s.candidates).toEqual([1, 3]);
    expect(g.awaiting(s)).toEqual([0]);
    expect(g.publicView(s).candidates).toEqual([1, 3]);
    expect(code(g.apply(s, 1, { type: 'chooser', seat: 1 }))).toBe('not-your-turn');
    expect(code(g.apply(s, 0, { type: 'chooser', seat: 0 }))).toBe('santa/not-a-candidate');
    expect(code(g.apply(s, 0, { type: 'chooser', seat: 2 }))).toBe('santa/not-a-candidate');
    expect(code(g.apply(s, 3, { type: 'order', order: [0, 1, 2, 3] }))).toBe('wrong-phase');
    s = act(s, 0, { type: 'chooser', seat: 3 });
    expect([s.phase, s.orderBy]).toEqual(['order', 3]);
    expect(s.log.at(-1)).toMatchObject({ kind: 'order-by', seat: 3, reason: 'santa-chose' });
    // 3 players, Santa (seat 2) among the tied: he may choose himself.
    let t = namer(3, [9, 1, 9], 'lowest-score', [3, 3, 3], 2);
    expect([t.phase, t.candidates]).toEqual(['chooser', [0, 2]]);
    t = act(t, 2, { type: 'chooser', seat: 2 });
    expect(t.orderBy).toBe(2);
    // 3 players, all equal.
    expect(namer(3, [5, 5, 5], 'lowest-score', [0, 0, 0], 1).candidates).toEqual([0, 1, 2]);
  });

  it('the order is any permutation of all seats, the namer included, named by the namer only', () => {
    const s = namer(4, [3, 12, 9, 11], 'lowest-card');
    expect(code(g.apply(s, 0, { type: 'order', order: [0, 1, 2, 3] }))).toBe('not-your-turn');
    expect(code(g.apply(s, 1, { type: 'order', order: [0, 1, 2] }))).toBe('santa/not-a-permutation');
    expect(code(g.apply(s, 1, { type: 'order', order: [0, 1, 1, 3] }))).toBe('santa/not-a-permutation');
    expect(code(g.apply(s, 1, { type: 'order', order: [0, 1, 2, 4] }))).toBe('santa/not-a-permutation');
    const t = act(s, 1, { type: 'order', order: [3, 0, 2, 1] });
    expect([t.phase, t.order, g.awaiting(t)]).toEqual(['move', [3, 0, 2, 1], [3]]);
    expect(g.publicView(t).mover).toBe(3);
    expect(t.rounds).toEqual([{ round: 1, cards: [3, 12, 9, 11], orderBy: 1, order: [3, 0, 2, 1] }]);
  });
});

describe('moving', () => {
  const check = (from: number, card: number, role: 'santa' | 'kid', path: number[]) => checkRoute(T, from, card, role, path)?.code ?? 'ok';

  it('1–5: one or two steps; 6–10: one to three; at least one', () => {
    for (let card = 1; card <= 5; card++) {
      expect(check(20, card, 'kid', [21])).toBe('ok');
      expect(check(20, card, 'kid', [21, 22])).toBe('ok');
      expect(check(20, card, 'kid', [21, 22, 15])).toBe('santa/too-many-steps');
    }
    for (let card = 6; card <= 10; card++) {
      expect(check(20, card, 'kid', [21, 22, 15])).toBe('ok');
      expect(check(20, card, 'santa', [21, 22, 15])).toBe('ok');
      expect(check(20, card, 'kid', [21, 22, 15, 16])).toBe('santa/too-many-steps');
    }
    expect(check(20, 3, 'kid', [])).toBe('santa/no-step');
    for (const card of [1, 5, 6, 10]) {
      const steps = routesFrom(T, 20, card, 'kid').map((r) => r.length);
      expect(Math.min(...steps)).toBe(1);
      expect(Math.max(...steps)).toBe(card <= 5 ? 2 : 3);
    }
  });

  it('kids walk along streets only; Santa along streets or paths', () => {
    expect(check(14, 3, 'kid', [15])).toBe('santa/path-santa-only');
    expect(check(14, 3, 'santa', [15])).toBe('ok');
    expect(check(14, 3, 'santa', [15, 16])).toBe('ok');
    expect(check(20, 3, 'kid', [26])).toBe('santa/not-adjacent'); // no street there
    expect(check(20, 3, 'santa', [26])).toBe('santa/not-adjacent');
    expect(check(20, 3, 'kid', [35])).toBe('santa/not-adjacent');
    expect(check(20, 3, 'kid', [99])).toBe('santa/bad-house');
  });

  it('enters no house twice, nor its own start house', () => {
    expect(check(20, 8, 'santa', [21, 22, 21])).toBe('santa/house-twice');
    expect(check(20, 8, 'kid', [21, 20])).toBe('santa/start-house');
    expect(check(20, 8, 'kid', [14, 20, 21])).toBe('santa/start-house');
    expect(check(20, 12, 'santa', [20])).toBe('santa/start-house');
    expect(check(20, 12, 'kid', [21, 20])).toBe('santa/start-house');
    for (const card of [2, 7, 11, 13]) {
      for (const role of ['kid', 'santa'] as const) {
        for (const r of routesFrom(T, 20, card, role)) {
          expect(r).not.toContain(20);
          expect(new Set(r).size).toBe(r.length);
        }
      }
    }
  });

  it('J, Q, K: Santa flies to any other house, entering only that one', () => {
    for (const card of [11, 12, 13]) {
      expect(check(20, card, 'santa', [35])).toBe('ok');
      expect(check(20, card, 'santa', [21])).toBe('ok');
      expect(check(20, card, 'santa', [21, 22])).toBe('santa/flight-one-house');
      const routes = routesFrom(T, 20, card, 'santa');
      expect(routes).toHaveLength(T.houses.length - 1);
      expect(routes.every((r) => r.length === 1)).toBe(true);
    }
  });

  it('J, Q, K: a kid’s bike jump — one street step any way, then straight on along streets', () => {
    // One step only.
    expect(check(20, 11, 'kid', [21])).toBe('ok');
    // Straight on in the same direction, as far as streets go.
    expect(check(14, 11, 'kid', [20, 21, 22])).toBe('ok');
    expect(check(10, 12, 'kid', [11, 17, 23, 29, 35])).toBe('ok'); // E, then S four times
    expect(check(20, 13, 'kid', [14, 8])).toBe('ok'); // N, N
    // Another direction after the first step, diagonal too.
    expect(check(20, 11, 'kid', [21, 27])).toBe('ok'); // E, then S
    expect(check(20, 11, 'kid', [14, 9])).toBe('ok'); // N, then NE (a diagonal street)
    // Illegal shapes.
    expect(check(10, 11, 'kid', [11, 17, 16])).toBe('santa/not-straight'); // S then W
    expect(check(20, 11, 'kid', [21, 27, 26])).toBe('santa/not-straight'); // E, S, W
    expect(check(20, 11, 'kid', [14, 9, 3])).toBe('santa/not-straight'); // N, NE, N
    expect(check(14, 11, 'kid', [15])).toBe('santa/not-adjacent'); // a path, not a street
    expect(check(20, 11, 'kid', [26])).toBe('santa/not-adjacent'); // a missing street
    expect(check(10, 11, 'kid', [11, 17, 23, 22])).toBe('santa/not-adjacent'); // 23–22 is a path
    expect(check(21, 11, 'kid', [22, 29])).toBe('santa/not-adjacent'); // not one lattice step
    expect(check(20, 11, 'kid', [21, 22, 23])).toBe('santa/not-adjacent'); // across the gap at (6,3)
    expect(check(17, 11, 'kid', [11, 17, 23])).toBe('santa/start-house'); // back over the start
    // The enumeration: every route is accepted, and it holds the long line.
    const routes = routesFrom(T, 10, 11, 'kid');
    for (const r of routes) expect(check(10, 11, 'kid', r)).toBe('ok');
    expect(routes.map(routeKey)).toContain('11,17,23,29,35');
    expect(routes.map(routeKey)).toContain('16,15'); // S, then W
    expect(new Set(routes.map(routeKey)).size).toBe(routes.length);
  });

  it('enumerates exactly the walks a brute force accepts', () => {
    const n = T.houses.length;
    for (const from of [0, 14, 20, 22, 34]) {
      for (const [card, role] of [
        [4, 'kid'],
        [8, 'kid'],
        [4, 'santa'],
        [9, 'santa'],
      ] as const) {
        const brute: string[] = [];
        const most = card <= 5 ? 2 : 3;
        const extend = (route: number[]) => {
          if (route.length && checkRoute(T, from, card, role, route) === null) brute.push(routeKey(route));
          if (route.length < most) for (let h = 0; h < n; h++) extend([...route, h]);
        };
        extend([]);
        expect(routesFrom(T, from, card, role).map(routeKey).sort()).toEqual(brute.sort());
      }
    }
  });

  it('legalMoves gives routes and destinations for the client, from the state or the public view', () => {
    let s = board([20, 14, 35, 30]);
    s = playRound(s, [7, 1, 12, 3]);
    const kid2 = legalMoves(s, 2)!;
    expect(kid2.how).toBe('bike');
    expect(kid2.destinations).toEqual([...new Set(kid2.routes.map((r) => r.at(-1)!))].sort((a, b) => a - b));
    const santa = legalMoves(g.publicView(s), 0)!;
    expect(santa.how).toBe('walk');
    expect(santa.card).toBe(7);
    expect(legalMoves(s, 0, 13)!.how).toBe('flight');
    expect(legalMoves(s, 0, 13)!.destinations).toHaveLength(T.houses.length - 1);
  });

  it('moves happen in the named order, each player once; the round then ends', () => {
    let s = board([20, 14, 35, 30]);
    s = playRound(s, [7, 9, 2, 3], [2, 0, 3, 1]);
    expect(g.awaiting(s)).toEqual([2]);
    expect(code(g.apply(s, 0, { type: 'move', path: [21] }))).toBe('not-your-turn');
    s = move(s, 2, 29);
    expect(g.awaiting(s)).toEqual([0]);
    s = move(s, 0, 21, 22);
    s = move(s, 3, 24);
    expect(s.phase).toBe('move');
    s = move(s, 1, 8);
    expect([s.phase, s.round, s.positions]).toEqual(['pick', 2, [22, 8, 29, 24]]);
    expect(s.played).toEqual([null, null, null, null]);
    expect(s.scoreLog).toHaveLength(2);
    expect(s.log.filter((e) => e.kind === 'move').map((e) => (e as { seat: number }).seat)).toEqual([2, 0, 3, 1]);
  });

  it('a player with no legal move at all stays put (the engine moves on)', () => {
    // Houses 0–1–2 joined by streets, house 3 alone: a kid there cannot move.
    const town = line('test-island', 4, [3]);
    let s = setupIn(3, { awayMarkers: 'round', tieBreak: 'lowest-card', santaSeat: 0 }, 'x', town);
    while (s.phase === 'away') s = act(s, g.awaiting(s)[0], { type: 'away', house: legalAwayHouses(s).at(-1)! });
    expect(s.away).toEqual([3, 2, 0]);
    s = act(s, 1, { type: 'start', house: 3 });
    s = act(s, 2, { type: 'start', house: 2 });
    s = act(s, 0, { type: 'start', house: 1 });
    s = playRound(s, [5, 9, 4], [1, 0, 2]);
    // Seat 1 was skipped at once.
    expect(s.log.filter((e) => e.kind === 'stay')).toEqual([{ kind: 'stay', round: 1, seat: 1, card: 9, at: 3 }]);
    expect(g.awaiting(s)).toEqual([0]);
    expect(legalMoves(s, 1)!.routes).toEqual([]);
    s = move(s, 0, 0);
    s = move(s, 2, 1);
    expect([s.phase, s.round, s.positions]).toEqual(['pick', 2, [0, 3, 1]]);
    // Even when the stuck player is last, the round ends.
    s = playRound(s, [4, 8, 3], [0, 2, 1]);
    s = move(s, 0, 1);
    s = move(s, 2, 2);
    expect([s.phase, s.round]).toEqual(['pick', 3]);
  });
});

describe('scoring', () => {
  it('Santa entering an empty house that is not away: a present and 1 point, per house passed through', () => {
    let s = board([20, 0, 35, 30]);
    s.present[20] = true;
    s.scores = [1, 0, 0, 0];
    s.supply = 29;
    const mark = s.log.length;
    s = playRound(s, [8, 1, 2, 3]);
    s = move(s, 0, 21, 22, 15);
    expect(s.present.flatMap((p, h) => (p ? [h] : []))).toEqual([15, 20, 21, 22]);
    expect(s.supply).toBe(26);
    expect(s.scores[0]).toBe(4);
    expect(scoresSince(s, mark)).toEqual([
      [0, 1, 'present', 21],
      [0, 1, 'present', 22],
      [0, 1, 'present', 15],
    ]);
  });

  it('no present on an away house or on a house that already holds one', () => {
    let s = board([20, 0, 35, 30]);
    s.away = [22];
    s.present[21] = true;
    s = playRound(s, [8, 1, 2, 3]);
    s = move(s, 0, 21, 22, 15);
    expect(s.present[21]).toBe(true);
    expect(s.present[22]).toBe(false);
    expect(s.present[15]).toBe(true);
    expect(s.scores[0]).toBe(1);
  });

  it('a flight enters only its destination', () => {
    let s = board([20, 0, 35, 30]);
    s = playRound(s, [12, 1, 2, 3]);
    s = move(s, 0, 35); // a kid is there
    expect(s.present.flatMap((p, h) => (p ? [h] : []))).toEqual([]);
    expect(s.scores).toEqual([0, 0, 4, 0]); // +1 present, then the kid saw him (+3) and took it (+1, −1)
  });

  it('Santa entering a kid’s house: present and point, the kid sees him (+3) and takes it (+1, Santa −1)', () => {
    let s = board([20, 21, 35, 30]);
    const mark = s.log.length;
    s = playRound(s, [7, 1, 2, 3]);
    s = move(s, 0, 21);
    expect(scoresSince(s, mark)).toEqual([
      [0, 1, 'present', 21],
      [1, 3, 'saw-santa', 21],
      [1, 1, 'took-present', 21],
      [0, -1, 'lost-present', 21],
    ]);
    expect(s.scores).toEqual([0, 4, 0, 0]);
    expect(s.present[21]).toBe(false);
    expect(s.supply).toBe(29); // taken presents never return
    expect(s.sighted).toBe(true);
  });

  it('an existing present on the kid’s house is taken too; with the supply empty and no present, only the sighting', () => {
    let s = board([20, 21, 35, 30]);
    s.present[21] = true;
    s = playRound(s, [7, 1, 2, 3]);
    s = move(s, 0, 21);
    expect(s.scores).toEqual([-1, 4, 0, 0]);
    expect(s.supply).toBe(30);
    let t = board([20, 21, 35, 30]);
    t.supply = 0;
    t = playRound(t, [7, 1, 2, 3]);
    t = move(t, 0, 21);
    expect(t.scores).toEqual([0, 3, 0, 0]);
    expect(t.present[21]).toBe(false);
  });

  it('Santa entering a kid’s house that is away: the sighting only', () => {
    let s = board([20, 21, 35, 30]);
    s.away = [21];
    s = playRound(s, [7, 1, 2, 3]);
    s = move(s, 0, 21);
    expect(s.scores).toEqual([0, 3, 0, 0]);
    expect(s.present[21]).toBe(false);
  });

  it('Santa passing through a kid’s house counts the same as stopping', () => {
    let s = board([20, 21, 35, 30]);
    s = playRound(s, [7, 1, 2, 3]);
    s = move(s, 0, 21, 22);
    expect(s.scores).toEqual([1, 4, 0, 0]);
    expect(s.present[21]).toBe(false);
    expect(s.present[22]).toBe(true);
  });

  it('several kids: all see him (+3 each); Santa chooses who takes the present, then his move goes on', () => {
    let s = board([20, 21, 21, 21]);
    s = playRound(s, [7, 1, 2, 3]);
    s = move(s, 0, 21, 22);
    expect(s.phase).toBe('give');
    expect(g.awaiting(s)).toEqual([0]);
    expect(s.scores).toEqual([1, 3, 3, 3]);
    expect(s.pendingGive).toEqual({ house: 21, kids: [1, 2, 3], rest: [22] });
    expect(g.publicView(s).pendingGive).toEqual({ house: 21, kids: [1, 2, 3], rest: [22] });
    expect(g.publicView(s).mover).toBe(0);
    expect(s.positions[0]).toBe(21);
    expect(code(g.apply(s, 1, { type: 'give', kid: 1 }))).toBe('not-your-turn');
    expect(code(g.apply(s, 0, { type: 'give', kid: 0 }))).toBe('santa/not-there');
    expect(code(g.apply(s, 0, { type: 'move', path: [22] }))).toBe('wrong-phase');
    s = act(s, 0, { type: 'give', kid: 2 });
    expect(s.scores).toEqual([1, 3, 4, 3]);
    expect([s.phase, s.positions[0], s.present[21], s.present[22]]).toEqual(['move', 22, false, true]);
    expect(g.awaiting(s)).toEqual([1]);
  });

  it('several kids on a house with no present to take: no prompt', () => {
    let s = board([20, 21, 21, 35]);
    s.away = [21];
    s = playRound(s, [7, 1, 2, 3]);
    s = move(s, 0, 21);
    expect([s.phase, s.scores]).toEqual(['move', [0, 3, 3, 0]]);
  });

  it('a kid entering Santa’s house: +3, and the present if first to see him this round', () => {
    let s = board([20, 21, 35, 30]);
    s.present[20] = true;
    s = playRound(s, [1, 9, 2, 3], [1, 0, 2, 3]);
    const mark = s.log.length;
    s = move(s, 1, 20);
    expect(scoresSince(s, mark)).toEqual([
      [1, 3, 'saw-santa', 20],
      [1, 1, 'took-present', 20],
      [0, -1, 'lost-present', 20],
    ]);
    expect(s.present[20]).toBe(false);
  });

  it('a kid passing through Santa’s house counts the same', () => {
    let s = board([20, 14, 35, 30]);
    s.present[20] = true;
    s = playRound(s, [1, 9, 2, 3], [1, 0, 2, 3]);
    s = move(s, 1, 20, 21, 27);
    expect(s.scores).toEqual([-1, 4, 0, 0]);
    expect(s.positions[1]).toBe(27);
  });

  it('not the first sighting of the round: +3 but the present stays', () => {
    // Santa walks through kid 1's house (first sighting) and ends on 20, placing a present; kid 2 then enters 20.
    let s = board([27, 21, 14, 35]);
    s = playRound(s, [7, 2, 1, 3], [0, 2, 1, 3]);
    s = move(s, 0, 21, 20);
    expect(s.scores).toEqual([1, 4, 0, 0]);
    expect(s.present[20]).toBe(true);
    s = move(s, 2, 20);
    expect(s.scores).toEqual([1, 4, 3, 0]);
    expect(s.present[20]).toBe(true);
    // Without the earlier sighting, the same kid takes it.
    let t = board([27, 0, 14, 35]);
    t = playRound(t, [7, 2, 1, 3], [0, 2, 1, 3]);
    t = move(t, 0, 21, 20);
    t = move(t, 2, 20);
    expect(t.scores).toEqual([1, 0, 4, 0]);
    expect(t.present[20]).toBe(false);
  });

  it('the second kid into Santa’s house the same round sees him but finds no present; a new round starts afresh', () => {
    let s = board([20, 21, 14, 30]);
    s.present[20] = true;
    s = playRound(s, [1, 9, 8, 3], [1, 2, 0, 3]);
    s = move(s, 1, 20);
    s = move(s, 2, 20);
    expect(s.scores).toEqual([-1, 4, 3, 0]);
    s = move(s, 0, 19); // Santa walks off to the Library (present +1)
    s = move(s, 3, 24);
    expect(s.sighted).toBe(false);
    expect(s.round).toBe(2);
    // Round 2: kid 2 (at 20) enters the Library first: the first sighting of this round.
    s = playRound(s, [2, 1, 9, 4], [2, 0, 1, 3]);
    s = move(s, 2, 19);
    expect(s.scores).toEqual([-1, 4, 7, 0]);
  });

  it('a kid entering Santa’s house on an away house: +3 only', () => {
    let s = board([20, 21, 35, 30]);
    s.away = [20];
    s = playRound(s, [1, 9, 2, 3], [1, 0, 2, 3]);
    s = move(s, 1, 20);
    expect(s.scores).toEqual([0, 3, 0, 0]);
  });

  it('the supply: 30 in all, the start present counts, Santa cannot place at 0, emptied houses can be refilled', () => {
    let s = started({ at: [20, 0, 35, 30].map((h) => h) });
    // The start present came out of the supply.
    expect(s.supply).toBe(29);
    s.supply = 1;
    s = playRound(s, [8, 1, 2, 3]);
    s = move(s, 0, 21, 22);
    expect([s.supply, s.present[21], s.present[22], s.scores[0]]).toEqual([0, true, false, 2]);
    for (const seat of [1, 2, 3]) s = act(s, seat, { type: 'move', path: legalMoves(s, seat)!.routes[0] });
    s = playRound(s, [9, 4, 5, 6]);
    s = move(s, 0, 15, 16);
    expect([s.supply, s.present[15], s.present[16], s.scores[0]]).toEqual([0, false, false, 2]);
    // A house emptied by a kid is refilled when Santa comes back (supply permitting).
    let t = board([20, 21, 35, 30]);
    t = playRound(t, [7, 1, 2, 3], [0, 2, 3, 1]);
    t = move(t, 0, 21); // kid 1 takes it
    expect([t.present[21], t.supply]).toEqual([false, 29]);
    t = move(t, 2, 29);
    t = move(t, 3, 24);
    t = move(t, 1, 27);
    t = playRound(t, [6, 4, 5, 8]);
    t = move(t, 0, 22);
    t = move(t, 1, 26);
    t = move(t, 2, 23);
    t = move(t, 3, 25);
    t = playRound(t, [5, 2, 3, 9]);
    t = move(t, 0, 21);
    expect(t.present[21]).toBe(true);
    expect(t.supply).toBe(27);
  });
});

describe('the end', () => {
  it('13 rounds, every card played once, then the game is over', () => {
    let s = started();
    const rng = rngFromSeed('end');
    let guard = 0;
    while (s.phase !== 'over') {
      const seat = g.awaiting(s)[0];
      s = act(s, seat, g.sampleAction(s, seat, rng)!);
      if (++guard > 2000) throw new Error('no end');
    }
    expect(s.round).toBe(13);
    expect(s.rounds.map((r) => r.round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    for (let seat = 0; seat < 4; seat++) expect(s.rounds.map((r) => r.cards[seat]).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(s.hands).toEqual([[], [], [], []]);
    expect(s.scoreLog).toHaveLength(14);
    expect(s.scoreLog.at(-1)).toEqual(s.scores);
    expect(g.awaiting(s)).toEqual([]);
    expect(code(g.apply(s, 0, { type: 'pick', card: 1 }))).toBe('game-over');
    const r = g.result(s)!;
    expect(r.scores).toEqual(s.scores);
    expect(r.winners).toEqual(s.scores.flatMap((x, seat) => (x === Math.max(...s.scores) ? [seat] : [])));
    expect(s.log.at(-1)).toEqual({ kind: 'end', winners: r.winners, scores: s.scores });
    expect(g.result(started())).toBeNull();
  });

  it('highest score wins; equal scores share the win', () => {
    let s = board([20, 0, 35, 30]);
    // Jump to the last round with nothing left to score: supply empty, kids far from Santa.
    s.round = 13;
    s.hands = [[4], [1], [2], [3]];
    s.supply = 0;
    s.scores = [5, 5, 3, 5];
    s = playRound(s, [4, 1, 2, 3]);
    s = move(s, 0, 21);
    s = move(s, 1, 1);
    s = move(s, 2, 29);
    s = move(s, 3, 24);
    expect(s.phase).toBe('over');
    expect(g.result(s)).toEqual({ winners: [0, 1, 3], scores: [5, 5, 3, 5] });
  });
});

describe('purity and shape', () => {
  it('apply never mutates its input (every step of a whole game on frozen states)', () => {
    let s = deepFreeze(g.setup(4, g.defaultOptions(4), 'frozen'));
    const rng = rngFromSeed('frozen');
    while (s.phase !== 'over') {
      const seat = g.awaiting(s)[0];
      const before = JSON.stringify(s);
      const next = act(s, seat, g.botAction(g.publicView(s), g.seatView(s, seat), seat, rng)!);
      expect(JSON.stringify(s)).toBe(before);
      s = deepFreeze(next);
    }
    const c = cloneState(s);
    expect(c).toEqual(s);
    expect(c).not.toBe(s);
  });

  it('refuses malformed actions and wrong phases', () => {
    const s = started();
    expect(code(g.apply(s, 0, { type: 'fly' } as unknown as SantaAction))).toBe('malformed');
    expect(code(g.apply(s, 0, { type: 'move', path: [] }))).toBe('malformed');
    expect(code(g.apply(s, 7, { type: 'pick', card: 3 }))).toBe('not-your-turn');
    expect(code(g.apply(s, 0, { type: 'move', path: [21] }))).toBe('wrong-phase');
    expect(code(g.parseAction({ type: 'pick', card: 'K' }))).toBe('malformed');
    expect(must(g.parseAction({ type: 'order', order: [1, 0, 2] }))).toEqual({ type: 'order', order: [1, 0, 2] });
  });
});
