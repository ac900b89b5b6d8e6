import { describe, expect, it } from '@jest/globals';
import { loadMatchLog } from './replay-api.js';
import type { MatchRecord, MatchSetup, MatchStore, RoomRecord } from '../store/types.js';

const setup: MatchSetup = { matchId: 'm1', roomId: 'r1', matchNo: 1, game: 'secret', players: 3, options: {}, seed: 's', startedAt: 1 };
const room = {
  roomId: 'r1',
  seats: [
    { kind: 'human', memberId: 'a', name: 'Alice' },
    { kind: 'bot', memberId: '', name: 'Dot (bot)' },
    { kind: 'empty', memberId: '', name: '' },
  ],
} as RoomRecord;

/** Just what loadMatchLog reads: one finished match and its room. */
function storeWith(s: MatchSetup): MatchStore {
  const rec: MatchRecord = { setup: s, events: [], result: { winners: [0] }, finishedAt: 2 };
  return { loadMatch: async () => rec, loadRoom: async () => room } as unknown as MatchStore;
}

describe('the replay names the seats', () => {
  it('as they were when the match started, whoever sits there now', async () => {
    const seats: MatchSetup['seats'] = [
      { name: 'Bob', kind: 'human' },
      { name: 'Ada (bot)', kind: 'bot' },
      { name: 'Cy', kind: 'human' },
    ];
    const log = await loadMatchLog(storeWith({ ...setup, seats }), 'm1');
    expect(log).toMatchObject({ names: ['Bob', 'Ada (bot)', 'Cy'], bots: [false, true, false] });
  });

  it("from the room's seats of today for a match stored before the store kept them", async () => {
    const log = await loadMatchLog(storeWith(setup), 'm1');
    expect(log).toMatchObject({ names: ['Alice', 'Dot (bot)', '#3'], bots: [false, true, false] });
  });
});
