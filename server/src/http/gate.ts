/**
 * The HTTP gate: one `request` listener in front of every route, Colyseus'
 * matchmaking included, and one `upgrade` listener in front of its
 * WebSockets. It sets the security headers (security-headers.ts), refuses
 * oversized bodies and requests over the abuse limits (limits/), then runs
 * `before` (waking a stored room a join asks for, which may refuse it too:
 * the server is full), then hands the request to the listeners Colyseus and
 * express registered.
 *
 * Body limits: Colyseus 0.18 reads `/matchmake/*` bodies into memory before
 * any express middleware runs, with no limit of its own on that path: one
 * client posted 20 MB bodies. Our routes need a few hundred bytes (a name, a
 * token, a game's options).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { matchMaker } from '@colyseus/core';
import type { Refusal } from '../limits/abuse-gate.js';
import type { HeaderSetter } from './security-headers.js';

export type { Refusal };

export const MAX_BODY_BYTES = 8 * 1024;

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;
type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface RequestGate {
  maxBytes?: number;
  /** Sets the headers every answer carries. */
  headers?: HeaderSetter;
  /** Refuses a request, or lets it through (null); `onDone` registers what to run once its answer is out. */
  screen?: (req: IncomingMessage, onDone: (fn: () => void) => void) => Refusal | null;
  /** Runs before the routes (a request body waits, unread, meanwhile); a refusal answers instead of them. */
  before?: (req: IncomingMessage) => Promise<Refusal | null>;
}

/** Why a request's body is refused (status and message), or null. */
export function bodyProblem(req: IncomingMessage, maxBytes: number): Refusal | null {
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
 * Answers `{ error }` without reading the body, and closes the connection
 * once the answer is out. Matchmaking answers carry Colyseus' CORS headers,
 * so that a page of another origin (the client under `vite dev`) can read
 * the message instead of seeing a network error.
 */
function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  req.on('error', () => undefined);
  res.on('finish', () => req.socket.destroy());
  const headers: Record<string, string> = { 'content-type': 'application/json', connection: 'close' };
  if (refusal.retryAfter !== undefined) headers['retry-after'] = String(refusal.retryAfter);
  if (req.url?.startsWith('/matchmake/')) {
    Object.assign(
      headers,
      matchMaker.controller.DEFAULT_CORS_HEADERS,
      matchMaker.controller.getCorsHeaders(new Headers(req.headers as Record<string, string>)),
    );
  }
  res.writeHead(refusal.status, headers);
  res.end(JSON.stringify({ error: refusal.error }));
}

/** Puts the gate in front of every `request` listener `server` has now. */
export function gateRequests(server: Server, gate: RequestGate = {}): void {
  const maxBytes = gate.maxBytes ?? MAX_BODY_BYTES;
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    gate.headers?.(req, res);
    const refusal = bodyProblem(req, maxBytes) ?? gate.screen?.(req, (fn) => res.once('close', fn)) ?? null;
    if (refusal) return refuse(req, res, refusal);
    if (!gate.before) return pass(req, res);
    gate.before(req).then(
      (refused) => (refused ? refuse(req, res, refused) : pass(req, res)),
      () => pass(req, res), // the routes answer (e.g. "not found") as they would have
    );
  });
}

/**
 * Puts `screen` in front of every `upgrade` listener (the WebSocket
 * transport's). A refused upgrade gets a plain HTTP answer with the message;
 * browsers do not show it to the page, so limits are checked at matchmaking
 * first (with a message the client shows) and here only as a backstop.
 */
export function gateUpgrades(server: Server, screen: (req: IncomingMessage, socket: Duplex) => Refusal | null): void {
  const listeners = server.listeners('upgrade') as UpgradeListener[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = screen(req, socket);
    if (!refusal) {
      for (const listener of listeners) listener.call(server, req, socket, head);
      return;
    }
    const body = JSON.stringify({ error: refusal.error });
    const head1 = `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}`;
    socket.on('error', () => undefined);
    socket.end(`${head1}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
}
