/**
 * What a browser downloads for the home page and for each game's table (JS
 * and CSS, gzip level 9 as a server would send it), measured by loading the
 * pages of a running server in Chromium and summing the files it requested
 * from client/dist. Used by `node tests/load/bundle-measure.mjs` and
 * by the budget test (tests/e2e/bundle.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { metaIds } from '@fireside/shared';
/* global window -- page callbacks run in the page */

// Issue 10's budgets, KB gzip as the browser loads the page (docs/measurements.md, "Bundle size").
export const BUDGET_KB = { home: 60, table: 250 };
export const GAMES = metaIds;

/** @returns {{ files: number, raw: number, gzip: number, list: { file: string, gzip: number }[] }} sizes in bytes */
function sizeOf(urls, dist) {
  const list = [];
  let raw = 0;
  for (const u of urls) {
    const file = path.join(dist, new URL(u).pathname);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) continue;
    const bytes = fs.readFileSync(file);
    const gzip = zlib.gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    list.push({ file: new URL(u).pathname, gzip });
  }
  list.sort((a, b) => b.gzip - a.gzip);
  return { files: list.length, raw, gzip: list.reduce((n, f) => n + f.gzip, 0), list };
}

/**
 * Opens the home page, then creates a room of each game, fills it with bots
 * and starts it, and records every .js/.css file requested on the way.
 * `newContext` makes a browser context whose pages expose window.__fireside.
 */
export async function measureBundles({ base, newContext, dist }) {
  const result = { home: null, tables: {} };
  for (const game of GAMES) {
    const ctx = await newContext();
    try {
      const page = await ctx.newPage();
      const urls = new Set();
      page.on('request', (r) => {
        if (/\.(js|css)$/.test(new URL(r.url()).pathname)) urls.add(r.url());
      });
      await page.goto(`${base}/`);
      await page.waitForSelector('[data-testid="create-room"]');
      result.home ??= sizeOf([...urls], dist);
      await page.click(`[data-testid="game-${game}"]`);
      await page.fill('[data-testid="nickname-input"]', 'M');
      await page.click('[data-testid="create-room"]');
      await page.waitForSelector('[data-testid="fill-bots"]');
      await page.click('[data-testid="fill-bots"]');
      await page.waitForSelector('[data-testid="start-game"]:not([disabled])');
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector('[data-testid="table-canvas"]');
      await page.waitForTimeout(1500);
      const shown = await page.evaluate(() => window.__fireside.room.state.game);
      if (shown !== game) throw new Error(`asked for a ${game} table, got ${shown}`);
      result.tables[game] = sizeOf([...urls], dist);
    } finally {
      await ctx.close();
    }
  }
  return result;
}
