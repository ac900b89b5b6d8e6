/**
 * Santa Claus on a phone (issue 12), as a person sees it at 390×844: Mia plays
 * a round with three bots through the DOM controls, in French, Japanese and
 * English. Whenever the table waits for her, no canvas text may be cut with an
 * ellipsis; whenever presents lie in the town, each is drawn on its own house
 * (the town's shapes are named `house:<id>` and `present:<id>` on the Pixi
 * stage: widgets/house.ts, widgets/presents.ts). Santa is drawn at random, so a
 * last case makes a bot Santa: his plate has the most beside his name.
 *
 * Needs `npm run build` first. Screenshots: tests/artifacts/santa-phone-<lang>.png.
 */
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ARTIFACTS, PHONE, openPage, startBotTable, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';
import { ellipsized, settledCanvasTexts } from './text-overlap.js';

const t = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '100' });

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The bounds of the stage's shapes named `<kind>:<id>`, by id. */
async function named(page: Page, kind: 'house' | 'present'): Promise<Record<number, Box>> {
  return page.evaluate((prefix) => {
    type Node = { label?: string; visible: boolean; children?: Node[]; getBounds(): { x: number; y: number; width: number; height: number } };
    const app = (window as unknown as { __fireside: { app: { stage: Node } | null } }).__fireside.app;
    const out: Record<number, { x: number; y: number; w: number; h: number }> = {};
    const walk = (n: Node) => {
      if (!n.visible) return;
      if (n.label?.startsWith(prefix)) {
        const b = n.getBounds();
        out[Number(n.label.slice(prefix.length))] = { x: b.x, y: b.y, w: b.width, h: b.height };
      }
      for (const c of n.children ?? []) walk(c);
    };
    if (app) walk(app.stage);
    return out;
  }, `${kind}:`);
}

/** The share of `a`'s area that lies inside `b`. */
function shareInside(a: Box, b: Box): number {
  const dx = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const dy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  return (dx * dy) / (a.w * a.h);
}

/**
 * Mia's move, whatever the controls offer now; what was clicked, or null. A
 * middling card and the furthest-looking destination (the last listed): as
 * Santa she walks several houses and leaves presents the kids cannot all take
 * at once (always a king, she would fly to one house and lose its present).
 */
async function act(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const enabled = (sel: string) => [...document.querySelectorAll<HTMLButtonElement>(sel)].filter((b) => !b.disabled);
    const picked = (document.querySelector('[data-testid="pick-status"]')?.textContent ?? '').startsWith('✓');
    const cards = picked ? [] : enabled('[data-testid^="card-"]');
    const offers = [
      enabled('[data-testid="order-confirm"]'),
      enabled('[data-testid^="chooser-"]'),
      enabled('[data-testid^="give-"]'),
      enabled('[data-testid="route-0"]'),
      enabled('[data-testid^="dest-"]').slice(-1),
      enabled('[data-testid^="house-"]').slice(0, 1),
      cards.slice(Math.floor(cards.length / 2)),
    ];
    const choice = offers.find((o) => o.length)?.[0];
    choice?.click();
    return choice?.dataset.testid ?? null;
  });
}

const round = (page: Page) =>
  page.evaluate(() => {
    const json = (window as unknown as { __fireside: { viewJson(): string } }).__fireside.viewJson();
    return json ? ((JSON.parse(json) as { round?: number }).round ?? 0) : 0;
  });

const settled = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __fireside: { table: { busy?: boolean } | null } }).__fireside.table?.busy === false, null, {
    timeout: 15_000,
  });

/** Presents not drawn on their own house (most of a present inside its house's box, none of it on another's). */
async function presentsOffTheirHouse(page: Page): Promise<{ checked: number; off: string[] }> {
  const houses = await named(page, 'house');
  const presents = await named(page, 'present');
  const off: string[] = [];
  for (const [id, present] of Object.entries(presents)) {
    const others = Object.entries(houses).filter(([h]) => h !== id && shareInside(present, houses[Number(h)]) > 0);
    if (shareInside(present, houses[Number(id)]) < 0.5 || others.length) off.push(`present ${id} (on ${others.map(([h]) => h).join(', ') || 'no house'})`);
  }
  return { checked: Object.keys(presents).length, off };
}

