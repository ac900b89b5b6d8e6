/**
 * A server restart seen from the browser: when the server shuts down
 * (SIGTERM), the page says the server is restarting and that the room has
 * closed, instead of offering a rejoin that cannot work.
 */
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ARTIFACTS, launchChromium, startBuiltServer, tid, type ServerProcess } from './harness.js';

let server: ServerProcess;
let browser: Browser;
beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('server restart', () => {
  it('tells the people in a room that the server is restarting', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1024, height: 700 } })).newPage();
    await page.goto(server.base);
    await page.fill(tid('nickname-input'), 'Alice');
    await page.click(tid('create-room'));
    await page.waitForSelector(tid('lobby'));

    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    server.process.kill('SIGTERM');
    await page.waitForSelector(tid('disconnected'), { timeout: 10_000 });
    const text = await page.textContent(tid('disconnected'));
    expect(text).toContain('restarting');
    expect(await page.$(tid('rejoin'))).toBeNull();
    await page.screenshot({ path: path.join(ARTIFACTS, 'restarting.png') });
    expect(await exited).toBe(0);
    expect(server.log()).toMatch(/shut down gracefully/);
  }, 60_000);
});
