/**
 * The Gift Trap canvas is made of retained widgets (issue 12, item 6:
 * client/src/games/gifttrap/widgets/): a change updates the Pixi objects in
 * place instead of destroying and redrawing the table. The texts held before
 * this player gives a gift (the header, the plates' scores and arrows) are
 * the very same objects afterwards, still on the stage, and one of them now
 * tells the gift chosen. And the pawns, which hop on the scene's timeline
 * after the opened gifts' flights, land where the view says.
 *
 * Needs `npm run build` first.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { openPage, startBotTable, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';
import { watchBots } from './watch-bots.js';

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

/** Every pawn where the page shows it (label "pawn:<track>:<seat>"), with the view's values it stands for. */
async function pawnsShown(
  page: Page,
): Promise<{ busy: boolean; round: number; goal: number; tracks: Record<string, { value: number; x: number; number: string }[]> }> {
  return page.evaluate(() => {
    type Node = { label?: string; x: number; text?: string; children?: Node[] };
    const w = window as unknown as { __fireside: { app: { stage: Node }; table: { busy: boolean }; viewJson: () => string } };
    const view = JSON.parse(w.__fireside.viewJson()) as { round: number; options: { goal: number }; give: number[]; get: number[] };
    const tracks: Record<string, { value: number; x: number; number: string }[]> = { give: [], get: [] };
    const walk = (n: Node) => {
      const m = /^pawn:(give|get):(\d+)$/.exec(n.label ?? '');
      // Each pawn carries its seat's number (colour is not the only cue).
      const number = n.children?.find((c) => c.label === 'seat-number')?.text ?? '';
      if (m) tracks[m[1]][Number(m[2])] = { value: Math.max(0, Math.min(view.options.goal, view[m[1] as 'give' | 'get'][Number(m[2])])), x: n.x, number };
      for (const c of n.children ?? []) walk(c);
    };
    walk(w.__fireside.app.stage);
    return { busy: w.__fireside.table.busy, round: view.round, goal: view.options.goal, tracks };
  });
}

describe('the Gift Trap pawns', () => {
  it('land, once the reveal has played on the timeline, on the squares the view gives', async () => {
    const page = await watchBots(t, 'gifttrap', 3, 'en');
    try {
      // A round's reveal has moved pawns: the view's values are no longer all 0.
      let shown = await pawnsShown(page);
      for (let waited = 0; Object.values(shown.tracks).every((ps) => ps.every((p) => p.value === 0)); waited += 200) {
        if (waited > 60_000) throw new Error('no pawn moved within 60 s');
        await page.waitForTimeout(200);
        shown = await pawnsShown(page);
      }
      // Catch the table at rest (the bots keep playing: the view may move on meanwhile, so read both together).
      for (let waited = 0; shown.busy; waited += 50) {
        if (waited > 20_000) throw new Error('the table did not settle within 20 s');
        await page.waitForTimeout(50);
        shown = await pawnsShown(page);
      }
      for (const [track, pawns] of Object.entries(shown.tracks)) {
        expect({ track, pawns: pawns.length }).toEqual({ track, pawns: 3 });
        expect(pawns.map((p) => p.number)).toEqual(['1', '2', '3']);
        // x grows with the value, one x per value: the pawns stand on the view's squares (the track is linear).
        const byValue = [...pawns].sort((a, b) => a.value - b.value);
        for (let i = 1; i < byValue.length; i++) {
          const [a, b] = [byValue[i - 1], byValue[i]];
          if (a.value === b.value) expect(Math.abs(a.x - b.x)).toBeLessThan(0.5);
          else expect(b.x - a.x).toBeGreaterThan(1);
        }
        const distinct = byValue.filter((p, i) => i === 0 || p.value !== byValue[i - 1].value);
        if (distinct.length === 3) {
          const [p, q, r] = distinct;
          const perPoint = (q.x - p.x) / (q.value - p.value);
          expect(Math.abs(r.x - (p.x + (r.value - p.value) * perPoint))).toBeLessThan(0.5);
        }
      }
    } finally {
      await page.close();
    }
  }, 120_000);
});
