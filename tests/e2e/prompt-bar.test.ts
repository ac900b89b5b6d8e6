/**
 * The prompt on a phone (client/src/screens/prompt-bar.ts, prompt-bar.css): on a
 * 390×844 page the table's controls are pinned to the bottom of the screen,
 * below the board, and open at the move when it is the player's; the prompt
 * bar, which leads to the controls when they are out of sight, then steps
 * aside. On a desktop there is no bar.
 *
 * Needs `npm run build` first. Screenshots: tests/artifacts/prompt-bar-*.png.
 */
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ARTIFACTS, PHONE, openPage, startBotTable, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';

const t = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '300' });

const barShown = (page: Page) => page.$eval(tid('prompt-bar'), (e) => !(e as HTMLElement).hidden && getComputedStyle(e).display !== 'none');

describe('the prompt bar', () => {
  it.each([['en'], ['fr'], ['ja']])(
    'on a phone (%s): the controls are pinned below the board and open at the move, so the bar stays aside',
    async (lang) => {
      const page = await openPage(t.browser, PHONE);
      await startBotTable(page, t.server.base, 'gifttrap', lang);
      // Soon the move is this player's (laying out the gifts if it is the first parent, else giving).
      await page.waitForFunction(() => document.querySelector('[data-testid="prompt-bar"]')!.classList.contains('prompt-bar-yours'), null, { timeout: 30_000 });
      await page.waitForTimeout(300);
      const seen = await page.evaluate(() => {
        const controls = document.querySelector('[data-testid="controls"]')!.getBoundingClientRect();
        const phase = document.querySelector('[data-testid^="phase-"]:not([data-testid="phase-title"])')!;
        const lead = phase.querySelector('.lead, .sub')!.getBoundingClientRect();
        return { scrollY, top: controls.top, bottom: controls.bottom, leadTop: lead.top, leadBottom: lead.bottom, phase: phase.getAttribute('data-testid') };
      });
      expect(['phase-layout', 'phase-give']).toContain(seen.phase);
      // Pinned to the bottom of the screen, in its lower half, the board above it; the page not scrolled.
      expect(seen.scrollY).toBe(0);
      expect(Math.abs(seen.bottom - 844)).toBeLessThan(2);
      expect(seen.top).toBeGreaterThan(844 / 2 - 20);
      // Opened at the move: its prompt is inside the pinned controls, not scrolled away above.
      expect(seen.leadTop).toBeGreaterThanOrEqual(seen.top);
      expect(seen.leadBottom).toBeLessThanOrEqual(seen.bottom);
      // The controls are in view: the bar that leads to them steps aside.
      expect(await barShown(page)).toBe(false);
      await page.screenshot({ path: path.join(ARTIFACTS, `prompt-bar-phone-${lang}.png`) });
      await page.close();
    },
    90_000,
  );

  it('is not there on a desktop', async () => {
    const page = await openPage(t.browser, { viewport: { width: 1280, height: 900 } });
    await startBotTable(page, t.server.base, 'gifttrap', 'en');
    await page.waitForSelector(tid('phase-title'));
    expect(await barShown(page)).toBe(false);
    await page.close();
  }, 60_000);
});
