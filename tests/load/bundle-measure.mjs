/**
 * The client's download per page, against issue 10's budgets: prints the
 * home page and each table (files, KB raw, KB gzip, and the largest files),
 * and exits with 1 when a page is over. Needs `npm run build` first.
 *   node tests/load/bundle-measure.mjs
 * The same measurement is a test: tests/e2e/bundle.test.ts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUDGET_KB, measureBundles } from './bundle-size.mjs';
import { launchChromium } from './lib/chromium.mjs';

const port = 47123;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fireside-bundle-'));
const srv = spawn(process.execPath, ['server/dist/index.js'], {
  env: { ...process.env, PORT: String(port), FIRESIDE_BOT_DELAY_MS: '300', FIRESIDE_DATA_DIR: dataDir },
  stdio: 'ignore',
});
const browser = await launchChromium();
const kb = (bytes) => (bytes / 1024).toFixed(0);
const line = (name, size, budget) => {
  const over = size.gzip / 1024 > budget;
  if (over) process.exitCode = 1;
  console.log(`${name}: ${size.files} files, ${kb(size.raw)} KB raw, ${(size.gzip / 1024).toFixed(1)} KB gzip (budget ${budget} KB)${over ? ' OVER' : ''}`);
  for (const f of size.list.slice(0, +(process.env.BUNDLE_LIST ?? 6))) console.log(`    ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
};
try {
  for (let i = 0; ; i++) {
    if ((await fetch(`http://localhost:${port}/healthz`).catch(() => null))?.ok) break;
    if (i > 100) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 150));
  }
  const newContext = async () => {
    const ctx = await browser.newContext();
    // window.__fireside (read by the measurement) is there only with the tests' opt-in (client/src/testing.ts).
    await ctx.addInitScript((lang) => {
      localStorage.setItem('fireside:testing', '1');
      if (lang) localStorage.setItem('fireside:lang', lang);
    }, process.env.FIRESIDE_LANG ?? '');
    return ctx;
  };
  const sizes = await measureBundles({ base: `http://localhost:${port}`, newContext, dist: 'client/dist' });
  line('home page', sizes.home, BUDGET_KB.home);
  for (const [game, size] of Object.entries(sizes.tables)) line(`${game} table`, size, BUDGET_KB.table);
} finally {
  await browser.close();
  srv.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
