/**
 * Nothing chosen is lost to a reload (issue 12): a Gift Trap player picks a
 * recipient and a gift, reloads the page, and finds that choice still there
 * (client/src/games/common/drafts.ts), then sends it.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { openPage, startBotTable, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';

const t = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '200' });

/** Through the layout when this player is the first parent (a tier, then confirm), on to the giving. */
async function toTheGiving(page: Page): Promise<void> {
  const give = `${tid('phase-give')} ${tid('submit-gifts')}`;
  for (let waited = 0; !(await page.$(give)); waited += 250) {
    if (waited > 30_000) throw new Error('the giving never came');
    const mine = await page.$('[data-testid^="tier-"]:not([disabled]), [data-testid="confirm-layout"]');
    if (mine) await mine.click();
    await page.waitForTimeout(250);
  }
}

const chosen = (page: Page, seat: number) => page.textContent(`${tid(`recipient-${seat}`)} .chip-value`);

describe('drafts', () => {
  it('a gift chosen and not yet sent survives a reload, and can then be sent', async () => {
    const page = await openPage(t.browser, { viewport: { width: 1280, height: 900 } });
    await startBotTable(page, t.server.base, 'gifttrap', 'en');
    await toTheGiving(page);
    const recipients = await page.$$eval(`[data-testid^="recipient-"]`, (els) => els.map((e) => Number((e as HTMLElement).dataset.testid!.split('-')[1])));
    const to = recipients[0];
    const nothing = await chosen(page, to);
    await page.click(tid(`recipient-${to}`));
    await page.click(tid('slot-0'));
    const picked = await chosen(page, to);
    expect(picked).not.toBe(nothing);
    expect(picked).toMatch(/^1 /);

    await page.reload();
    await page.waitForSelector(`${tid('phase-give')} ${tid('submit-gifts')}`, { timeout: 30_000 });
    expect(await chosen(page, to)).toBe(picked);

    // The rest of the gifts, then send; once sent, nothing is kept any more.
    for (const r of recipients.slice(1)) {
      await page.click(tid(`recipient-${r}`));
      const free = await page.$$eval('[data-testid^="slot-"]:not(.taken)', (els) => els.map((e) => (e as HTMLElement).dataset.testid!));
      await page.click(tid(free[0]));
    }
    await page.click(tid('submit-gifts'));
    // Accepted: the status says so, or (the bots had given already) the wishes come next.
    await page.waitForFunction(
      () => /✓/.test(document.querySelector('[data-testid="give-status"]')?.textContent ?? '') || !!document.querySelector('[data-testid="phase-want"]'),
      null,
      { timeout: 10_000 },
    );
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('fireside:draft:')))).toEqual([]);
    await page.close();
  }, 120_000);
});
