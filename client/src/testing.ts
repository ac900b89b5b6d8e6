/** What browser tests (and curious developers) can reach: window.__fireside. */
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
    __fireside: FiresideHandle;
  }
}

window.__fireside = { app: null, room: null, table: null, viewJson: () => '' };

export function exposeForTests(part: Partial<FiresideHandle>): void {
  Object.assign(window.__fireside, part);
}
