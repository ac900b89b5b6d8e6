/**
 * Your tables and links, in the browser: an invite link shows the table
 * before asking for a nickname (and joins nothing until asked); a bad link
 * says so at once; a player who leaves a running match (the leave button,
 * which asks first, Back, or a closed tab) finds the table under "Your
 * tables" on the home page and Rejoin brings them back to the same seat with
 * its secrets; a table the server forgot can be forgotten; a list that
 * cannot be fetched says so; an unknown path shows a not-found page in every
 * language.
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium.
 * Screenshots go to tests/artifacts/tables-*.png (desktop 1280×900, phone 390×844).
 */
import '../../server/testing/ws-setup.js';
import path from 'node:path';
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createRoom, type Player } from '../../server/testing/harness.js';
import { ARTIFACTS, launchChromium, openContext, startBuiltServer, tid, type ServerProcess } from './harness.js';

const shot = (name: string) => path.join(ARTIFACTS, `tables-${name}.png`);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let server: ServerProcess;
let browser: Browser;
const sdk: Player[] = [];

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await Promise.all(sdk.map((p) => p.leave()));
  await browser?.close();
  await server?.stop();
});

/** A fresh browser profile (its own localStorage), in English unless told. */
async function newContext(lang = 'en'): Promise<BrowserContext> {
  const context = await openContext(browser, { viewport: DESKTOP });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('fireside:lang')) localStorage.setItem('fireside:lang', l);
  }, lang);
  return context;
}

/** The page's member as the room sees it: its seat, and whether that seat's secret reached it. */
function me(page: Page): Promise<{ roomId: string; seat: number; memberId: string; secret: string; status: string } | null> {
  return page.evaluate(() => {
    const room = (window as any).__fireside?.room;
    if (!room?.state?.seats || !room.connection?.isOpen) return null;
    const seats = [...room.state.seats];
    const mine = seats.find((s: any) => s.secret);
    return mine ? { roomId: room.roomId, seat: mine.index, memberId: mine.memberId, secret: mine.secret, status: room.state.status } : null;
  });
}

describe('invite links', () => {
  it('show the table (game, host, seats, free seats) before asking for a nickname, and join nothing until asked', async () => {
    const host = await createRoom(server.base, { game: 'gifttrap', name: 'Hostess', players: 4 });
    sdk.push(host);
    host.send('sit', { seat: 0 });
    host.send('addBot', { seat: 1 });
    await host.until((s) => s.seats[0].kind === 'human' && s.seats[1].kind === 'bot', 'host seated, one bot');
    const link = `${server.base}/room/${host.room.roomId}`;

    const context = await newContext();
    const page = await context.newPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(link);
    await page.waitForSelector(tid('room-preview'), { timeout: 15_000 });
    expect(await page.textContent(tid('preview-game'))).toBe('Gift Trap');
    expect(await page.textContent(tid('preview-status'))).toBe('Lobby');
    expect(await page.textContent(tid('preview-host'))).toBe('Host: Hostess');
    expect(await page.textContent(tid('preview-seat-0'))).toContain('Hostess');
    expect(await page.textContent(tid('preview-seat-1'))).toMatch(/\(bot\)/);
    expect(await page.textContent(tid('preview-seat-2'))).toContain('Free seat');
    expect(await page.textContent(tid('preview-outlook'))).toBe('2 free seats: choose one below, or later in the lobby.');
    // The nickname comes after the table, empty for a first visit, and nothing has joined yet.
    expect(await page.inputValue(tid('join-name'))).toBe('');
    const order = await page.evaluate(() => {
      const preview = document.querySelector('[data-testid="room-preview"]')!;
      const input = document.querySelector('[data-testid="join-name"]')!;
      return preview.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    expect(sockets).toEqual([]);
    expect(host.state.members.size).toBe(1);
    await page.screenshot({ path: shot('preview-desktop'), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: shot('preview-phone'), fullPage: true });

    // Asking for the nickname only now; then into the lobby as a newcomer.
    await page.click(tid('join-submit'));
    await page.waitForSelector(tid('room-preview') + ' ~ .form-error:not(:empty)');
    await page.fill(tid('join-name'), 'Guest');
    await page.click(tid('join-submit'));
    await page.waitForSelector(tid('lobby'), { timeout: 15_000 });
    await host.until((s) => [...s.members.values()].some((m: { name: string }) => m.name === 'Guest'), 'Guest joined');
    await context.close();
  }, 60_000);

  it('a bad or expired link says so at once, with a way home, and never asks for a nickname', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('fireside:nickname', 'Zed'));
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(`${server.base}/room/noSuchRoom1`);
    await page.waitForSelector(tid('room-not-found'), { timeout: 10_000 });
    expect(await page.textContent(tid('room-not-found'))).toContain('This room does not exist or has expired.');
    expect(await page.$(tid('join-name'))).toBeNull();
    expect(sockets).toEqual([]);
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: shot('bad-link-phone') });
    await page.click(tid('back-home'));
    await page.waitForSelector(tid('home'));
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  }, 30_000);
});

