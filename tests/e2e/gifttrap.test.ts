/**
 * Browser end-to-end test: three people play Gift Trap with two bots through
 * the real web client (client/dist) served by the real server (server/dist).
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium
 * (never downloads a browser). Screenshots go to tests/artifacts/.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchChromium, openContext, startBuiltServer, tid, type ServerProcess } from './harness.js';

interface Player {
  name: string;
  page: Page;
  errors: string[];
  actions: string[];
}

const has = async (page: Page, testid: string) => (await page.$(`[data-testid="${testid}"]`)) !== null;

/** The phase and round the page shows, from the controls' title. */
async function phaseOf(page: Page): Promise<{ phase: string; round: number }> {
  return page
    .$eval(tid('phase-title'), (e) => ({ phase: (e as HTMLElement).dataset.phase ?? '', round: Number((e as HTMLElement).dataset.round) }))
    .catch(() => ({ phase: '', round: 0 }));
}

/** Click somewhere on the Pixi canvas: a slot or a face-down gift, found through the table's pointOf(). */
async function clickCanvas(page: Page, kind: 'slot' | 'closed', a: number, b?: number): Promise<boolean> {
  const point = await page.evaluate(
    ([k, x, y]) => {
      const table = (window as unknown as { __fireside: { table: { pointOf(k: string, a: number, b?: number): { x: number; y: number } | null } | null } })
        .__fireside.table;
      if (!table) return null;
      const find = () => table.pointOf(k as string, x as number, (y as number | null) ?? undefined);
      const p = find();
      if (p && (p.y < 10 || p.y > innerHeight - 10)) {
        window.scrollBy(0, p.y - innerHeight / 2);
        return find();
      }
      return p;
    },
    [kind, a, b ?? null] as const,
  );
  if (!point) return false;
  await page.mouse.click(point.x, point.y);
  return true;
}

/**
 * One step of a human player: whatever the page offers right now, done by
 * clicking. Returns what was done, or null when there was nothing to do.
 */
/** Screenshots taken at a precise moment of a player's turn (polling between steps can miss a short phase). */
interface StepHooks {
  beforeSubmitGifts?: () => Promise<void>;
  beforeOpen?: () => Promise<void>;
}

async function step(p: Player, index: number, useCanvas: boolean, hooks: StepHooks = {}): Promise<string | null> {
  const { page } = p;
  // Generous: three pages render WebGL in software on a 2-core machine.
  const opts = { timeout: 10_000 };
  const tiers = ['red', 'blue', 'yellow', 'black'];
  if (await has(page, `tier-${tiers[index % 4]}`)) {
    await page.click(tid(`tier-${tiers[index % 4]}`), opts);
    return 'tier';
  }
  if (await has(page, 'confirm-layout')) {
    // Turn one card over (on the canvas for one player, with the DOM button for the others), then confirm.
    const before = await page.$eval(tid('flip-0'), (e) => e.textContent);
    if (useCanvas) await clickCanvas(page, 'slot', 0);
    else await page.click(tid('flip-0'), opts);
    await page.waitForFunction(([sel, text]) => document.querySelector(sel)?.textContent !== text, [tid('flip-0'), before] as const, { timeout: 5000 });
    await page.click(tid('confirm-layout'), opts);
    await page.waitForFunction((sel) => !document.querySelector(sel), tid('confirm-layout'), { timeout: 5000 });
    return 'layout';
  }
  if (await has(page, 'submit-gifts')) {
    const status = (await page.textContent(tid('give-status'))) ?? '';
    if (status.startsWith('✓')) return null;
    const recipients = await page.$$eval('[data-testid^="recipient-"]', (els) => els.length);
    const slots = await page.$$eval('[data-testid^="slot-"]', (els) => els.length);
    for (let k = 0; k < recipients; k++) {
      const slot = (k + index) % slots;
      // Gifts on the canvas for one player (select happens automatically), DOM buttons for the others.
      // A state patch (another player submitting) re-renders the controls; a click
      // that lands on a node being replaced is lost, as it would be for a person,
      // who would click again: so check that the gift was taken, and click again once.
      for (let attempt = 0; attempt < 2; attempt++) {
        if (useCanvas) await clickCanvas(page, 'slot', slot);
        else await page.click(tid(`slot-${slot}`), opts);
        const taken = await page
          .waitForFunction(
            ([sel, left]) => Number((document.querySelector(sel)?.textContent ?? '').match(/\d+/)?.[0] ?? 0) === left,
            [tid('give-status'), recipients - k - 1] as const,
            { timeout: 3000 },
          )
          .then(
            () => true,
            () => false,
          );
        if (taken) break;
      }
    }
    await hooks.beforeSubmitGifts?.();
    await page.click(tid('submit-gifts'), opts);
    await page.waitForFunction((sel) => !document.querySelector(sel) || (document.querySelector(sel)?.textContent ?? '').startsWith('✓'), tid('give-status'), {
      timeout: 5000,
    });
    return 'give';
  }
  if (await has(page, 'submit-wants')) {
    const status = (await page.textContent(tid('want-status'))) ?? '';
    if (status.startsWith('✓')) return null;
    const slots = await page.$$eval('[data-testid^="slot-"]', (els) => els.length);
    for (let k = 0; k < 4; k++) await page.click(tid(`slot-${(k + 2 * index + 1) % slots}`), opts);
    await page.click(tid('submit-wants'), opts);
    await page.waitForFunction((sel) => !document.querySelector(sel) || (document.querySelector(sel)?.textContent ?? '').startsWith('✓'), tid('want-status'), {
      timeout: 5000,
    });
    return 'want';
  }
  const open = await page.$('[data-testid^="open-"]');
  if (open) {
    const id = (await open.getAttribute('data-testid'))!;
    const from = Number(id.slice('open-'.length));
    const count = await page.$$eval('[data-testid^="open-"]', (els) => els.length);
    await hooks.beforeOpen?.();
    if (useCanvas) await clickCanvas(page, 'closed', from);
    else await page.click(tid(id), opts);
    await page.waitForFunction(([n]) => document.querySelectorAll('[data-testid^="open-"]').length < (n as number), [count] as const, { timeout: 5000 });
    return 'open';
  }
  return null;
}

