/**
 * Gift Trap: one test (or more) per ruling of docs/rules/gifttrap.md.
 * States are plain data, so tests build exact situations by driving the
 * engine and, for pawn edge cases, by setting pawn positions directly.
 */
import { describe, expect, it } from '@jest/globals';
import { actor, code, deepFreeze, must } from '../../engine/testing.js';
import { CATALOGUE } from './catalogue.js';
import { gifttrap as g, giftsPerRecipient, slotCount } from './index.js';
import { cloneState } from './rules.js';
import { withBigDecks } from './testing.js';
import { TIERS, type GiftTrapOptions, type GiftTrapState, type GiveTile, type Tier, type Wants } from './types.js';

// ---------------------------------------------------------------------------
// Helpers

const start = (players = 4, options: Partial<GiftTrapOptions> = {}, seed = 'test'): GiftTrapState =>
  withBigDecks(g.setup(players, { ...g.defaultOptions(players), ...options }, seed));

const act = actor(g);

function laidOut(s: GiftTrapState, tier: Tier = 'red'): GiftTrapState {
  s = act(s, s.parent, { type: 'chooseTier', tier });
  return act(s, s.parent, { type: 'confirmLayout' });
}

/** A legal, deterministic assignment: giver s gives recipient r slot(s) derived from (r - s). */
function defaultTiles(s: GiftTrapState, giver: number): GiveTile[] {
  const n = s.players;
  const per = giftsPerRecipient(s.options.doubleGifts);
  const tiles: GiveTile[] = [];
  for (let d = 1; d < n; d++) {
    const to = (giver + d) % n;
    for (let j = 0; j < per; j++) tiles.push({ to, slot: (d - 1) * per + j });
  }
  return tiles;
}

function giveAll(s: GiftTrapState, tilesFor: (seat: number) => GiveTile[] = (seat) => defaultTiles(s, seat)) {
  for (let seat = 0; seat < s.players; seat++) s = act(s, seat, { type: 'give', tiles: tilesFor(seat) });
  return s;
}

const W = (great: number, good: number, ok: number, noWay: number): Wants => ({ great, good, ok, noWay });

function wantAll(s: GiftTrapState, wantsFor: (seat: number) => Wants = () => W(0, 1, 2, 3)) {
  for (let seat = 0; seat < s.players; seat++) s = act(s, seat, { type: 'want', wants: wantsFor(seat) });
  return s;
}

/** A 4-player state whose parent is seat `parent` (re-seeded until it is). */
function withParent(parent: number, players = 4, options: Partial<GiftTrapOptions> = {}): GiftTrapState {
  for (let i = 0; ; i++) {
    const s = start(players, options, `parent-${i}`);
    if (s.parent === parent) return s;
  }
}

/** Open everything of the current revealer, giver by giver in seat order. */
function openAllOfRevealer(s: GiftTrapState): GiftTrapState {
  const seat = g.publicView(s).revealer!;
  for (;;) {
    const c = g.publicView(s).closed.find((x) => x.to === seat);
    if (!c || s.phase !== 'reveal') return s;
    s = act(s, seat, { type: 'open', from: c.from });
  }
}

// ---------------------------------------------------------------------------

