import type { Browser } from 'playwright-core';

export const CHROMIUM_ARGS: string[];
export const CHROMIUM: string;
export function launchChromium(extraArgs?: string[], options?: { gpu?: boolean }): Promise<Browser>;
