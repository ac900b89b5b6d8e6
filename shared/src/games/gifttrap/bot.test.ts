/**
 * Gift Trap bot: its choices follow its heuristics, and it only ever answers
 * with legal actions when awaited (the property tests play hundreds of games).
 */
import { describe, expect, it } from '@jest/globals';
import { rngFromSeed } from '../../engine/rng.js';
import { must } from '../../engine/testing.js';
import { appeal, giftIdOf } from './bot.js';
import { gifttrap as g } from './index.js';
import { withBigDecks } from './testing.js';
import type { GiftTrapAction, GiftTrapState } from './types.js';

const start = (players: number, seed: string, doubleGifts = false): GiftTrapState =>
  withBigDecks(g.setup(players, { goal: 30, doubleGifts }, seed));

const bot = (s: GiftTrapState, seat: number, seed = 'bot'): GiftTrapAction | null =>
  g.botAction(g.publicView(s), g.seatView(s, seat), seat, rngFromSeed(seed));

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
    for (const [players, dbl] of [[3, false], [5, false], [8, false], [3, true], [4, true]] as const) {
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