describe('slot counts and options', () => {
  it('lays out N+1 slots, and 8 (3p) or 9 (4p) with doubleGifts', () => {
    for (let n = 3; n <= 8; n++) expect(slotCount(n, false)).toBe(n + 1);
    expect(slotCount(3, true)).toBe(8);
    expect(slotCount(4, true)).toBe(9);
    expect(giftsPerRecipient(false)).toBe(1);
    expect(giftsPerRecipient(true)).toBe(2);
    for (const [n, dbl, want] of [
      [3, false, 4],
      [6, false, 7],
      [8, false, 9],
      [3, true, 8],
      [4, true, 9],
    ] as const) {
      const s = laidOut(start(n, { doubleGifts: dbl }));
      expect(s.slots).toHaveLength(want);
      expect(g.publicView(s).slotCount).toBe(want);
    }
  });

  it('defaults to goal 30 without doubleGifts and accepts goals 20/30/40', () => {
    expect(g.defaultOptions(5)).toEqual({ goal: 30, doubleGifts: false });
    expect(must(g.parseOptions({}, 5))).toEqual({ goal: 30, doubleGifts: false });
    expect(must(g.parseOptions(undefined, 5))).toEqual({ goal: 30, doubleGifts: false });
    for (const goal of [20, 30, 40]) expect(must(g.parseOptions({ goal }, 6)).goal).toBe(goal);
    expect(code(g.parseOptions({ goal: 25 }, 4))).toBe('malformed');
    expect(code(g.parseOptions({ goal: '30' }, 4))).toBe('malformed');
    expect(code(g.parseOptions({ doubleGifts: 'yes' }, 4))).toBe('malformed');
    expect(code(g.parseOptions(42, 4))).toBe('malformed');
  });

  it('accepts doubleGifts at 3–4 players and refuses it at 5+', () => {
    expect(must(g.parseOptions({ doubleGifts: true }, 3)).doubleGifts).toBe(true);
    expect(must(g.parseOptions({ doubleGifts: true, goal: 20 }, 4))).toEqual({ goal: 20, doubleGifts: true });
    for (let n = 5; n <= 8; n++) {
      expect(code(g.parseOptions({ doubleGifts: true }, n))).toBe('gifttrap/double-gifts-players');
      expect(() => g.setup(n, { goal: 30, doubleGifts: true }, 'x')).toThrow();
    }
  });

  it('is for 3 to 8 players', () => {
    expect(g.minPlayers).toBe(3);
    expect(g.maxPlayers).toBe(8);
    expect(code(g.parseOptions({}, 2))).toBe('gifttrap/player-count');
    expect(code(g.parseOptions({}, 9))).toBe('gifttrap/player-count');
    expect(() => g.setup(2, g.defaultOptions(2), 'x')).toThrow();
    expect(() => g.setup(9, g.defaultOptions(9), 'x')).toThrow();
  });
});

describe('setup', () => {
  it('starts in the layout phase of round 1 with pawns at 0 and a seeded generator', () => {
    const s = g.setup(5, g.defaultOptions(5), 'seed');
    expect(s.game).toBe('gifttrap');
    expect(s.phase).toBe('layout');
    expect(s.round).toBe(1);
    expect(s.tier).toBeNull();
    expect(s.give).toEqual([0, 0, 0, 0, 0]);
    expect(s.get).toEqual([0, 0, 0, 0, 0]);
    expect(s.rng).toHaveLength(4);
    expect(s.winners).toBeNull();
    expect(g.awaiting(s)).toEqual([s.parent]);
  });

  it('shuffles each tier deck from the seed (a permutation of the catalogue)', () => {
    const a = g.setup(4, g.defaultOptions(4), 'one');
    expect(g.setup(4, g.defaultOptions(4), 'one')).toEqual(a);
    for (const t of TIERS) expect([...a.decks[t]].sort()).toEqual(CATALOGUE[t].map((c) => c.id).sort());
    const big = TIERS.filter((t) => CATALOGUE[t].length >= 8);
    if (big.length) {
      const orders = new Set(Array.from({ length: 10 }, (_, i) => g.setup(4, g.defaultOptions(4), `s${i}`).decks[big[0]].join()));
      expect(orders.size).toBeGreaterThan(1);
    }
  });

  it('draws the first parent at random, reproducibly by seed', () => {
    const parents = Array.from({ length: 80 }, (_, i) => g.setup(4, g.defaultOptions(4), `p${i}`).parent);
    expect(new Set(parents)).toEqual(new Set([0, 1, 2, 3]));
    const again = Array.from({ length: 80 }, (_, i) => g.setup(4, g.defaultOptions(4), `p${i}`).parent);
    expect(again).toEqual(parents);
  });
});

