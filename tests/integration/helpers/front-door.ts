/**
 * The reverse proxy in front of a test cluster. Like docs/self-hosting.md's
 * proxy with a fallback (nginx's `proxy_next_upstream error`): a path
 * starting with `/p<i>` goes to process i, any other to the processes in
 * turn; a process that refuses the connection (dead, or restarting) is
 * skipped for the next one.
 *
 * WebSockets: a process whose public address is `<door>/p<i>` (as in the
 * cluster compose file, where Caddy routes `/f<i>`) gets its clients'
 * WebSockets through the door; a process announcing its own port gets them
 * straight.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface FrontDoor {
  url: string;
  /** The address that sends a client's requests to process `i` while it lives. */
  via(i: number): string;
  /** Every matchmaking request a process refused (an error answer): its path, status and message. */
  readonly refused: string[];
  stop(): Promise<void>;
}

/** Hop-by-hop headers, and what fetch() has already undone (compression, length). */
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'host']);

const readBody = (req: http.IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const headersOf = (h: http.IncomingHttpHeaders | Headers): Record<string, string> => {
  const out: Record<string, string> = {};
  const entries = h instanceof Headers ? [...h.entries()] : Object.entries(h);
  for (const [k, v] of entries) if (!DROPPED.has(k.toLowerCase()) && typeof v === 'string') out[k] = v;
  return out;
};

/** `targets()`: the processes' base URLs now (a restarted process keeps its place). */
export async function startFrontDoor(targets: () => string[]): Promise<FrontDoor> {
  let turn = 0;
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const all = targets();
      const m = /^\/p(\d+)(\/.*)?$/.exec(req.url ?? '/');
      const path = m ? (m[2] ?? '/') : (req.url ?? '/');
      const first = m ? Number(m[1]) % all.length : turn++ % all.length;
      for (let k = 0; k < all.length; k++) {
        const target = all[(first + k) % all.length];
        let answer: Response;
        try {
          answer = await fetch(target + path, {
            method: req.method,
            headers: headersOf(req.headers),
            body: body.length > 0 ? new Uint8Array(body) : undefined,
          });
        } catch {
          continue; // refused: the next process
        }
        const bytes = Buffer.from(await answer.arrayBuffer());
        if (answer.status >= 400 && path.startsWith('/matchmake/')) refused.push(`${path} ${answer.status} ${bytes.toString().slice(0, 200)}`);
        res.writeHead(answer.status, headersOf(answer.headers));
        res.end(bytes);
        return;
      }
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'no process answers' }));
    })().catch(() => res.destroy());
  });
  const tunnels = new Set<net.Socket>();
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const m = /^\/p(\d+)(\/.*)$/.exec(req.url ?? '');
    const target = m && targets()[Number(m[1])];
    if (!m || !target) return void socket.destroy();
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    // The upgrade request again, to the process, without the /p<i> prefix; then bytes both ways.
    const { hostname, port } = new URL(target);
    const upstream = net.connect(Number(port), hostname, () => {
      const lines = [`${req.method} ${m[2]} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    tunnels.add(upstream);
    upstream.on('close', () => tunnels.delete(upstream));
    // A dead process: the client's socket closes, as a proxy's would.
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    via: (i) => `${url}/p${i}`,
    refused,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        for (const t of tunnels) t.destroy();
        server.close(() => resolve());
      }),
  };
}
