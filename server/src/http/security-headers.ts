/**
 * Security headers on every HTTP answer (the web client, the APIs and the
 * matchmaker's), set by helmet at the HTTP gate (gate.ts).
 *
 * The Content-Security-Policy is strict: scripts, styles and connections
 * from this origin only (no inline scripts or styles: the built client has
 * none, and sets element styles through the CSSOM, which CSP allows);
 * images also from `data:` (the favicon in index.html). PixiJS draws from
 * canvases and needs nothing more: the built client loads no worker, blob or
 * font from anywhere (the browser tests fail on any CSP violation, see
 * tests/e2e/harness.ts). No page may frame the client
 * (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for old browsers),
 * and no page the client links to learns the room's address from the
 * referrer. `Strict-Transport-Security` is left to the TLS proxy
 * (docs/self-hosting.md): the server itself speaks plain HTTP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // blob: the DOM icons' bitmap sheet, drawn from the atlas in the page (client/src/art/icons.ts).
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  // The web app manifest (client/build/atlas.ts), from this origin.
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export type HeaderSetter = (req: IncomingMessage, res: ServerResponse) => void;

export function securityHeaders(): HeaderSetter {
  const middleware = helmet({
    // Only these directives: helmet's defaults add `upgrade-insecure-requests`, which breaks a plain-HTTP LAN server.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  // helmet only sets headers, and calls `next` before it returns.
  return (req, res) => middleware(req, res, () => undefined);
}
