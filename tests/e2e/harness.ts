/**
 * What every browser test needs: the built server as a child process on a
 * free port, and Debian's Chromium (never a downloaded browser).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../load/lib/chromium.mjs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = path.join(ROOT, 'tests', 'artifacts');
// Debian's Chromium (or CHROMIUM_PATH's) with the browser tests' flags, shared with the load
// scripts (tests/load/lib/chromium.mjs): launchChromium(extraArgs?).
export { launchChromium };

export const tid = (id: string) => `[data-testid="${id}"]`;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  base: string;
  port: number;
  /** The store's data dir (a temp dir unless FIRESIDE_DATA_DIR was given). */
  dataDir: string;
  process: ChildProcess;
  log(): string;
  /** SIGTERM, and SIGKILL if it has not exited within 8 s. */
  stop(): Promise<void>;
  /** SIGKILL: a crash or a power cut, as far as the process can tell. */
  kill(): Promise<void>;
}

/** Starts server/dist (with client/dist) and waits for /healthz. */
export async function startBuiltServer(env: Record<string, string> = {}, fixedPort?: number): Promise<ServerProcess> {
  for (const f of ['server/dist/index.js', 'client/dist/index.html']) {
    if (!fs.existsSync(path.join(ROOT, f))) throw new Error(`${f} is missing: run \`npm run build\` first.`);
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const port = fixedPort ?? (await freePort());
  const base = `http://localhost:${port}`;
  const dataDir = env.FIRESIDE_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fireside-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/index.js')], {
    cwd: ROOT,
    env: { ...process.env, FIRESIDE_BOT_DELAY_MS: '50', ...env, PORT: String(port), FIRESIDE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // 45 s: a start on a busy CI machine (load averages of 10–18 seen) once took over 20.
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitExit = (ms: number) => Promise.race([exited, new Promise<void>((r) => setTimeout(r, ms))]);
  return {
    base,
    port,
    dataDir,
    process: child,
    log: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await waitExit(8000);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await waitExit(2000);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await waitExit(5000);
    },
  };
}

/** The localStorage flag that makes a production page expose window.__fireside (client/src/testing.ts). */
export const TESTING_KEY = 'fireside:testing';

/**
 * A fresh browser context (as browser.newContext) whose pages expose
 * window.__fireside: the tests' opt-in is set before any page script runs.
 * Browser tests open every context through this (or openPage).
 */
export async function openContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ({ key, mark }) => {
      try {
        localStorage.setItem(key, '1');
      } catch {
        /* about:blank has no storage */
      }
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`${mark} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
      );
    },
    { key: TESTING_KEY, mark: CSP_MARK },
  );
  context.on('console', (msg) => {
    const text = msg.text();
    if (text.startsWith(CSP_MARK) || /Content Security Policy/i.test(text)) cspViolations.push(`${msg.location().url}: ${text}`);
  });
  return context;
}

const CSP_MARK = '[csp-violation]';

/**
 * What the server's Content-Security-Policy blocked in any page of these
 * tests (server/src/http/security-headers.ts): the client must work under it, so
 * csp-guard.ts fails any browser test after which this is not empty.
 */
export const cspViolations: string[] = [];

/**
 * A page in a fresh context of its own (as browser.newPage), exposing
 * window.__fireside; closing the page closes its context.
 *
 * That close runs from the page's 'close' event, while the page (or the whole
 * browser, at a test's end) is still closing, and then it sometimes rejects
 * with "Target page, context or browser has been closed". Unhandled, that
 * rejection failed whichever test was running (twice in CI, once here under
 * load): nothing is left to close then, so it is ignored.
 */
export async function openPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  const context = await openContext(browser, options);
  const page = await context.newPage();
  page.once('close', () => {
    context.close().catch(() => undefined);
  });
  return page;
}

/**
 * From the home page in `lang`: a table of `game` created by this page's
 * player ("Mia"), its other seats filled with bots, started; resolves once
 * the table's canvas is there.
 */
export async function startBotTable(page: Page, base: string, game: string, lang: string): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('fireside:lang', l), lang);
  await page.goto(base);
  await page.click(tid(`game-${game}`));
  await page.fill(tid('nickname-input'), 'Mia');
  await page.click(tid('create-room'));
  await page.waitForSelector(tid('fill-bots'));
  await page.click(tid('fill-bots'));
  await page.waitForSelector(`${tid('start-game')}:not([disabled])`);
  await page.click(tid('start-game'));
  await page.waitForSelector(tid('table-canvas'));
}

/** A phone's page: 390×844 at device pixel ratio 2, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * The page's decoded public view once it has not changed for a second: the
 * bots have done what they can and the match waits on the page's player.
 */
export async function quietView(page: Page): Promise<string> {
  let last = '';
  for (let stable = 0; stable < 10;) {
    await page.waitForTimeout(100);
    const v = await page.evaluate(() => (window as unknown as { __fireside: { viewJson(): string } }).__fireside.viewJson());
    stable = v === last ? stable + 1 : 0;
    last = v;
  }
  return last;
}
