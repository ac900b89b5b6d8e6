/**
 * The usual setup of a browser test file, written once: the built server
 * (with `env`) and Debian's Chromium, started before the file's tests and
 * closed after them.
 *
 *   const t = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '200' });
 *   it('…', async () => { const page = await openPage(t.browser); await page.goto(t.server.base); });
 */
import { afterAll, beforeAll } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium, startBuiltServer, type ServerProcess } from './harness.js';

export function useBrowserAndServer(env: Record<string, string> = {}): { readonly server: ServerProcess; readonly browser: Browser } {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startBuiltServer(env);
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(x: T | undefined): T => {
    if (!x) throw new Error('useBrowserAndServer: they start in beforeAll; use them inside tests.');
    return x;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}
