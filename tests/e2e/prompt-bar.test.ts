/**
 * The prompt pinned to a phone's screen (client/src/screens/prompt-bar.ts):
 * on a 390×844 page the table's controls are below the board, so a bar at the
 * bottom says what the game waits for, and one tap brings the controls into
 * view (the bar then steps aside). On a desktop there is no bar.
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
    'on a phone (%s): says what the game waits for and leads to the controls',
    async (lang) => {
      const page = await openPage(t.browser, PHONE);
      await startBotTable(page, t.server.base, 'gifttrap', lang);
      await page.waitForFunction(() => {
        const bar = document.querySelector('[data-testid="prompt-bar"]') as HTMLElement | null;
        return !!bar && !bar.hidden && (bar.textContent ?? '').length > 0;
      });
      // Whatever the phase, the bar shows the controls' own heading and prompt.
      const barAndControls = () =>
        page.evaluate(() => {
          const q = (sel: string) => document.querySelector(sel)?.textContent ?? null;
          const phase = document.querySelector('[data-testid^="phase-"]:not([data-testid="phase-title"])');
          return {
            bar: [q('[data-testid="prompt-bar-title"]'), q('[data-testid="prompt-bar-text"]')],
            controls: [q('[data-testid="phase-title"]'), phase?.querySelector('.lead, .sub')?.textContent ?? q('[data-testid="deciding"]')],
            phase: phase?.getAttribute('data-testid') ?? '',
          };
        });
      let shown = await barAndControls();
      expect(shown.bar).toEqual(shown.controls);
      expect(shown.bar[1]).not.toBe('');
      // It sits at the bottom of the screen, over the page.
      const box = (await (await page.$(tid('prompt-bar')))!.boundingBox())!;
      expect(Math.abs(box.y + box.height - 844)).toBeLessThan(2);

      // Soon the move is this player's (laying out the gifts if it is the first parent, else giving), and the bar says so.
      await page.waitForFunction(() => document.querySelector('[data-testid="prompt-bar"]')!.classList.contains('prompt-bar-yours'), null, { timeout: 30_000 });
      shown = await barAndControls();
      expect(shown.bar).toEqual(shown.controls);
      expect(['phase-layout', 'phase-give']).toContain(shown.phase);
      await page.screenshot({ path: path.join(ARTIFACTS, `prompt-bar-phone-${lang}.png`) });

      // One tap: the phase's controls are on the screen, and the bar steps aside.
      await page.click(tid('prompt-bar-go'));
      await page.waitForFunction((id) => {
        const b = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
        return b.top < innerHeight && b.bottom > 0;
      }, shown.phase);
      await page.waitForFunction(() => (document.querySelector('[data-testid="prompt-bar"]') as HTMLElement).hidden);
      // Back up at the board (once the smooth scroll has settled), it is there again.
      await page.waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const y = scrollY;
            setTimeout(() => resolve(scrollY === y), 300);
          }),
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForFunction(() => !(document.querySelector('[data-testid="prompt-bar"]') as HTMLElement).hidden);
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