describe('your tables', () => {
  it('a player who leaves a running match finds it under "Your tables", and Rejoin gives the same seat and its secrets back', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(server.base);
    // A first visit holds no token: no "Your tables" at all.
    await page.waitForSelector(tid('create-room'));
    expect(await page.isVisible(tid('your-tables'))).toBe(false);
    await page.fill(tid('nickname-input'), 'Alice');
    await page.click(tid('create-room'));
    await page.waitForSelector(tid('lobby'), { timeout: 15_000 });
    await page.waitForFunction(() => [...((window as any).__fireside?.room?.state?.members?.values() ?? [])].some((m: any) => m.seat === 0), null, {
      timeout: 10_000,
    });
    await page.click(tid('fill-bots'));
    await page.click(tid('start-game'));
    await page.waitForFunction(() => (window as any).__fireside?.room?.state?.status === 'playing', null, { timeout: 15_000 });
    await page.waitForFunction(() => [...((window as any).__fireside?.room?.state?.seats ?? [])].some((s: any) => s.secret), null, { timeout: 10_000 });
    const before = (await me(page))!;
    expect(before.seat).toBe(0);
    const tokenKey = `fireside:token:${before.roomId}`;
    const token = await page.evaluate((k) => localStorage.getItem(k), tokenKey);
    expect(token).toBeTruthy();

    // Leave asks first, and says a bot stands in; "Stay" keeps the match.
    await page.setViewportSize(PHONE);
    await page.click(tid('room-leave'));
    await page.waitForSelector(tid('confirm-dialog'));
    await page.screenshot({ path: shot('leave-confirm-phone') });
    await page.click(tid('confirm-cancel'));
    await page.setViewportSize(DESKTOP);
    await page.click(tid('room-leave'));
    await page.waitForSelector(tid('confirm-dialog'));
    expect(await page.textContent(tid('confirm-dialog'))).toContain('A bot will play your seat until you come back');
    await page.screenshot({ path: shot('leave-confirm-desktop') });
    await page.click(tid('confirm-cancel'));
    expect(await page.$(tid('confirm-dialog'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe(`/room/${before.roomId}`);
    // The brand link home asks the same question.
    await page.click(tid('home-link'));
    await page.waitForSelector(tid('confirm-dialog'));
    await page.click(tid('confirm-ok'));
    await page.waitForSelector(tid('home'));
    expect(await page.textContent(tid('toasts'))).toContain('your seat is kept');
    expect(await page.evaluate((k) => localStorage.getItem(k), tokenKey)).toBe(token);

    // The home page lists the table: game, players, status, whose turn.
    const row = tid(`table-${before.roomId}`);
    await page.waitForSelector(`${row} ${tid('table-rejoin')}`, { timeout: 10_000 });
    expect(await page.textContent(`${row} .table-game`)).toBe('Gift Trap');
    expect(await page.textContent(`${row} ${tid('table-status')}`)).toBe('Playing');
    expect(await page.textContent(`${row} ${tid('table-players')}`)).toMatch(/^Alice, .+\(bot\)/);
    // Whose turn: "your turn" when the game waits for Alice's seat, else the names (a stand-in bot may be playing for her).
    // Read as a screen reader would: the icon (art/icons.ts) by its label, the emoji it shows.
    const turn = await page.$eval(`${row} ${tid('table-turn')}`, (e) =>
      [...e.childNodes].map((n) => (n instanceof Element && n.classList.contains('icon') ? n.getAttribute('aria-label') : n.textContent)).join(''),
    );
    const summary = (await (await fetch(`${server.base}/api/tables/${before.roomId}`)).json()) as { awaiting: string[] };
    if (summary.awaiting.includes('Alice')) expect(turn).toBe('👉 Your turn!');
    else expect(turn).toMatch(/^⏳ Waiting for \S/);
    await page.screenshot({ path: shot('home-desktop'), fullPage: true });
    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto(server.base);
    await phone.waitForSelector(`${row} ${tid('table-rejoin')}`, { timeout: 10_000 });
    await phone.screenshot({ path: shot('home-phone'), fullPage: true });
    await phone.close();

    // Rejoin: the same seat, the same member, its secret back.
    await page.click(`${row} ${tid('table-rejoin')}`);
    await page.waitForFunction(() => [...((window as any).__fireside?.room?.state?.seats ?? [])].some((s: any) => s.secret), null, { timeout: 15_000 });
    let after = (await me(page))!;
    expect(after).toMatchObject({ roomId: before.roomId, seat: 0, memberId: before.memberId, status: 'playing' });
    expect(after.secret).not.toBe('');

    // Browser Back during the match (even with the question open): home, no question left
    // over, the seat kept, the table listed; Rejoin again.
    await page.click(tid('room-leave'));
    await page.waitForSelector(tid('confirm-dialog'));
    await page.goBack();
    await page.waitForSelector(`${row} ${tid('table-rejoin')}`, { timeout: 10_000 });
    expect(await page.$(tid('confirm-dialog'))).toBeNull();
    expect(await page.evaluate((k) => localStorage.getItem(k), tokenKey)).toBe(token);
    await page.click(`${row} ${tid('table-rejoin')}`);
    await page.waitForFunction(() => [...((window as any).__fireside?.room?.state?.seats ?? [])].some((s: any) => s.secret), null, { timeout: 15_000 });
    after = (await me(page))!;
    expect(after).toMatchObject({ roomId: before.roomId, seat: 0, memberId: before.memberId });

    // The tab is closed; a new one opens the home page: still there, still the same seat.
    await page.close();
    const again = await context.newPage();
    await again.goto(server.base);
    await again.waitForSelector(`${row} ${tid('table-rejoin')}`, { timeout: 10_000 });
    await again.click(`${row} ${tid('table-rejoin')}`);
    await again.waitForFunction(() => [...((window as any).__fireside?.room?.state?.seats ?? [])].some((s: any) => s.secret), null, { timeout: 15_000 });
    after = (await me(again))!;
    expect(after).toMatchObject({ roomId: before.roomId, seat: 0, memberId: before.memberId });
    expect(after.secret).not.toBe('');
    await context.close();
  }, 120_000);

  it('a table the server no longer knows is shown as gone and can be forgotten; a list that cannot be fetched says so', async () => {
    const context = await newContext();
    await context.addInitScript(() => localStorage.setItem('fireside:token:goneRoom42', 'stale-token'));
    const page = await context.newPage();
    // First the server cannot be reached for the list.
    await page.route('**/api/tables?*', (route) => route.abort('connectionrefused'));
    await page.goto(server.base);
    await page.waitForSelector(tid('tables-error'), { timeout: 10_000 });
    expect(await page.textContent(tid('tables-error'))).toBe('Your tables could not be loaded. Check your connection and try again.');
    await page.unroute('**/api/tables?*');
    await page.click(tid('tables-retry'));

    const row = tid('table-goneRoom42');
    await page.waitForSelector(`${row}[data-status="gone"]`, { timeout: 10_000 });
    expect(await page.textContent(row)).toContain('This table no longer exists.');
    expect(await page.$(`${row} ${tid('table-rejoin')}`)).toBeNull();
    await page.click(`${row} ${tid('table-forget')}`);
    expect(await page.$(row)).toBeNull();
    expect(await page.isVisible(tid('your-tables'))).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('fireside:token:goneRoom42'))).toBeNull();
    await context.close();
  }, 30_000);
});

describe('unknown paths', () => {
  it.each([
    ['en', 'Page not found', 'Back to home'],
    ['fr', 'Page introuvable', 'Retour à l’accueil'],
    ['ja', 'ページが見つかりません', 'ホームに戻る'],
  ])(
    '%s: a not-found page with a link home',
    async (lang, title, home) => {
      const context = await newContext(lang);
      const page = await context.newPage();
      const response = await page.goto(`${server.base}/no/such/page`);
      expect(response?.status()).toBe(200); // the SPA fallback; the client says what is missing
      await page.waitForSelector(tid('page-not-found'), { timeout: 10_000 });
      expect(await page.textContent(`${tid('page-not-found')} h1`)).toBe(title);
      expect(await page.textContent(tid('back-home'))).toBe(home);
      expect(new URL(page.url()).pathname).toBe('/no/such/page');
      if (lang === 'en') await page.screenshot({ path: shot('not-found') });
      await page.click(tid('back-home'));
      await page.waitForSelector(tid('home'));
      await context.close();
    },
    30_000,
  );
});
