/**
 * Gift Trap bot: its choices follow its heuristics, it has its own taste (its
 * persona) and learns the others' from the reveals, and it only ever answers
 * with legal actions when awaited (the property tests play hundreds of games).
 */
import { describe, expect, it } from '@jest/globals';
import { rngFromSeed } from '../../engine/rng.js';
import { must } from '../../engine/testing.js';
import { appeal, assignGifts, giftIdOf, seatPersona } from './bot.js';
import { CATALOGUE } from './catalogue.js';
import { gifttrap as g } from './index.js';
import { learnedTaste, liking, personaTaste, traits } from './taste.js';
import { withBigDecks } from './testing.js';
import type { GiftTrapAction, GiftTrapState, LaidSlot, RoundRecord, Wants } from './types.js';

const start = (players: number, seed: string, doubleGifts = false): GiftTrapState => withBigDecks(g.setup(players, { goal: 30, doubleGifts }, seed));

const bot = (s: GiftTrapState, seat: number, seed = 'bot', persona?: string): GiftTrapAction | null =>
  g.botAction(g.publicView(s), g.seatView(s, seat), seat, rngFromSeed(seed), persona);

/** The wants a player of this persona would show on these slots: its three favourites, its least liked. */
function wantsOf(persona: string, slots: readonly LaidSlot[]): Wants {
  const like = slots.map((x) => liking(personaTaste(persona), giftIdOf(x)));
  const order = slots.map((_, i) => i).sort((a, b) => like[b] - like[a]);
  return { great: order[0], good: order[1], ok: order[2], noWay: order[order.length - 1] };
}

/** A past round of `players` in which only `seat` showed its wants, on `count` blue gifts from card `from` on. */
function pastRound(round: number, players: number, seat: number, persona: string, from: number, count: number): RoundRecord {
  const slots: LaidSlot[] = Array.from({ length: count }, (_, i) => ({ cardId: CATALOGUE.blue[(from + i) % CATALOGUE.blue.length].id, side: 0 }));
  const wants: (Wants | null)[] = Array(players).fill(null);
  wants[seat] = wantsOf(persona, slots);
  return { round, parent: 0, give: Array(players).fill(0), get: Array(players).fill(0), tier: 'blue', slots, opened: [], wants };
}

/** Let bots play until the phase changes away from `phase`. */
function botsThrough(s: GiftTrapState, phase: GiftTrapState['phase']): GiftTrapState {
  while (s.phase === phase) {
    const seat = g.awaiting(s)[0];
    s = must(g.apply(s, seat, bot(s, seat)!));
  }
  return s;
}