describe('layout', () => {
  it('only the parent chooses the tier, once, and the top cards are laid out face 0', () => {
    const s = withParent(1);
    const top = s.decks.blue.slice(0, 5);
    expect(code(g.apply(s, 0, { type: 'chooseTier', tier: 'blue' }))).toBe('not-your-turn');
    const t = act(s, 1, { type: 'chooseTier', tier: 'blue' });
    expect(t.tier).toBe('blue');
    expect(t.slots).toEqual(top.map((cardId) => ({ cardId, side: 0 })));
    expect(t.decks.blue).toEqual(s.decks.blue.slice(5));
    expect(code(g.apply(t, 1, { type: 'chooseTier', tier: 'red' }))).toBe('gifttrap/tier-already-chosen');
    expect(t.phase).toBe('layout');
  });

  it('refuses a tier whose deck is too small for the layout', () => {
    const s = withParent(0);
    s.decks.black = s.decks.black.slice(0, 4); // 4 players need 5
    expect(code(g.apply(s, 0, { type: 'chooseTier', tier: 'black' }))).toBe('gifttrap/tier-too-small');
    s.decks.black = s.decks.red.slice(0, 5).map((id) => id.replace('red', 'black'));
    expect(act(s, 0, { type: 'chooseTier', tier: 'black' }).slots).toHaveLength(5);
  });

  it('lets the parent (only) flip any slot, any number of times, after choosing a tier', () => {
    let s = withParent(2);
    expect(code(g.apply(s, 2, { type: 'flip', slot: 0 }))).toBe('gifttrap/no-tier');
    expect(code(g.apply(s, 2, { type: 'confirmLayout' }))).toBe('gifttrap/no-tier');
    s = act(s, 2, { type: 'chooseTier', tier: 'yellow' });
    expect(code(g.apply(s, 3, { type: 'flip', slot: 0 }))).toBe('not-your-turn');
    s = act(s, 2, { type: 'flip', slot: 4 });
    s = act(s, 2, { type: 'flip', slot: 1 });
    expect(s.slots.map((x) => x.side)).toEqual([0, 1, 0, 0, 1]);
    s = act(s, 2, { type: 'flip', slot: 4 });
    expect(s.slots.map((x) => x.side)).toEqual([0, 1, 0, 0, 0]);
    expect(code(g.apply(s, 2, { type: 'flip', slot: 5 }))).toBe('gifttrap/bad-slot');
    expect(code(g.apply(s, 0, { type: 'confirmLayout' }))).toBe('not-your-turn');
    s = act(s, 2, { type: 'confirmLayout' });
    expect(s.phase).toBe('give');
    expect(code(g.apply(s, 2, { type: 'flip', slot: 0 }))).toBe('wrong-phase');
  });
});

describe('give', () => {
  it('accepts one distinct slot per other player and waits for everybody', () => {
    let s = laidOut(start(4));
    expect(g.awaiting(s)).toEqual([0, 1, 2, 3]);
    s = act(s, 2, {
      type: 'give',
      tiles: [
        { to: 0, slot: 4 },
        { to: 1, slot: 0 },
        { to: 3, slot: 2 },
      ],
    });
    expect(s.gifts[2]).toEqual([
      { to: 0, slot: 4 },
      { to: 1, slot: 0 },
      { to: 3, slot: 2 },
    ]);
    expect(g.awaiting(s)).toEqual([0, 1, 3]);
    expect(s.phase).toBe('give');
  });

  it('refuses a wrong number of gifts per recipient', () => {
    const s = laidOut(start(4));
    expect(
      code(
        g.apply(s, 0, {
          type: 'give',
          tiles: [
            { to: 1, slot: 0 },
            { to: 2, slot: 1 },
          ],
        }),
      ),
    ).toBe('gifttrap/wrong-count');
    expect(
      code(
        g.apply(s, 0, {
          type: 'give',
          tiles: [
            { to: 1, slot: 0 },
            { to: 1, slot: 1 },
            { to: 2, slot: 2 },
          ],
        }),
      ),
    ).toBe('gifttrap/wrong-count');
    expect(
      code(
        g.apply(s, 0, {
          type: 'give',
          tiles: [
            { to: 1, slot: 0 },
            { to: 2, slot: 1 },
            { to: 3, slot: 2 },
            { to: 3, slot: 3 },
          ],
        }),
      ),
    ).toBe('gifttrap/wrong-count');
    expect(code(g.apply(s, 0, { type: 'give', tiles: [] }))).toBe('gifttrap/wrong-count');
  });

  it('refuses the same slot twice, a gift to oneself, a slot off the board and an unknown seat', () => {
    const s = laidOut(start(4));
    expect(
      code(
        g.apply(s, 0, {
          type: 'give',
          tiles: [
            { to: 1, slot: 0 },
            { to: 2, slot: 0 },
            { to: 3, slot: 2 },
          ],
        }),
      ),
    ).toBe('gifttrap/slot-taken');
    expect(
      code(
        g.apply(s, 0, {
          type: 'give',
          tiles: [
            { to: 0, slot: 0 },
            { to: 2, slot: 1 },
            { to: 3, slot: 2 },
          ],
        }),
      ),
    ).toBe('gifttrap/self-gift');
    expect(
      code(
        g.apply(s, 0, {
          type: 'give',
          tiles: [
            { to: 1, slot: 5 },
            { to: 2, slot: 1 },
            { to: 3, slot: 2 },
          ],
        }),
      ),
    ).toBe('gifttrap/bad-slot');
    expect(
      code(
        g.apply(s, 0, {
          type: 'give',
          tiles: [
            { to: 4, slot: 0 },
            { to: 2, slot: 1 },
            { to: 3, slot: 2 },
          ],
        }),
      ),
    ).toBe('gifttrap/bad-seat');
  });

  it('with doubleGifts wants exactly two distinct slots per other player', () => {
    const s = laidOut(start(4, { doubleGifts: true }));
    const ok6 = [0, 1, 2, 3, 4, 5].map((slot, i) => ({ to: 1 + Math.floor(i / 2), slot }));
    expect(must(g.apply(s, 0, { type: 'give', tiles: ok6 })).gifts[0]).toHaveLength(6);
    expect(code(g.apply(s, 0, { type: 'give', tiles: ok6.slice(0, 5) }))).toBe('gifttrap/wrong-count');
    const three = ok6.map((t, i) => (i === 2 ? { to: 1, slot: 2 } : t));
    expect(code(g.apply(s, 0, { type: 'give', tiles: three }))).toBe('gifttrap/wrong-count');
    const dup = ok6.map((t, i) => (i === 5 ? { ...t, slot: 0 } : t));
    expect(code(g.apply(s, 0, { type: 'give', tiles: dup }))).toBe('gifttrap/slot-taken');
    const s3 = laidOut(start(3, { doubleGifts: true }));
    const t3 = [7, 6, 5, 4].map((slot, i) => ({ to: 1 + Math.floor(i / 2), slot }));
    expect(must(g.apply(s3, 0, { type: 'give', tiles: t3 })).gifts[0]).toEqual(t3);
  });

  it('allows revisions until the last player submits, then moves to want and refuses more', () => {
    let s = laidOut(start(3));
    s = act(s, 0, {
      type: 'give',
      tiles: [
        { to: 1, slot: 0 },
        { to: 2, slot: 1 },
      ],
    });
    s = act(s, 0, {
      type: 'give',
      tiles: [
        { to: 1, slot: 3 },
        { to: 2, slot: 2 },
      ],
    });
    expect(s.gifts[0]).toEqual([
      { to: 1, slot: 3 },
      { to: 2, slot: 2 },
    ]);
    s = act(s, 1, {
      type: 'give',
      tiles: [
        { to: 0, slot: 0 },
        { to: 2, slot: 1 },
      ],
    });
    s = act(s, 1, {
      type: 'give',
      tiles: [
        { to: 0, slot: 1 },
        { to: 2, slot: 0 },
      ],
    });
    expect(s.phase).toBe('give');
    s = act(s, 2, {
      type: 'give',
      tiles: [
        { to: 0, slot: 0 },
        { to: 1, slot: 1 },
      ],
    });
    expect(s.phase).toBe('want');
    expect(s.gifts[1]).toEqual([
      { to: 0, slot: 1 },
      { to: 2, slot: 0 },
    ]);
    expect(
      code(
        g.apply(s, 0, {
          type: 'give',
          tiles: [
            { to: 1, slot: 0 },
            { to: 2, slot: 1 },
          ],
        }),
      ),
    ).toBe('wrong-phase');
    expect(g.awaiting(s)).toEqual([0, 1, 2]);
  });
});

