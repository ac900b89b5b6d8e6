/**
 * Fits the window (issue 23, item 1): whenever the match waits on the player,
 * the prompt and the move's primary controls are on the screen without
 * scrolling the page, the board is (at least partly) in view, and a round
 * summary sits over the visible table and never over those controls.
 *
 * Each size below gets one test; in it the three games run side by side, in
 * pages of their own (Mia and bots, bots quick, no clock). Languages rotate
 * across sizes and games, so that every game is seen in all three languages at
 * the desktop sizes, and in two of them on phones (all three across the
 * games): game g at size s speaks LANGS[(g + s) % 3]. Mia plays by clicking the
 * page's own controls (act below) until the deadline or the match's end; every
 * time the match waits on her, the boxes are checked against the viewport, at
 * scrollY 0 (not only a screenshot).
 *
 * The home page at 1280×720: the game choice and "Create room" without scrolling.
 * Wind City's seller's market (two requests to answer, a phone at 360×740),
 * which random play reaches only now and then, is checked every time by
 * tests/e2e/windcity.test.ts.
 *
 * Needs `npm run build` first. Screenshots: tests/artifacts/fit-<game>-<size>-<lang>.png.
 */
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ARTIFACTS, openPage, startBotTable, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';
import { metaIds, type GameId } from '@fireside/shared';

const t = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '60' });

const LANGS = ['en', 'fr', 'ja'];
const GAMES = metaIds;
const SIZES: { name: string; width: number; height: number; phone: boolean }[] = [
  { name: '1280x720', width: 1280, height: 720, phone: false },
  { name: '1366x768', width: 1366, height: 768, phone: false },
  { name: '1440x900', width: 1440, height: 900, phone: false },
  { name: '390x844', width: 390, height: 844, phone: true },
  { name: '360x740', width: 360, height: 740, phone: true },
];
/** How long Mia plays each game at each size (the three games at once). */
const PLAY_MS = 30_000;

/** What one look at the page found wrong (empty: all fits). */
type Misfit = string;

/**
 * In the page: is the match waiting on Mia, and if so, is everything she needs
 * in view? The page is scrolled to the top first: the test never scrolls to
 * find a control. A thing is "in view" when its box lies inside the viewport
 * and inside every box that clips it (a side column scrolling on its own).
 */
