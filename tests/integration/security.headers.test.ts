/**
 * Security headers (server/src/http/security-headers.ts) on every kind of answer:
 * the web client's pages and files, the APIs, the matchmaker's answers and
 * the gate's refusals. (That the client works under the policy is checked in
 * the browser: tests/e2e fail on any CSP violation, see tests/e2e/csp-guard.ts.)
 */
import '../../server/testing/ws-setup.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startServer, type TestServer } from '../../server/testing/harness.js';

let srv: TestServer;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fireside-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title><script type="module" src="/app.js"></script>');
  fs.writeFileSync(path.join(dist, 'app.js'), 'export {};');
  srv = await startServer({}, dist);
});
afterAll(async () => {
  await srv.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

function expectSecurityHeaders(res: Response, what: string): void {
  const h = Object.fromEntries(['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'].map((k) => [k, res.headers.get(k)]));
  expect({ what, ...h }).toEqual({
    what,
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  });
  // The policy allows nothing inline and no eval.
  expect(h['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
}

describe('security headers', () => {
  it('on the web client: the page, an invite link (SPA fallback) and a script', async () => {
    for (const p of ['/', '/room/abc123', '/app.js']) {
      const res = await fetch(`${srv.url}${p}`);
      expect(res.status).toBe(200);
      expectSecurityHeaders(res, p);
    }
  });

  it('on the APIs, the matchmaker and the gate’s refusals', async () => {
    const answers: [string, Response][] = [
      ['healthz', await fetch(`${srv.url}/healthz`)],
      ['tables', await fetch(`${srv.url}/api/tables/nope`)],
      ['replay', await fetch(`${srv.url}/api/matches/nope`)],
      ['matchmake', await fetch(`${srv.url}/matchmake/joinById/nope`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })],
      ['413', await fetch(`${srv.url}/matchmake/create/game`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ' '.repeat(9000) })],
    ];
    for (const [what, res] of answers) {
      await res.arrayBuffer();
      expectSecurityHeaders(res, what);
    }
    expect(answers.map(([, r]) => r.status)).toEqual([200, 404, 404, 522, 413]);
  });
});