describe('want', () => {
  it('needs four distinct slots on the board', () => {
    const s = giveAll(laidOut(start(4)));
    expect(code(g.apply(s, 0, { type: 'want', wants: W(0, 0, 1, 2) }))).toBe('gifttrap/same-slot');
    expect(code(g.apply(s, 0, { type: 'want', wants: W(0, 1, 2, 5) }))).toBe('gifttrap/bad-slot');
    expect(code(g.apply(s, 0, { type: 'want', wants: { great: 0, good: 1, ok: 2 } as unknown as Wants }))).toBe('malformed');
    expect(must(g.apply(s, 0, { type: 'want', wants: W(4, 0, 3, 1) })).wants[0]).toEqual(W(4, 0, 3, 1));
  });

  it('may be revised until all are in, then the reveal begins; a want may lie on a gift one gave', () => {
    let s = giveAll(laidOut(start(3)));
    const given = s.gifts[0]![0].slot;
    s = act(s, 0, { type: 'want', wants: W(given, 1, 2, 3 === given ? 0 : 3) });
    s = act(s, 0, { type: 'want', wants: W(3, 2, 1, 0) });
    expect(s.wants[0]).toEqual(W(3, 2, 1, 0));
    s = act(s, 1, { type: 'want', wants: W(0, 1, 2, 3) });
    expect(g.awaiting(s)).toEqual([2]);
    expect(s.phase).toBe('want');
    s = act(s, 2, { type: 'want', wants: W(0, 1, 2, 3) });
    expect(s.phase).toBe('reveal');
    expect(code(g.apply(s, 2, { type: 'want', wants: W(1, 0, 2, 3) }))).toBe('wrong-phase');
  });
});

