/**
 * Browser end-to-end test: Wind City through the real web client
 * (client/dist) served by the real server (server/dist). Alice (desktop,
 * English) creates a 3-player room with a short market, fills it with two
 * bots and plays: the hurricane and her houses on highlighted squares of the
 * canvas, her first turn (a plan built on the card, reordered, confirmed; a
 * renewal chosen on the board; the requests of her market answered), then a
 * bot's market where she asks for insurance. A spectator on a phone, in
 * Japanese, watches.
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium
 * (never downloads a browser). Screenshots go to tests/artifacts/windcity-*.png.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchChromium, startBuiltServer, tid, type ServerProcess } from './harness.js';

const shot = (name: string) => path.join(ARTIFACTS, `windcity-${name}.png`);

/** Test ids starting with a prefix, as the numbers after it (e.g. square-27 → 27). */
async function ids(page: Page, prefix: string, enabledOnly = false): Promise<number[]> {
  return page.$$eval(
    `[data-testid^="${prefix}-"]${enabledOnly ? ':not([disabled])' : ''}`,
    (els, pre) => els.map((e) => Number((e as HTMLElement).dataset.testid!.slice((pre as string).length + 1))).filter((n) => Number.isInteger(n)),
    prefix,
  );
}

async function phaseOf(page: Page): Promise<{ phase: string; turn: number; active: number }> {
  return page
    .$eval(tid('phase-title'), (e) => ({ phase: (e as HTMLElement).dataset.phase ?? '', turn: Number((e as HTMLElement).dataset.turn), active: Number((e as HTMLElement).dataset.active) }))
    .catch(() => ({ phase: '', turn: -1, active: -1 }));
}

/** Click a thing on the Pixi canvas, found through the table's pointOf() (scrolling it into view first). */
async function clickCanvas(page: Page, kind: 'square' | 'action', a: number): Promise<void> {
  const point = await page.evaluate(
    ([k, x]) => {
      const table = (window as unknown as { __fireside: { table: { pointOf(k: string, a: number): { x: number; y: number } | null } | null } }).__fireside.table;
      if (!table) return null;
      let p = table.pointOf(k as string, x as number);
      if (p && (p.y < 60 || p.y > innerHeight - 20)) {
        window.scrollBy(0, p.y - innerHeight / 2);
        p = table.pointOf(k as string, x as number);
      }
      return p;
    },
    [kind, a] as const,
  );
  if (!point) throw new Error(`no ${kind} ${a} on the canvas`);
  await page.mouse.click(point.x, point.y);
}

/** Wait until a control disappears (the server took the action), or fail. */
async function gone(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => !document.querySelector(sel), selector, { timeout: 5000 });
}

