import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { MatchStore, RoomRecord } from '../store/types.js';
import { RoomSaver } from './room-record.js';

const record = (over: Partial<RoomRecord> = {}): RoomRecord => ({
  roomId: 'r1',
  game: 'santa',
  hostId: 'm1',
  ownerId: 'm1',
  locked: false,
  players: 3,
  options: {},
  status: 'playing',
  matchNo: 1,
  matchId: 'g1',
  members: [],
  seats: [],
  chat: [],
  clock: 'normal',
  clocks: [{ seat: 0, key: 'pick:r1', leftMs: 45_000 }],
  updatedAt: 1,
  ...over,
});

describe('RoomSaver', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('writes a change at once, but a snapshot where only the time left moved at most every QUIET_MS', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const saved: RoomRecord[] = [];
    const store = { saveRoom: async (r: RoomRecord) => void saved.push(r) } as unknown as MatchStore;
    let now = record();
    const saver = new RoomSaver(
      store,
      () => now,
      () => undefined,
    );
    const settle = () => new Promise((r) => setImmediate(r));

    await saver.flush();
    expect(saved).toHaveLength(1);
    now = record({ clocks: [{ seat: 0, key: 'pick:r1', leftMs: 44_000 }], updatedAt: 2 }); // a move: only time left
    saver.soon();
    await settle();
    expect(saved).toHaveLength(1);
    now = record({ clocks: [{ seat: 0, key: 'pick:r1', leftMs: 43_000 }], updatedAt: 3 });
    saver.soon();
    await settle();
    expect(saved).toHaveLength(1);
    jest.advanceTimersByTime(RoomSaver.QUIET_MS);
    await settle();
    expect(saved.map((r) => r.updatedAt)).toEqual([1, 3]); // the latest, once

    now = record({ clocks: [{ seat: 1, key: 'pick:r2', leftMs: 45_000 }], updatedAt: 4 }); // a new step: at once
    saver.soon();
    await settle();
    now = record({
      chat: [{ id: 1, memberId: 'm1', name: 'A', text: 'hi', at: 5, event: '' }],
      clocks: [{ seat: 1, key: 'pick:r2', leftMs: 44_000 }],
      updatedAt: 5,
    });
    saver.soon();
    await settle();
    expect(saved.map((r) => r.updatedAt)).toEqual([1, 3, 4, 5]);
    now = record({ ...now, clocks: [{ seat: 1, key: 'pick:r2', leftMs: 40_000 }], updatedAt: 6 });
    await saver.flush(); // a shutdown or an unload: always written
    expect(saved.map((r) => r.updatedAt)).toEqual([1, 3, 4, 5, 6]);
  });
});