describe('reveal', () => {
  it('goes from the parent to the left, one revealer at a time', () => {
    let s = wantAll(giveAll(laidOut(withParent(2))));
    expect(s.revealOrder).toEqual([2, 3, 0, 1]);
    const seen: number[] = [];
    while (s.phase === 'reveal') {
      const r = g.publicView(s).revealer!;
      expect(g.awaiting(s)).toEqual([r]);
      seen.push(r);
      const other = (r + 1) % 4;
      expect(code(g.apply(s, other, { type: 'open', from: r }))).toBe('not-your-turn');
      s = openAllOfRevealer(s);
    }
    expect(seen).toEqual([2, 3, 0, 1]);
  });

  it('makes wants public only from the revealer’s turn', () => {
    let s = wantAll(giveAll(laidOut(withParent(1))), (seat) => W(seat, (seat + 1) % 5, (seat + 2) % 5, (seat + 3) % 5));
    expect(g.publicView(s).revealedWants).toEqual([null, W(1, 2, 3, 4), null, null]);
    s = openAllOfRevealer(s);
    expect(g.publicView(s).revealer).toBe(2);
    expect(g.publicView(s).revealedWants).toEqual([null, W(1, 2, 3, 4), W(2, 3, 4, 0), null]);
    // During want, nobody's wants are public even once submitted.
    const w = act(giveAll(laidOut(withParent(1))), 0, { type: 'want', wants: W(0, 1, 2, 3) });
    expect(g.publicView(w).revealedWants).toEqual([null, null, null, null]);
  });

  it('opens gifts in any order the revealer chooses, only closed ones received', () => {
    let s = wantAll(giveAll(laidOut(withParent(0))));
    // Seat 0 received from 1, 2, 3.
    expect(code(g.apply(s, 0, { type: 'open', from: 0 }))).toBe('gifttrap/nothing-to-open');
    s = act(s, 0, { type: 'open', from: 3 });
    s = act(s, 0, { type: 'open', from: 1 });
    expect(code(g.apply(s, 0, { type: 'open', from: 3 }))).toBe('gifttrap/nothing-to-open');
    expect(s.opened.map((o) => o.from)).toEqual([3, 1]);
    expect(g.publicView(s).revealer).toBe(0);
    s = act(s, 0, { type: 'open', from: 2 });
    expect(g.publicView(s).revealer).toBe(1);
    expect(s.opened.map((o) => [o.from, o.to])).toEqual([
      [3, 0],
      [1, 0],
      [2, 0],
    ]);
  });

  it('scores +3/+2/+1/−4 by want tile and −1 without one, moving GET and GIVE pawns', () => {
    // 6 players: slots 0..6. Seat 0 (parent) wants great 0, good 1, ok 2, noWay 3.
    let s = laidOut(withParent(0, 6));
    const slotFrom = [-1, 0, 1, 2, 3, 4]; // giver -> slot given to seat 0
    s = giveAll(s, (seat) => {
      if (seat === 0) return [1, 2, 3, 4, 5].map((to, i) => ({ to, slot: i }));
      const others = [0, 1, 2, 3, 4, 5].filter((t) => t !== seat && t !== 0);
      const free = [0, 1, 2, 3, 4, 5, 6].filter((x) => x !== slotFrom[seat]);
      return [{ to: 0, slot: slotFrom[seat] }, ...others.map((to, i) => ({ to, slot: free[i] }))];
    });
    s = wantAll(s, () => W(0, 1, 2, 3));
    s.give = [10, 10, 10, 10, 10, 10];
    s.get = [10, 10, 10, 10, 10, 10];
    const expected = { 1: 3, 2: 2, 3: 1, 4: -4, 5: -1 } as Record<number, number>;
    let get = 10;
    for (const from of [4, 1, 5, 3, 2]) {
      s = act(s, 0, { type: 'open', from });
      const last = s.opened[s.opened.length - 1];
      expect(last).toEqual({ from, to: 0, slot: slotFrom[from], value: expected[from] });
      get += expected[from];
      expect(s.get[0]).toBe(get);
      expect(s.give[from]).toBe(10 + expected[from]);
    }
    expect(s.get[0]).toBe(10 + 3 + 2 + 1 - 4 - 1);
  });

  it('clamps at 0 and at the goal, and a pawn at the goal never moves again', () => {
    let s = wantAll(giveAll(laidOut(withParent(0, 3, { goal: 20 }))), () => W(0, 1, 2, 3));
    // Seat 0 receives slot (d-1) from giver (0-d): from 2 slot 0? defaultTiles: giver 1 -> to 0 is d=2 -> slot 1 (+2);
    // giver 2 -> to 0 is d=1 -> slot 0 (+3).
    s.get[0] = 19;
    s.give[2] = 1;
    s = act(s, 0, { type: 'open', from: 2 }); // +3
    expect(s.get[0]).toBe(20);
    expect(s.give[2]).toBe(4);
    s.give[1] = 20; // already at the goal: never moves
    s = act(s, 0, { type: 'open', from: 1 }); // +2
    expect(s.get[0]).toBe(20);
    expect(s.give[1]).toBe(20);
    // Seat 1 receives from 0 (d=1, slot 0 → +3) and from 2 (d=2, slot 1 → +2); make both negative instead.
    s.wants[1] = W(5 % 4, 2, 3, 0); // great 1, good 2, ok 3, noWay 0
    s.get[1] = 2;
    s.give[0] = 20;
    s.give[2] = 0;
    s = act(s, 1, { type: 'open', from: 0 }); // slot 0: noWay −4
    expect(s.get[1]).toBe(0);
    expect(s.give[0]).toBe(20); // at the goal: not moved down
    s = act(s, 1, { type: 'open', from: 2 }); // slot 1: great +3
    expect(s.get[1]).toBe(3);
    expect(s.give[2]).toBe(3);
    // Seat 2 receives slot 1 from 0 (d=2) and slot 0 from 1 (d=1) → with get at goal both fail to move it.
    s.get[2] = 20;
    s.wants[2] = W(2, 3, 1, 0); // slot 1 → ok +1, slot 0 → noWay −4
    s.give[1] = 3;
    s = act(s, 2, { type: 'open', from: 1 });
    expect(s.get[2]).toBe(20);
    expect(s.give[1]).toBe(0); // 3 − 4 clamped at 0
  });

  it('shows face-down gifts (without slots) of submitted givers, and removes them once opened', () => {
    let s = laidOut(start(3));
    expect(g.publicView(s).closed).toEqual([]);
    s = act(s, 1, {
      type: 'give',
      tiles: [
        { to: 2, slot: 3 },
        { to: 0, slot: 1 },
      ],
    });
    expect(g.publicView(s).closed).toEqual([
      { from: 1, to: 0 },
      { from: 1, to: 2 },
    ]);
    expect(g.publicView(s).giveSubmitted).toEqual([false, true, false]);
    s = wantAll(giveAll(s));
    const pv = g.publicView(s);
    expect(pv.closed).toHaveLength(6);
    s = act(s, pv.revealer!, { type: 'open', from: pv.closed.find((c) => c.to === pv.revealer)!.from });
    expect(g.publicView(s).closed).toHaveLength(5);
  });

  it('with doubleGifts opens both gifts of one giver, one per action', () => {
    let s = wantAll(giveAll(laidOut(withParent(0, 3, { doubleGifts: true }))), () => W(0, 1, 2, 3));
    expect(g.publicView(s).closed.filter((c) => c.to === 0)).toEqual([
      { from: 1, to: 0 },
      { from: 1, to: 0 },
      { from: 2, to: 0 },
      { from: 2, to: 0 },
    ]);
    s = act(s, 0, { type: 'open', from: 1 });
    s = act(s, 0, { type: 'open', from: 1 });
    expect(code(g.apply(s, 0, { type: 'open', from: 1 }))).toBe('gifttrap/nothing-to-open');
    expect(s.opened.map((o) => o.slot).sort()).toEqual([2, 3]); // giver 1 → seat 0 is d=2: slots 2, 3
    // Which of the two face-down tiles turns up first is chance: +1 then −4 ends at 0, −4 (clamped) then +1 at 1.
    expect([0, 1]).toContain(s.get[0]);
  });
});

