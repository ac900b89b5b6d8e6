/**
 * The bounded fuzzing pass of CI: 20,000 messages against a fresh built
 * server (`node server/dist/index.js`), three tables of every game through
 * every phase (fuzzer.ts says what is sent and checked). The long run is
 * `npm run fuzz -- --messages 100000` (docs/measurements.md, "Fuzzing").
 * The seed changes every day, and a failure prints it: rerun it with
 * `npm run fuzz -- --seed <seed> --messages 20000`.
 */
import './ws-global.ts';
import { describe, expect, it } from '@jest/globals';
import { ensureBuilt } from '../integration/helpers/cli.ts';
import { metaIds } from '@fireside/shared';
import { formatReport, fuzzServer } from './run.ts';

const MESSAGES = 20_000;
const seed = Number(process.env.FIRESIDE_FUZZ_SEED ?? Math.floor(Date.now() / 86_400_000));

describe('fuzzing the server', () => {
  it(`${MESSAGES} random and malformed messages change nothing, are all answered, and crash nothing (seed ${seed})`, async () => {
    ensureBuilt('shared');
    ensureBuilt('server');
    // At most 70 s of sending: on a loaded machine the pass sends fewer messages rather than stall CI.
    // Then any game that has not ended yet is played to its end (at most 45 s more; fuzzer.ts, finishMatch).
    const report = await fuzzServer({ seed, messages: MESSAGES, timeLimitMs: 70_000 });
    const text = formatReport(report);
    if (report.findingCount > 0 || report.crashed || report.serverErrors.length > 0) console.log(text);

    expect(report.crashed).toBe(false);
    expect(report.serverErrors).toEqual([]);
    expect(report.findings).toEqual([]);
    expect(report.stateChanges).toBe(0);
    expect(report.messages).toBeGreaterThanOrEqual(MESSAGES / 2);
    // Every invalid message was answered (a missing answer is a finding), and there were many.
    expect(report.errorsAnswered).toBeGreaterThanOrEqual(report.invalid);
    expect(report.invalid).toBeGreaterThan(report.messages / 2);
    expect(report.raw.frames).toBeGreaterThan(50);
    // Every table went round: every game was fuzzed in the lobby, in matches and after one ended.
    for (const game of metaIds) {
      expect(report.phases[game]).toEqual(expect.arrayContaining(['lobby', 'ended']));
      expect(report.phases[game].length).toBeGreaterThanOrEqual(5);
    }
  }, 180_000);
});
