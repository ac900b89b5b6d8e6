/**
 * The server's abuse limits as a person meets them (server/src/limits/): the
 * web client shows the server's reason, on the home page when a room cannot
 * be created and on the invite page when a table cannot be joined — never a
 * silent failure or a "cannot reach the server".
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openPage, startBuiltServer, tid, type ServerProcess } from './harness.js';

let server: ServerProcess | undefined;
let browser: Browser;
afterEach(async () => {
  await browser?.close();
  await server?.stop();
  server = undefined;
});

async function englishPage(): Promise<Page> {
  const page = await openPage(browser, { viewport: { width: 1024, height: 700 } });
  await page.addInitScript(() => localStorage.setItem('fireside:lang', 'en'));
  return page;
}

describe('abuse limits in the web client', () => {
  it('shows why a room cannot be created, then why a table cannot be joined', async () => {
    // One room a minute, and two matchmaking requests a minute, per address (every page here is 127.0.0.1).
    server = await startBuiltServer({ FIRESIDE_ROOMS_PER_MINUTE: '1', FIRESIDE_JOINS_PER_MINUTE: '2' });
    browser = await launchChromium();
    const first = await englishPage();
    await first.goto(server.base);
    await first.fill(tid('nickname-input'), 'Alice');
    await first.click(tid('create-room'));
    await first.waitForSelector(`.seat-mine ${tid('seat-name-0')}`, { timeout: 30_000 });
    const roomUrl = first.url();

    // A second room from the same address within the minute.
    const second = await englishPage();
    await second.goto(server.base);
    await second.fill(tid('nickname-input'), 'Alice');
    await second.click(tid('create-room'));
    await second.waitForFunction((sel) => (document.querySelector(sel)?.textContent ?? '') !== '', tid('home-error'), { timeout: 15_000 });
    expect(await second.textContent(tid('home-error'))).toMatch(
      /^The server turned this down: Too many tables created from your address \(at most 1 a minute\)\. Try again in \d+ s\.$/,
    );

    // Two matchmaking requests spent: joining the first table by its invite link is refused, in words.
    const third = await englishPage();
    await third.goto(roomUrl);
    await third.fill(tid('join-name'), 'Bob');
    await third.click(tid('join-submit'));
    await third.waitForSelector(tid('join-error'), { timeout: 15_000 });
    expect(await third.textContent(tid('join-error'))).toMatch(
      /The server turned this down: Too many attempts to join tables from your address \(at most 2 a minute\)/,
    );
  }, 120_000);
});