describe('end of round', () => {
  function playRound(s: GiftTrapState): GiftTrapState {
    s = wantAll(giveAll(laidOut(s, 'blue')));
    while (s.phase === 'reveal') s = openAllOfRevealer(s);
    return s;
  }

  it('records history, returns the cards to the bottom of their deck and passes the parent left', () => {
    const s0 = withParent(3);
    const laid = laidOut(s0, 'blue');
    const cards = laid.slots.map((x) => x.cardId);
    const s = playRound(s0);
    expect(s.phase).toBe('layout');
    expect(s.round).toBe(2);
    expect(s.parent).toBe(0);
    expect(s.revealOrder).toEqual([0, 1, 2, 3]);
    expect(s.decks.blue).toEqual([...s0.decks.blue.slice(5), ...cards]);
    expect(s.tier).toBeNull();
    expect(s.slots).toEqual([]);
    expect(s.gifts).toEqual([null, null, null, null]);
    expect(s.wants).toEqual([null, null, null, null]);
    expect(s.opened).toEqual([]);
    expect(s.history).toHaveLength(1);
    const rec = s.history[0];
    expect(rec).toMatchObject({ round: 1, parent: 3, give: s.give, get: s.get, tier: 'blue', slots: laid.slots });
    // The finished round keeps what it revealed: every opening, in reveal order, and every want.
    expect(rec.opened).toHaveLength(4 * 3);
    expect(rec.opened.map((o) => o.to)).toEqual([3, 3, 3, 0, 0, 0, 1, 1, 1, 2, 2, 2]);
    expect(rec.wants.every((w) => w !== null)).toBe(true);
    expect(g.publicView(s).history).toEqual(s.history);
    expect(g.result(s)).toBeNull();
    const s2 = playRound(s);
    expect(s2.parent).toBe(1);
    expect(s2.history.map((h) => h.parent)).toEqual([3, 0]);
  });

  it('ends with every player whose two pawns are at the goal as (shared) winners', () => {
    let s = wantAll(giveAll(laidOut(withParent(0, 3, { goal: 20 }))), () => W(0, 1, 2, 3));
    s.give = [20, 20, 19];
    s.get = [20, 20, 5];
    while (s.phase === 'reveal') s = openAllOfRevealer(s);
    expect(s.phase).toBe('over');
    expect(s.winners).toEqual([0, 1]);
    expect(g.awaiting(s)).toEqual([]);
    const r = g.result(s)!;
    expect(r.winners).toEqual([0, 1]);
    expect(r.scores).toEqual(s.give.map((x, i) => x + s.get[i]));
    expect(s.history).toHaveLength(1);
    expect(g.publicView(s).winners).toEqual([0, 1]);
    expect(code(g.apply(s, 0, { type: 'chooseTier', tier: 'red' }))).toBe('game-over');
    expect(code(g.apply(s, 1, { type: 'open', from: 0 }))).toBe('game-over');
    expect(code(g.apply(s, 1, { nonsense: true } as never))).toBe('game-over');
  });

  it('keeps a player whose pawns are at the goal there through bad gifts, and they win', () => {
    let s = wantAll(giveAll(laidOut(withParent(0, 3, { goal: 20 }))), () => W(3, 2, 1, 0));
    s.give = [20, 0, 0];
    s.get = [20, 0, 0];
    while (s.phase === 'reveal') s = openAllOfRevealer(s);
    expect(s.give[0]).toBe(20);
    expect(s.get[0]).toBe(20);
    expect(s.winners).toEqual([0]);
  });
});

