/**
 * Where the game server is. In production the server serves this client, so
 * it is the page's own origin; under `vite dev` it is the server's port.
 * `?server=http://host:port` overrides both (handy for testing).
 */
export function serverEndpoint(): string {
  const override = new URLSearchParams(location.search).get('server');
  if (override) return override;
  if (import.meta.env.DEV) return `${location.protocol}//${location.hostname}:2567`;
  return location.origin;
}
