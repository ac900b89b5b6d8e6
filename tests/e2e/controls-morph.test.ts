/**
 * A game's controls are re-rendered on every state change, but in place
 * (client/src/util/dom.ts: morph): the elements on the page stay the same
 * ones, updated, so a button under the pointer is never swapped for a copy
 * between the press and the click (issue 12: "element was detached"), and
 * its listener is the latest render's.
 */
import { describe, expect, it } from '@jest/globals';
import { openPage, startBotTable, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';

const t = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '400' });

describe("a game's controls", () => {
  it('are updated in place: the same elements, new text, the latest listeners', async () => {
    const page = await openPage(t.browser, { viewport: { width: 1280, height: 900 } });
    await startBotTable(page, t.server.base, 'gifttrap', 'en');
    await page.waitForSelector(tid('deciding'));
    const deciding = (await page.$(tid('deciding')))!;
    const rules = (await page.$(tid('gifttrap-rules')))!;
    const title = (await page.$(tid('phase-title')))!;
    const both = () => Promise.all([deciding.textContent(), title.textContent()]).then((x) => x.join(' | '));
    const before = await both();
    // The next move changes who is still deciding, or the phase: the elements held here show it (replaced ones never
    // would). The bots move by themselves; when this player is the first parent, the move is its own.
    for (let waited = 0; (await both()) === before; waited += 250) {
      if (waited > 20_000) {
        const connected = await Promise.all([deciding, title].map((e) => e.evaluate((x) => x.isConnected)));
        const shown = await page.evaluate(() =>
          ['deciding', 'phase-title'].map((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent).join(' | '),
        );
        throw new Error(`nothing changed in the held controls in 20 s: ${before}; still attached: ${connected}; on the page: ${shown}`);
      }
      // The bots may have moved before the page held anything, and the step may wait on this player alone:
      // as the parent, a tier and the layout; as a giver (or wisher), a gift for each one (a slot each, in turn), then send.
      const mine = await page.$('[data-testid^="tier-"]:not([disabled]), [data-testid="confirm-layout"], [data-testid^="submit-"]:not([disabled])');
      const slots = await page.$$('[data-testid^="slot-"]:not([disabled])');
      if (mine) await mine.click();
      else if (slots.length) await slots[(waited / 250) % slots.length].click();
      await page.waitForTimeout(250);
    }
    expect(await both()).not.toBe(before);
    expect(await deciding.evaluate((e) => e.isConnected)).toBe(true);
    expect(await title.evaluate((e) => e.isConnected)).toBe(true);
    expect(await rules.evaluate((e) => e.isConnected)).toBe(true);
    // The button held since the first render still works.
    await rules.click();
    await page.waitForSelector(tid('gifttrap-rules-dialog'));
    await page.close();
  }, 60_000);
});
