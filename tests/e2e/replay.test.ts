/**
 * Browser end-to-end test of replays: three bots play a Gift Trap match on
 * the built server (created through the SDK: host, fillBots, start), then the
 * web client opens `/replay/<matchId>` and steps through it with the
 * buttons, the slider and the keyboard, switches whose seat it shows, and
 * never opens a WebSocket (a replay sends no intent: it has no connection).
 * Also: an unknown match shows the "does not exist" card, and the room's
 * lobby links to the replay.
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium.
 * Screenshots go to tests/artifacts/replay-*.png.
 */
import '../../server/testing/ws-setup.js';
import path from 'node:path';
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { createRoom, type Player } from '../../server/testing/harness.js';
import { ARTIFACTS, launchChromium, openPage, startBuiltServer, tid, type ServerProcess } from './harness.js';

const shot = (name: string) => path.join(ARTIFACTS, `replay-${name}.png`);

let server: ServerProcess;
let browser: Browser;
let host: Player;
let matchId = '';

beforeAll(async () => {
  server = await startBuiltServer({ FIRESIDE_BOT_DELAY_MS: '5' });
  browser = await launchChromium();
  host = await createRoom(server.base, { game: 'gifttrap', name: 'Hostess', players: 3, options: { goal: 20 } });
  host.send('fillBots');
  await host.until((s) => s.seats.every((x: { kind: string }) => x.kind === 'bot'));
  host.send('start');
  await host.until((s) => s.status === 'ended' && s.lastMatchId !== '', 'the bots finish', 60_000);
  matchId = host.state.lastMatchId;
}, 90_000);

afterAll(async () => {
  await host?.leave();
  await browser?.close();
  await server?.stop();
});

async function stepOf(page: Page): Promise<{ step: number; last: number; text: string }> {
  return page.$eval(tid('replay-step'), (e) => ({
    step: Number((e as HTMLElement).dataset.step),
    last: Number((e as HTMLElement).dataset.last),
    text: e.textContent ?? '',
  }));
}

async function waitStep(page: Page, step: number): Promise<void> {
  await page.waitForFunction((k) => document.querySelector('[data-testid="replay-step"]')?.getAttribute('data-step') === String(k), step, { timeout: 10_000 });
}