describe('Gift Trap in the browser', () => {
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

  async function open(name: string, viewport = { width: 1280, height: 900 }, reducedMotion: 'reduce' | 'no-preference' = 'reduce'): Promise<Player> {
    // Software WebGL is slow on a small CI machine: only Alice's table animates.
    const context = await openContext(browser, { viewport, deviceScaleFactor: 1, reducedMotion });
    const page = await context.newPage();
    const p: Player = { name, page, errors: [], actions: [] };
    page.on('pageerror', (e) => p.errors.push(String(e?.stack ?? e)));
    page.on('console', (m) => {
      if (m.type() === 'error') p.errors.push(m.text());
    });
    return p;
  }

  test('three friends and two bots play a whole round by clicking', async () => {
    // --- Alice creates a room.
    const alice = await open('Alice', undefined, 'no-preference');
    await alice.page.goto(base + '/');
    await alice.page.fill(tid('nickname-input'), 'Alice');
    await alice.page.click(tid('create-room'));
    await alice.page.waitForSelector(tid('lobby'));
    await alice.page.waitForSelector(tid('stand-up')); // the creator sits down at once
    expect(alice.page.url()).toMatch(/\/room\/[A-Za-z0-9_-]+$/);
    const link = await alice.page.inputValue(tid('invite-link'));
    expect(link).toBe(alice.page.url());

    // --- Bob (desktop) and Carol (phone) open the invite link: joining seats them (the first free seat, preselected).
    const bob = await open('Bob');
    const carol = await open('Carol', { width: 390, height: 844 });
    for (const p of [bob, carol]) {
      await p.page.goto(link);
      await p.page.fill(tid('join-name'), p.name);
      await p.page.click(tid('join-submit'));
      await p.page.waitForSelector(tid('stand-up'));
    }

    // --- Dana opens the link too, and chooses to watch.
    const dana = await open('Dana');
    await dana.page.goto(link);
    await dana.page.fill(tid('join-name'), 'Dana');
    await dana.page.check(`${tid('seat-option-watch')} input`);
    await dana.page.click(tid('join-submit'));
    await dana.page.waitForSelector(tid('watch'));
    await dana.page.click(tid('watch'));
    await alice.page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('1'), tid('spectator-count'));

    // --- Alice: five players, bots on the empty seats, start.
    await alice.page.selectOption(tid('player-count'), '5');
    await alice.page.waitForSelector(tid('seat-4'));
    await alice.page.click(tid('fill-bots'));
    await alice.page.waitForSelector(`${tid('start-game')}:not([disabled])`);
    await alice.page.fill(tid('chat-input'), 'Ready?');
    await alice.page.click(tid('chat-send'));
    await bob.page.waitForFunction(() => [...document.querySelectorAll('[data-testid="chat-line"]')].some((l) => l.textContent?.includes('Ready?')));
    await alice.page.screenshot({ path: path.join(ARTIFACTS, 'lobby.png'), fullPage: true });
    await carol.page.screenshot({ path: path.join(ARTIFACTS, 'lobby-phone.png'), fullPage: true });
    await alice.page.click(tid('start-game'));

    for (const p of [alice, bob, carol, dana]) await p.page.waitForSelector(tid('table-canvas'));
    // --- The rules page (desktop and phone): the rulings, with this room's goal (30, the default) marked.
    for (const [p, shot] of [
      [alice, 'gifttrap-rules.png'],
      [carol, 'gifttrap-rules-phone.png'],
    ] as const) {
      await p.page.click(tid('gifttrap-rules'));
      await p.page.waitForSelector(tid('gifttrap-rules-dialog'));
      expect(await p.page.textContent(tid('gifttrap-rules-dialog'))).toMatch(/[−-]4/);
      expect(await p.page.textContent(tid('rules-room'))).toContain('goal 30');
      expect(await p.page.getAttribute(tid('rules-goal-30'), 'data-on')).toBe('true');
      expect(await p.page.getAttribute(tid('rules-double-gifts'), 'data-on')).toBe('false');
      await p.page.screenshot({ path: path.join(ARTIFACTS, shot) });
      await p.page.click(tid('gifttrap-rules-close'));
      await p.page.waitForSelector(tid('gifttrap-rules-dialog'), { state: 'detached' });
    }
    // Everyone sees that one person is watching; the spectator holds no seat's secret.
    await alice.page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('1'), tid('watcher-count'));
    expect(
      await dana.page.evaluate(() => {
        const room = (window as unknown as { __fireside: { room: { state: { seats: { secret?: string }[] } } } }).__fireside.room;
        return room.state.seats.map((seat) => seat.secret ?? '');
      }),
    ).toEqual(['', '', '', '', '']);
    for (const p of [alice, bob, carol]) {
      expect(await p.page.evaluate(() => (window as unknown as { __fireside: { app: { renderer: { name: string } } } }).__fireside.app.renderer.name)).toBe(
        'webgl',
      );
    }

    // --- Bob reloads the page: he comes back into the same seat (seat token).
    await bob.page.reload();
    await bob.page.waitForSelector(tid('table-canvas'));
    await bob.page.waitForFunction(() => document.querySelector('[data-testid="scores"] tr.me')?.textContent?.includes('Bob'));

    // --- Everyone plays until round 2 begins; Alice uses the canvas, the others the DOM controls.
    const players = [alice, bob, carol];
    const deadline = Date.now() + 75_000;
    const t0 = Date.now();
    let tableShot = false;
    let phoneShot = false;
    const hooks: StepHooks[] = [
      {
        beforeOpen: async () => {
          if (tableShot) return;
          await alice.page.waitForTimeout(500);
          await alice.page.screenshot({ path: path.join(ARTIFACTS, 'table.png'), fullPage: true });
          tableShot = true;
        },
      },
      {},
      {
        beforeSubmitGifts: async () => {
          if (phoneShot) return;
          await carol.page.screenshot({ path: path.join(ARTIFACTS, 'table-phone.png'), fullPage: true });
          await carol.page.evaluate(() => window.scrollTo(0, 0));
          await carol.page.screenshot({ path: path.join(ARTIFACTS, 'table-phone-viewport.png') });
          phoneShot = true;
        },
      },
    ];
    for (;;) {
      let acted = false;
      for (const [i, p] of players.entries()) {
        // The test plays round 1: once round 2 has begun (while round 1's last
        // openings still animate), nobody acts any more.
        if ((await phaseOf(p.page)).round >= 2) continue;
        const did = await step(p, i, i === 0, hooks[i]).catch((e: Error) => {
          p.actions.push(`failed: ${e.message.split('\n').slice(0, 6).join(' | ')}`);
          return null;
        });
        if (did) {
          p.actions.push(did);
          if (process.env.E2E_TRACE) console.log(`${((Date.now() - t0) / 1000).toFixed(1)}s ${p.name} ${did}`);
          acted = true;
        }
      }
      const { round } = await phaseOf(alice.page);
      if (round >= 2) break;
      if (Date.now() > deadline) throw new Error(`round 1 did not finish; actions: ${JSON.stringify(players.map((p) => [p.name, p.actions]))}`);
      if (!acted) await alice.page.waitForTimeout(100);
    }
    await alice.page.waitForTimeout(800);
    await alice.page.screenshot({ path: path.join(ARTIFACTS, 'table-round2.png'), fullPage: true });
    // The recap of round 1 lists all 5 × 4 openings, the last one included, each with its gift (not the
    // wrapped gift 🎁 that stands for an unknown one). Icons are read by their labels, the emoji they show.
    const recap = await alice.page.$$eval('[data-testid="round-recap"] li', (els) =>
      els.map((e) => (e.textContent ?? '') + [...e.querySelectorAll('.icon')].map((i) => i.getAttribute('aria-label')).join('')),
    );
    if ((await phaseOf(alice.page)).phase !== 'reveal') {
      expect(recap).toHaveLength(20);
      for (const line of recap) expect(line).not.toContain('🎁');
    }

    // Every human gave, wished and opened gifts during round 1.
    for (const p of players) {
      expect(p.actions).toEqual(expect.arrayContaining(['give', 'want', 'open']));
    }
    expect(players.flatMap((p) => p.actions).filter((a) => a.startsWith('failed'))).toEqual([]);
    expect(tableShot && phoneShot).toBe(true);
    for (const p of [...players, dana]) expect(p.errors).toEqual([]);
    // The spectator followed the game to round 2 and never received a seat's secret.
    await dana.page.waitForFunction(
      () => JSON.parse((window as unknown as { __fireside: { viewJson: () => string } }).__fireside.viewJson() || '{}').round >= 2,
    );
    await dana.page.screenshot({ path: path.join(ARTIFACTS, 'table-spectator.png'), fullPage: true });
    expect(
      await dana.page.evaluate(() =>
        (window as unknown as { __fireside: { room: { state: { seats: { secret?: string }[] } } } }).__fireside.room.state.seats.map(
          (seat) => seat.secret ?? '',
        ),
      ),
    ).toEqual(['', '', '', '', '']);
  }, 150_000);
});
