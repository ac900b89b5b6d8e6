/**
 * Debian's Chromium (never a downloaded browser) with the flags of the
 * browser tests, for them (tests/e2e/harness.ts re-exports launchChromium)
 * and the load scripts.
 */
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Chromium, headless, with the tests' flags and any `extraArgs` after them.
 * `gpu`: compositing in Chromium's GPU process (SwiftShader standing in for a
 * phone's GPU, where a WebGL canvas is not read back on the page's main
 * thread) instead of the tests' software compositing.
 */
export function launchChromium(extraArgs = [], { gpu = false } = {}) {
  const base = gpu ? [...CHROMIUM_ARGS.filter((a) => a !== '--disable-gpu'), '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] : CHROMIUM_ARGS;
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...base, ...extraArgs] });
}
