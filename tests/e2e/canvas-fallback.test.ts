/**
 * A browser without WebGL still gets a table: Pixi falls back to its Canvas 2D
 * renderer. That renderer's code is a chunk of its own (client/vite.config.ts,
 * "pixi-canvas-renderer") that the WebGL tables never load (bundle.test.ts);
 * this test loads it the one way a player would, in a Chromium with WebGL and
 * every 3D API switched off, and checks each game's table draws with it.
 *
 * Needs `npm run build` first. Screenshots: tests/artifacts/canvas-fallback-*.png.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { metaIds } from '@fireside/shared';
import { ARTIFACTS, launchChromium, openPage, startBotTable, startBuiltServer, type ServerProcess } from './harness.js';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer({ FIRESIDE_BOT_DELAY_MS: '300' });
  browser = await launchChromium(['--disable-webgl', '--disable-3d-apis']);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a table without WebGL', () => {
  it.each(metaIds)('%s draws with the Canvas 2D renderer', async (game) => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    const chunks: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    try {
      await startBotTable(page, server.base, game, 'en');
      await page.waitForTimeout(1500);
      const drawn = await page.evaluate(() => {
        const w = window as unknown as { __fireside: { app: { renderer: { name: string }; canvas: HTMLCanvasElement } } };
        const canvas = w.__fireside.app.canvas;
        // The Canvas 2D renderer draws into the canvas' own 2D context: sample it on a grid.
        const ctx = canvas.getContext('2d');
        const colours = new Set<string>();
        if (ctx) {
          for (let y = 0; y < canvas.height; y += Math.ceil(canvas.height / 40)) {
            for (let x = 0; x < canvas.width; x += Math.ceil(canvas.width / 40)) colours.add(ctx.getImageData(x, y, 1, 1).data.join(','));
          }
        }
        return { renderer: w.__fireside.app.renderer.name, colours: colours.size };
      });
      await page.screenshot({ path: path.join(ARTIFACTS, `canvas-fallback-${game}.png`) });
      expect(drawn.renderer).toBe('canvas');
      expect(chunks.filter((c) => /pixi-canvas-renderer-.*\.js$/.test(c)).length).toBe(1);
      // A table, not a blank or one-colour canvas: its board, cards and names take many colours.
      expect(drawn.colours).toBeGreaterThan(8);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
