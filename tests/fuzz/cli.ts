/**
 * `npm run fuzz -- [--messages N] [--seed S]`: one fuzzing run against a
 * fresh built server (run `npm run build` first), printing its figures.
 * Exits 1 on any finding, crash or server error line.
 */
import './ws-global.ts';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatReport, fuzzServer } from './run.ts';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '100000' }, seed: { type: 'string' }, 'server-log': { type: 'string' } } });
const messages = Number(values.messages);
const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 1_000_000;
if (!Number.isInteger(messages) || messages <= 0 || !Number.isInteger(seed)) throw new Error('usage: npm run fuzz -- [--messages N] [--seed S]');

console.log(`fuzzing with seed ${seed}, ${messages} messages`);
const report = await fuzzServer({
  seed,
  messages,
  progress: (f) => console.log(`  … ${f.messages} messages, ${f.errorsAnswered} errors answered, ${f.matchesEnded} matches ended, ${f.findingCount} findings`),
});
console.log(formatReport(report));
if (values['server-log']) writeFileSync(values['server-log'], report.serverErrors.join('\n'));
const failed = report.crashed || report.findingCount > 0 || report.serverErrors.length > 0;
process.exit(failed ? 1 : 0);
