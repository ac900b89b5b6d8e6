/**
 * The production client talks only to the origin that served it: a link with
 * `?server=<elsewhere>` must not send the remembered nickname and member token
 * (localStorage) to another server, which could then reclaim the seat.
 *
 * A decoy HTTP server on another loopback port stands in for the attacker. It
 * answers every request (CORS preflights included) with 200 `{}` and records
 * it, WebSocket upgrade attempts too.
 */
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ARTIFACTS, launchChromium, openContext, startBuiltServer, tid, type ServerProcess } from './harness.js';

interface Seen {
  method: string;
  url: string;
  body: string;
}

let server: ServerProcess;
let browser: Browser;
let decoy: http.Server;
let decoyOrigin: string;
const decoySaw: Seen[] = [];

beforeAll(async () => {
  decoy = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      decoySaw.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': req.headers.origin ?? '*',
        'access-control-allow-credentials': 'true',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
      });
      res.end('{}');
    });
  });
  decoy.on('upgrade', (req, socket) => {
    decoySaw.push({ method: `UPGRADE ${req.method}`, url: req.url ?? '', body: '' });
    socket.destroy();
  });
  await new Promise<void>((resolve) => decoy.listen(0, '127.0.0.1', resolve));
  decoyOrigin = `http://127.0.0.1:${(decoy.address() as AddressInfo).port}`;
  server = await startBuiltServer();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  decoy?.closeAllConnections();
  await new Promise((r) => decoy?.close(r));
});

describe('server endpoint', () => {
  it('ignores ?server= and rejoins the room on its own origin', async () => {
    const context = await openContext(browser, { viewport: { width: 1024, height: 700 } });

    // A room created normally: the nickname and the member token are now in localStorage.
    const first = await context.newPage();
    await first.goto(server.base);
    await first.fill(tid('nickname-input'), 'Alice');
    await first.click(tid('create-room'));
    await first.waitForSelector(`.seat-mine ${tid('seat-name-0')}`, { timeout: 30_000 });
    const roomId = decodeURIComponent(new URL(first.url()).pathname.split('/').pop()!);
    const token = await first.evaluate((key) => localStorage.getItem(key), `fireside:token:${roomId}`);
    expect(token).toBeTruthy();

    // The malicious link, opened in the same browser (same localStorage).
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(`${server.base}/room/${encodeURIComponent(roomId)}?server=${encodeURIComponent(decoyOrigin)}`);
    // Whatever happens, the page ends up in the lobby or on an error card.
    await page.waitForSelector(`${tid('lobby')}, ${tid('join-error')}, ${tid('room-not-found')}`, { timeout: 30_000 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'endpoint-override-ignored.png') });

    expect(decoySaw).toEqual([]);
    expect(requested.filter((u) => new URL(u).origin === decoyOrigin)).toEqual([]);

    // The same member came back: its seat, its name, its token (a new member would get a new one).
    await page.waitForSelector(`.seat-mine ${tid('seat-name-0')}`, { timeout: 15_000 });
    expect(await page.textContent(tid('seat-name-0'))).toBe('Alice');
    expect(await page.evaluate((key) => localStorage.getItem(key), `fireside:token:${roomId}`)).toBe(token);
    // ...and the first tab was told it has been replaced by the new one.
    await first.waitForSelector(tid('disconnected'), { timeout: 15_000 });
    await context.close();
  }, 90_000);
});
