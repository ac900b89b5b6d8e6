/**
 * Request body limits for every HTTP route, matchmaking included.
 *
 * Colyseus 0.18 reads `/matchmake/*` bodies into memory before any express
 * middleware runs, with no limit of its own on that path: one client posted
 * 20 MB bodies. So the limit sits in front of everything, as the HTTP
 * server's only `request` listener, and delegates to the listeners Colyseus
 * and express registered once a request passes. Our routes need a few hundred
 * bytes (a name, a token, a game's options).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 8 * 1024;

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

function refuse(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  res.end(JSON.stringify({ error }));
}

/** Why a request's body is refused (status and message), or null. */
export function bodyProblem(req: IncomingMessage, maxBytes: number): { status: number; error: string } | null {
  const length = req.headers['content-length'];
  if (length !== undefined) {
    const n = Number(length);
    if (!Number.isFinite(n) || n < 0) return { status: 400, error: 'Bad Content-Length.' };
    return n > maxBytes ? { status: 413, error: `Request body too large (at most ${maxBytes} bytes).` } : null;
  }
  // A body without a length (chunked) could be of any size: ask for the length.
  if (req.headers['transfer-encoding'] !== undefined) {
    return { status: 411, error: 'A request body needs a Content-Length header.' };
  }
  return null;
}

/**
 * Puts the body limit in front of every `request` listener `server` has now,
 * and `before` (e.g. waking a stored room a join asks for) between the limit
 * and the routes. A request body waits, unread, while `before` runs.
 */
export function limitRequestBodies(server: Server, maxBytes = MAX_BODY_BYTES, before?: (req: IncomingMessage) => Promise<void>): void {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const problem = bodyProblem(req, maxBytes);
    if (problem) {
      // Do not read the body; close the connection once the answer is out.
      req.on('error', () => undefined);
      res.on('finish', () => req.socket.destroy());
      return refuse(res, problem.status, problem.error);
    }
    if (!before) return pass(req, res);
    before(req).then(
      () => pass(req, res),
      () => pass(req, res), // the routes answer (e.g. "not found") as they would have
    );
  });
}