describe('Wind City in the browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    server = await startBuiltServer();
    base = server.base;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(opts: { viewport?: { width: number; height: number }; locale?: string; motion?: 'reduce' | 'no-preference' }): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 900 }, deviceScaleFactor: 1, reducedMotion: opts.motion ?? 'reduce', locale: opts.locale ?? 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e?.stack ?? e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    return { page, errors };
  }

  test('Alice places, plans a turn, renews, sells and buys insurance with two bots', async () => {
    const t0 = Date.now();
    const trace = (msg: string) => {
      if (process.env.E2E_TRACE) console.log(`${((Date.now() - t0) / 1000).toFixed(1)}s ${msg}`);
    };
    // --- Alice creates a Wind City room for 3 with a 20-second market, fills it with bots, starts.
    const alice = await open({ motion: 'no-preference' });
    const page = alice.page;
    await page.goto(base + '/');
    await page.fill(tid('nickname-input'), 'Alice');
    await page.click(tid('game-windcity'));
    await page.click(tid('create-room'));
    await page.waitForSelector(tid('lobby'));
    await page.waitForSelector(tid('stand-up'));
    await page.selectOption(tid('player-count'), '3');
    await page.waitForFunction(() => (document.querySelector('[data-testid="player-count"]') as HTMLSelectElement | null)?.value === '3');
    expect(await page.inputValue(tid('option-market'))).toBe('45');
    await page.selectOption(tid('option-market'), '20');
    await page.waitForFunction(() => (document.querySelector('[data-testid="option-market"]') as HTMLSelectElement | null)?.value === '20');
    const link = await page.inputValue(tid('invite-link'));
    await page.click(tid('fill-bots'));
    await page.waitForSelector(`${tid('start-game')}:not([disabled])`);
    await page.screenshot({ path: shot('lobby'), fullPage: true });

    // --- A spectator on a phone, in Japanese.
    const watcher = await open({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    await watcher.page.goto(link);
    await watcher.page.fill(tid('join-name'), 'Chie');
    await watcher.page.click(tid('join-submit'));
    await watcher.page.waitForSelector(tid('lobby'));

    await page.click(tid('start-game'));
    for (const p of [page, watcher.page]) await p.waitForSelector(tid('table-canvas'));
    for (const p of [page, watcher.page]) {
      expect(await p.evaluate(() => (window as unknown as { __fireside: { app: { renderer: { name: string } } } }).__fireside.app.renderer.name)).toBe('webgl');
    }

    // --- The rules page states the rulings, the engine's decisions and this room's market time.
    await page.click(tid('windcity-rules'));
    await page.waitForSelector(tid('windcity-rules-dialog'));
    const rules = (await page.textContent(tid('rules-decisions'))) ?? '';
    expect(rules).toContain('20 seconds');
    expect(rules).toMatch(/second player/);
    await page.screenshot({ path: shot('rules') });
    await page.click(tid('windcity-rules-close'));
    await gone(page, tid('windcity-rules-dialog'));

    // --- Play: Alice (seat 0) acts whenever the page offers her something.
    const actions: string[] = [];
    const deadline = Date.now() + 70_000;
    const shots = new Set<string>();
    const once = async (name: string, p: Page = page, fullPage = true) => {
      if (shots.has(name)) return;
      shots.add(name);
      await p.screenshot({ path: shot(name), fullPage });
    };
    const done = () => actions.includes('plan') && actions.some((a) => a.startsWith('renew')) && actions.some((a) => a.startsWith('ask') || a === 'pass');
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`Alice did not get through her turn and a bot's market; actions: ${JSON.stringify(actions)}\n${server.log().slice(-2000)}`);
      const { phase, turn, active } = await phaseOf(page);
      let did: string | null = null;
      try {
        if (phase === 'hurricane' && (await page.$(tid('col-3')))) {
          await once('setup-hurricane');
          await clickCanvas(page, 'square', 3); // row 1, column D
          await gone(page, tid('col-3'));
          did = 'hurricane';
        } else if (phase === 'placement' && (await page.$('[data-testid^="square-"]'))) {
          const squares = await ids(page, 'square');
          if (!shots.has('setup')) await once('setup');
          // Beach first (the quota), then the northernmost square offered.
          const beach = squares.filter((sq) => Math.floor(sq / 8) === 3);
          const placed = actions.filter((a) => a.startsWith('place')).length;
          const sq = placed === 0 && beach.length ? beach[0] : squares[squares.length - 1 - (placed % 3)];
          await clickCanvas(page, 'square', sq);
          await gone(page, tid(`square-${sq}`));
          did = `place:${sq}`;
        } else if (phase === 'plan' && (await page.$(tid('action-0')))) {
          // Build a plan on the card: two actions on the canvas, one by its button, then reorder.
          const choice = await page.evaluate(() => {
            const room = (window as unknown as { __fireside: { room: { state: { view: string; seats: { secret: string }[] } } } }).__fireside.room;
            const view = JSON.parse(room.state.view) as { act: unknown; hasCard: boolean };
            return { publicAct: view.act, hasCard: view.hasCard, others: room.state.seats.slice(1).map((s) => s.secret ?? '') };
          });
          // Secrets: the public view says a card is held, never which; other seats' secrets never reach Alice.
          expect(choice.hasCard).toBe(true);
          expect(choice.publicAct).toBeNull();
          expect(choice.others.every((s) => !s)).toBe(true);
          await clickCanvas(page, 'action', 0);
          await page.waitForSelector(`${tid('action-0')}[aria-pressed="true"]`);
          await clickCanvas(page, 'action', 2);
          await page.waitForSelector(`${tid('action-2')}[aria-pressed="true"]`);
          await page.click(tid('action-1'));
          await page.click(tid('plan-up-1'));
          const order = await page.$$eval(`${tid('plan-list')} li`, (lis) => lis.length);
          expect(order).toBe(3);
          const total = (await page.textContent(tid('plan-total'))) ?? '';
          expect(total).toMatch(/Plan cost \d+ · coins 40/);
          expect(await page.$(tid('plan-preview'))).not.toBeNull();
          // The same table on a phone: the board, the players and the card stack up.
          await page.setViewportSize({ width: 390, height: 844 });
          await page.waitForFunction(() => (document.querySelector('[data-testid="table-canvas"]') as HTMLCanvasElement | null)!.getBoundingClientRect().width < 400);
          await page.waitForTimeout(200);
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: shot('plan-phone'), fullPage: true });
          await page.setViewportSize({ width: 1280, height: 900 });
          await page.waitForFunction(() => (document.querySelector('[data-testid="table-canvas"]') as HTMLCanvasElement | null)!.getBoundingClientRect().width > 500);
          await page.waitForTimeout(200);
          await page.evaluate(() => window.scrollTo(0, 0));
          await once('plan');
          await page.click(tid('plan-confirm'));
          await gone(page, tid('plan-confirm'));
          did = 'plan';
        } else if (phase === 'renew' && (await page.$(tid('renew-confirm')))) {
          const mine = await ids(page, 'renew', true);
          if (mine.length) {
            // The northernmost house, chosen on the board; its price shows in the total.
            const sq = mine[mine.length - 1];
            await clickCanvas(page, 'square', sq);
            await page.waitForSelector(`${tid(`renew-${sq}`)}[aria-pressed="true"]`);
            expect((await page.textContent(tid('renew-total'))) ?? '').toMatch(/Insurance [23] /);
          }
          await page.evaluate(() => window.scrollTo(0, 0));
          await once('renew');
          await page.click(tid('renew-confirm'));
          await gone(page, tid('renew-confirm'));
          did = `renew:${mine.length ? 1 : 0}`;
        } else if (phase === 'market' && active === 0 && (await page.$('[data-testid^="accept-"]'))) {
          const buyers = await ids(page, 'accept');
          await once('market-seller');
          const buyer = buyers[0];
          const accept = !actions.some((a) => a.startsWith('accept'));
          await page.click(tid(`${accept ? 'accept' : 'decline'}-${buyer}`));
          await gone(page, tid(`accept-${buyer}`));
          did = `${accept ? 'accept' : 'decline'}:${buyer}`;
        } else if (phase === 'market' && active !== 0 && (await page.$(tid('pass')))) {
          // A bot's market: ask for one house the first time, pass afterwards.
          const mine = await ids(page, 'ask', true);
          if (mine.length && !actions.some((a) => a.startsWith('ask'))) {
            const sq = mine[0];
            await page.click(tid(`ask-${sq}`));
            await page.waitForSelector(`${tid(`ask-${sq}`)}[aria-pressed="true"]`);
            expect((await page.textContent(tid('ask-total'))) ?? '').toMatch(/Price [36] /);
            await page.evaluate(() => window.scrollTo(0, 0));
            await once('market-buyer');
            await page.click(tid('ask-confirm'));
            // The request shows as waiting or answered, unless the bot answered at once and the market closed.
            await page.waitForFunction(
              (t) => document.querySelector('[data-testid="my-request"]') || (document.querySelector('[data-testid="phase-title"]') as HTMLElement | null)?.dataset.turn !== String(t),
              turn,
              { timeout: 5000 },
            );
            did = `ask:${sq}`;
          } else {
            await page.click(tid('pass'));
            await gone(page, tid('pass'));
            did = 'pass';
          }
        } else if (phase === 'kauf' && (await page.$('[data-testid^="kauf-"]'))) {
          const squares = await ids(page, 'kauf');
          await clickCanvas(page, 'square', squares[0]);
          await gone(page, tid(`kauf-${squares[0]}`));
          did = `kauf:${squares[0]}`;
        }
      } catch (e) {
        did = `failed:${phase}:${(e as Error).message.split('\n')[0]}`;
      }
      if (did) {
        actions.push(did);
        trace(`turn ${turn} ${did}`);
        if (did.startsWith('failed')) throw new Error(`${did}; actions: ${JSON.stringify(actions)}`);
      } else {
        if (phase === 'market' && turn === 1 && !shots.has('market-wait')) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await once('market-wait');
        }
        await page.waitForTimeout(100);
      }
      if (!shots.has('phone-setup') && phase === 'placement' && actions.length > 6) {
        await watcher.page.evaluate(() => window.scrollTo(0, 0));
        await once('phone-setup', watcher.page, false);
      }
    }

    // --- After Alice's request: the answer arrives (or the market closes); the act plays for everyone.
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="my-request"]');
      return !el || el.getAttribute('data-answer') !== 'open';
    }, null, { timeout: 25_000 });
    await page.waitForFunction(() => !(window as unknown as { __fireside: { table: { busy: boolean } } }).__fireside.table.busy, null, { timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shot('table'), fullPage: true });
    await watcher.page.evaluate(() => window.scrollTo(0, 0));
    await watcher.page.screenshot({ path: shot('phone'), fullPage: true });
    await watcher.page.screenshot({ path: shot('phone-viewport') });

    // Alice placed the hurricane and her 12 houses, planned, renewed, and took part in a bot's market.
    expect(actions.filter((a) => a === 'hurricane').length).toBe(1);
    expect(actions.filter((a) => a.startsWith('place')).length).toBe(12);
    expect(actions).toContain('plan');
    // Both clients agree on the players' coins and points; the events tell the story.
    const scores = async (p: Page) => p.$$eval(`${tid('scores')} tbody tr td`, (tds) => tds.map((td) => td.textContent));
    let same = false;
    for (let i = 0; i < 20 && !same; i++) {
      same = JSON.stringify(await scores(page)) === JSON.stringify(await scores(watcher.page));
      if (!same) await page.waitForTimeout(100);
    }
    expect(await scores(page)).toEqual(await scores(watcher.page));
    expect((await page.textContent(tid('windcity-events'))) ?? '').toMatch(/Alice|reveals/);
    expect(await watcher.page.textContent(tid('phase-title'))).toMatch(/手番目|準備/);
    expect(alice.errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    trace(`done: ${JSON.stringify(actions)}`);
  }, 120_000);
});
