/**
 * The end screen's ways out (issue 12): "New game" goes to the home page with
 * this game chosen, "Home" to the home page; the host also has "Play again".
 * Three bots play a Santa match (host through the SDK, not seated);
 * the page watches it end as a spectator.
 */
import '../../server/testing/ws-setup.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { createRoom, type Player } from '../../server/testing/harness.js';
import { ARTIFACTS, launchChromium, openPage, startBuiltServer, tid, type ServerProcess } from './harness.js';

let server: ServerProcess;
let browser: Browser;
const hosts: Player[] = [];
beforeAll(async () => {
  server = await startBuiltServer({ FIRESIDE_BOT_DELAY_MS: '5' });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await Promise.all(hosts.map((h) => h.leave()));
  await browser?.close();
  await server?.stop();
});

/** A page watching a bots' Santa match to its end screen. */
async function watchToTheEnd(): Promise<Page> {
  const host = await createRoom(server.base, { game: 'santa', name: 'Hostess', players: 3 });
  hosts.push(host);
  const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    localStorage.setItem('fireside:lang', 'en');
    localStorage.setItem('fireside:nickname', 'Viewer');
  });
  await page.goto(`${server.base}/room/${host.room.roomId}`);
  await page.check(`${tid('seat-option-watch')} input`); // a viewer: the invite form would seat her
  await page.click(tid('join-submit'));
  await page.waitForSelector(tid('lobby'));
  host.send('fillBots');
  await host.until((s) => s.seats.every((x: { kind: string }) => x.kind === 'bot'));
  host.send('start');
  // The last round's summary comes first (round-summary.test.ts); a viewer continues past it.
  await page.waitForSelector(`${tid('round-summary')}[data-final="true"], ${tid('end-screen')}`, { timeout: 90_000 });
  if (await page.$(tid('round-summary-continue'))) await page.click(tid('round-summary-continue'));
  await page.waitForSelector(tid('end-screen'), { timeout: 20_000 });
  return page;
}

describe('the end screen', () => {
  it('offers a new game of the same kind, and the way home', async () => {
    let page = await watchToTheEnd();
    // Not the host: no "Play again" button, a word about waiting for the host instead.
    expect(await page.$(tid('play-again'))).toBeNull();
    await page.screenshot({ path: path.join(ARTIFACTS, 'end-screen.png'), fullPage: true });
    await page.click(tid('end-new-game'));
    await page.waitForSelector(tid('create-room'));
    expect(new URL(page.url()).search).toBe('?game=santa');
    expect(await page.getAttribute(tid('game-santa'), 'class')).toContain('selected');
    await page.close();

    page = await watchToTheEnd();
    await page.click(tid('end-home'));
    await page.waitForSelector(tid('create-room'));
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  }, 200_000);
});
