import { describe, expect, it } from '@jest/globals';
import { games, rngFromSeed } from '@fireside/shared';
import { defaultDecide, type DecideContext } from './seat-player.js';

describe('defaultDecide', () => {
  it('hands the persona to the game’s botAction, which fixes the bot’s taste', () => {
    const g = games.gifttrap;
    let s = g.setup(5, g.defaultOptions(5), 'persona');
    const rng = rngFromSeed('bots');
    // Bots through the layout and the gifts, to the wants (where taste shows).
    while (s.phase !== 'want') {
      const seat = g.awaiting(s)[0];
      const r = g.apply(s, seat, g.botAction(g.publicView(s), g.seatView(s, seat), seat, rng)!);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value;
    }
    const ctx = (persona: string): DecideContext => ({
      game: g,
      view: g.publicView(s),
      own: g.seatView(s, 1),
      seat: 1,
      rng: rngFromSeed('x'),
      persona,
    });
    const wants = (persona: string) => JSON.stringify(defaultDecide(ctx(persona)));
    expect(wants('a:member:1')).toBe(JSON.stringify(g.botAction(g.publicView(s), g.seatView(s, 1), 1, rngFromSeed('x'), 'a:member:1')));
    // Some persona among a few wants otherwise than the first: the persona reached the bot.
    expect(['b', 'c', 'd', 'e', 'f'].some((p) => wants(`${p}:member:1`) !== wants('a:member:1'))).toBe(true);
  });
});