function look(page: Page): Promise<{ waiting: boolean; phase: string; misfits: Misfit[]; summary: boolean }> {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const controls = document.querySelector('[data-testid="controls"]');
    const phase = controls?.querySelector<HTMLElement>('[data-testid^="phase-"]:not([data-testid="phase-title"])') ?? null;
    const done = ['give-status', 'want-status', 'pick-status'].some((id) =>
      (document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').startsWith('✓'),
    );
    const buttons = phase ? [...phase.querySelectorAll<HTMLButtonElement>('button')] : [];
    const waiting = !done && buttons.some((b) => !b.disabled);
    const misfits: string[] = [];
    const name = (e: Element) => (e as HTMLElement).dataset.testid ?? e.className;
    const visibleBox = (e: Element) => {
      const r = e.getBoundingClientRect();
      let box = { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowY === 'visible' && s.overflowX === 'visible') continue;
        const c = p.getBoundingClientRect();
        box = { top: Math.max(box.top, c.top), bottom: Math.min(box.bottom, c.bottom), left: Math.max(box.left, c.left), right: Math.min(box.right, c.right) };
      }
      return { r, box };
    };
    const whole = (e: Element, what: string) => {
      const { r, box } = visibleBox(e);
      const clipped = box.top > r.top + 1 || box.bottom < r.bottom - 1 || box.left > r.left + 1 || box.right < r.right - 1;
      if (r.top < -1 || r.bottom > innerHeight + 1 || r.left < -1 || r.right > innerWidth + 1 || clipped)
        misfits.push(
          `${what} ${name(e)} at y ${Math.round(r.top)}–${Math.round(r.bottom)}, x ${Math.round(r.left)}–${Math.round(r.right)} (seen ${Math.round(box.top)}–${Math.round(box.bottom)}; window ${innerWidth}×${innerHeight})`,
        );
      return r;
    };
    // Hidden under the prompt bar pinned on phones is not in view either.
    const bar = document.querySelector<HTMLElement>('[data-testid="prompt-bar"]');
    const barTop = bar && !bar.hidden && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().top : null;
    const primaries: DOMRect[] = [];
    if (waiting && phase) {
      // The round's heading too, on a wide screen (a phone's controls, pinned below the board, open at the move itself).
      const title = document.querySelector('[data-testid="phase-title"]');
      if (title && innerWidth > 900) whole(title, 'title');
      const lead = phase.querySelector('.lead, .sub');
      if (lead) whole(lead, 'prompt');
      // The main button (submit, confirm); else the first of a list of like choices (gifts to open,
      // kids to give to, houses or squares, as on the board); and the hand of cards, first and last.
      const big = [...phase.querySelectorAll<HTMLElement>('.btn-primary.btn-big')];
      const primary = [...phase.querySelectorAll<HTMLElement>('.btn-primary')].slice(0, 1);
      const hand = [...phase.querySelectorAll<HTMLElement>('[data-testid^="card-"]')];
      const main = big.length ? big : primary.length ? primary : buttons.filter((b) => !b.disabled).slice(0, 1);
      for (const e of [...main, ...hand.slice(0, 1), ...hand.slice(-1)]) {
        const r = whole(e, 'control');
        primaries.push(r);
        if (barTop !== null && r.bottom > barTop + 1) misfits.push(`control ${name(e)} under the prompt bar (${Math.round(r.bottom)} > ${Math.round(barTop)})`);
      }
      const canvas = document.querySelector('[data-testid="table-canvas"]');
      if (canvas) {
        const { box } = visibleBox(canvas);
        if (Math.min(box.bottom, innerHeight) - Math.max(box.top, 0) < 60)
          misfits.push(`board hardly in view (y ${Math.round(box.top)}–${Math.round(box.bottom)})`);
      }
    }
    const card = document.querySelector('[data-testid="round-summary"]');
    if (card) {
      const r = card.getBoundingClientRect();
      const canvas = document.querySelector('[data-testid="table-canvas"]')?.getBoundingClientRect();
      const seenTop = Math.max(0, canvas?.top ?? 0);
      const seenBottom = Math.min(innerHeight, canvas?.bottom ?? 0);
      if (!canvas || Math.min(r.bottom, seenBottom) - Math.max(r.top, seenTop) < 40)
        misfits.push(
          `round summary at y ${Math.round(r.top)}–${Math.round(r.bottom)} not over the visible table (${Math.round(seenTop)}–${Math.round(seenBottom)})`,
        );
      if (r.top > innerHeight - 40 || r.bottom < 40) misfits.push(`round summary out of view (y ${Math.round(r.top)}–${Math.round(r.bottom)})`);
      for (const p of primaries)
        if (p.left < r.right && p.right > r.left && p.top < r.bottom && p.bottom > r.top)
          misfits.push(`round summary (y ${Math.round(r.top)}–${Math.round(r.bottom)}) over a control at y ${Math.round(p.top)}–${Math.round(p.bottom)}`);
    }
    return { waiting, phase: phase?.dataset.testid ?? '', misfits, summary: !!card };
  });
}

/** One click of Mia's move, whatever the page offers now (the first enabled control in a rough order of need). */
function act(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const w = window as unknown as { __fitClicks?: number };
    const k = (w.__fitClicks = (w.__fitClicks ?? 0) + 1);
    const enabled = (sel: string) => [...document.querySelectorAll<HTMLButtonElement>(sel)].filter((b) => !b.disabled);
    const status = (id: string) => (document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').startsWith('✓');
    if (status('give-status') || status('want-status') || status('pick-status')) return null;
    const slots = enabled('[data-testid^="slot-"]');
    const cards = enabled('[data-testid^="card-"]');
    const offers = [
      // Gift Trap
      enabled('[data-testid^="tier-"]'),
      enabled('[data-testid="confirm-layout"]'),
      enabled('[data-testid="submit-gifts"]'),
      enabled('[data-testid="submit-wants"]'),
      slots.length ? [slots[k % slots.length]] : [],
      enabled('[data-testid^="open-"]'),
      // Santa
      enabled('[data-testid="order-confirm"]'),
      enabled('[data-testid^="chooser-"]'),
      enabled('[data-testid^="give-"]'),
      enabled('[data-testid="route-0"]'),
      enabled('[data-testid^="dest-"]').slice(-1),
      enabled('[data-testid^="house-"]').slice(0, 1),
      cards.slice(Math.floor(cards.length / 2)),
      // Wind City
      enabled('[data-testid^="col-"]'),
      enabled('[data-testid^="square-"]').slice(-1),
      enabled('[data-testid="plan-confirm"]'),
      enabled('[data-testid="action-0"]'),
      enabled('[data-testid="renew-confirm"]'),
      enabled('[data-testid^="decline-"]'),
      enabled('[data-testid="pass"]'),
      enabled('[data-testid^="kauf-"]'),
    ];
    const choice = offers.find((o) => o.length)?.[0];
    choice?.click();
    return choice?.dataset.testid ?? null;
  });
}

