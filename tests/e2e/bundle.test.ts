/**
 * The client's download budgets (issue 10), as a test: the home page ≤ 60 KB
 * and each game's table ≤ 250 KB of JS and CSS, gzip, as Chromium loads them
 * from the built server, in each of the three languages (their texts differ in
 * size: Japanese is the largest). Sizes, not speed: the same build gives the
 * same numbers on any machine. `node tests/load/bundle-measure.mjs` prints them
 * (FIRESIDE_LANG=fr or ja for another language).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { BUDGET_KB, GAMES, measureBundles, type PageSize } from '../load/bundle-size.mjs';
import { ROOT, launchChromium, openContext, startBuiltServer, type ServerProcess } from './harness.js';

let server: ServerProcess;
let browser: Browser;
const LANGS = ['en', 'fr', 'ja'] as const;
const sizesIn = {} as Record<(typeof LANGS)[number], Awaited<ReturnType<typeof measureBundles>>>;

beforeAll(async () => {
  server = await startBuiltServer({ FIRESIDE_BOT_DELAY_MS: '300' });
  browser = await launchChromium();
  for (const lang of LANGS) {
    const newContext = async () => {
      const context = await openContext(browser);
      await context.addInitScript((l) => localStorage.setItem('fireside:lang', l), lang);
      return context;
    };
    sizesIn[lang] = await measureBundles({ base: server.base, newContext, dist: path.join(ROOT, 'client', 'dist') });
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const describeSize = (s: PageSize) =>
  `${(s.gzip / 1024).toFixed(1)} KB gzip in ${s.files} files; largest: ${s.list
    .slice(0, 5)
    .map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KB`)
    .join(', ')}`;

describe.each(LANGS)('client download budgets, in %s', (lang) => {
  it(`home page ≤ ${BUDGET_KB.home} KB gzip`, () => {
    const sizes = sizesIn[lang];
    if (sizes.home.gzip / 1024 > BUDGET_KB.home) throw new Error(`home page over budget: ${describeSize(sizes.home)}`);
    // A measurement that found nothing would pass any budget.
    expect(sizes.home.files).toBeGreaterThan(1);
  });

  it.each(GAMES)(`%s table ≤ ${BUDGET_KB.table} KB gzip, and no WebGPU or Canvas 2D renderer`, (game) => {
    const sizes = sizesIn[lang];
    const size = sizes.tables[game];
    if (size.gzip / 1024 > BUDGET_KB.table) throw new Error(`${game} table over budget: ${describeSize(size)}`);
    expect(size.files).toBeGreaterThan(sizes.home.files);
    // The page was in the language measured: its texts' chunks (ja-….js, rules-ja-….js) were loaded.
    expect(size.list.filter((f) => new RegExp(`/${lang}-[\\w-]+\\.js$`).test(f.file)).length).toBeGreaterThan(0);
    // Tables render with WebGL; the WebGPU renderer's code stays in a chunk that only its own import loads.
    expect(size.list.filter((f) => /WebGPURenderer-.*\.js$/.test(f.file) && f.gzip > 1024)).toEqual([]);
    // Nor the Canvas 2D fallback's (client/vite.config.ts; tests/e2e/canvas-fallback.test.ts loads it).
    expect(size.list.filter((f) => /pixi-canvas-renderer-.*\.js$/.test(f.file))).toEqual([]);
  });
});