describe('bot', () => {
  it('as parent chooses a tier, shows the more appealing side of every card, then confirms', () => {
    for (let i = 0; i < 20; i++) {
      let s = start(3 + (i % 6), `layout-${i}`);
      const first = bot(s, s.parent)!;
      expect(first.type).toBe('chooseTier');
      s = botsThrough(s, 'layout');
      expect(s.phase).toBe('give');
      for (const slot of s.slots) {
        const other = { cardId: slot.cardId, side: (1 - slot.side) as 0 | 1 };
        expect(appeal(giftIdOf(slot))).toBeGreaterThanOrEqual(appeal(giftIdOf(other)));
      }
    }
  });

  it('gives the most appealing gifts, the right number to each other player', () => {
    for (const [players, dbl] of [
      [3, false],
      [5, false],
      [8, false],
      [3, true],
      [4, true],
    ] as const) {
      const s = botsThrough(start(players, `give-${players}`, dbl), 'layout');
      const per = dbl ? 2 : 1;
      const byAppeal = s.slots.map((_, i) => i).sort((a, b) => appeal(giftIdOf(s.slots[b])) - appeal(giftIdOf(s.slots[a])));
      for (let seat = 0; seat < players; seat++) {
        const a = bot(s, seat)!;
        if (a.type !== 'give') throw new Error('expected a give');
        expect(must(g.apply(s, seat, a)).gifts[seat]).toHaveLength((players - 1) * per);
        // The two least appealing gifts (noise apart) are kept back whenever slots are left over.
        const kept = s.slots.length - (players - 1) * per;
        if (kept > 0) expect(a.tiles.map((t) => t.slot)).not.toContain(byAppeal[byAppeal.length - 1]);
      }
    }
  });

  it('puts NO WAY mostly on unappealing gifts and its positive wants on likely ones', () => {
    let lowNoWay = 0;
    let total = 0;
    for (let i = 0; i < 40; i++) {
      const s = botsThrough(botsThrough(start(6, `want-${i}`), 'layout'), 'give');
      const byAppeal = s.slots.map((_, k) => k).sort((a, b) => appeal(giftIdOf(s.slots[b])) - appeal(giftIdOf(s.slots[a])));
      for (let seat = 0; seat < 6; seat++) {
        const a = bot(s, seat)!;
        if (a.type !== 'want') throw new Error('expected a want');
        must(g.apply(s, seat, a));
        total++;
        if (byAppeal.indexOf(a.wants.noWay) >= 4) lowNoWay++;
      }
    }
    expect(lowNoWay / total).toBeGreaterThan(0.8);
  });

  it('learns a player’s taste from the wants it revealed, and gives that player what it will want', () => {
    // Seat 1 has a taste of its own (persona 'truth-i'); in three earlier rounds it showed its wants.
    // Seat 0's gift to seat 1 should then land on seat 1's wants far more often than a stranger's would.
    let hits = 0;
    let blindHits = 0;
    let trials = 0;
    for (let i = 0; i < 60; i++) {
      const s = botsThrough(start(6, `learn-${i}`), 'layout');
      const truth = `truth-${i}`;
      const history = [0, 1, 2].map((r) => pastRound(r + 1, 6, 1, truth, 9 * r + i, 9));
      const favourites = (() => {
        const w = wantsOf(truth, s.slots);
        return [w.great, w.good, w.ok];
      })();
      const giveTo1 = (h: RoundRecord[]) => {
        const a = g.botAction({ ...g.publicView(s), history: h }, g.seatView(s, 0), 0, rngFromSeed(`g-${i}`), 'giver');
        if (a?.type !== 'give') throw new Error('expected a give');
        return a.tiles.find((t) => t.to === 1)!.slot;
      };
      trials++;
      if (favourites.includes(giveTo1(history))) hits++;
      if (favourites.includes(giveTo1([]))) blindHits++;
    }
    // Three of the seven slots are wanted: 43% by chance; measured 55 of 60 learned, 32 of 60 for a stranger.
    expect(hits / trials).toBeGreaterThan(0.8);
    expect(hits - blindHits).toBeGreaterThanOrEqual(0.25 * trials);
  });

  it('learns from revealed wants trait by trait: GREAT on gifts of a kind raises that kind', () => {
    const slots: LaidSlot[] = CATALOGUE.red.slice(0, 6).map((c) => ({ cardId: c.id, side: 0 }));
    const kind1 = slots.map((x) => traits(giftIdOf(x))[1]);
    const order = slots.map((_, i) => i).sort((a, b) => kind1[b] - kind1[a]);
    const wants: Wants = { great: order[0], good: order[1], ok: order[2], noWay: order[5] };
    const record: RoundRecord = { round: 1, parent: 0, give: [0, 0, 0], get: [0, 0, 0], tier: 'red', slots, opened: [], wants: [null, wants, null] };
    const { taste, rounds } = learnedTaste([record], 1);
    expect(rounds).toBe(1);
    expect(taste.weights[1]).toBeGreaterThan(0.5);
    // Seat 2 showed nothing: still a stranger, the prior (broad appeal only).
    expect(learnedTaste([record], 2)).toEqual({ taste: { weights: [1, 0, 0, 0, 0], whims: null }, rounds: 0 });
  });

  it('has a taste of its own, fixed by its persona: two personas want different gifts, one persona always the same', () => {
    let differ = 0;
    for (let i = 0; i < 40; i++) {
      const s = botsThrough(botsThrough(start(5, `persona-${i}`), 'layout'), 'give');
      const a = bot(s, 2, 'x', 'alice') as Extract<GiftTrapAction, { type: 'want' }>;
      expect(bot(s, 2, 'y', 'alice')).toEqual(a);
      const b = bot(s, 2, 'x', 'bob') as Extract<GiftTrapAction, { type: 'want' }>;
      if (a.wants.great !== b.wants.great || a.wants.noWay !== b.wants.noWay) differ++;
      // Without a persona, the seat's own.
      expect(bot(s, 2, 'x')).toEqual(bot(s, 2, 'x', seatPersona(2)));
    }
    expect(differ).toBeGreaterThan(15);
  });

  it('assigns gifts to maximise what the recipients will want, each a different slot', () => {
    // Both want slot 0 most; recipient 2 cares much less for its second choice: 1 gets slot 1.
    const value = [[], [3, 2, 0], [3, -4, 0]];
    expect(assignGifts(value, [1, 2], 1, 3)).toEqual(
      expect.arrayContaining([
        { to: 1, slot: 1 },
        { to: 2, slot: 0 },
      ]),
    );
    const two = assignGifts([[], [3, 2, 1, 0], [3, 2, 1, 0]], [1, 2], 2, 4);
    expect(new Set(two.map((t) => t.slot)).size).toBe(4);
  });

  it('opens only gifts lying before it, and is silent when not awaited or when the game is over', () => {
    let s = botsThrough(botsThrough(botsThrough(start(4, 'reveal'), 'layout'), 'give'), 'want');
    const revealer = g.publicView(s).revealer!;
    for (let seat = 0; seat < 4; seat++) if (seat !== revealer) expect(bot(s, seat)).toBeNull();
    const a = bot(s, revealer)!;
    expect(a.type).toBe('open');
    expect(g.publicView(s).closed).toContainEqual({ from: (a as { from: number }).from, to: revealer });
    while (s.phase !== 'over') {
      const seat = g.awaiting(s)[0];
      s = must(g.apply(s, seat, bot(s, seat, `${s.round}-${seat}-${s.opened.length}`)!));
    }
    for (let seat = 0; seat < 4; seat++) expect(bot(s, seat)).toBeNull();
  });
});