describe('Santa Claus on a phone', () => {
  it.each([['fr'], ['ja'], ['en']])(
    '%s: presents on their houses, no label cut with an ellipsis',
    async (lang) => {
      const page = await openPage(t.browser, { ...PHONE, reducedMotion: 'reduce' });
      await startBotTable(page, t.server.base, 'santa', lang);
      const cut = new Set<string>();
      const off = new Set<string>();
      let most = 0;
      // Play until the town has held a few presents at once (Santa leaves them; a kid who meets him takes one).
      const end = Date.now() + 100_000;
      while (most < 3 && Date.now() < end && (await round(page)) < 6) {
        const yours = await page.$eval('[data-testid="prompt-bar"]', (e) => e.classList.contains('prompt-bar-yours')).catch(() => false);
        if (yours) {
          await settled(page);
          for (const text of ellipsized(await settledCanvasTexts(page))) cut.add(text);
        }
        // Less motion asked: the presents drawn are the view's at any moment (read in one go in the page).
        const presents = await presentsOffTheirHouse(page);
        for (const p of presents.off) off.add(p);
        if (presents.checked > most) {
          most = presents.checked;
          await (await page.$('[data-testid="table-canvas"]'))!.screenshot({ path: path.join(ARTIFACTS, `santa-phone-${lang}.png`) });
        }
        await page.waitForTimeout((await act(page)) ? 400 : 250);
      }
      expect({ lang, cut: [...cut] }).toEqual({ lang, cut: [] });
      expect(most).toBeGreaterThan(0);
      expect({ lang, off: [...off] }).toEqual({ lang, off: [] });
      await page.close();
    },
    150_000,
  );

  it('ja: a bot playing Santa keeps its whole name beside its place in the order', async () => {
    const page = await openPage(t.browser, { ...PHONE, reducedMotion: 'reduce' });
    await page.addInitScript(() => localStorage.setItem('fireside:lang', 'ja'));
    await page.goto(t.server.base);
    await page.click(tid('game-santa'));
    await page.fill(tid('nickname-input'), 'Mia');
    await page.click(tid('create-room'));
    await page.click(tid('fill-bots'));
    // Basil（ボット）, seat 2, plays Santa: his plate has Santa's picture and, once the order is named, its badge.
    await page.waitForFunction(() => document.querySelector('[data-testid="option-santa"] option[value="1"]')?.textContent?.includes('Basil'));
    await page.selectOption(tid('option-santa'), '1');
    await page.waitForFunction(() => (document.querySelector('[data-testid="option-santa"]') as HTMLSelectElement | null)?.value === '1');
    await page.click(`${tid('start-game')}:not([disabled])`);
    await page.waitForSelector(tid('table-canvas'));
    const cut = new Set<string>();
    let seen = 0;
    const end = Date.now() + 60_000;
    while (seen < 2 && Date.now() < end) {
      const yours = await page.$eval(tid('prompt-bar'), (e) => e.classList.contains('prompt-bar-yours')).catch(() => false);
      const ordered = await page.evaluate(() => (JSON.parse((window as any).__fireside.viewJson()) as { order: number[] }).order.length > 0);
      if (yours && ordered) {
        await settled(page);
        const texts = await settledCanvasTexts(page);
        for (const text of ellipsized(texts)) cut.add(text);
        if (texts.some((x) => x.text.startsWith('Basil') && !x.text.includes('さん'))) seen++;
      }
      await page.waitForTimeout((await act(page)) ? 400 : 250);
    }
    expect(seen).toBeGreaterThan(0);
    expect([...cut]).toEqual([]);
    await page.close();
  }, 90_000);
});
