/**
 * Own art (issue 12): every picture comes from the bundled Twemoji atlas, none
 * from an emoji font the player may not have (without one, gift cards were
 * blank and icons empty boxes). On the home page, in a lobby and at each
 * game's table, desktop and phone: no DOM text (nor CSS `content`) and no
 * Pixi Text holds an emoji, and the icons show the atlas — the table's icon
 * sprites from its first frame on.
 *
 * Needs `npm run build` first. Screenshots: tests/artifacts/art-*.png.
 */
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ARTIFACTS, PHONE, openPage, tid } from './harness.js';
import { useBrowserAndServer } from './use-browser.js';

const t = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '200' });

const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * Text symbols kept as font glyphs, though Unicode counts them as pictographs:
 * each has text presentation by default (no emoji font is asked for), is in
 * the common text fonts (DejaVu Sans, Noto Sans Symbols 2, Segoe UI Symbol,
 * Apple Symbols) and is drawn in the colour of the text around it, as it must be:
 * ♠ ♥ ♦ ♣ the suits on Santa's cards ("K♥", in the seat's colour), ▶ ◀ the
 * start and replay buttons' arrows, ☑ Wind City's ticked option (☐ beside it
 * is no pictograph at all).
 */
const TEXT_SYMBOLS = /[♠♥♦♣▶◀☑]/gu;
const EMOJI = /\p{Extended_Pictographic}/u;

/** The emoji in the page: text nodes and ::before/::after contents. */
async function domEmoji(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const tag = n.parentElement?.tagName;
      if (tag !== 'SCRIPT' && tag !== 'STYLE' && n.nodeValue) out.push(n.nodeValue);
    }
    for (const el of document.body.querySelectorAll('*')) {
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(el, pseudo).content;
        if (content && content !== 'none' && content !== 'normal') out.push(content);
      }
    }
    return out;
  });
  return found.filter((s) => EMOJI.test(s.replace(TEXT_SYMBOLS, '')));
}

interface CanvasArt {
  emoji: string[];
  icons: { label: string; width: number; height: number; sourceWidth: number; sourceHeight: number; live: boolean }[];
}

/** Every Pixi Text on the table (shown or not) that holds an emoji, and every icon sprite (label "icon:…") with its texture's size. */
async function canvasArt(page: Page): Promise<CanvasArt> {
  const art = await page.evaluate(() => {
    type Node = {
      children?: Node[];
      text?: unknown;
      label?: string;
      texture?: { frame: { width: number; height: number }; source: { width: number; height: number; destroyed: boolean; resource: unknown } };
    };
    const app = (window as unknown as { __fireside: { app: { stage: Node } | null } }).__fireside.app;
    const texts: string[] = [];
    const icons: CanvasArt['icons'] = [];
    const walk = (n: Node) => {
      if (typeof n.text === 'string') texts.push(n.text);
      if (n.label?.startsWith('icon:') && n.texture) {
        const { frame, source } = n.texture;
        const live = !source.destroyed && !!source.resource;
        icons.push({ label: n.label, width: frame.width, height: frame.height, sourceWidth: source.width, sourceHeight: source.height, live });
      }
      for (const c of n.children ?? []) walk(c);
    };
    if (app) walk(app.stage);
    return { texts, icons };
  });
  return { emoji: art.texts.filter((s) => EMOJI.test(s.replace(TEXT_SYMBOLS, ''))), icons: art.icons };
}

/** The DOM icons: how many, and whether each shows a part of the atlas image, which loads. */
async function domIcons(page: Page): Promise<{ count: number; unplaced: string[]; atlasWidth: number }> {
  return page.evaluate(async () => {
    const icons = [...document.querySelectorAll<HTMLElement>('.icon')];
    const unplaced = icons.filter((el) => !/url\(/.test(el.style.backgroundImage) || el.style.backgroundPosition === '').map((el) => el.outerHTML);
    const url = icons[0]?.style.backgroundImage.match(/url\("?([^")]+)"?\)/)?.[1];
    let atlasWidth = 0;
    if (url) {
      const img = new Image();
      img.src = url;
      atlasWidth = await img.decode().then(
        () => img.naturalWidth,
        () => 0,
      );
    }
    return { count: icons.length, unplaced, atlasWidth };
  });
}

