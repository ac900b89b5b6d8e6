/**
 * Browser end-to-end test: Santa Claus Is Comin' To Town through the real web
 * client (client/dist) served by the real server (server/dist). Alice (desktop,
 * English, clicks on the canvas) and Bob (phone 390×844, Japanese, DOM buttons,
 * playing Santa) play a whole round with two bots: away markers, starting
 * houses, picks, the order when one of them names it, and moves.
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium
 * (never downloads a browser). Screenshots go to tests/artifacts/santa-*.png.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchChromium, openContext, startBuiltServer, tid, type ServerProcess } from './harness.js';

interface Player {
  name: string;
  page: Page;
  errors: string[];
  actions: string[];
  canvas: boolean;
}

const shot = (name: string) => path.join(ARTIFACTS, `santa-${name}.png`);

/** Test ids starting with a prefix, as the numbers after it (e.g. house-12 → 12). */
async function ids(page: Page, prefix: string, enabledOnly = false): Promise<number[]> {
  return page.$$eval(
    `[data-testid^="${prefix}-"]${enabledOnly ? ':not([disabled])' : ''}`,
    (els, pre) => els.map((e) => Number((e as HTMLElement).dataset.testid!.slice((pre as string).length + 1))).filter((n) => Number.isInteger(n)),
    prefix,
  );
}

async function phaseOf(page: Page): Promise<{ phase: string; round: number }> {
  return page
    .$eval(tid('phase-title'), (e) => ({ phase: (e as HTMLElement).dataset.phase ?? '', round: Number((e as HTMLElement).dataset.round) }))
    .catch(() => ({ phase: '', round: -1 }));
}

