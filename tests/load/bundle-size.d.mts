import type { BrowserContext } from 'playwright-core';

export interface PageSize {
  files: number;
  /** Bytes. */
  raw: number;
  /** Bytes, gzip level 9. */
  gzip: number;
  /** Largest first. */
  list: { file: string; gzip: number }[];
}
export const BUDGET_KB: { home: number; table: number };
export const GAMES: string[];
export function measureBundles(opts: {
  base: string;
  newContext(): Promise<BrowserContext>;
  dist: string;
}): Promise<{ home: PageSize; tables: Record<string, PageSize> }>;