async function expectOwnArt(page: Page, where: string): Promise<void> {
  expect({ where, emoji: await domEmoji(page) }).toEqual({ where, emoji: [] });
  const dom = await domIcons(page);
  expect({ where, unplaced: dom.unplaced }).toEqual({ where, unplaced: [] });
  expect(dom.count).toBeGreaterThan(0);
  expect(dom.atlasWidth).toBeGreaterThan(0);
  // Soon every DOM icon shows the bitmap sheet drawn from the atlas, not the atlas's SVG, whose
  // every paint re-records all its glyphs (client/src/art/icons.ts).
  const onSvg = () =>
    page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.icon')].filter((el) => !el.style.backgroundImage.startsWith('url("blob:')).length);
  for (let i = 0; i < 50 && (await onSvg()) > 0; i++) await page.waitForTimeout(100);
  expect({ where, iconsOnTheSvg: await onSvg() }).toEqual({ where, iconsOnTheSvg: 0 });
}

async function expectOwnCanvasArt(page: Page, game: string, where: string): Promise<void> {
  const art = await canvasArt(page);
  expect({ where, emoji: art.emoji }).toEqual({ where, emoji: [] });
  // Wind City's board draws no pictures; Gift Trap's cards and Santa's sleigh are icons.
  if (game !== 'windcity') expect(art.icons.length).toBeGreaterThan(0);
  const blank = art.icons.filter((i) => !(i.live && i.width > 0 && i.height > 0 && i.sourceWidth > 0 && i.sourceHeight > 0));
  expect({ where, blank }).toEqual({ where, blank: [] });
}

describe('own art: no emoji font needed', () => {
  it.each([
    ['gifttrap', 'desktop', 'en'],
    ['gifttrap', 'phone', 'ja'],
    ['santa', 'desktop', 'fr'],
    ['santa', 'phone', 'en'],
    ['windcity', 'desktop', 'ja'],
    ['windcity', 'phone', 'fr'],
  ])(
    '%s on a %s (%s): home, lobby and table',
    async (game, device, lang) => {
      const page = await openPage(t.browser, device === 'phone' ? PHONE : DESKTOP);
      await page.addInitScript((l) => localStorage.setItem('fireside:lang', l), lang);
      await page.goto(t.server.base);
      await page.waitForSelector(tid('create-room'));
      await expectOwnArt(page, `${device} home`);

      await page.click(tid(`game-${game}`));
      await page.fill(tid('nickname-input'), 'Mia');
      await page.click(tid('create-room'));
      await page.waitForSelector(tid('fill-bots'));
      await page.click(tid('fill-bots'));
      await page.waitForSelector(`${tid('start-game')}:not([disabled])`);
      await expectOwnArt(page, `${device} lobby`);

      await page.click(tid('start-game'));
      await page.waitForSelector(tid('table-canvas'));
      // The first frame: no card drawn before the atlas is there.
      await expectOwnCanvasArt(page, game, `${device} ${game} table, first frame`);
      await page.waitForTimeout(2500);
      await expectOwnCanvasArt(page, game, `${device} ${game} table`);
      await expectOwnArt(page, `${device} ${game} table`);
      await page.screenshot({ path: path.join(ARTIFACTS, `art-${game}-${device}.png`), fullPage: device === 'phone' });
      if (device === 'desktop') {
        // The atlas texture outlives a table (destroyed with its sprites' own textures): home and back, the new table's icons show.
        await page.click(tid('home-link'));
        await page.click(tid('confirm-ok'));
        await page.click(tid('table-rejoin'));
        await page.waitForSelector(tid('table-canvas'));
        await page.waitForTimeout(1000);
        await expectOwnCanvasArt(page, game, `${device} ${game} table, again`);
      }
      await page.close();
    },
    90_000,
  );
});
