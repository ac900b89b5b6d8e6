/**
 * `npm run soak -- [--minutes N] [--concurrency C] [--seed S]`: one soak run
 * (soak.ts) against a fresh built server, an hour unless told, printing its
 * figures. Exits 1 on any problem.
 */
import './recording-global.ts';
import { parseArgs } from 'node:util';
import { formatSoak, quietSdkReconnections, soak } from './soak.ts';

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '60' }, concurrency: { type: 'string', default: '6' }, seed: { type: 'string' } },
});
const minutes = Number(values.minutes);
const concurrency = Number(values.concurrency);
const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 1_000_000;
if (!(minutes > 0) || !Number.isInteger(concurrency) || concurrency <= 0 || !Number.isInteger(seed)) {
  throw new Error('usage: npm run soak -- [--minutes N] [--concurrency C] [--seed S]');
}
quietSdkReconnections();

console.log(`soaking for ${minutes} min with seed ${seed}, ${concurrency} tables at a time`);
const report = await soak({ durationMs: minutes * 60_000, concurrency, seed, recordEvery: 3, botDelayMs: 100, progress: (line) => console.log(line) });
console.log(formatSoak(report));
process.exit(report.problems.length > 0 ? 1 : 0);
