/** BotDriver: a bot's move cancelled while it waits to be stored is dropped quietly. */
import { describe, expect, it, jest } from '@jest/globals';
import { getGame, rngFromSeed, type Result } from '@fireside/shared';
import { memoryLogger } from '../observe/logger.js';
import { BOT_DELAY_SPREAD, BotDriver, type BotHost } from './bots.js';

describe('BotDriver', () => {
  it('says nothing when a move refused because the match was disposed meanwhile (a shutdown); logs a refusal otherwise', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const game = getGame('santa')!;
      const state = game.setup(3, game.defaultOptions(3), 'seed-1');
      let release!: (r: Result<unknown>) => void;
      const { logger, records } = memoryLogger();
      const host: BotHost = {
        game,
        engineState: () => state,
        applyFor: () => new Promise((r) => (release = r)),
        isBot: () => true,
        log: logger,
      };
      const refused: Result<unknown> = { ok: false, error: { code: 'not-playing', message: 'No match is being played.' } };
      const bots = new BotDriver(host, rngFromSeed('bots'), 100);

      bots.schedule([0]);
      jest.advanceTimersByTime(100 * (1 + BOT_DELAY_SPREAD));
      await new Promise((r) => setImmediate(r));
      bots.cancelAll(); // the room shuts down while the move waits for the store
      release(refused);
      await new Promise((r) => setImmediate(r));
      expect(records).toEqual([]);

      bots.schedule([0]);
      jest.advanceTimersByTime(100 * (1 + BOT_DELAY_SPREAD));
      await new Promise((r) => setImmediate(r));
      release(refused); // refused with nothing cancelled: worth a line
      await new Promise((r) => setImmediate(r));
      expect(records).toEqual([expect.objectContaining({ event: 'bot.refused', seat: 0, code: 'not-playing', msg: 'bot action refused' })]);
    } finally {
      jest.useRealTimers();
    }
  });
});
