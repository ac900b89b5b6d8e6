/**
 * The web client can be installed (issue 23, item 7): the page links a web
 * app manifest, which the server serves from the built client with its own
 * content type (and its icon), under a policy that allows it
 * (`manifest-src 'self'`, server/src/http/security-headers.ts).
 *
 * Needs `npm run build` first (the manifest and its icon are emitted by the
 * client's build, client/build/atlas.ts).
 */
import '../../server/testing/ws-setup.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startServer, type TestServer } from '../../server/testing/harness.js';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'client', 'dist');

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({}, DIST);
});
afterAll(async () => {
  await srv.close();
});

describe('the web app manifest', () => {
  it('is linked by the page', async () => {
    for (const page of ['/', '/room/ABCDEF']) {
      const html = await (await fetch(`${srv.url}${page}`)).text();
      expect({ page, link: /<link rel="manifest" href="\/manifest\.webmanifest"/.test(html) }).toEqual({ page, link: true });
    }
  });

  it('is served as a manifest, names the app and its icon, and the policy allows it', async () => {
    const res = await fetch(`${srv.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('content-security-policy')).toContain("manifest-src 'self'");
    const manifest = (await res.json()) as { name: string; start_url: string; display: string; theme_color: string; icons: { src: string; type: string }[] };
    expect(manifest).toMatchObject({ name: 'Fireside', start_url: '/', display: 'standalone', theme_color: '#2a1a12' });
    expect(manifest.icons.length).toBeGreaterThan(0);
    for (const icon of manifest.icons) {
      const img = await fetch(new URL(icon.src, srv.url));
      expect({ src: icon.src, status: img.status, type: img.headers.get('content-type')?.split(';')[0] }).toEqual({
        src: icon.src,
        status: 200,
        type: icon.type,
      });
    }
  });
});
