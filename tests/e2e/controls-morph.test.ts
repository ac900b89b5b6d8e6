/**
 * A game's controls are re-rendered on every state change, but in place
 * (client/src/util/dom.ts: morph): the elements on the page stay the same
 * ones, updated, so a button under the pointer is never swapped for a copy
 * between the press and the click (issue 12: "element was detached"), and
 * its listener is the latest render's.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium, openPage, startBotTable, startBuiltServer, tid, type ServerProcess } from './harness.js';

let server: ServerProcess;
let browser: Browser;
beforeAll(async () => {
  server = await startBuiltServer({ FIRESIDE_BOT_DELAY_MS: '400' });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a game's controls", () => {
  it('are updated in place: the same elements, new text, the latest listeners', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await startBotTable(page, server.base, 'gifttrap', 'en');
    await page.waitForSelector(tid('deciding'));
    const deciding = (await page.$(tid('deciding')))!;
    const rules = (await page.$(tid('gifttrap-rules')))!;
    const title = (await page.$(tid('phase-title')))!;
    const before = await deciding.textContent();
    // The bots' moves change who is still deciding: the element held here shows it (a replaced one never would).
    await page.waitForFunction(([el, text]) => (el as HTMLElement).textContent !== text, [deciding, before] as const, { timeout: 20_000 });
    expect(await deciding.evaluate((e) => e.isConnected)).toBe(true);
    expect(await title.evaluate((e) => e.isConnected)).toBe(true);
    expect(await rules.evaluate((e) => e.isConnected)).toBe(true);
    // The button held since the first render still works.
    await rules.click();
    await page.waitForSelector(tid('gifttrap-rules-dialog'));
    await page.close();
  }, 60_000);
});
