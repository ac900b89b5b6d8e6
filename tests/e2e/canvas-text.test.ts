/**
 * No text over text on the table's canvas on a phone (issue 12): each game at
 * 390×844 in English, French and Japanese, a table of bots and this player,
 * checked when the table has settled and again when the move is this
 * player's (tests/e2e/text-overlap.ts). French runs longest, Japanese widest.
 * For the games in UNCUT, no text may be cut with an ellipsis either.
 *
 * Needs `npm run build` first. Screenshots: tests/artifacts/canvas-text-*.png.
 */
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { gameMetas, metaIds } from '@fireside/shared';
import { ARTIFACTS, PHONE, openPage, startBotTable } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';
import { ellipsized, overlaps, settledCanvasTexts, type TextBox } from './text-overlap.js';

const t = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '200' });

async function phoneTable(game: string, lang: string): Promise<Page> {
  const page = await openPage(t.browser, PHONE);
  await startBotTable(page, t.server.base, game, lang);
  return page;
}

const described = (pairs: ReturnType<typeof overlaps>) => pairs.map(([a, b]) => `"${a.text}" over "${b.text}"`);

/** Games whose table texts must also fit whole, with no ellipsis (a smaller font or a second line instead): their metas say so. */
const UNCUT = new Set<string>(gameMetas.filter((m) => m.testing.tableTextsWhole).map((m) => m.id));

/** What a person could not read on this table: texts over texts, and (for UNCUT games) texts cut short. */
function findings(game: string, lang: string, boxes: TextBox[]) {
  return { lang, overlaps: described(overlaps(boxes)), cut: UNCUT.has(game) ? ellipsized(boxes) : [] };
}

describe('canvas texts on a phone', () => {
  it.each(metaIds.map((id) => [id]))(
    '%s: none overlaps another, in en, fr and ja',
    async (game) => {
      for (const lang of ['en', 'fr', 'ja']) {
        const page = await phoneTable(game, lang);
        await page.waitForTimeout(2500);
        const first = await settledCanvasTexts(page);
        expect(first.length).toBeGreaterThan(5);
        expect(findings(game, lang, first)).toEqual({ lang, overlaps: [], cut: [] });
        // When this player must act (the prompt bar says so), the table waits for them: a settled moment.
        const mine = await page
          .waitForFunction(() => document.querySelector('[data-testid="prompt-bar"]')?.classList.contains('prompt-bar-yours'), null, { timeout: 15_000 })
          .then(() => true)
          .catch(() => false);
        if (mine) {
          await page.waitForTimeout(800);
          expect(findings(game, lang, await settledCanvasTexts(page))).toEqual({ lang, overlaps: [], cut: [] });
        }
        await page.screenshot({ path: path.join(ARTIFACTS, `canvas-text-${game}-${lang}.png`), fullPage: true });
        await page.close();
      }
    },
    150_000,
  );
});
