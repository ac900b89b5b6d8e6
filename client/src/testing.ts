/**
 * What browser tests (and curious developers) can reach: window.__fireside.
 *
 * Not there for normal users: a production page exposes it only when this
 * browser opted in with localStorage['fireside:testing'] = '1' before the page
 * loaded (the browser tests set it in every context, see tests/e2e/harness.ts;
 * a developer can set it in the console and reload). The dev server always
 * exposes it. Either way the tests run against the real production build.
 */
import { storage } from './util/storage.js';

export interface FiresideHandle {
  /** The Pixi Application of the current table, or null. */
  app: unknown;
  /** The Colyseus SDK room, or null. */
  room: unknown;
  /** The current game table (e.g. pointOf() to find things on the canvas), or null. */
  table: unknown;
  /** JSON of the public view as this client decoded it ('' in the lobby or with no room). */
  viewJson: () => string;
}

declare global {
  interface Window {
    __fireside?: FiresideHandle;
  }
}

export const TESTING_KEY = 'fireside:testing';

if (import.meta.env.DEV || storage.get(TESTING_KEY) === '1') {
  window.__fireside = { app: null, room: null, table: null, viewJson: () => '' };
}

/** Hand the current room, table or Pixi app to the tests (nothing happens unless they opted in). */
export function exposeForTests(part: Partial<FiresideHandle>): void {
  if (window.__fireside) Object.assign(window.__fireside, part);
}
