/**
 * The soak test's bounded pass in CI: about 30 s of tables of all three games
 * against a fresh built server (soak.ts: who joins, drops, reloads, leaves and
 * comes back; table-life.ts), then every room must unload and the server be
 * back at its baseline. The long run is `npm run soak` (an hour; `-- --minutes N`),
 * see docs/measurements.md, "Soak". The seed changes every day and a failure
 * prints it: rerun with `npm run soak -- --minutes 1 --seed <seed>`.
 */
import './recording-global.ts';
import { describe, expect, it } from '@jest/globals';
import { metaIds } from '@fireside/shared';
import { ensureBuilt } from '../integration/helpers/cli.ts';
import { formatSoak, quietSdkReconnections, soak } from './soak.ts';

const seed = Number(process.env.FIRESIDE_SOAK_SEED ?? Math.floor(Date.now() / 86_400_000));

describe('soaking the server', () => {
  it(`rooms of every game with members coming and going: every match ends, nothing leaks, the server returns to its baseline (seed ${seed})`, async () => {
    ensureBuilt('shared');
    ensureBuilt('server');
    ensureBuilt('botclient');
    quietSdkReconnections();
    const report = await soak({ durationMs: 30_000, concurrency: 6, seed, recordEvery: 2, botDelayMs: 60 });
    const text = formatSoak(report);
    if (report.problems.length > 0) console.log(text);

    expect(report.problems).toEqual([]);
    // It did soak: every game's matches ended, with each kind of coming and going.
    for (const game of metaIds) expect(report.tables.filter((t) => t.game === game && t.ended).length).toBeGreaterThanOrEqual(1);
    const sum = (k: 'drops' | 'reloads' | 'returns') => report.tables.reduce((s, t) => s + t[k], 0);
    expect(sum('drops')).toBeGreaterThan(0);
    expect(sum('reloads')).toBeGreaterThan(0);
    expect(sum('returns')).toBeGreaterThan(0);
    // The leak scans saw real traffic, and the server was busy before it went quiet.
    const scanned = report.tables.filter((t) => t.leak);
    expect(scanned.length).toBeGreaterThan(0);
    expect(scanned.reduce((s, t) => s + t.leak!.needles, 0)).toBeGreaterThan(0);
    expect(report.peak.matchesStarted).toBeGreaterThanOrEqual(report.tables.length);
    expect(report.final.rooms).toBe(0);
    expect(report.final.clients).toBe(0);
  }, 120_000);
});
