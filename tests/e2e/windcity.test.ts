/**
 * Browser end-to-end test: Wind City through the real web client
 * (client/dist) served by the real server (server/dist). Alice (desktop,
 * English) creates a 3-player room with a short market; Bob (a second person,
 * on a phone, reduced motion, playing with the DOM controls only) takes seat 3
 * and a bot seat 2. Alice plays: the hurricane and her houses on highlighted
 * squares of the canvas, her first turn (a plan built on the card, reordered,
 * confirmed; a renewal chosen on the board; in her market Bob asks to insure
 * one of his houses and she accepts: the sale is checked on every page, coins
 * and insured house, and Bob's request never reaches the spectator; a bot's
 * request, if any, is declined), then the bot's market where she asks for
 * insurance (Bob passes). A spectator on a phone, in Japanese, watches.
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium
 * (never downloads a browser). Screenshots go to tests/artifacts/windcity-*.png.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { notInView } from './in-view.js';
import { ARTIFACTS, launchChromium, openContext, startBuiltServer, tid, type ServerProcess } from './harness.js';

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
    .$eval(tid('phase-title'), (e) => ({
      phase: (e as HTMLElement).dataset.phase ?? '',
      turn: Number((e as HTMLElement).dataset.turn),
      active: Number((e as HTMLElement).dataset.active),
    }))
    .catch(() => ({ phase: '', turn: -1, active: -1 }));
}

/** Click a thing on the Pixi canvas, found through the table's pointOf() (scrolling it into view first). */
async function clickCanvas(page: Page, kind: 'square' | 'action', a: number): Promise<void> {
  const point = await page.evaluate(
    ([k, x]) => {
      const table = (window as unknown as { __fireside: { table: { pointOf(k: string, a: number): { x: number; y: number } | null } | null } }).__fireside
        .table;
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

interface House {
  owner: number;
  count: number;
  insured: boolean;
}
interface View {
  phase: string;
  turn: number;
  active: number;
  coins: number[];
  houses: (House | null)[];
  market: Record<string, unknown> | null;
  log: { kind: string; [k: string]: unknown }[];
}
interface Request {
  buyer: number;
  squares: number[];
  price: number;
  answer: string | null;
}
type RoomHandle = { __fireside: { viewJson: () => string; room: { state: { seats: { secret: string }[] } } } };

/** The public view as this page received it. */
const viewOf = (page: Page): Promise<View> => page.evaluate(() => JSON.parse((window as unknown as RoomHandle).__fireside.viewJson()) as View);

/** Every seat's view-only secret as this page received it ('' when not sent to it). */
const secretsOf = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as RoomHandle).__fireside.room.state.seats.map((s) => s.secret ?? ''));

/** "D4", as the client names squares. */
const squareName = (sq: number) => `${'ABCDEFGH'[sq % 8]}${Math.floor(sq / 8) + 1}`;

const BOB = 2;

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

  async function open(opts: {
    viewport?: { width: number; height: number };
    locale?: string;
    motion?: 'reduce' | 'no-preference';
  }): Promise<{ page: Page; errors: string[] }> {
    const context = await openContext(browser, {
      viewport: opts.viewport ?? { width: 1280, height: 900 },
      deviceScaleFactor: 1,
      reducedMotion: opts.motion ?? 'reduce',
      locale: opts.locale ?? 'en-US',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e?.stack ?? e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    return { page, errors };
  }

  test('Alice places, plans a turn, renews, sells insurance to Bob and buys from a bot', async () => {
    const t0 = Date.now();
    const trace = (msg: string) => {
      if (process.env.E2E_TRACE) console.log(`${((Date.now() - t0) / 1000).toFixed(1)}s ${msg}`);
    };
    // --- Alice creates a Wind City room for 3 with a 30-second market (short, yet roomy on a slow machine), Bob takes a seat, a bot the other.
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
    await page.selectOption(tid('option-market'), '30');
    await page.waitForFunction(() => (document.querySelector('[data-testid="option-market"]') as HTMLSelectElement | null)?.value === '30');
    const link = await page.inputValue(tid('invite-link'));

    // --- Bob (a phone, reduced motion; he plays with the DOM controls only) takes the third seat.
    const bob = await open({ viewport: { width: 390, height: 844 } });
    await bob.page.goto(link);
    await bob.page.fill(tid('join-name'), 'Bob');
    await bob.page.check(`${tid(`seat-option-${BOB}`)} input`);
    await bob.page.click(tid('join-submit'));
    await bob.page.waitForSelector(tid('stand-up'));
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent === 'Bob', tid(`seat-name-${BOB}`));

    // --- A bot on the empty seat 2.
    await page.click(tid('fill-bots'));
    await page.waitForSelector(`${tid('start-game')}:not([disabled])`);
    expect(await page.$(tid('remove-bot-1'))).not.toBeNull();
    expect(await page.textContent(tid(`seat-name-${BOB}`))).toBe('Bob');
    await page.screenshot({ path: shot('lobby'), fullPage: true });

    // --- A spectator on a phone, in Japanese.
    const watcher = await open({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    await watcher.page.goto(link);
    await watcher.page.fill(tid('join-name'), 'Chie');
    await watcher.page.click(tid('join-submit'));
    await watcher.page.waitForSelector(tid('lobby'));

    await page.click(tid('start-game'));
    for (const p of [page, bob.page, watcher.page]) await p.waitForSelector(tid('table-canvas'));
    for (const p of [page, bob.page, watcher.page]) {
      expect(await p.evaluate(() => (window as unknown as { __fireside: { app: { renderer: { name: string } } } }).__fireside.app.renderer.name)).toBe('webgl');
    }
    // On the 1280×900 desktop the whole board, down to the sea rows where the hurricane starts, is on the first screen.
    await page.waitForFunction(() => {
      const table = (window as unknown as { __fireside: { table: { pointOf(k: string, a: number): { y: number } | null } | null } }).__fireside.table;
      return table?.pointOf('square', 0) != null;
    });
    const seaRow = await page.evaluate(() => {
      const table = (window as unknown as { __fireside: { table: { pointOf(k: string, a: number): { y: number } | null } } }).__fireside.table;
      return { square: table.pointOf('square', 0)!.y, scrollY: window.scrollY, height: innerHeight };
    });
    expect(seaRow.scrollY).toBe(0);
    expect(seaRow.square).toBeLessThan(seaRow.height);

    // --- The rules page states the rulings, the engine's decisions and this room's market time.
    await page.click(tid('windcity-rules'));
    await page.waitForSelector(tid('windcity-rules-dialog'));
    const rules = (await page.textContent(tid('rules-decisions'))) ?? '';
    expect(rules).toContain('30 seconds');
    expect(rules).toMatch(/second player/);
    await page.screenshot({ path: shot('rules') });
    await page.click(tid('windcity-rules-close'));
    await gone(page, tid('windcity-rules-dialog'));

    // --- Bob (seat 2), meanwhile: his houses (a beach house first, then the southernmost square offered),
    // one request in Alice's market (his first house offered), a pass in any other market.
    const bobActions: string[] = [];
    let bobStop = false;
    let bobFailure: Error | null = null;
    const bobLoop = (async () => {
      const p = bob.page;
      while (!bobStop) {
        const { phase, turn, active } = await phaseOf(p);
        let did: string | null = null;
        try {
          if (phase === 'placement' && (await p.$('[data-testid^="square-"]'))) {
            const squares = await ids(p, 'square');
            const beach = squares.filter((sq) => Math.floor(sq / 8) === 3);
            const placed = bobActions.filter((a) => a.startsWith('place')).length;
            const sq = placed === 0 && beach.length ? beach[0] : squares[0];
            await p.click(tid(`square-${sq}`), { timeout: 5000 });
            await gone(p, tid(`square-${sq}`));
            did = `place:${sq}`;
          } else if (phase === 'market' && active === 0 && !bobActions.some((a) => a.startsWith('ask')) && (await p.$(`${tid('ask-confirm')}`))) {
            const mine = await ids(p, 'ask', true);
            if (!mine.length) throw new Error('Bob has no house to insure');
            const sq = mine[0];
            await p.click(tid(`ask-${sq}`), { timeout: 5000 });
            await p.waitForSelector(`${tid(`ask-${sq}`)}[aria-pressed="true"]`, { timeout: 5000 });
            const total = (await p.textContent(tid('ask-total'))) ?? '';
            expect(total).toMatch(/^Price [36] · your coins 40$/);
            await p.click(tid('ask-confirm'), { timeout: 5000 });
            // His request shows as waiting (or already answered), unless the market closed at once.
            await p.waitForFunction(
              (t) =>
                document.querySelector('[data-testid="my-request"]') ||
                (document.querySelector('[data-testid="phase-title"]') as HTMLElement | null)?.dataset.turn !== String(t),
              turn,
              { timeout: 5000 },
            );
            did = `ask:${sq}:${/Price (\d+)/.exec(total)![1]}`;
          } else if (phase === 'market' && active !== 0 && active !== BOB && (await p.$(`${tid('pass')}:not([disabled])`))) {
            await p.click(tid('pass'), { timeout: 5000 });
            await gone(p, `${tid('pass')}:not([disabled])`);
            did = 'pass';
          }
        } catch (e) {
          if (bobStop) break;
          bobFailure = new Error(`Bob failed in ${phase} (turn ${turn}): ${(e as Error).message.split('\n')[0]}; Bob's actions: ${JSON.stringify(bobActions)}`);
          break;
        }
        if (did) {
          bobActions.push(did);
          trace(`Bob: turn ${turn} ${did}`);
        } else await p.waitForTimeout(100);
      }
    })();

    // --- Play: Alice (seat 0) acts whenever the page offers her something.
    const actions: string[] = [];
    const deadline = Date.now() + 150_000;
    const shots = new Set<string>();
    const once = async (name: string, p: Page = page, fullPage = true) => {
      if (shots.has(name)) return;
      shots.add(name);
      await p.screenshot({ path: shot(name), fullPage });
    };

    /**
     * Alice's market, Bob's request open: only Alice and Bob know of it; she accepts; the sale is then
     * public on every page (Alice paid, Bob's house insured) and nothing of the request reached the spectator.
     */
    const sellToBob = async (): Promise<{ square: number; price: number }> => {
      await once('market-seller');
      // On a phone (360×740) the request's answer and the prompt are in view without scrolling (issue 23, item 1).
      await page.setViewportSize({ width: 360, height: 740 });
      await page.waitForFunction(() => innerWidth === 360, undefined, { timeout: 10_000 });
      const phoneMisfits = await notInView(page, ['[data-testid="phase-market"] .lead', tid(`accept-${BOB}`), tid(`decline-${BOB}`)]);
      await page.screenshot({ path: shot('market-seller-360x740') });
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(phoneMisfits).toEqual([]);
      const before = await viewOf(page);
      const aliceSecrets = await secretsOf(page);
      const request = (JSON.parse(aliceSecrets[0]) as { requests: Request[] }).requests.find((r) => r.buyer === BOB)!;
      expect(request).toMatchObject({ buyer: BOB, answer: null });
      expect(request.squares).toHaveLength(1);
      const [square] = request.squares;
      expect(before.houses[square]).toEqual({ owner: BOB, count: 1, insured: false });
      expect(request.price).toBe(Math.floor(square / 8) === 3 ? 6 : 3);
      expect((await page.textContent(tid('requests'))) ?? '').toContain(`Bob asks`);
      expect(aliceSecrets.slice(1)).toEqual(['', '']);
      const bobSecrets = await secretsOf(bob.page);
      expect(bobSecrets.filter((_, i) => i !== BOB)).toEqual(['', '']);
      expect((JSON.parse(bobSecrets[BOB]) as { myRequest: Request }).myRequest).toEqual(request);
      expect(await secretsOf(watcher.page)).toEqual(['', '', '']);
      expect(JSON.stringify(await viewOf(watcher.page))).not.toMatch(/requests|myRequest/);

      await page.click(tid(`accept-${BOB}`));
      await gone(page, tid(`accept-${BOB}`));
      await page.waitForFunction(
        (b) => (JSON.parse((window as unknown as RoomHandle).__fireside.viewJson()) as View).log.some((e) => e.kind === 'insured' && e.buyer === b),
        BOB,
        { timeout: 15_000 },
      );
      const after = await viewOf(page);
      expect(after.log.filter((e) => e.kind === 'insured')).toEqual([
        { kind: 'insured', turn: 1, buyer: BOB, seller: 0, squares: [square], price: request.price },
      ]);
      // Coins: Alice got the price from Bob. Every coin is logged, so the coins now are the coins before,
      // the sale and (if the market closed at once and the act ran) what the act paid since.
      const coinsSince = (seat: number) => after.log.slice(before.log.length).filter((e) => e.kind === 'coins' && e.seat === seat);
      expect(coinsSince(0)[0]).toEqual({ kind: 'coins', turn: 1, seat: 0, delta: request.price, cause: 'insurance-sold', other: BOB });
      expect(coinsSince(BOB)).toEqual([{ kind: 'coins', turn: 1, seat: BOB, delta: -request.price, cause: 'insurance-bought', other: 0 }]);
      expect(after.coins[0] - before.coins[0]).toBe(coinsSince(0).reduce((n, e) => n + (e.delta as number), 0));
      if (after.phase === 'market' && after.turn === 1) expect(after.coins[0]).toBe(before.coins[0] + request.price);
      expect(after.coins[BOB]).toBe(before.coins[BOB] - request.price);
      await page.waitForFunction(
        ([sel, text]) => document.querySelector(sel as string)?.textContent?.includes(text as string),
        [tid('windcity-events'), `Alice insured 1 house of Bob (${squareName(square)}) for ${request.price}.`] as const,
        { timeout: 5000 },
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: shot('sale'), fullPage: true });
      // Everyone sees Bob's house insured: in the public view, and in the players' table (🛡 column).
      for (const p of [page, bob.page, watcher.page]) {
        await p.waitForFunction(
          ([sq, seat]) => {
            const v = JSON.parse((window as unknown as RoomHandle).__fireside.viewJson()) as View;
            const cell = document.querySelector(`[data-testid="scores"] tbody tr[data-seat="${seat}"] td:nth-child(4)`);
            return v.houses[sq as number]?.insured === true && cell?.textContent === '1';
          },
          [square, BOB] as const,
          { timeout: 10_000 },
        );
        const v = await viewOf(p);
        expect(v.houses[square]).toEqual({ owner: BOB, count: 1, insured: true });
        expect(v.coins[BOB]).toBe(before.coins[BOB] - request.price);
      }
      expect(await secretsOf(watcher.page)).toEqual(['', '', '']);
      return { square, price: request.price };
    };
    const done = () =>
      actions.includes('plan') &&
      actions.some((a) => a.startsWith('renew')) &&
      actions.includes(`accept:${BOB}`) &&
      actions.some((a) => a.startsWith('ask') || a === 'pass');
    let sold: { square: number; price: number } | null = null;
    try {
      while (!done()) {
        if (bobFailure) throw bobFailure;
        if (Date.now() > deadline)
          throw new Error(
            `Alice did not get through her turn and a bot's market; actions: ${JSON.stringify(actions)}; Bob's: ${JSON.stringify(bobActions)}\n${server.log().slice(-2000)}`,
          );
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
              const fs = (window as unknown as { __fireside: { viewJson: () => string; room: { state: { seats: { secret: string }[] } } } }).__fireside;
              const room = fs.room;
              const view = JSON.parse(fs.viewJson()) as { act: unknown; hasCard: boolean };
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
            // A reload before confirming: the plan built so far is still there (client/src/games/common/drafts.ts).
            const planItems = () => page.$$eval(`${tid('plan-list')} li`, (lis) => lis.map((li) => li.textContent));
            const built = await planItems();
            await page.reload();
            await page.waitForSelector(`${tid('plan-list')} li`, { timeout: 20_000 });
            expect(await planItems()).toEqual(built);
            // The same table on a phone: the board, the players and the card stack up.
            await page.setViewportSize({ width: 390, height: 844 });
            await page.waitForFunction(
              () => (document.querySelector('[data-testid="table-canvas"]') as HTMLCanvasElement | null)!.getBoundingClientRect().width < 400,
            );
            await page.waitForTimeout(200);
            await page.evaluate(() => window.scrollTo(0, 0));
            await page.screenshot({ path: shot('plan-phone'), fullPage: true });
            await page.setViewportSize({ width: 1280, height: 900 });
            await page.waitForFunction(
              () => (document.querySelector('[data-testid="table-canvas"]') as HTMLCanvasElement | null)!.getBoundingClientRect().width > 500,
            );
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
            // Alice's market: Bob's request is accepted (first); a bot's request, if any, declined after it.
            const buyers = await ids(page, 'accept');
            if (!sold && buyers.includes(BOB)) {
              sold = await sellToBob();
              did = `accept:${BOB}`;
            } else if (sold) {
              const buyer = buyers[0];
              await page.click(tid(`decline-${buyer}`));
              await gone(page, tid(`accept-${buyer}`));
              did = `decline:${buyer}`;
            }
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
                (t) =>
                  document.querySelector('[data-testid="my-request"]') ||
                  (document.querySelector('[data-testid="phase-title"]') as HTMLElement | null)?.dataset.turn !== String(t),
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
    } catch (e) {
      bobStop = true;
      await bobLoop;
      throw e;
    }

    // --- Bob passes in the bot's market (and stops there: his own turn comes next).
    const passBy = Date.now() + 20_000;
    while (!bobActions.includes('pass') && !bobFailure && Date.now() < passBy) await page.waitForTimeout(100);
    bobStop = true;
    await bobLoop;
    if (bobFailure) throw bobFailure;
    expect(bobActions.filter((a) => a === 'pass')).toEqual(['pass']);

    // --- After Alice's request: the answer arrives (or the market closes); the act plays for everyone.
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[data-testid="my-request"]');
        return !el || el.getAttribute('data-answer') !== 'open';
      },
      null,
      { timeout: 35_000 },
    );
    await page.waitForFunction(() => !(window as unknown as { __fireside: { table: { busy: boolean } } }).__fireside.table.busy, null, { timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shot('table'), fullPage: true });
    await watcher.page.evaluate(() => window.scrollTo(0, 0));
    await watcher.page.screenshot({ path: shot('phone'), fullPage: true });
    await watcher.page.screenshot({ path: shot('phone-viewport') });

    // Alice placed the hurricane and her 12 houses, planned, renewed, sold Bob insurance, and took part in a bot's market.
    expect(actions.filter((a) => a === 'hurricane').length).toBe(1);
    expect(actions.filter((a) => a.startsWith('place')).length).toBe(12);
    expect(actions).toContain('plan');
    expect(actions.filter((a) => a.startsWith('accept'))).toEqual([`accept:${BOB}`]);
    // Bob placed his 12 houses and asked once, for the house Alice insured.
    expect(bobActions.filter((a) => a.startsWith('place')).length).toBe(12);
    expect(bobActions.filter((a) => a.startsWith('ask'))).toEqual([`ask:${sold!.square}:${sold!.price}`]);
    // Both clients agree on the players' coins and points; the events tell the story.
    // The same table in every language, but for how a bot is marked ("(bot)", "（ボット）").
    const scores = async (p: Page) =>
      p.$$eval(`${tid('scores')} tbody tr td`, (tds) => tds.map((td) => (td.textContent ?? '').replace(/（ボット）| \(robot\)/, ' (bot)')));
    let same = false;
    for (let i = 0; i < 20 && !same; i++) {
      same = JSON.stringify(await scores(page)) === JSON.stringify(await scores(watcher.page));
      if (!same) await page.waitForTimeout(100);
    }
    expect(await scores(page)).toEqual(await scores(watcher.page));
    expect((await page.textContent(tid('windcity-events'))) ?? '').toMatch(/Alice|reveals/);
    expect(await watcher.page.textContent(tid('phase-title'))).toMatch(/手番目|準備/);
    expect(await scores(bob.page)).toEqual(await scores(watcher.page));
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    trace(`done: ${JSON.stringify(actions)}`);
  }, 210_000);
});