describe('rejections', () => {
  it('rejects malformed intents with "malformed"', () => {
    for (const bad of [
      null,
      42,
      'open',
      {},
      { type: 'dance' },
      { type: 'flip' },
      { type: 'flip', slot: -1 },
      { type: 'flip', slot: 1.5 },
      { type: 'flip', slot: '1' },
      { type: 'chooseTier', tier: 'gold' },
      { type: 'give', tiles: 'all' },
      { type: 'give', tiles: [{ to: 1 }] },
      { type: 'want', wants: [0, 1, 2, 3] },
      { type: 'open' },
    ]) {
      expect(code(g.parseAction(bad))).toBe('malformed');
      expect(code(g.apply(start(4), 0, bad as never))).toBe('malformed');
    }
    expect(must(g.parseAction({ type: 'open', from: 2 }))).toEqual({ type: 'open', from: 2 });
    expect(must(g.parseAction({ type: 'want', wants: W(0, 1, 2, 3) }))).toEqual({ type: 'want', wants: W(0, 1, 2, 3) });
    expect(must(g.parseAction({ type: 'confirmLayout', extra: 1 }))).toEqual({ type: 'confirmLayout' });
  });

  it('rejects actions of another phase with "wrong-phase" and unknown seats with "not-your-turn"', () => {
    const s = withParent(0);
    expect(code(g.apply(s, 0, { type: 'give', tiles: defaultTiles(s, 0) }))).toBe('wrong-phase');
    expect(code(g.apply(s, 0, { type: 'want', wants: W(0, 1, 2, 3) }))).toBe('wrong-phase');
    expect(code(g.apply(s, 0, { type: 'open', from: 1 }))).toBe('wrong-phase');
    const r = wantAll(giveAll(laidOut(s)));
    expect(code(g.apply(r, 0, { type: 'confirmLayout' }))).toBe('wrong-phase');
    expect(code(g.apply(s, 7, { type: 'confirmLayout' }))).toBe('not-your-turn');
    expect(code(g.apply(s, -1, { type: 'confirmLayout' }))).toBe('not-your-turn');
  });
});

