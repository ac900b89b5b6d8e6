import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BotWebSocket } from './node-websocket.js';

/** What a WebSocket reports when the server cannot open it: the events in order, or 'stuck' after `ms`. */
function outcome(url: string, ms = 3000): Promise<string[]> {
  return new Promise((resolve) => {
    const events: string[] = [];
    const ws = new globalThis.WebSocket(url);
    const timer = setTimeout(() => resolve([...events, 'stuck']), ms);
    ws.onerror = () => events.push('error');
    ws.onclose = (e: CloseEvent) => {
      clearTimeout(timer);
      resolve([...events, `close ${e.code}`]);
    };
  });
}

describe('the bot client WebSocket', () => {
  // A reverse proxy whose upstream process is down answers the upgrade with 502.
  let proxy: Server;
  let base: string;
  beforeAll(async () => {
    proxy = createServer((_req, res) => res.writeHead(502).end());
    proxy.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'));
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    base = `ws://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => proxy.close(() => r())));

  it('is the global WebSocket the SDK picks up', () => {
    expect(globalThis.WebSocket).toBe(BotWebSocket);
  });

  it('fires close (1006) after a refused upgrade, so that the SDK retries', async () => {
    expect(await outcome(`${base}/f2/process/room?sessionId=s`)).toEqual(['error', 'close 1006']);
  });

  it('fires close (1006) when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await outcome(`ws://127.0.0.1:${port}/p/r`)).toEqual(['error', 'close 1006']);
  });
});