describe('replay viewer', () => {
  it('steps through a finished match, switches seats, and sends nothing', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    const sockets: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.addInitScript(() => localStorage.setItem('fireside:lang', 'en'));

    await page.goto(`${server.base}/replay/${matchId}`);
    await page.waitForSelector(tid('replay-bar'), { timeout: 15_000 });
    await page.waitForFunction(() => !!(window as unknown as { __fireside: { app: unknown } }).__fireside.app, null, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { __fireside: { app: { renderer: { name: string } } } }).__fireside.app.renderer.name)).toBe(
      'webgl',
    );

    let s = await stepOf(page);
    expect(s.step).toBe(0);
    expect(s.last).toBeGreaterThan(10);
    expect(await page.isDisabled(tid('replay-first'))).toBe(true);
    await page.waitForTimeout(500);
    await page.screenshot({ path: shot('start'), fullPage: true });

    await page.click(tid('replay-forward'));
    await waitStep(page, 1);
    expect((await stepOf(page)).text).toMatch(/\(bot\)/);
    await page.click(tid('replay-forward'));
    await waitStep(page, 2);
    await page.click(tid('replay-back'));
    await waitStep(page, 1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitStep(page, 3);
    await page.keyboard.press('ArrowLeft');
    await waitStep(page, 2);

    // The slider: halfway.
    const half = Math.floor(s.last / 2);
    await page.$eval(
      tid('replay-slider'),
      (el, v) => {
        const input = el as HTMLInputElement;
        input.value = String(v);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      half,
    );
    await waitStep(page, half);
    await page.waitForTimeout(600);
    await page.screenshot({ path: shot('middle-seat0'), fullPage: true });

    // Another seat's view of the same step.
    await page.selectOption(tid('replay-seat'), '2');
    await page.waitForTimeout(600);
    expect((await stepOf(page)).step).toBe(half);
    await page.screenshot({ path: shot('middle-seat2'), fullPage: true });

    // Play runs by itself, pause stops it.
    await page.click(tid('replay-play'));
    await waitStep(page, half + 1);
    await page.click(tid('replay-pause'));
    const paused = (await stepOf(page)).step;
    await page.waitForTimeout(1200);
    expect((await stepOf(page)).step).toBe(paused);

    await page.click(tid('replay-last'));
    await waitStep(page, s.last);
    expect(await page.isDisabled(tid('replay-forward'))).toBe(true);
    await page.waitForTimeout(800);
    await page.screenshot({ path: shot('last'), fullPage: true });

    await page.click(tid('replay-first'));
    await waitStep(page, 0);
    // Clicking around the table does nothing: there is nobody to tell.
    const box = (await page.$(tid('canvas-host')))!;
    const b = (await box.boundingBox())!;
    await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
    s = await stepOf(page);
    expect(s.step).toBe(0);

    expect(sockets).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows "does not exist" for an unknown match', async () => {
    const page = await openPage(browser);
    await page.addInitScript(() => localStorage.setItem('fireside:lang', 'en'));
    await page.goto(`${server.base}/replay/no-such-match`);
    await page.waitForSelector(tid('replay-not-found'), { timeout: 10_000 });
    expect(await page.textContent(tid('replay-not-found'))).toContain('does not exist or the match is not finished');
    await page.close();
  }, 30_000);

  it("the room's lobby links to the last match's replay", async () => {
    host.send('again');
    await host.until((s) => s.status === 'lobby');
    expect(host.state.lastMatchId).toBe(matchId);
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.addInitScript(() => {
      localStorage.setItem('fireside:lang', 'en');
      localStorage.setItem('fireside:nickname', 'Viewer');
    });
    await page.goto(`${server.base}/room/${host.room.roomId}`);
    // No token for this room: the table is shown first, with the remembered nickname ready.
    await page.waitForSelector(tid('room-preview'), { timeout: 15_000 });
    expect(await page.inputValue(tid('join-name'))).toBe('Viewer');
    await page.click(tid('join-submit'));
    await page.waitForSelector(tid('watch-replay'), { timeout: 15_000 });
    expect(await page.getAttribute(tid('watch-replay'), 'href')).toBe(`/replay/${matchId}`);
    await page.screenshot({ path: shot('lobby-link'), fullPage: true });
    await page.click(tid('watch-replay'));
    await page.waitForSelector(tid('replay-bar'), { timeout: 15_000 });
    await page.close();
  }, 60_000);

  it.each([['santa'], ['windcity']])(
    '%s: a whole bot match replays in its own table, step by step to the end',
    async (game) => {
      const p = await createRoom(server.base, { game, name: 'Hostess', players: 3 });
      p.send('fillBots');
      await p.until((s) => s.seats.every((x: { kind: string }) => x.kind === 'bot'));
      p.send('start');
      await p.until((s) => s.status === 'ended' && s.lastMatchId !== '', `the ${game} bots finish`, 90_000);
      const id = p.state.lastMatchId as string;
      await p.leave();

      const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript(() => localStorage.setItem('fireside:lang', 'en'));
      await page.goto(`${server.base}/replay/${id}`);
      await page.waitForSelector(tid('replay-bar'), { timeout: 15_000 });
      const { last } = await stepOf(page);
      expect(last).toBeGreaterThan(5);
      for (const k of [1, Math.floor(last / 2)]) {
        await page.$eval(
          tid('replay-slider'),
          (e, v) => {
            (e as HTMLInputElement).value = String(v);
            e.dispatchEvent(new Event('input', { bubbles: true }));
          },
          k,
        );
        await waitStep(page, k);
      }
      await page.selectOption(tid('replay-seat'), { index: 1 });
      await page.waitForTimeout(400);
      await page.screenshot({ path: shot(`${game}-middle`), fullPage: true });
      await page.click(tid('replay-last'));
      await waitStep(page, last);
      await page.waitForTimeout(400);
      await page.screenshot({ path: shot(`${game}-last`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    },
    150_000,
  );
});
