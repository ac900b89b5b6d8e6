import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
/* global window -- page.evaluate() callbacks run in the page */
const port = 47123;
// Issue 10's budgets, gzip as the browser loads it: the script exits with 1 when a page is over.
const BUDGET_KB = { home: 60, table: 250 };
const over = (kb, budget) => {
  if (kb > budget) {
    process.exitCode = 1;
    return ` OVER the ${budget} KB budget`;
  }
  return '';
};
const srv = spawn(process.execPath, ['server/dist/index.js'], { env: { ...process.env, PORT: String(port), FIRESIDE_BOT_DELAY_MS: '300' }, stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 1500));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const gz = (u) => {
  const p = 'client/dist' + new URL(u).pathname;
  return fs.existsSync(p) && fs.statSync(p).isFile() ? [fs.statSync(p).size, zlib.gzipSync(fs.readFileSync(p), { level: 9 }).length] : [0, 0];
};
for (const game of ['gifttrap', 'santa', 'windcity']) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  // window.__fireside (read below) is there only with the tests' opt-in (client/src/testing.ts).
  await ctx.addInitScript(() => localStorage.setItem('fireside:testing', '1'));
  const urls = new Set();
  page.on('request', (r) => {
    if (/\.(js|css)$/.test(new URL(r.url()).pathname)) urls.add(r.url());
  });
  await page.goto(`http://localhost:${port}/`);
  await page.waitForSelector('[data-testid="create-room"]');
  const home = [...urls];
  const h = home.map(gz).reduce((a, b) => [a[0] + b[0], a[1] + b[1]], [0, 0]);
  if (game === 'gifttrap')
    console.log(`home page: ${home.length} files, ${(h[0] / 1024).toFixed(0)} KB raw, ${(h[1] / 1024).toFixed(0)} KB gzip${over(h[1] / 1024, BUDGET_KB.home)}`);
  await page.click(`[data-testid="game-${game}"]`).catch(() => {});
  await page.fill('[data-testid="nickname-input"]', 'M');
  await page.click('[data-testid="create-room"]');
  await page.waitForSelector('[data-testid="fill-bots"]');
  await page.click('[data-testid="fill-bots"]');
  await page.waitForSelector('[data-testid="start-game"]:not([disabled])');
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector('[data-testid="table-canvas"]');
  await page.waitForTimeout(1500);
  const all = [...urls];
  const t = all.map(gz).reduce((a, b) => [a[0] + b[0], a[1] + b[1]], [0, 0]);
  const game_ = await page.evaluate(() => window.__fireside.room.state.game);
  console.log(
    `${game_} table: ${all.length} files in all, ${(t[0] / 1024).toFixed(0)} KB raw, ${(t[1] / 1024).toFixed(0)} KB gzip${over(t[1] / 1024, BUDGET_KB.table)}`,
  );
  await ctx.close();
}
await browser.close();
srv.kill();
