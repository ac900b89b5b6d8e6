/**
 * Browser test of replays that speak (issue 23): bots play a Gift Trap, a
 * Wind City and a Santa match on the built server; the replay viewer is
 * stepped quickly back and forth (held arrow keys, fast clicks, the slider),
 * and after every burst the board the table shows (its decoded view, Wind
 * City's houses, hurricane and card, Gift Trap's pawns, Santa's counters,
 * presents, away luggage, plate cards and scores) is the selected step's,
 * rebuilt here by the same engine, with no animation left running. A replay shows no
 * prompt, timer or button of a live table, never says "(you)", and labels
 * every step in the reader's language (Japanese: no raw action name, bots
 * named as at the table).
 *
 * Needs `npm run build` first, and Debian's Chromium at /usr/bin/chromium.
 * Screenshots go to tests/artifacts/replay-steps-*.png.
 */
import '../../server/testing/ws-setup.js';
import path from 'node:path';
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { createRoom } from '../../server/testing/harness.js';
import { replaySteps, type ReplayEvent, type ReplaySetup } from '../../shared/src/engine/replay.js';
import type { AnyGame } from '../../shared/src/engine/contract.js';
import { gifttrap } from '../../shared/src/games/gifttrap/index.js';
import { windcity } from '../../shared/src/games/windcity/index.js';
import { santa } from '../../shared/src/games/santa/index.js';
import type { SantaPublicView, SantaSeatView } from '../../shared/src/games/santa/types.js';
import { ARTIFACTS, launchChromium, openPage, startBuiltServer, tid, type ServerProcess } from './harness.js';

const shot = (name: string) => path.join(ARTIFACTS, `replay-steps-${name}.png`);

type Game = 'gifttrap' | 'windcity' | 'santa';
const ENGINES: Record<Game, AnyGame> = {
  gifttrap: gifttrap as unknown as AnyGame,
  windcity: windcity as unknown as AnyGame,
  santa: santa as unknown as AnyGame,
};

let server: ServerProcess;
let browser: Browser;
/** Per game: the match's id, every step's public view and seat 0's own view (the seat a replay shows first), rebuilt by the engine. */
const matches = {} as Record<Game, { id: string; views: unknown[]; seat0: unknown[]; kinds: string[] }>;

async function botMatch(game: Game, options: object): Promise<void> {
  const p = await createRoom(server.base, { game, name: 'Hostess', players: 3, options });
  p.send('fillBots');
  await p.until((s) => s.seats.every((x: { kind: string }) => x.kind === 'bot'), `the ${game} seats fill with bots`);
  p.send('start');
  await p.until((s) => s.status === 'ended' && s.lastMatchId !== '', `the ${game} bots finish`, 90_000);
  const id = p.state.lastMatchId as string;
  await p.leave();
  const log = (await (await fetch(`${server.base}/api/matches/${id}`)).json()) as { setup: ReplaySetup; events: ReplayEvent[] };
  const engine = ENGINES[game];
  const steps = replaySteps(engine, log.setup, log.events);
  const plain = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;
  matches[game] = {
    id,
    kinds: log.events.map((e) => e.kind),
    views: steps.map((s) => plain(engine.publicView(s))),
    seat0: steps.map((s) => plain(engine.seatView(s, 0))),
  };
}

