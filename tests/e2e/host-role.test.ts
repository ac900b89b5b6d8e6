/**
 * Browser end-to-end test of who is host (docs/protocol.md, "Host"), as a
 * game night goes: Alice makes a Santa table; Sora (Japanese) opens the link
 * first and watches; Basile (French) and Cara sit down; a bot fills the last
 * seat. Cara closes her tab; mid-match Alice closes hers. The host role
 * goes to Basile, the seated friend — his page shows the host's buttons for
 * the away seats — and never to Sora, whose page shows none. Alice comes back
 * from "Your tables" on the home page: she is host again at once (the log
 * says so), and Basile's host buttons go away.
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium.
 * A dropped host keeps the role 3 s here (FIRESIDE_STANDIN_SECONDS).
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS, launchChromium, openContext, startBuiltServer, tid, type ServerProcess } from './harness.js';

const shot = (name: string) => path.join(ARTIFACTS, `host-role-${name}.png`);
const LAPTOP = { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, reducedMotion: 'reduce' as const };
/** Any of the host's buttons for another player's seat (presence-bar.ts). */
const HOST_BUTTONS = '[data-testid^="hand-to-bot-"], [data-testid^="give-back-"]';

describe('the host role in the browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer({ FIRESIDE_STANDIN_SECONDS: '3', FIRESIDE_BOT_DELAY_MS: '300' });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function person(lang: string): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await openContext(browser, LAPTOP);
    await ctx.addInitScript((l) => localStorage.setItem('fireside:lang', l), lang);
    return { ctx, page: await open(ctx) };
  }

  async function open(ctx: BrowserContext): Promise<Page> {
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(String(e?.stack ?? e)));
    return page;
  }

  /** Through the invite link: seated in the first free seat (the form's preselected choice), or just watching. */
  async function join(page: Page, link: string, name: string, sit: boolean): Promise<void> {
    await page.goto(link);
    await page.fill(tid('join-name'), name);
    if (!sit) await page.check(`${tid('seat-option-watch')} input`);
    await page.click(tid('join-submit'));
    await page.waitForSelector(tid('lobby'), { timeout: 15_000 });
    if (sit) await page.waitForSelector(tid('stand-up'), { timeout: 15_000 });
  }

  /** Alice makes a table of `game` from the home page and sits at it. */
  async function createTable(page: Page, game: string): Promise<void> {
    await page.goto(server.base + '/');
    await page.click(tid(`game-${game}`));
    await page.fill(tid('nickname-input'), 'Alice');
    await page.click(tid('create-room'));
    await page.waitForSelector(tid('stand-up'), { timeout: 15_000 });
  }

  const isHost = (page: Page) =>
    page.evaluate(() => {
      const room = (window as unknown as { __fireside: { room: { state: { hostId: string; members: Map<string, { name: string }> } } | null } }).__fireside
        .room;
      return room ? (room.state.members.get(room.state.hostId)?.name ?? '') : '';
    });

  test('Alice closes her tab mid-match: Basile (seated) gets the host buttons, Sora (watching) never; Alice comes back from Your tables and is host again', async () => {
    const alice = await person('en');
    await createTable(alice.page, 'santa');
    await alice.page.selectOption(tid('player-count'), '4');
    const link = await alice.page.inputValue(tid('invite-link'));
    const roomId = link.split('/').pop()!;

    // Sora opens the link first and watches; then Basile and Cara sit down.
    const sora = await person('ja');
    await join(sora.page, link, 'Sora', false);
    const basile = await person('fr');
    await join(basile.page, link, 'Basile', true);
    const cara = await person('en');
    await join(cara.page, link, 'Cara', true);

    // Cara closes her tab before the start (her seat is kept for her): one table fewer to draw on a busy machine.
    await cara.page.close();
    await alice.page.click(tid('fill-bots'));
    await alice.page.waitForSelector(`${tid('start-game')}:not([disabled])`);
    await alice.page.click(tid('start-game'));
    for (const p of [alice.page, sora.page, basile.page]) await p.waitForSelector(tid('presence'), { timeout: 45_000 });

    // Cara is away: Alice, the host, may hand her seat to a bot; Basile may not.
    await alice.page.waitForSelector(`${tid('hand-to-bot-2')}, ${tid('give-back-2')}`, { timeout: 15_000 });
    expect(await basile.page.$$(HOST_BUTTONS)).toHaveLength(0);

    // Alice closes hers. After her 3 s hold, the role goes to Basile (seated), not to Sora (who joined before him).
    await alice.page.close();
    await basile.page.waitForSelector(`${tid('hand-to-bot-0')}, ${tid('give-back-0')}`, { timeout: 30_000 });
    await basile.page.waitForSelector('[data-testid="log-line"][data-event="host"]', { state: 'attached' });
    expect(await isHost(basile.page)).toBe('Basile');
    expect(await isHost(sora.page)).toBe('Basile');
    expect(await sora.page.$$(HOST_BUTTONS)).toHaveLength(0);
    await basile.page.screenshot({ path: shot('friend-fr') });
    await sora.page.screenshot({ path: shot('spectator-ja') });

    // Alice opens Fireside again: "Your tables", Rejoin — host again, at once.
    alice.page = await open(alice.ctx);
    await alice.page.goto(server.base + '/');
    const row = tid(`table-${roomId}`);
    await alice.page.waitForSelector(`${row} ${tid('table-rejoin')}`, { timeout: 15_000 });
    await alice.page.click(`${row} ${tid('table-rejoin')}`);
    await alice.page.waitForSelector(tid('presence'), { timeout: 45_000 });
    expect(await isHost(alice.page)).toBe('Alice');
    await alice.page.waitForSelector('[data-testid="log-line"][data-event="hostagain"]', { state: 'attached', timeout: 10_000 });
    await alice.page.waitForSelector(`${tid('hand-to-bot-2')}, ${tid('give-back-2')}`, { timeout: 10_000 });
    await basile.page.waitForFunction((sel) => document.querySelectorAll(sel).length === 0, HOST_BUTTONS, { timeout: 10_000 });
    expect(await isHost(sora.page)).toBe('Alice');
    await alice.page.screenshot({ path: shot('owner-back-en') });
    expect(errors).toEqual([]);
  }, 240_000);

  test('in the lobby the host kicks a troublemaker and locks the table: the kicked page says so, and the way back is closed', async () => {
    const alice = await person('en');
    await createTable(alice.page, 'gifttrap');
    const link = await alice.page.inputValue(tid('invite-link'));
    const troll = await person('fr');
    await join(troll.page, link, 'Troll', true);

    await alice.page.waitForSelector(tid('kick-1'), { timeout: 10_000 });
    await alice.page.screenshot({ path: shot('lobby-host-en') });
    await alice.page.click(tid('kick-1'));
    await troll.page.waitForSelector(tid('join-error'), { timeout: 10_000 });
    expect(await troll.page.textContent(tid('join-error'))).toContain('L’hôte vous a retiré·e de cette table.');
    expect(await troll.page.$(tid('lobby'))).toBeNull(); // the table is no longer shown as his
    await troll.page.screenshot({ path: shot('kicked-fr') });
    await alice.page.waitForSelector('[data-testid="log-line"][data-event="removed"]', { state: 'attached' });

    await alice.page.check(tid('lock-table'));
    await alice.page.waitForSelector('[data-testid="log-line"][data-event="locked"]', { state: 'attached' });
    // Join again: the token is gone, so Troll is a newcomer, and newcomers are turned away.
    await troll.page.click(tid('retry-join'));
    await troll.page.waitForFunction(
      (sel) => (document.querySelector(sel)?.textContent ?? '').includes('L’hôte a fermé cette table aux nouveaux venus.'),
      tid('join-error'),
      { timeout: 10_000 },
    );
    await troll.page.screenshot({ path: shot('locked-fr') });
    expect(await alice.page.$(tid('seat-name-1'))).toBeNull();
    expect(errors).toEqual([]);
  }, 120_000);
});