describe('purity', () => {
  it('never mutates a deep-frozen input state, whatever is applied', () => {
    let s = start(4, {}, 'pure');
    const script: [number, Parameters<typeof g.apply>[2]][] = [];
    // Build a whole round's worth of actions, applying each to a frozen state.
    const step = (seat: number, a: Parameters<typeof g.apply>[2]) => {
      const frozen = deepFreeze(structuredClone(s));
      const before = JSON.stringify(frozen);
      const r = g.apply(frozen, seat, a);
      expect(JSON.stringify(frozen)).toBe(before);
      g.apply(frozen, (seat + 1) % 4, a); // also a rejected one
      g.publicView(frozen);
      g.seatView(frozen, seat);
      g.awaiting(frozen);
      g.sampleAction(frozen, seat, { next: () => 0.5 });
      g.botAction(g.publicView(frozen), g.seatView(frozen, seat), seat, { next: () => 0.5 });
      expect(JSON.stringify(frozen)).toBe(before);
      s = must(r);
      script.push([seat, a]);
    };
    step(s.parent, { type: 'chooseTier', tier: 'red' });
    step(s.parent, { type: 'flip', slot: 2 });
    step(s.parent, { type: 'confirmLayout' });
    for (let seat = 0; seat < 4; seat++) step(seat, { type: 'give', tiles: defaultTiles(s, seat) });
    for (let seat = 0; seat < 4; seat++) step(seat, { type: 'want', wants: W(0, 1, 2, 3) });
    while (s.phase === 'reveal') {
      const r = g.publicView(s).revealer!;
      step(r, { type: 'open', from: g.publicView(s).closed.find((c) => c.to === r)!.from });
    }
    expect(s.round).toBe(2);
    expect(script.length).toBeGreaterThan(20);
  });
});

describe('cloneState', () => {
  it('copies a state deeply: equal, and sharing no object or array with the original', () => {
    let s = wantAll(giveAll(laidOut(start(4))));
    s = act(s, s.parent, { type: 'open', from: g.publicView(s).closed.find((c) => c.to === s.parent)!.from });
    s.history.push({
      round: 0,
      parent: 0,
      give: [1, 2, 3, 4],
      get: [4, 3, 2, 1],
      tier: 'red',
      slots: [{ cardId: 'red-01', side: 1 }],
      opened: [{ from: 0, to: 1, slot: 0, value: 3 }],
      wants: [{ great: 0, good: 1, ok: 2, noWay: 3 }, null, null, null],
    });
    s.winners = [1];
    const c = cloneState(s);
    expect(c).toEqual(s);
    const seen = new Set<object>();
    const collect = (x: unknown) => {
      if (x && typeof x === 'object') {
        seen.add(x);
        Object.values(x).forEach(collect);
      }
    };
    collect(s);
    const shared: string[] = [];
    const walk = (x: unknown, path: string) => {
      if (x && typeof x === 'object') {
        if (seen.has(x)) shared.push(path);
        Object.entries(x).forEach(([k, v]) => walk(v, `${path}.${k}`));
      }
    };
    walk(c, 'state');
    expect(shared).toEqual([]);
  });
});

describe('views', () => {
  it('seatView holds only that seat’s own gifts and wants', () => {
    let s = giveAll(laidOut(start(4)));
    s = act(s, 1, { type: 'want', wants: W(3, 2, 1, 0) });
    expect(g.seatView(s, 1)).toEqual({ seat: 1, myGifts: s.gifts[1], myWants: W(3, 2, 1, 0) });
    expect(g.seatView(s, 2)).toEqual({ seat: 2, myGifts: s.gifts[2], myWants: null });
    expect(g.seatView(start(4), 0)).toEqual({ seat: 0, myGifts: null, myWants: null });
  });

  it('publicView has no deck, no generator and no unopened slot', () => {
    const s = act(giveAll(laidOut(start(4))), 0, { type: 'want', wants: W(0, 1, 2, 3) });
    const pv = g.publicView(s);
    const json = JSON.stringify(pv);
    expect(json).not.toMatch(/decks|rng|seed|"wants"|"gifts"/);
    for (const c of pv.closed) expect(Object.keys(c).sort()).toEqual(['from', 'to']);
    expect(pv.revealedWants).toEqual([null, null, null, null]);
    expect(pv.wantSubmitted).toEqual([true, false, false, false]);
    expect(pv.revealer).toBeNull();
  });
});
