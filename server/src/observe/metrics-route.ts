/**
 * `GET /metrics` for Prometheus. With FIRESIDE_METRICS_TOKEN set, only a
 * request with `Authorization: Bearer <token>` gets the metrics (401
 * otherwise); without it the route is open (keep it off the public
 * internet at the proxy then: docs/self-hosting.md, "Logs and metrics").
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type express from 'express';
import { renderMetrics, startProcessMetrics } from './metrics.js';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** FIRESIDE_METRICS_TOKEN, or null when unset or blank. */
export function metricsTokenFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const token = env.FIRESIDE_METRICS_TOKEN?.trim();
  return token ? token : null;
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Compares digests in constant time, so the answer's timing tells nothing about the token. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return m !== null && timingSafeEqual(digest(m[1].trim()), expected);
}

export function mountMetrics(app: express.Application, token: string | null): void {
  startProcessMetrics();
  const expected = token === null ? null : digest(token);
  app.get('/metrics', (req, res, next) => {
    if (expected && !bearerMatches(req.headers.authorization, expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).type('text/plain').send('A bearer token is needed for /metrics.\n');
      return;
    }
    renderMetrics().then((text) => {
      res.setHeader('Cache-Control', 'no-store');
      res.type(METRICS_CONTENT_TYPE).send(text);
    }, next);
  });
}
