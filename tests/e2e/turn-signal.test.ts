/**
 * Browser end-to-end test of "your turn, wherever you are" (client/src/turn/):
 * Mia sets up a Gift Trap table with bots and switches to another tab (the
 * page's visibility emulated as hidden) just as she starts it. The match
 * waits on her: the tab's title reads "● Your turn — Gift Trap", its icon
 * gets a dot, a browser notification says so (permission granted to the
 * page), and the chime plays. Sam watches the same table from his own hidden
 * tab: no title, no notification, no chime. When a bot takes Mia's seat (she
 * hands it over), the title comes back.
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { openContext, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';

const env = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '200' });

interface Recorded {
  notes: { title: string; body: string }[];
  chimes: number;
  vibrations: number;
}

/**
 * Records what the page asks of the browser: notifications (the real ones are
 * still made), chime oscillators, vibrations.
 */
async function recording(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const w = window as unknown as { __rec: Recorded };
    w.__rec = { notes: [], chimes: 0, vibrations: 0 };
    const Real = window.Notification;
    if (Real) {
      window.Notification = class extends Real {
        constructor(title: string, options?: NotificationOptions) {
          w.__rec.notes.push({ title, body: options?.body ?? '' });
          super(title, options);
        }
      } as typeof Notification;
    }
    const osc = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__rec.chimes++;
      return osc.call(this);
    };
    navigator.vibrate = () => (w.__rec.vibrations++, true);
  });
}

/** The player switched to another tab: the page is hidden and has no focus. */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.hasFocus = () => false;
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __rec: Recorded }).__rec);

test('a hidden tab is told it is her turn (title, icon, notification, chime); a spectator is told nothing', async () => {
  const { server, browser } = env;
  const origin = server.base;
  const person = async (lang: string) => {
    const ctx = await openContext(browser, { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
    await ctx.grantPermissions(['notifications'], { origin });
    await ctx.addInitScript((l) => localStorage.setItem('fireside:lang', l), lang);
    await recording(ctx);
    return ctx.newPage();
  };

  const mia = await person('en');
  await mia.goto(origin + '/');
  await mia.click(tid('game-gifttrap'));
  await mia.fill(tid('nickname-input'), 'Mia');
  await mia.click(tid('create-room'));
  await mia.waitForSelector(tid('fill-bots'), { timeout: 15_000 });
  const link = await mia.inputValue(tid('invite-link'));
  const titleBefore = await mia.title();

  const sam = await person('fr');
  await sam.goto(link);
  await sam.fill(tid('join-name'), 'Sam');
  await sam.check(`${tid('seat-option-watch')} input`); // he only watches
  await sam.click(tid('join-submit'));
  await sam.waitForSelector(tid('lobby'), { timeout: 15_000 });
  const samTitle = await sam.title();

  await mia.click(tid('fill-bots'));
  await mia.waitForSelector(`${tid('start-game')}:not([disabled])`);
  // The click is her last gesture (it unlocks the chime); then she looks at another tab.
  await mia.click(tid('start-game'));
  await hide(mia);
  await hide(sam);

  await mia.waitForFunction(() => document.title === '● Your turn — Gift Trap', null, { timeout: 30_000 });
  await mia.waitForFunction(() => (window as unknown as { __rec: Recorded }).__rec.notes.length > 0, null, { timeout: 10_000 });
  const rec = await recorded(mia);
  expect(rec.notes).toEqual([{ title: '● Your turn — Gift Trap', body: 'The table is waiting for you.' }]);
  expect(rec.chimes).toBeGreaterThan(0);
  await mia.waitForFunction(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href.startsWith('data:image/png'), null, { timeout: 10_000 });

  // Sam watches: his page is in the match, and hears of no turn.
  await sam.waitForSelector(tid('presence'), { timeout: 30_000 });
  expect(await sam.title()).toBe(samTitle);
  expect(await recorded(sam)).toEqual({ notes: [], chimes: 0, vibrations: 0 });
  expect(await sam.$(tid('turn-sound'))).toBeNull(); // no turn toggles for a spectator

  // A bot takes Mia's seat: the match no longer waits on her, and the title is the page's own again.
  await mia.evaluate(() =>
    (window as unknown as { __fireside: { room: { send(t: string, p: unknown): void } } }).__fireside.room.send('standIn', { seat: 0, on: true }),
  );
  await mia.waitForFunction((t) => document.title === t, titleBefore, { timeout: 10_000 });
  expect((await recorded(mia)).notes).toHaveLength(1);
}, 120_000);

test('the sound toggle is remembered; the notification permission is asked only from its button', async () => {
  const { server, browser } = env;
  const ctx = await openContext(browser, { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  await ctx.addInitScript(() => {
    const w = window as unknown as { __asked: number };
    w.__asked = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...a: Parameters<typeof ask>) => (w.__asked++, ask(...a));
  });
  const page = await ctx.newPage();
  await page.goto(server.base + '/');
  await page.click(tid('game-santa'));
  await page.fill(tid('nickname-input'), 'Mia');
  await page.click(tid('create-room'));
  await page.click(tid('fill-bots'));
  await page.waitForSelector(`${tid('start-game')}:not([disabled])`);
  await page.click(tid('start-game'));
  await page.waitForSelector(tid('turn-sound'), { timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0); // never on load
  expect(await page.getAttribute(tid('turn-sound'), 'aria-pressed')).toBe('true'); // on by default for players
  await page.click(tid('turn-sound'));
  await page.waitForSelector(`${tid('turn-sound')}[aria-pressed="false"]`);
  expect(await page.evaluate(() => localStorage.getItem('fireside:turn-sound'))).toBe('off');
  await page.click(tid('turn-notify'));
  await page.waitForFunction(() => (window as unknown as { __asked: number }).__asked === 1, null, { timeout: 5000 });
  await ctx.close();
}, 120_000);
