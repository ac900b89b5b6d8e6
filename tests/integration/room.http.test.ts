/**
 * The HTTP side of the server: /healthz, the built client served statically
 * with an SPA fallback for invite links, and Colyseus' matchmaking routes
 * untouched by that fallback.
 */
import '../../server/testing/ws-setup.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import { startServer, createRoom, type TestServer } from '../../server/testing/harness.js';

let srv: TestServer;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fireside-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Fireside test</title>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app")');
  // Big enough for the compression threshold (1 KB).
  fs.writeFileSync(path.join(dist, 'assets', 'big.js'), `export const gifts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `gift-${i}`))};`);
  srv = await startServer({}, dist);
});
afterAll(async () => {
  await srv.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('room http', () => {
  it('GET /healthz', async () => {
    const res = await fetch(`${srv.url}/healthz`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ ok: true, rooms: 0, version: expect.any(String) });
  });

  it('serves the client, with index.html for /, /room/<id> and other pages', async () => {
    for (const url of ['/', '/room/AbC123xyz', '/somewhere/else']) {
      const res = await fetch(`${srv.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('Fireside test');
    }
    const js = await fetch(`${srv.url}/assets/app.js`);
    expect(js.status).toBe(200);
    expect(await js.text()).toContain('app');
    const missing = await fetch(`${srv.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
  });

  it('compresses the client for browsers that accept gzip', async () => {
    const http = await import('node:http');
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      http
        .get(`${srv.url}/assets/big.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          res.resume();
          resolve(res.headers);
        })
        .on('error', reject);
    });
    expect(headers['content-encoding']).toBe('gzip');
  });

  it('keeps the matchmaking routes working next to the fallback', async () => {
    const a = await createRoom(srv.url, { game: 'secret', name: 'Alice' });
    const body = (await (await fetch(`${srv.url}/healthz`)).json()) as { rooms: number };
    expect(body.rooms).toBe(1);
    await a.leave();
  });
});
