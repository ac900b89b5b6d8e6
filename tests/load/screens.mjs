// What a new player sees (issue 12's "done when"): for each game, a player
// creates a table, fills it with bots and starts, on a phone in French
// (390×844, DPR 2, touch) and on a desktop in Japanese (1280×900); after a
// few seconds of play the viewport, as it is without scrolling, is saved to
// tests/artifacts/<prefix>-<game>-<phone-fr|desktop-ja>.png.
//
//   npm run build && node tests/load/screens.mjs [prefix=after] [seconds=4]
//
// Run from another checkout's root (its own build and server), e.g. a worktree of an
// older commit, with `prefix=before`, for before/after pictures of the same moment.
import fs from 'node:fs';
import path from 'node:path';
import { startServer, sleep } from './lib/util.mjs';
import { launchChromium } from './lib/chromium.mjs';
import { metaIds } from '@fireside/shared';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=')));
const PREFIX = args.prefix ?? 'after';
const SECONDS = Number(args.seconds ?? 4);
const OUT = path.resolve(args.out ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'artifacts'));
const GAMES = metaIds;
const DEVICES = {
  'phone-fr': { lang: 'fr', options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
  'desktop-ja': { lang: 'ja', options: { viewport: { width: 1280, height: 900 } } },
};
const tid = (id) => `[data-testid="${id}"]`;

fs.mkdirSync(OUT, { recursive: true });
const server = await startServer({ FIRESIDE_BOT_DELAY_MS: '400' }, 'fireside-screens-');
const browser = await launchChromium();
try {
  for (const game of GAMES) {
    for (const [device, { lang, options }] of Object.entries(DEVICES)) {
      const ctx = await browser.newContext(options);
      await ctx.addInitScript((l) => localStorage.setItem('fireside:lang', l), lang);
      const page = await ctx.newPage();
      await page.goto(server.base);
      await page.click(tid(`game-${game}`));
      await page.fill(tid('nickname-input'), 'Mia');
      await page.click(tid('create-room'));
      await page.click(tid('fill-bots'));
      await page.click(`${tid('start-game')}:not([disabled])`);
      await page.waitForSelector(tid('table-canvas'));
      await sleep(SECONDS * 1000);
      const file = path.join(OUT, `${PREFIX}-${game}-${device}.png`);
      await page.screenshot({ path: file });
      console.log(file);
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  server.child.kill();
}
