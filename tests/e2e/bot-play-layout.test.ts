/**
 * Browser test of the presence bar's "Let a bot play" (issue 23): Alice hosts
 * a Gift Trap match with Bo and Carolina, who both leave it. Alice's presence
 * bar then offers "Let a bot play" on both their rows, and the button is laid
 * out the same on each: same size, left edges aligned, inside its row, clear
 * of the row's name and seat badge; every row shows its seat number. At
 * 1280×720 and on a phone's 390×844.
 *
 * Carolina's name is as long as a name may be (24 characters).
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium.
 * Stand-ins only after 10 minutes here (FIRESIDE_STANDIN_SECONDS), so the
 * button stays. Screenshots go to tests/artifacts/bot-play-layout-*.png.
 */
import '../../server/testing/ws-setup.js';
import path from 'node:path';
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { joinRoom, type Player } from '../../server/testing/harness.js';
import { ARTIFACTS, launchChromium, openPage, startBuiltServer, tid, type ServerProcess } from './harness.js';

const shot = (name: string) => path.join(ARTIFACTS, `bot-play-layout-${name}.png`);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Each row of the presence bar: its box, its name's, its seat badge's (and the number on it), its "Let a bot play" button's. */
async function rows(page: Page): Promise<{ row: Box; name: Box; num: Box | null; numText: string; bot: Box | null }[]> {
  return page.$$eval('[data-testid="presence"] .presence-seat', (lis) => {
    const box = (e: Element | null) => {
      if (!e || (e as HTMLElement).offsetParent === null) return null;
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    return lis.map((li, seat) => ({
      row: box(li)!,
      name: box(li.querySelector('.presence-name'))!,
      num: box(li.querySelector(`[data-testid="presence-num-${seat}"]`)),
      numText: li.querySelector(`[data-testid="presence-num-${seat}"]`)?.textContent ?? '',
      bot: box(li.querySelector(`[data-testid="hand-to-bot-${seat}"]`)),
    }));
  });
}

/**
 * The rows once the page has settled: fonts loaded and two reads 250 ms apart the same. (Read at once,
 * the bar was seen mid-change about one run in ten on a fresh clone: badges outside their rows, buttons
 * not reached.)
 */
async function settledRows(page: Page): Promise<Awaited<ReturnType<typeof rows>>> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  let last = await rows(page);
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(250);
    const now = await rows(page);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  throw new Error(`the presence bar kept changing for 10 s: ${JSON.stringify(last)}`);
}

const inside = (a: Box, b: Box) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
const round = (n: number) => Math.round(n * 2) / 2;

let server: ServerProcess;
let browser: Browser;
let alice: Page;
const errors: string[] = [];

beforeAll(async () => {
  server = await startBuiltServer({ FIRESIDE_STANDIN_SECONDS: '600' });
  browser = await launchChromium();
  alice = await openPage(browser, { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  alice.on('pageerror', (e) => errors.push(String(e?.stack ?? e)));
  await alice.goto(server.base + '/');
  await alice.fill(tid('nickname-input'), 'Alice');
  await alice.click(tid('create-room'));
  await alice.waitForSelector(tid('player-count'), { timeout: 15_000 });
  await alice.selectOption(tid('player-count'), '3');
  const roomId = (await alice.inputValue(tid('invite-link'))).split('/').pop()!;
  // Two players with names of very different lengths take seats 2 and 3, then both leave the match.
  const others: Player[] = [];
  for (const [seat, name] of [
    [1, 'Bo'],
    [2, 'Carolina Montgomery-Smit'],
  ] as const) {
    const p = await joinRoom(server.base, roomId, { name });
    p.send('sit', { seat });
    await p.until((s) => s.seats[seat].name === name, `${name} sits at seat ${seat + 1}`, 15_000);
    others.push(p);
  }
  await alice.waitForSelector(`${tid('start-game')}:not([disabled])`, { timeout: 15_000 });
  await alice.click(tid('start-game'));
  await others[0].until((s) => s.status === 'playing', 'the match started', 15_000);
  for (const p of others) await p.leave();
  await alice.waitForSelector(tid('hand-to-bot-1'), { timeout: 15_000 });
  await alice.waitForSelector(tid('hand-to-bot-2'), { timeout: 15_000 });
}, 120_000);

afterAll(async () => {
  await alice?.close();
  await browser?.close();
  await server?.stop();
});

describe('"Let a bot play" on the presence bar', () => {
  it.each([
    ['desktop', 1280, 720],
    ['phone', 390, 844],
  ])(
    '%s (%i×%i): the button is laid out the same on every row, and every row shows its seat number',
    async (name, width, height) => {
      await alice.setViewportSize({ width, height });
      await alice.waitForFunction((w) => document.documentElement.clientWidth <= w, width, { timeout: 10_000 });
      // The bar at the top of the screen (on a phone, clear of the controls pinned to the bottom).
      await alice.$eval(tid('presence'), (e) => e.scrollIntoView({ block: 'start' }));
      const all = await settledRows(alice);
      await alice.screenshot({ path: shot(name) });
      expect(all.length).toBe(3);
      // Every row: its seat number on its badge, inside the row, clear of the name.
      expect(all.map((r) => [r.numText, !!r.num && inside(r.num, r.row), !!r.num && overlap(r.num, r.name) === 0])).toEqual([
        ['1', true, true],
        ['2', true, true],
        ['3', true, true],
      ]);
      // Alice is here: no button on her row; Bo's and Carolina's rows have one.
      expect(all.map((r) => !!r.bot)).toEqual([false, true, true]);
      const [bo, carolina] = [all[1], all[2]];
      const b1 = bo.bot!;
      const b2 = carolina.bot!;
      expect({ width: round(b2.width), height: round(b2.height), x: round(b2.x) }).toEqual({
        width: round(b1.width),
        height: round(b1.height),
        x: round(b1.x),
      });
      for (const r of [bo, carolina]) {
        expect({ inside: inside(r.bot!, r.row), overName: overlap(r.bot!, r.name), overBadge: overlap(r.bot!, r.num!) }).toEqual({
          inside: true,
          overName: 0,
          overBadge: 0,
        });
      }
      // Nothing lies over either button: a tap at its centre reaches it. (Once the page has settled: a CI run
      // once found neither reached right after the scroll; what lay there is named if it stays.)
      const hits = () =>
        alice.$$eval('[data-testid^="hand-to-bot-"]', (bs) =>
          bs.map((b) => {
            const r = b.getBoundingClientRect();
            const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            if (b.contains(at)) return 'the button';
            const near = at?.closest('[data-testid]')?.getAttribute('data-testid') ?? '-';
            return `${at ? `${at.tagName.toLowerCase()}.${String(at.className)}` : 'nothing'} in ${near}, at ${Math.round(r.x + r.width / 2)},${Math.round(r.y + r.height / 2)}`;
          }),
        );
      let reached = await hits();
      for (let i = 0; i < 40 && reached.some((x) => x !== 'the button'); i++) {
        await alice.waitForTimeout(250);
        reached = await hits();
      }
      expect(reached).toEqual(['the button', 'the button']);
      expect(errors).toEqual([]);
    },
    60_000,
  );
});