/** Mia plays `game` for PLAY_MS; every wait on her is looked at. */
async function playAndLook(game: string, size: (typeof SIZES)[number], lang: string): Promise<{ phases: string[]; misfits: string[]; looks: number }> {
  const page = await openPage(t.browser, {
    viewport: { width: size.width, height: size.height },
    ...(size.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    reducedMotion: 'reduce',
  });
  // Three pages render WebGL in software at once, on a loaded 2-core machine: the table may take a while to start.
  page.setDefaultTimeout(60_000);
  try {
    await startBotTable(page, t.server.base, game, lang);
    const phases = new Set<string>();
    const misfits = new Set<string>();
    let looks = 0;
    let shot = false;
    const end = Date.now() + PLAY_MS;
    while (Date.now() < end && !(await page.$(tid('end-screen')))) {
      const seen = await look(page);
      for (const m of seen.misfits) misfits.add(`${seen.phase}: ${m}`);
      if (seen.waiting) {
        looks++;
        phases.add(seen.phase);
        if (!shot || seen.misfits.length) {
          await page.screenshot({ path: path.join(ARTIFACTS, `fit-${game}-${size.name}-${lang}.png`) });
          shot = true;
        }
      }
      if (seen.summary && (seen.misfits.length || !phases.has('summary'))) {
        phases.add('summary');
        await page.screenshot({ path: path.join(ARTIFACTS, `fit-${game}-${size.name}-${lang}-summary.png`) });
      }
      await page.waitForTimeout((await act(page)) ? 250 : 200);
    }
    return { phases: [...phases].sort(), misfits: [...misfits], looks };
  } finally {
    await page.close();
  }
}

/** The phases Mia must have been asked to act in, at the least, within PLAY_MS. */
const MUST: Record<GameId, string[]> = {
  gifttrap: ['phase-give', 'phase-want'],
  santa: ['phase-pick'],
  windcity: ['phase-placement'],
};

describe('the table fits the window', () => {
  it.each(SIZES.map((s, i) => [s.name, i] as const))(
    '%s: prompt and controls in view, board beside or above, summary over the table',
    async (_name, i) => {
      const size = SIZES[i];
      const results = await Promise.all(GAMES.map((game, g) => playAndLook(game, size, LANGS[(g + i) % 3])));
      // Every game's misfits at once (not only the first game's).
      expect(Object.fromEntries(GAMES.map((game, g) => [game, results[g].misfits]))).toEqual(Object.fromEntries(GAMES.map((game) => [game, []])));
      GAMES.forEach((game, g) => {
        const r = results[g];
        expect(r.looks).toBeGreaterThan(0);
        if (!MUST[game]) throw new Error(`fits-window: no MUST phases for ${game}: add the game to MUST`);
        for (const p of MUST[game]) expect({ game, phases: r.phases }).toEqual({ game, phases: expect.arrayContaining([p]) });
      });
    },
    PLAY_MS + 90_000,
  );

  it('home at 1280×720: the game choice and "Create room" without scrolling', async () => {
    const page = await openPage(t.browser, { viewport: { width: 1280, height: 720 } });
    await page.goto(t.server.base);
    await page.waitForSelector(tid('create-room'));
    const boxes = await page.evaluate(
      (games) =>
        [...games.map((g) => `game-${g}`), 'nickname-input', 'create-room'].map((id) => {
          const r = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
          return { id, top: Math.round(r.top), bottom: Math.round(r.bottom), fits: r.top >= 0 && r.bottom <= innerHeight };
        }),
      metaIds,
    );
    await page.screenshot({ path: path.join(ARTIFACTS, 'fit-home-1280x720.png') });
    expect(boxes.filter((b) => !b.fits)).toEqual([]);
    await page.close();
  }, 60_000);
});
