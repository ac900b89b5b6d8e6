// Long tasks on the phone page (issue 12): a phone (390×844, Chromium with
// 4× CPU throttling, as DevTools' "mid-tier mobile") watches a table of four
// bots play, as a spectator, and counts the main thread's long tasks (over
// 50 ms, PerformanceObserver 'longtask') while the table animates.
//
//   npm run build && node tests/load/long-tasks.mjs [seconds=40] [games=gifttrap,santa,windcity] [botDelay=600] [lang=fr]
//
// Prints per game: long tasks, their total and longest, and the share of the
// watched time the main thread was blocked. Run it on a quiet machine: the
// figures are CPU time.
import { chromium } from 'playwright-core';
/* global window, document -- page callbacks run in the page */
import { startServer, sleep } from './lib/util.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=')));
const SECONDS = Number(args.seconds ?? 40);
const GAMES = (args.games ?? 'gifttrap,santa,windcity').split(',');
const BOT_DELAY = Number(args.botDelay ?? 600);
const LANG = args.lang ?? 'fr';
const PLAYERS = { gifttrap: 4, santa: 4, windcity: 4 };
const { Client } = await import('@colyseus/sdk');

/** A room of bots only: its host (not seated: a spectator may start) fills the seats and starts. */
async function botTable(base, game) {
  const room = await new Client(base).create('game', { game, name: 'Host', players: PLAYERS[game] });
  room.onMessage('welcome', () => undefined);
  room.onMessage('error', (e) => console.error(`${game}: the host's ${e.type} was refused: ${e.message}`));
  const seated = () => [...room.state.seats].every((s) => s.kind === 'bot');
  await sleep(200);
  room.send('fillBots', {});
  for (let i = 0; i < 100 && !seated(); i++) await sleep(50);
  room.send('start', {});
  for (let i = 0; i < 100 && room.state.status !== 'playing'; i++) await sleep(50);
  if (room.state.status !== 'playing') throw new Error(`${game}: the bots' match did not start`);
  return room;
}

const server = await startServer({ FIRESIDE_BOT_DELAY_MS: String(BOT_DELAY) }, 'fireside-longtasks-');
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
const rows = [];
try {
  for (const game of GAMES) {
    const host = await botTable(server.base, game);
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await ctx.addInitScript((lang) => {
      localStorage.setItem('fireside:lang', lang);
      localStorage.setItem('fireside:nickname', 'Phone');
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ at: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    }, LANG);
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${server.base}/room/${host.roomId}`);
    await page.click('[data-testid="join-submit"]');
    await page.waitForSelector('[data-testid="table-canvas"]', { timeout: 30_000 });
    await sleep(2000); // the table's first draw is loading, not play
    const from = await page.evaluate(() => performance.now());
    await sleep(SECONDS * 1000);
    const tasks = await page.evaluate((t0) => window.__longTasks.filter((e) => e.at >= t0), from);
    const status = await page.evaluate(() => document.querySelector('[data-testid="phase-title"]')?.textContent ?? '');
    const total = tasks.reduce((n, e) => n + e.ms, 0);
    rows.push({
      game,
      tasks: tasks.length,
      totalMs: Math.round(total),
      maxMs: Math.round(Math.max(0, ...tasks.map((e) => e.ms))),
      blocked: `${((100 * total) / (SECONDS * 1000)).toFixed(1)}%`,
      at: status.slice(0, 40),
    });
    await ctx.close();
    await host.leave();
  }
} finally {
  await browser.close();
  server.child.kill();
}
console.log(`Long tasks, phone 390×844, 4× CPU throttling, spectator, ${SECONDS} s of bot play per game (bot delay ${BOT_DELAY} ms), ${LANG}:`);
console.log('| game | long tasks | total ms | longest ms | main thread blocked | phase at the end |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.game} | ${r.tasks} | ${r.totalMs} | ${r.maxMs} | ${r.blocked} | ${r.at} |`);
