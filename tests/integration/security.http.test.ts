/**
 * Body limits on every HTTP route, matchmaking included: Colyseus reads
 * `/matchmake/*` bodies whole before any middleware (the audit posted 20 MB),
 * so the server answers 413 before reading a body over 8 KB, 411 to a body
 * without a length, and goes on serving.
 */
import '../../server/testing/ws-setup.js';
import http from 'node:http';
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import { startServer, createRoom, type TestServer } from '../../server/testing/harness.js';
import { MAX_BODY_BYTES } from '../../server/src/http/gate.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv.close();
});

const body = (bytes: number) => JSON.stringify({ game: 'secret', name: 'x'.repeat(Math.max(0, bytes - 30)) }).padEnd(bytes, ' ');

async function post(path: string, data: string): Promise<{ status: number; json: any }> {
  const res = await fetch(`${srv.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: data });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json };
}

/** A chunked POST (no Content-Length), written by hand. */
function postChunked(path: string, chunks: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${srv.url}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('HTTP body limits', () => {
  it('matchmaking refuses bodies over the limit with a clear 413, and still creates rooms', async () => {
    for (const size of [MAX_BODY_BYTES + 1, 64 * 1024, 20 * 1024 * 1024]) {
      const res = await post('/matchmake/create/game', body(size));
      expect(res.status).toBe(413);
      expect(res.json.error).toMatch(/too large.*8192 bytes/);
    }
    const big = await post('/matchmake/joinById/whatever', body(MAX_BODY_BYTES * 3));
    expect(big.status).toBe(413);

    const ok = await post('/matchmake/create/game', JSON.stringify({ game: 'secret', name: 'Ann' }));
    expect(ok.status).toBe(200);
    expect(ok.json.roomId ?? ok.json.room?.roomId).toBeTruthy();
    const a = await createRoom(srv.url, { game: 'secret', name: 'Ann' });
    await a.leave();
  });

  it('every other route too; a chunked body without a length gets 411', async () => {
    expect((await post('/healthz', body(MAX_BODY_BYTES + 100))).status).toBe(413);
    expect((await post('/room/abc', body(100_000))).status).toBe(413);
    expect(await postChunked('/matchmake/create/game', ['{"game":', '"secret"}'])).toBe(411);
    expect(await postChunked('/matchmake/create/game', Array(100).fill('x'.repeat(1000)))).toBe(411);
    const health = await fetch(`${srv.url}/healthz`);
    expect(health.ok).toBe(true);
  });
});
