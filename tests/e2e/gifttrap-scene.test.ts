/**
 * The Gift Trap canvas is made of retained widgets (issue 12, item 6:
 * client/src/games/gifttrap/widgets/): a change updates the Pixi objects in
 * place instead of destroying and redrawing the table. The texts held before
 * this player gives a gift (the header, the plates' scores and arrows) are
 * the very same objects afterwards, still on the stage, and one of them now
 * tells the gift chosen.
 *
 * Needs `npm run build` first.
 */
import { describe, expect, it } from '@jest/globals';
import { openPage, startBotTable, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';

const t = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '300' });

type Held = { text: string; destroyed: boolean; onStage: boolean };

describe('the Gift Trap table', () => {
  it('updates its canvas in place: the same texts, showing the new state', async () => {
    const page = await openPage(t.browser, { viewport: { width: 1280, height: 900 } });
    await startBotTable(page, t.server.base, 'gifttrap', 'en');
    // Giving begins once the parent has laid out the gifts (this player, if it is the first parent).
    for (let waited = 0; !(await page.$(tid('slot-0'))); waited += 250) {
      if (waited > 30_000) throw new Error('the give phase did not begin within 30 s');
      const mine = await page.$('[data-testid^="tier-"]:not([disabled]), [data-testid="confirm-layout"]');
      if (mine) await mine.click();
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(500);

    // Hold the header, the plates' scores and the arrows that say which gifts each player gets from me.
    const held = await page.evaluate(() => {
      type Node = { text?: unknown; children?: Node[] };
      const w = window as unknown as { __fireside: { app: { stage: Node } }; __held: Node[] };
      const found: Node[] = [];
      const walk = (n: Node) => {
        if (typeof n.text === 'string' && /^(Round|GIVE|→)/.test(n.text)) found.push(n);
        for (const c of n.children ?? []) walk(c);
      };
      walk(w.__fireside.app.stage);
      w.__held = found;
      return found.map((n) => n.text as string);
    });
    expect(held).toContain('→ ?');

    // The first player still to get a gift gets gift 1.
    await page.click(tid('slot-0'));
    await page.waitForTimeout(500);

    const after = await page.evaluate(() => {
      type Node = { text: string; destroyed: boolean; parent: Node | null };
      const w = window as unknown as { __fireside: { app: { stage: Node } }; __held: Node[] };
      const onStage = (n: Node) => {
        let p: Node | null = n;
        while (p && p !== w.__fireside.app.stage) p = p.parent;
        return p === w.__fireside.app.stage;
      };
      return w.__held.map((n) => ({ text: n.destroyed ? '' : n.text, destroyed: n.destroyed, onStage: !n.destroyed && onStage(n) }));
    });
    expect(after.filter((x: Held) => x.destroyed || !x.onStage)).toEqual([]);
    expect(after.map((x: Held) => x.text)).toContain('→ 1');
    await page.close();
  }, 90_000);
});
