/**
 * Debian's Chromium for the load scripts (never a downloaded browser), with
 * the flags the browser tests use (tests/e2e/harness.ts has the same list, for
 * the jest side).
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

/** Chromium, headless, with the tests' flags and any `extraArgs` after them. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
