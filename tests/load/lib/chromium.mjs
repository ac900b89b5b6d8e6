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

export function launchChromium() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
