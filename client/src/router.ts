/** History-API routing: `/` is home, `/room/<roomId>` a room, `/replay/<matchId>` a finished match's replay. */
import { Emitter } from './util/emitter.js';

export type Route = { name: 'home' } | { name: 'room'; roomId: string } | { name: 'replay'; matchId: string } | { name: 'notFound' };

export function parseRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '' || pathname === '/index.html') return { name: 'home' };
  const m = /^\/room\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname);
  if (m) return { name: 'room', roomId: m[1] };
  const r = /^\/replay\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname);
  if (r) return { name: 'replay', matchId: r[1] };
  return { name: 'notFound' };
}

export const routeChanged = new Emitter<Route>();

export function currentRoute(): Route {
  return parseRoute(location.pathname);
}

export function navigate(path: string, opts: { replace?: boolean } = {}): void {
  if (path === location.pathname && !opts.replace) return;
  if (opts.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  routeChanged.emit(currentRoute());
}

export function roomPath(roomId: string): string {
  return `/room/${encodeURIComponent(roomId)}`;
}

export function replayPath(matchId: string): string {
  return `/replay/${encodeURIComponent(matchId)}`;
}

export function inviteLink(roomId: string): string {
  return `${location.origin}${roomPath(roomId)}`;
}

/**
 * Asked before an in-app link leaves the page shown (a seat in a running
 * match asks for confirmation first): returns true when it takes the
 * navigation over, and calls `go` if the user confirms.
 */
type LeaveGuard = (go: () => void) => boolean;
let leaveGuard: LeaveGuard | null = null;

export function setLeaveGuard(guard: LeaveGuard | null): void {
  leaveGuard = guard;
}

export function clearLeaveGuard(guard: LeaveGuard): void {
  if (leaveGuard === guard) leaveGuard = null;
}

window.addEventListener('popstate', () => routeChanged.emit(currentRoute()));

/** Internal links (<a data-link href="/...">) navigate without reloading. */
document.addEventListener('click', (e) => {
  const a = (e.target as Element | null)?.closest?.('a[data-link]') as HTMLAnchorElement | null;
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  const go = () => navigate(a.getAttribute('href') ?? '/');
  if (!leaveGuard?.(go)) go();
});
