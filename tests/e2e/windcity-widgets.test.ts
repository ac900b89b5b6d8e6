/**
 * Wind City's table is made of retained widgets (issue 12): as the game moves
 * on, the texts on the canvas (the header, the players' plates, the card, the
 * board's labels) are the same Pixi objects, changed in place, never
 * destroyed and drawn anew. Mia places the hurricane and her first houses
 * against bots; every text on the stage before is still there after, alive,
 * and some of them now say something else.
 *
 * Needs `npm run build` first.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { openPage, startBotTable, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';

const t = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '200' });

/** Keep every text on the stage now in `window.__texts`, with what it says. */
async function keepTexts(page: Page): Promise<number> {
  return page.evaluate(() => {
    type Node = { children?: Node[]; text?: unknown };
    const w = window as unknown as { __fireside: { app: { stage: Node } }; __texts: { node: Node; was: string }[] };
    const out: { node: Node; was: string }[] = [];
    const walk = (n: Node) => {
      if (typeof n.text === 'string') out.push({ node: n, was: n.text });
      for (const c of n.children ?? []) walk(c);
    };
    walk(w.__fireside.app.stage);
    w.__texts = out;
    return out.length;
  });
}

/** Of the texts kept: how many were destroyed or left the stage, and how many say something else now. */
async function keptNow(page: Page): Promise<{ gone: string[]; changed: number }> {
  return page.evaluate(() => {
    type Node = { children?: Node[]; text?: unknown; destroyed: boolean; parent: Node | null };
    const w = window as unknown as { __fireside: { app: { stage: Node } }; __texts: { node: Node; was: string }[] };
    const onStage = (n: Node): boolean => {
      let p: Node | null = n;
      while (p && p !== w.__fireside.app.stage) p = p.parent;
      return p === w.__fireside.app.stage;
    };
    const gone = w.__texts.filter((x) => x.node.destroyed || !onStage(x.node)).map((x) => x.was);
    const changed = w.__texts.filter((x) => !x.node.destroyed && x.node.text !== x.was).length;
    return { gone, changed };
  });
}

/** Mia's own moves in the setup, through the DOM controls: the hurricane's column, then houses, until she has placed `houses`. */
async function playSetup(page: Page, houses: number): Promise<void> {
  let placed = 0;
  const end = Date.now() + 40_000;
  while (placed < houses && Date.now() < end) {
    const col = await page.$(tid('col-3'));
    const square = await page.$('[data-testid^="square-"]:not([disabled])');
    if (col) {
      await col.click();
      await page.waitForSelector(tid('col-3'), { state: 'detached' });
    } else if (square) {
      const id = await square.getAttribute('data-testid');
      await square.click();
      await page.waitForSelector(tid(id!), { state: 'detached' });
      placed++;
    } else await page.waitForTimeout(100);
  }
  expect(placed).toBe(houses);
}

describe('Wind City widgets', () => {
  it('keeps its canvas texts across moves and changes them in place', async () => {
    const page = await openPage(t.browser, { viewport: { width: 1280, height: 900 } });
    await startBotTable(page, t.server.base, 'windcity', 'en');
    await page.waitForFunction(() => (window as unknown as { __fireside: { table: { busy: boolean } | null } }).__fireside.table?.busy === false);
    await page.waitForTimeout(500);
    expect(await keepTexts(page)).toBeGreaterThan(20);
    await playSetup(page, 2);
    await page.waitForTimeout(500);
    const now = await keptNow(page);
    expect(now.gone).toEqual([]);
    // The plates' house counts, the header, the caption: the same texts say more now.
    expect(now.changed).toBeGreaterThan(2);
    await page.close();
  }, 90_000);
});
