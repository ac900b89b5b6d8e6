/**
 * The WebSocket transport, less one thing: a client that breaks the
 * WebSocket protocol (a frame over the 4 KB limit, a reserved opcode, bad
 * UTF-8 in a text frame) is closed by `ws` with the matching close code
 * (1009, 1002, 1007) — good — but Colyseus' transport also prints each such
 * error with its stack trace, so any client could fill the server's log at
 * will. Errors that `ws` marks as the client's (a `WS_ERR_*` code) are not
 * passed on to that listener; any other socket error still is.
 */
import type { EventEmitter } from 'node:events';
import { WebSocketTransport, type TransportOptions } from '@colyseus/ws-transport';

export function isClientProtocolError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('WS_ERR_');
}

/** Wraps every `error` listener later added to each new socket so that client protocol errors skip it. */
export function quietClientProtocolErrors(wss: EventEmitter): void {
  wss.prependListener('connection', (socket: EventEmitter) => {
    const on = socket.on;
    socket.on = function (this: EventEmitter, event: string | symbol, listener: (...args: unknown[]) => void) {
      if (event !== 'error') return on.call(this, event, listener);
      return on.call(this, event, function (this: unknown, err: unknown) {
        if (!isClientProtocolError(err)) listener.call(this, err);
      });
    } as EventEmitter['on'];
  });
}

export class FiresideTransport extends WebSocketTransport {
  constructor(options: TransportOptions = {}) {
    super(options);
    quietClientProtocolErrors(this.wss as unknown as EventEmitter);
  }
}
