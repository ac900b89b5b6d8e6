/**
 * Browser end-to-end test: a table never stalls. Bob plays Gift Trap with
 * two bots while Alice, the host, watches. Bob closes his tab: Alice sees
 * him away with the countdown to his stand-in, then "away · bot playing",
 * and the game goes on. Bob opens Fireside again and comes back to the same
 * seat from "Your tables" on the home page, with his own cards, and the seat
 * is his again.
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium.
 * Stand-ins after 3 s here (FIRESIDE_STANDIN_SECONDS).
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS, launchChromium, openContext, startBuiltServer, tid, type ServerProcess } from './harness.js';

const shot = (name: string) => path.join(ARTIFACTS, `standin-${name}.png`);

describe('stand-ins in the browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer({ FIRESIDE_STANDIN_SECONDS: '3', FIRESIDE_BOT_DELAY_MS: '1200' });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e?.stack ?? e)));
    return page;
  }

  const statusOf = (page: Page, seat: number) => page.textContent(tid(`presence-status-${seat}`)).then((t) => t ?? '');

  test('Bob closes his tab: away, countdown, a bot plays his seat; he comes back to the same seat', async () => {
    const aliceCtx = await openContext(browser, { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
    const bobCtx = await openContext(browser, { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
    const alice = await open(aliceCtx);
    await alice.goto(server.base + '/');
    await alice.fill(tid('nickname-input'), 'Alice');
    await alice.click(tid('create-room'));
    await alice.waitForSelector(tid('stand-up'));
    // Alice hosts and watches; Bob plays with two bots.
    await alice.click(tid('stand-up'));
    await alice.selectOption(tid('player-count'), '3');
    const link = await alice.inputValue(tid('invite-link'));

    let bob = await open(bobCtx);
    await bob.goto(link);
    await bob.fill(tid('join-name'), 'Bob');
    await bob.click(tid('join-submit')); // seated by the join: the first free seat is preselected
    await bob.waitForSelector(tid('stand-up'));
    await alice.click(tid('fill-bots'));
    await alice.waitForSelector(`${tid('start-game')}:not([disabled])`);
    await alice.click(tid('start-game'));
    await alice.waitForSelector(tid('presence'));
    await bob.waitForSelector(tid('presence'));
    expect(await statusOf(alice, 0)).toMatch(/online/);

    // Bob closes his tab.
    await bob.close();
    await alice.waitForFunction((sel) => /bot in \d+:\d\d/.test(document.querySelector(sel)?.textContent ?? ''), tid('presence-status-0'), { timeout: 10_000 });
    await alice.screenshot({ path: shot('away-countdown') });
    await alice.waitForFunction((sel) => (document.querySelector(sel)?.textContent ?? '').includes('away · bot playing'), tid('presence-status-0'), {
      timeout: 10_000,
    });
    await alice.waitForSelector('[data-testid="log-line"][data-event="standin"]');
    // The game goes on: the round moves past a step that needed Bob's seat.
    const before = await alice.evaluate(() => JSON.stringify((window as unknown as { __fireside: { viewJson: () => string } }).__fireside.viewJson()));
    await alice.waitForFunction((b) => JSON.stringify((window as unknown as { __fireside: { viewJson: () => string } }).__fireside.viewJson()) !== b, before, {
      timeout: 20_000,
    });
    await alice.screenshot({ path: shot('bot-playing') });

    // Bob opens Fireside again: his table is in "Your tables"; Rejoin brings him back to his seat, with his cards.
    const roomId = link.split('/').pop()!;
    bob = await open(bobCtx);
    await bob.goto(server.base + '/');
    const row = tid(`table-${roomId}`);
    await bob.waitForSelector(`${row} ${tid('table-rejoin')}`, { timeout: 10_000 });
    await bob.screenshot({ path: shot('your-tables') });
    await bob.click(`${row} ${tid('table-rejoin')}`);
    await bob.waitForSelector(tid('presence'), { timeout: 15_000 });
    await bob.waitForFunction((sel) => (document.querySelector(sel)?.textContent ?? '').includes('online'), tid('presence-status-0'));
    expect(await bob.textContent(tid('presence-0'))).toContain('(you)');
    await alice.waitForSelector('[data-testid="log-line"][data-event="handback"]');
    expect(await statusOf(alice, 0)).toMatch(/online/);
    const secret = await bob.evaluate(
      () => (window as unknown as { __fireside: { room: { state: { seats: { secret: string }[] } } } }).__fireside.room.state.seats[0].secret,
    );
    expect(secret.length).toBeGreaterThan(2);
    await bob.screenshot({ path: shot('back') });
    expect(errors).toEqual([]);
  }, 120_000);
});