/** Click a thing on the Pixi canvas, found through the table's pointOf() (scrolling it into view first). */
async function clickCanvas(page: Page, kind: 'house' | 'card' | 'plate', a: number): Promise<void> {
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

/**
 * One step of a human player: whatever the page offers right now, done by
 * clicking (the canvas for Alice, DOM buttons for Bob). Returns what was done.
 */
async function step(p: Player): Promise<string | null> {
  const { page } = p;
  const { phase, round } = await phaseOf(page);
  // Generous: three pages render WebGL in software on a 2-core machine.
  const opts = { timeout: 10_000 };

  // Setup: an away marker or a starting house, on a highlighted (legal) house.
  const houses = await ids(page, 'house');
  if (houses.length && (phase === 'away' || phase === 'start')) {
    const house = houses[(p.name.length * 7 + houses.length) % houses.length];
    if (p.canvas) await clickCanvas(page, 'house', house);
    else await page.click(tid(`house-${house}`), opts);
    await gone(page, tid(`house-${house}`));
    return `${phase}:${house}`;
  }

  if (phase === 'pick' && (await page.$(tid('pick-status')))) {
    const status = (await page.textContent(tid('pick-status'))) ?? '';
    if (status.startsWith('✓')) return null;
    const hand = await ids(page, 'card', true);
    // Alice goes for the king in round 1 (she wants to name the order); then middling cards.
    const card = p.canvas && round === 1 ? 13 : hand[Math.floor(hand.length / 2)];
    if (p.canvas) await clickCanvas(page, 'card', card);
    else await page.click(tid(`card-${card}`), opts);
    await page.waitForFunction((sel) => (document.querySelector(sel)?.textContent ?? '').startsWith('✓') || !document.querySelector(sel), tid('pick-status'), {
      timeout: 5000,
    });
    return `pick:${card}`;
  }

  if (await page.$(tid('order-confirm'))) {
    // Move the last player one place up, then confirm.
    const ups = await ids(page, 'order-up', true);
    await page.click(tid(`order-up-${ups[ups.length - 1]}`), opts);
    // A reload before confirming keeps the order as rearranged (client/src/games/common/drafts.ts).
    const order = () => page.textContent(tid('order-list'));
    const arranged = await order();
    await page.reload();
    await page.waitForSelector(tid('order-confirm'), { timeout: 20_000 });
    expect(await order()).toBe(arranged);
    await page.screenshot({ path: shot(`order-${p.name.toLowerCase()}`), fullPage: true });
    await page.click(tid('order-confirm'), opts);
    await gone(page, tid('order-confirm'));
    return 'order';
  }

  const chooser = await ids(page, 'chooser');
  if (chooser.length) {
    await page.click(tid(`chooser-${chooser[0]}`), opts);
    await gone(page, tid(`chooser-${chooser[0]}`));
    return 'chooser';
  }

  const give = await ids(page, 'give');
  if (give.length) {
    await page.screenshot({ path: shot('give'), fullPage: true });
    await page.click(tid(`give-${give[0]}`), opts);
    await gone(page, tid(`give-${give[0]}`));
    return 'give';
  }

  if (await page.$(tid('route-0'))) {
    await page.screenshot({ path: shot(`routes-${p.name.toLowerCase()}`), fullPage: true });
    await page.click(tid('route-0'), opts);
    await gone(page, tid('route-0'));
    return 'route';
  }

  const dests = await ids(page, 'dest');
  if (dests.length) {
    // The furthest-looking destination (the last one listed), on a highlighted house.
    const house = dests[dests.length - 1];
    if (p.canvas) {
      if (!p.actions.some((a) => a.startsWith('move'))) await page.screenshot({ path: shot('move'), fullPage: true });
      await clickCanvas(page, 'house', house);
    } else await page.click(tid(`dest-${house}`), opts);
    // Either the move went (the destinations disappear) or several routes lead there (a choice appears).
    await page.waitForFunction(() => !document.querySelector('[data-testid^="dest-"]') || document.querySelector('[data-testid="route-0"]'), null, {
      timeout: 5000,
    });
    return (await page.$(tid('route-0'))) ? `target:${house}` : `move:${house}`;
  }
  return null;
}

describe('Santa Claus in the browser', () => {
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

  async function open(
    name: string,
    opts: { viewport?: { width: number; height: number }; locale?: string; motion?: 'reduce' | 'no-preference'; canvas: boolean },
  ): Promise<Player> {
    const context = await openContext(browser, {
      viewport: opts.viewport ?? { width: 1280, height: 900 },
      deviceScaleFactor: 1,
      reducedMotion: opts.motion ?? 'reduce',
      locale: opts.locale ?? 'en-US',
    });
    const page = await context.newPage();
    const p: Player = { name, page, errors: [], actions: [], canvas: opts.canvas };
    page.on('pageerror', (e) => p.errors.push(String(e?.stack ?? e)));
    page.on('console', (m) => {
      if (m.type() === 'error') p.errors.push(m.text());
    });
    return p;
  }

  test('Alice and Bob (Santa, on a phone) play a whole round with two bots', async () => {
    const t0 = Date.now();
    // --- Alice creates a Santa Claus room (4 seats by default).
    const alice = await open('Alice', { motion: 'no-preference', canvas: true });
    await alice.page.goto(base + '/');
    await alice.page.fill(tid('nickname-input'), 'Alice');
    await alice.page.click(tid('game-santa'));
    await alice.page.click(tid('create-room'));
    await alice.page.waitForSelector(tid('lobby'));
    await alice.page.waitForSelector(tid('stand-up'));
    expect(await alice.page.inputValue(tid('player-count'))).toBe('4');
    const link = await alice.page.inputValue(tid('invite-link'));

    // --- Bob (phone, Japanese) joins: joining seats him (the first free seat, preselected).
    const bob = await open('Bob', { viewport: { width: 390, height: 844 }, locale: 'ja-JP', canvas: false });
    await bob.page.goto(link);
    await bob.page.fill(tid('join-name'), 'Bob');
    await bob.page.click(tid('join-submit'));
    await bob.page.waitForSelector(tid('stand-up'));

    // --- Alice: Bob (seat 2) plays Santa; default variants; bots on the empty seats; start.
    await alice.page.waitForFunction(() => document.querySelector('[data-testid="option-santa"] option[value="1"]')?.textContent?.includes('Bob'));
    await alice.page.selectOption(tid('option-santa'), '1');
    await alice.page.waitForFunction(() => (document.querySelector('[data-testid="option-santa"]') as HTMLSelectElement | null)?.value === '1');
    expect(await alice.page.inputValue(tid('option-away'))).toBe('round');
    expect(await alice.page.inputValue(tid('option-tiebreak'))).toBe('lowest-card');
    await alice.page.click(tid('fill-bots'));
    await alice.page.waitForSelector(`${tid('start-game')}:not([disabled])`);
    await alice.page.screenshot({ path: shot('lobby'), fullPage: true });
    await alice.page.click(tid('start-game'));

    for (const p of [alice, bob]) await p.page.waitForSelector(tid('table-canvas'));
    for (const p of [alice, bob]) {
      expect(await p.page.evaluate(() => (window as unknown as { __fireside: { app: { renderer: { name: string } } } }).__fireside.app.renderer.name)).toBe(
        'webgl',
      );
    }
    expect(await bob.page.getAttribute(tid('my-role'), 'data-role')).toBe('santa');
    expect(await alice.page.getAttribute(tid('my-role'), 'data-role')).toBe('kid');
    // Bots are marked in each page's language: "(bot)" for Alice, "（ボット）" for Bob.
    expect(await alice.page.textContent(tid('presence'))).toMatch(/ \(bot\)/);
    const bobSees = (await bob.page.textContent(tid('presence'))) ?? '';
    expect(bobSees).toContain('（ボット）');
    expect(bobSees).not.toContain('(bot)');

    // --- The rules page lists the rulings, with this room's variants marked.
    await alice.page.click(tid('santa-rules'));
    await alice.page.waitForSelector(tid('santa-rules-dialog'));
    expect(await alice.page.getAttribute(tid('rules-away-round'), 'data-on')).toBe('true');
    expect(await alice.page.getAttribute(tid('rules-tie-lowest-score'), 'data-on')).toBe('false');
    await alice.page.screenshot({ path: shot('rules') });
    await alice.page.click(tid('santa-rules-close'));
    await gone(alice.page, tid('santa-rules-dialog'));

    // --- Play until round 2 begins.
    const players = [alice, bob];
    const deadline = Date.now() + 60_000;
    let setupShot = false;
    let pickShot = false;
    let hiddenChecked = false;
    for (;;) {
      let acted = false;
      for (const p of players) {
        const { phase } = await phaseOf(p.page);
        if (p === alice && !setupShot && phase === 'away' && (await alice.page.$('[data-testid^="house-"]'))) {
          await alice.page.screenshot({ path: shot('setup'), fullPage: true });
          setupShot = true;
        }
        const did = await step(p).catch((e: Error) => {
          p.actions.push(`failed: ${e.message.split('\n')[0]}`);
          return null;
        });
        if (did) {
          p.actions.push(did);
          if (process.env.E2E_TRACE) console.log(`${((Date.now() - t0) / 1000).toFixed(1)}s ${p.name} ${did}`);
          acted = true;
        }
        if (p === alice && did?.startsWith('pick') && !hiddenChecked) {
          // Bob (who has not picked yet) knows that Alice has picked, never which card.
          await bob.page.waitForFunction(
            () => {
              const fs = (window as unknown as { __fireside: { viewJson: () => string } }).__fireside;
              const v = JSON.parse(fs.viewJson()) as { phase: string; picked: boolean[] };
              return v.phase !== 'pick' || v.picked[0];
            },
            null,
            { timeout: 5000 },
          );
          const seen = await bob.page.evaluate(() => {
            const fs = (window as unknown as { __fireside: { viewJson: () => string; room: { state: { seats: { secret?: string }[] } } } }).__fireside;
            const room = fs.room;
            return { view: fs.viewJson(), aliceSecret: room.state.seats[0]?.secret ?? '' };
          });
          const v = JSON.parse(seen.view) as { phase: string; picked: boolean[]; played: (number | null)[] };
          if (v.phase === 'pick' && v.picked[0]) {
            expect(v.played.every((c) => c === null)).toBe(true);
            expect(seen.view).not.toContain('"picks"');
            expect(seen.aliceSecret).toBeFalsy();
            hiddenChecked = true;
          }
        }
      }
      const { phase, round } = await phaseOf(alice.page);
      if (!pickShot && phase === 'pick' && (await bob.page.$(tid('pick-status')))) {
        await bob.page.screenshot({ path: shot('phone'), fullPage: true });
        await bob.page.evaluate(() => window.scrollTo(0, 0));
        await bob.page.screenshot({ path: shot('phone-viewport') });
        pickShot = true;
      }
      if (round >= 2) break;
      if (Date.now() > deadline) throw new Error(`round 1 did not finish; actions: ${JSON.stringify(players.map((p) => [p.name, p.actions]))}`);
      if (!acted) await alice.page.waitForTimeout(100);
    }
    // Let the last moves play out on Alice's table, then look at it.
    await alice.page.waitForFunction(() => !(window as unknown as { __fireside: { table: { busy: boolean } } }).__fireside.table.busy, null, {
      timeout: 15_000,
    });
    await alice.page.evaluate(() => window.scrollTo(0, 0));
    await alice.page.screenshot({ path: shot('table'), fullPage: true });
    await bob.page.screenshot({ path: shot('phone-round2'), fullPage: true });

    // Both humans placed an away marker and a counter, picked, and moved; the events list tells the round.
    for (const p of players) {
      expect(p.actions.filter((a) => a.startsWith('away')).length).toBeGreaterThanOrEqual(1);
      expect(p.actions.filter((a) => a.startsWith('start')).length).toBe(1);
      expect(p.actions.some((a) => a.startsWith('pick'))).toBe(true);
      expect(p.actions.some((a) => a.startsWith('move') || a === 'route')).toBe(true);
    }
    expect(players.flatMap((p) => p.actions).filter((a) => a.startsWith('failed'))).toEqual([]);
    expect(hiddenChecked).toBe(true);
    const events = await alice.page.textContent(tid('santa-events'));
    expect(events).toMatch(/Alice/);
    // Scores agree between the two clients.
    const scores = async (page: Page) => page.$$eval(`${tid('scores')} tbody tr td:last-child`, (tds) => tds.map((td) => td.textContent));
    expect(await scores(alice.page)).toEqual(await scores(bob.page));
    for (const p of players) expect(p.errors).toEqual([]);
    if (process.env.E2E_TRACE) console.log(`done in ${((Date.now() - t0) / 1000).toFixed(1)}s`, JSON.stringify(players.map((p) => [p.name, p.actions])));
  }, 120_000);
});
