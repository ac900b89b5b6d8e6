import { describe, expect, it } from '@jest/globals';
import { games, rngFromSeed } from '@fireside/shared';
import { defaultDecide, SeatPlayer, type DecideContext, type SeatLink } from './seat-player.js';
import type { RoomSnapshot } from './state.js';

/** A connection that records the intents sent, and can rejoin (a new connection, the same state). */
function fakeLink(state: RoomSnapshot) {
  const listeners = new Set<(s: RoomSnapshot) => void>();
  const sent: number[] = [];
  const link = {
    name: 'Bot',
    memberId: 'm0',
    state,
    inRoom: true,
    joins: 1,
    sendIntent: (_action: unknown, id: number) => void sent.push(id),
    onState: (l: (s: RoomSnapshot) => void) => (listeners.add(l), () => listeners.delete(l)),
    onAccepted: () => () => undefined,
    onError: () => () => undefined,
    onLeave: () => () => undefined,
  } satisfies SeatLink;
  const emit = () => {
    for (const l of [...listeners]) l(state);
  };
  const rejoin = () => {
    link.joins++;
    emit();
  };
  return { link, sent, emit, rejoin };
}

describe('SeatPlayer', () => {
  it('after a rejoin, decides again at once instead of waiting for the answer to an intent sent on the lost connection', async () => {
    const g = games.gifttrap;
    const s = g.setup(3, g.defaultOptions(3), 'rejoin');
    const seat = g.awaiting(s)[0];
    const seats = [0, 1, 2].map((i) => ({
      memberId: `m${i === seat ? 0 : i + 10}`,
      kind: 'human',
      awaiting: i === seat,
      secret: JSON.stringify(g.seatView(s, i)),
    }));
    const state = { game: 'gifttrap', status: 'playing', matchNo: 1, seats, members: {}, view: JSON.stringify(g.publicView(s)) } as unknown as RoomSnapshot;
    const { link, sent, emit, rejoin } = fakeLink(state);
    const player = new SeatPlayer(link, { seed: 'x', resendMs: 60_000 });
    const played = player.run();
    expect(sent).toEqual([1]);
    // The same state again on the same connection: the intent is still in flight.
    emit();
    expect(sent).toEqual([1]);
    // On a new connection the server will never answer intent 1: the bot sends its move again.
    rejoin();
    expect(sent).toEqual([1, 2]);
    Object.assign(state, { status: 'ended', result: JSON.stringify({ winners: [0], scores: [1, 0, 0] }) });
    emit();
    expect((await played).winners).toEqual([0]);
  });
});

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
