/**
 * Browser end-to-end test of fair clocks (server/src/match/seat-clocks.ts,
 * client/src/net/shown-reporter.ts): on a slow machine (the page's CPU
 * throttled 6× through the DevTools protocol) Mia starts a Gift Trap table
 * with bots. However long her page takes to draw the table, her countdown
 * reads the step's whole budget (within a second) at the first frame that
 * draws the table with her clock running: the clock waits for her first
 * frame (`shown`), for at most a few seconds.
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium.
 */
import { openPage, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';

const env = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '200' });

interface FirstFrame {
  text: string;
  budget: number;
}

it('a throttled page shows the whole budget at the first frame of its step', async () => {
  const page = await openPage(env.browser);
  // Every animation frame: the first one with the table's canvas and Mia's clock running, as it reads.
  await page.addInitScript(() => {
    const w = window as unknown as { __firstFrame: FirstFrame | null; __fireside?: { room: { state: { seats: unknown } } | null } };
    w.__firstFrame = null;
    const look = () => {
      const seats = w.__fireside?.room?.state?.seats as { name: string; deadline: number; budget: number }[] | undefined;
      if (!w.__firstFrame && seats && document.querySelector('[data-testid="table-canvas"]')) {
        const mine = [...seats].findIndex((s) => s.name === 'Mia');
        const clock = mine >= 0 && seats[mine].deadline > 0 ? document.querySelector(`[data-testid="clock-${mine}"]`) : null;
        if (clock) w.__firstFrame = { text: clock.textContent ?? '', budget: seats[mine].budget };
      }
      if (!w.__firstFrame) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto(env.server.base);
  await page.click(tid('game-gifttrap'));
  await page.fill(tid('nickname-input'), 'Mia');
  await page.click(tid('create-room'));
  await page.waitForSelector(tid('fill-bots'));
  await page.click(tid('fill-bots'));
  await page.waitForSelector(`${tid('start-game')}:not([disabled])`);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.click(tid('start-game'));
  await page.waitForFunction(() => (window as unknown as { __firstFrame: FirstFrame | null }).__firstFrame !== null, undefined, { timeout: 60_000 });
  const first = (await page.evaluate(() => (window as unknown as { __firstFrame: FirstFrame }).__firstFrame)) as FirstFrame;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  const shown = /(\d+):(\d\d)/.exec(first.text);
  expect(shown).not.toBeNull();
  const seconds = Number(shown![1]) * 60 + Number(shown![2]);
  expect(first.budget).toBeGreaterThan(0);
  // The whole budget, give or take the second a countdown ticks in.
  expect(seconds).toBeGreaterThanOrEqual(first.budget / 1000 - 1);
  expect(seconds).toBeLessThanOrEqual(first.budget / 1000);
}, 120_000);
