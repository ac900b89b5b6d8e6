/**
 * Instant motion: a replay's tables show each step as it is, with no flight,
 * hop or act being played (issue 23: stepping fast through Wind City left the
 * board seconds behind the step). The tables read it through reducedMotion().
 */
let instant = false;

export function setInstantMotion(on: boolean): void {
  instant = on;
}

export function instantMotion(): boolean {
  return instant;
}
