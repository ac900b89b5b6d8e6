/**
 * The client's download per page, against issue 10's budgets: prints the
 * home page and each table (files, KB raw, KB gzip, and the largest files),
 * and exits with 1 when a page is over. Needs `npm run build` first.
 *   node tests/load/bundle-measure.mjs
 * The same measurement is a test: tests/e2e/bundle.test.ts.
 */
import { launchServer } from '../launch/server.ts';
import { BUDGET_KB, measureBundles } from './bundle-size.mjs';
import { launchChromium } from './lib/chromium.mjs';

const server = await launchServer({ env: { FIRESIDE_BOT_DELAY_MS: '300' }, host: 'localhost', dataDirPrefix: 'fireside-bundle-' });
const browser = await launchChromium();
const kb = (bytes) => (bytes / 1024).toFixed(0);
const line = (name, size, budget) => {
  const over = size.gzip / 1024 > budget;
  if (over) process.exitCode = 1;
  console.log(`${name}: ${size.files} files, ${kb(size.raw)} KB raw, ${(size.gzip / 1024).toFixed(1)} KB gzip (budget ${budget} KB)${over ? ' OVER' : ''}`);
  for (const f of size.list.slice(0, +(process.env.BUNDLE_LIST ?? 6))) console.log(`    ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
};
try {
  const newContext = async () => {
    const ctx = await browser.newContext();
    // window.__fireside (read by the measurement) is there only with the tests' opt-in (client/src/testing.ts).
    await ctx.addInitScript((lang) => {
      localStorage.setItem('fireside:testing', '1');
      if (lang) localStorage.setItem('fireside:lang', lang);
    }, process.env.FIRESIDE_LANG ?? '');
    return ctx;
  };
  const sizes = await measureBundles({ base: server.base, newContext, dist: 'client/dist' });
  line('home page', sizes.home, BUDGET_KB.home);
  for (const [game, size] of Object.entries(sizes.tables)) line(`${game} table`, size, BUDGET_KB.table);
} finally {
  await browser.close();
  await server.stop();
}
