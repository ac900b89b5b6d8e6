// Long tasks on the phone page (issue 12): a phone (390×844, device pixel
// ratio 2) watches a table of four bots play, as a spectator, and counts the
// main thread's long tasks (over 50 ms, PerformanceObserver 'longtask') while
// the table animates. A Chrome trace of the same window says where the main
// thread's time went: the page's JavaScript, style and layout, and reading
// the WebGL canvas back for the compositor. That last one exists only with
// software compositing (headless Chromium with --disable-gpu, as in the
// tests): a phone's GPU compositor never reads the canvas back.
//
//   npm run build && node tests/load/long-tasks.mjs [seconds=30] [games=<every game>] [botDelay=600] [lang=fr] [throttle=1] [gpu=1] [keepTrace=1] [profile=1]
//
// profile=1 also samples the page's JavaScript and prints the functions with the most self time
// (build the client with `npx vite build --minify false` in client/ first, for readable names).
//
// throttle=4 is DevTools' "mid-tier mobile" CPU. Run it on a quiet machine:
// the figures are CPU time.
/* global window, document -- page callbacks run in the page */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, sleep } from './lib/util.mjs';
import { launchChromium } from './lib/chromium.mjs';
import { metaIds, metaOf } from '@fireside/shared';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=')));
const SECONDS = Number(args.seconds ?? 30);
const THROTTLE = Number(args.throttle ?? 1);
const GPU = args.gpu === '1';
const GAMES = args.games ? args.games.split(',') : metaIds;
const BOT_DELAY = Number(args.botDelay ?? 600);
const LANG = args.lang ?? 'fr';
/** Four seats where the game allows them (every game so far). */
const playersOf = (game) => Math.min(metaOf(game).maxPlayers, Math.max(metaOf(game).minPlayers, 4));
const { Client } = await import('@colyseus/sdk');

/** Milliseconds of the renderer's main thread in a trace: in all, in script, in style and layout, in WebGL readback. */
function mainThreadTime(trace) {
  const events = trace.traceEvents ?? trace;
  const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const sum = { busyMs: 0, scriptMs: 0, layoutMs: 0, readbackMs: 0 };
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur || !main.has(`${e.pid}:${e.tid}`)) continue;
    if (e.name === 'ThreadControllerImpl::RunTask') sum.busyMs += e.dur / 1000;
    else if (e.name === 'FunctionCall' || e.name === 'EvaluateScript') sum.scriptMs += e.dur / 1000;
    else if (e.name === 'LocalFrameView::UpdateStyleAndLayout') sum.layoutMs += e.dur / 1000;
    else if (e.name === 'GLES2::ReadPixels') sum.readbackMs += e.dur / 1000;
  }
  for (const k of Object.keys(sum)) sum[k] = Math.round(sum[k]);
  return sum;
}

/** The functions with the most self time in a CDP CPU profile (sampled), and where they are. */
function printProfile(game, profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const f = byId.get(profile.samples[i]).callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  console.log(`${game}: JavaScript self time by function (ms, sampled)`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${ms.toFixed(0).padStart(7)}  ${key}`);
}

/** A room of bots only: its host (not seated: a spectator may start) fills the seats and starts. */
async function botTable(base, game) {
  const room = await new Client(base).create('game', { game, name: 'Host', players: playersOf(game) });
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
// gpu=1: compositing in Chromium's GPU process (lib/chromium.mjs); the default is the tests' software compositing.
const browser = await launchChromium([], { gpu: GPU });
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
    if (THROTTLE !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.goto(`${server.base}/room/${host.roomId}`);
    await page.click('[data-testid="join-submit"]');
    await page.waitForSelector('[data-testid="table-canvas"]', { timeout: 30_000 });
    await sleep(2000); // the table's first draw is loading, not play
    const from = await page.evaluate(() => performance.now());
    const trace = path.join(os.tmpdir(), `fireside-longtasks-${game}.json`);
    if (args.profile === '1') await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    await browser.startTracing(page, { path: trace, categories: ['toplevel', 'devtools.timeline', 'blink', 'gpu', 'cc', 'v8'] });
    await sleep(SECONDS * 1000);
    await browser.stopTracing();
    if (args.profile === '1') printProfile(game, (await cdp.send('Profiler.stop')).profile);
    const where = mainThreadTime(JSON.parse(fs.readFileSync(trace, 'utf8')));
    if (args.keepTrace === '1') console.log(`${game}: trace kept at ${trace} (open it in chrome://tracing or DevTools)`);
    else fs.rmSync(trace, { force: true });
    const tasks = await page.evaluate((t0) => window.__longTasks.filter((e) => e.at >= t0), from);
    const status = await page.evaluate(() => document.querySelector('[data-testid="phase-title"]')?.textContent ?? '');
    const total = tasks.reduce((n, e) => n + e.ms, 0);
    rows.push({
      game,
      tasks: tasks.length,
      totalMs: Math.round(total),
      maxMs: Math.round(Math.max(0, ...tasks.map((e) => e.ms))),
      blocked: `${((100 * total) / (SECONDS * 1000)).toFixed(1)}%`,
      ...where,
      at: status.slice(0, 40),
    });
    await ctx.close();
    await host.leave();
  }
} finally {
  await browser.close();
  server.child.kill();
}
console.log(
  `Long tasks, phone 390×844 (DPR 2), CPU throttling ${THROTTLE}×, spectator, ${SECONDS} s of bot play per game (bot delay ${BOT_DELAY} ms), ${LANG}:`,
);
console.log(
  '| game | long tasks | their total ms | longest ms | in long tasks | main thread busy ms | of which script | style+layout | WebGL readback | phase at the end |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.game} | ${r.tasks} | ${r.totalMs} | ${r.maxMs} | ${r.blocked} | ${r.busyMs} | ${r.scriptMs} | ${r.layoutMs} | ${r.readbackMs} | ${r.at} |`,
  );
