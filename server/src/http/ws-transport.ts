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
import { decode } from '@colyseus/schema';

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

// Colyseus' room frames whose message type may be a string (@colyseus/shared-types Protocol).
const ROOM_DATA = 13;
const ROOM_DATA_BYTES = 17;
const ROOM_REQUEST = 21;
const PROTOCOL_CODE_MASK = 31;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Is this a room frame whose message type is a string that is not UTF-8?
 * Colyseus' decoder reads it anyway but prints a line to stderr for each one
 * (`decode.utf8Read(): Invalid byte …`): any client could fill the log at will,
 * as with the protocol errors above. No real client sends one.
 */
export function hasMalformedTypeString(frame: Uint8Array): boolean {
  const code = frame[0] & PROTOCOL_CODE_MASK;
  if (code !== ROOM_DATA && code !== ROOM_DATA_BYTES && code !== ROOM_REQUEST) return false;
  const it = { offset: 1 };
  try {
    if (code === ROOM_REQUEST) decode.number(frame, it); // the request id comes first
    if (!decode.stringCheck(frame, it)) return false;
    const prefix = frame[it.offset++];
    let length: number;
    if (prefix < 0xc0) length = prefix & 0x1f;
    else if (prefix === 0xd9) length = decode.uint8(frame, it);
    else if (prefix === 0xda) length = decode.uint16(frame, it);
    else length = decode.uint32(frame, it);
    strictUtf8.decode(frame.subarray(it.offset, Math.min(frame.length, it.offset + length)));
    return false;
  } catch {
    return true;
  }
}

/** Closes (1007, "invalid frame payload data") a socket that sends a room frame with a malformed type, before Colyseus reads it. */
export function refuseMalformedTypes(wss: EventEmitter): void {
  wss.prependListener('connection', (socket: EventEmitter & { close(code: number, reason: string): void }) => {
    const on = socket.on;
    socket.on = function (this: EventEmitter, event: string | symbol, listener: (...args: unknown[]) => void) {
      if (event !== 'message') return on.call(this, event, listener);
      return on.call(this, event, function (this: unknown, data: unknown, isBinary: unknown) {
        if (data instanceof Uint8Array && hasMalformedTypeString(data)) {
          socket.close(1007, 'message type is not UTF-8');
          return;
        }
        listener.call(this, data, isBinary);
      });
    } as typeof socket.on;
  });
}

export class FiresideTransport extends WebSocketTransport {
  constructor(options: TransportOptions = {}) {
    super(options);
    quietClientProtocolErrors(this.wss as unknown as EventEmitter);
    refuseMalformedTypes(this.wss as unknown as EventEmitter);
  }
}