beforeAll(async () => {
  server = await startBuiltServer({ FIRESIDE_BOT_DELAY_MS: '5' });
  browser = await launchChromium();
  await botMatch('gifttrap', { goal: 20 });
  await botMatch('windcity', {});
  await botMatch('santa', {});
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(game: Game, lang: string): Promise<{ page: Page; errors: string[] }> {
  const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript((l) => localStorage.setItem('fireside:lang', l), lang);
  await page.goto(`${server.base}/replay/${matches[game].id}`);
  await page.waitForSelector(tid('replay-bar'), { timeout: 15_000 });
  await page.waitForFunction(() => !!(window as unknown as { __fireside: { table: unknown } }).__fireside.table, null, { timeout: 15_000 });
  return { page, errors };
}

/** What the table shows now: the step selected, the view it draws, and what its board has on it. */
async function boardNow(page: Page): Promise<{ step: number; busy: boolean; view: unknown; board: Record<string, unknown> }> {
  return page.evaluate(() => {
    const table = (window as any).__fireside.table;
    const step = Number(document.querySelector('[data-testid="replay-step"]')!.getAttribute('data-step'));
    const scene = table.scene;
    const view = table.model.view;
    const board: Record<string, unknown> = {};
    if (view.game === 'windcity') {
      board.houses = scene.act.houses;
      board.hurricane = scene.act.hurricane;
      board.animatedAct = scene.act.current?.turn ?? null;
      board.cardSeat = scene.state.cardSeat;
      board.clickable = scene.state.clickable.length;
      board.canPlan = scene.state.canPlan;
    } else if (view.game === 'santa') {
      // Each counter by the house it stands at (the nearest: its spot is less than half a cell off).
      const nearest = (x: number, y: number) =>
        scene.houses
          .map((h: { id: number }) => ({ id: h.id, p: scene.geo.housePx(h.id) }))
          .sort((a: any, b: any) => Math.hypot(a.p.x - x, a.p.y - y) - Math.hypot(b.p.x - x, b.p.y - y))[0].id;
      board.counters = scene.plates.map((_: unknown, seat: number) => {
        const c = scene.counters.get(seat);
        return c?.visible ? nearest(c.x, c.y) : null;
      });
      board.presents = scene.presents.byHouse.map((g: { visible: boolean }) => g.visible);
      board.luggage = scene.houses.filter((h: any) => h.luggage.visible).map((h: { id: number }) => h.id);
      board.plateCards = scene.plates.map((p: any) => {
        const look = JSON.parse(p.card.key)[0];
        return look.kind === 'face' ? (look.secret ? `secret ${look.card}` : look.card) : look.kind;
      });
      board.scores = scene.plates.map((p: any) => Number(p.score.text));
      board.moving = scene.motion.mover !== null || scene.motion.inFlight.size > 0;
      board.canAct = scene.state.clickable.length > 0 || scene.state.plateChoice.length > 0 || scene.state.canPick;
    } else {
      const off = [...scene.pawns.pawns.values()].filter(
        (p: { g: { x: number; y: number }; x: number; y: number }) => Math.abs(p.g.x - p.x) > 0.01 || Math.abs(p.g.y - p.y) > 0.01,
      );
      board.pawnsAway = off.length;
      board.canAct = [scene.state.canFlip, scene.state.canGive, scene.state.canWant, scene.state.canOpen].some(Boolean);
    }
    return { step, busy: table.busy, view, board };
  });
}

/** The board shows step `step` exactly, and nothing is left animating. */
function expectBoardAt(game: Game, now: Awaited<ReturnType<typeof boardNow>>, what: string): void {
  const want = matches[game].views[now.step] as Record<string, unknown>;
  expect([what, now.step, now.view]).toEqual([what, now.step, want]);
  expect([what, now.step, now.busy]).toEqual([what, now.step, false]);
  if (game === 'windcity') {
    const v = want as { houses: unknown; hurricane: unknown; act: { seat: number } | null; phase: string; hasCard: boolean };
    // The card panel: the last revealed act's card (never one still being played out from another step).
    const cardSeat = v.hasCard && ['plan', 'renew', 'market'].includes(v.phase) ? now.board.cardSeat : (v.act?.seat ?? null);
    expect([what, now.step, now.board]).toEqual([
      what,
      now.step,
      { houses: v.houses, hurricane: v.hurricane, animatedAct: null, cardSeat, clickable: 0, canPlan: false },
    ]);
  } else if (game === 'santa') {
    const v = want as unknown as SantaPublicView;
    const myPick = (matches.santa.seat0[now.step] as SantaSeatView).myPick;
    // A plate's card: this round's once revealed; seat 0's own pick (the seat the replay shows) face up to it; a back once picked.
    const plateCard = (seat: number) =>
      v.played[seat] ?? (v.phase === 'pick' && seat === 0 && myPick !== null ? `secret ${myPick}` : v.phase === 'pick' && v.picked[seat] ? 'back' : 'slot');
    expect([what, now.step, now.board]).toEqual([
      what,
      now.step,
      {
        counters: v.positions,
        presents: v.present,
        luggage: [...v.away].sort((a, b) => a - b),
        plateCards: v.positions.map((_, seat) => plateCard(seat)),
        scores: v.scores,
        moving: false,
        canAct: false,
      },
    ]);
  } else {
    expect([what, now.step, now.board]).toEqual([what, now.step, { pawnsAway: 0, canAct: false }]);
  }
}

/** Nothing of a live table: no button, field, prompt or clock in the table's controls, no "(you)" / "You are". */
async function expectNothingLive(page: Page, what: string): Promise<void> {
  const live = await page.$eval(tid('controls'), (el) => {
    const visible = (e: Element) => (e as HTMLElement).offsetParent !== null;
    return {
      buttons: [...el.querySelectorAll('button, input, select, textarea')].filter(visible).map((e) => e.textContent?.trim()),
      prompts: [...el.querySelectorAll('[data-testid^="phase-"] .lead')].filter(visible).map((e) => e.textContent?.trim()),
      clocks: [...el.querySelectorAll('[data-testid*="timer"], [data-testid*="countdown"], .countdown, .timer')].filter(visible).length,
      you: /\(you\)|You are/.test(el.textContent ?? ''),
    };
  });
  expect([what, live]).toEqual([what, { buttons: [], prompts: [], clocks: 0, you: false }]);
}

const slide = (page: Page, k: number) =>
  page.$eval(
    tid('replay-slider'),
    (e, v) => {
      (e as HTMLInputElement).value = String(v);
      e.dispatchEvent(new Event('input', { bubbles: true }));
    },
    k,
  );

describe('replays that speak', () => {
  it.each([['windcity' as Game], ['gifttrap' as Game], ['santa' as Game]])(
    '%s: fast stepping back and forth always shows the selected step, with nothing live on the table',
    async (game) => {
      const { page, errors } = await open(game, 'en');
      const last = matches[game].views.length - 1;
      expectBoardAt(game, await boardNow(page), 'at the deal');
      // An arrow key held down: a burst of key presses with no pause.
      const hold = async (key: 'ArrowLeft' | 'ArrowRight', n: number) => {
        for (let i = 0; i < n; i++) await page.keyboard.press(key);
      };
      const click = async (id: string, n: number) => {
        for (let i = 0; i < n; i++) await page.click(tid(id), { force: true });
      };
      const bursts: [string, () => Promise<void>][] = [
        ['→ held 12', () => hold('ArrowRight', 12)],
        ['← held 5', () => hold('ArrowLeft', 5)],
        ['→ held 20', () => hold('ArrowRight', 20)],
        ['forward clicked 8', () => click('replay-forward', 8)],
        ['back clicked 3', () => click('replay-back', 3)],
        ['slider to the middle', () => slide(page, Math.floor(last / 2))],
        ['→ held 15', () => hold('ArrowRight', 15)],
        ['← held 9', () => hold('ArrowLeft', 9)],
        ['slider near the end', () => slide(page, last - 4)],
        ['→ held 6 (to the end)', () => hold('ArrowRight', 6)],
        ['← held 30', () => hold('ArrowLeft', 30)],
      ];
      for (const [what, burst] of bursts) {
        await burst();
        const now = await boardNow(page);
        expectBoardAt(game, now, what);
        await expectNothingLive(page, what);
        // And still so a moment later (nothing catches up afterwards).
        await page.waitForTimeout(250);
        expectBoardAt(game, await boardNow(page), `${what}, a moment later`);
      }
      await page.screenshot({ path: shot(`${game}-en`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    },
    300_000,
  );

  it.each([
    ['windcity' as Game, 'ja', '（ボット）'],
    ['gifttrap' as Game, 'ja', '（ボット）'],
    ['windcity' as Game, 'fr', ' (robot)'],
    ['gifttrap' as Game, 'fr', ' (robot)'],
    ['santa' as Game, 'ja', '（ボット）'],
    ['santa' as Game, 'fr', ' (robot)'],
  ])(
    '%s in %s: every step is labelled in words, bots named as at the table',
    async (game, lang, botMark) => {
      const { page, errors } = await open(game, lang);
      const last = matches[game].views.length - 1;
      const labels: string[] = [];
      for (let k = 1; k <= last; k++) {
        await page.keyboard.press('ArrowRight');
        labels.push((await page.textContent(tid('replay-event'))) ?? '');
        if (k === Math.floor(last / 3)) {
          await expectNothingLive(page, `${lang} step ${k}`);
          await page.screenshot({ path: shot(`${game}-${lang}`), fullPage: true });
        }
      }
      const raw =
        /chooseTier|confirmLayout|\b(flip|give|want|open|hurricane|place|plan|renew|ask|pass|answer|kauf|pick|order|chooser|move|away|start)\b|[a-z][A-Z]|\(bot\)|\{\{/;
      expect(labels.filter((l) => l === '' || raw.test(l))).toEqual([]);
      // Every action names its actor, a bot, marked as the table marks it (a timeout names nobody).
      expect(labels.filter((l, i) => matches[game].kinds[i] === 'action' && !l.includes(botMark))).toEqual([]);
      const seats = await page.$$eval(`${tid('replay-seat')} option`, (os) => os.map((o) => o.textContent ?? ''));
      expect(seats.every((s) => s.endsWith(botMark.trim()) || s.includes(botMark))).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    },
    300_000,
  );
});
