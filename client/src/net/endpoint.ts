/**
 * Where the game server is. In production the server serves this client, so
 * it is always the page's own origin: the member tokens kept in localStorage
 * are only ever sent to the origin that issued them. Nothing in the page's
 * address (no query parameter) can point the client elsewhere; a link such
 * as `/room/<id>?server=https://elsewhere` would otherwise hand the nickname
 * and the seat token to that other server.
 *
 * Under `vite dev` only, the server is on port 2567 of the page's host, and
 * `?server=http://host:port` may point the client at another development
 * server. That branch is behind `import.meta.env.DEV`, which Vite replaces by
 * `false` in a build, so it is not in the production bundle at all.
 */
export function serverEndpoint(): string {
  if (import.meta.env.DEV) {
    const override = new URLSearchParams(location.search).get('server');
    if (override) return override;
    return `${location.protocol}//${location.hostname}:2567`;
  }
  return location.origin;
}
