/**
 * A room member on a bare WebSocket, no SDK: it takes a seat reservation over
 * HTTP like the SDK does (POST /matchmake/joinById/<roomId>), opens the
 * socket, and from then on sends whatever bytes it is told to — before the
 * join handshake is acknowledged, garbage, frames over the size limit. It
 * decodes just enough of what comes back (the JOIN_ROOM handshake, ERROR,
 * and ROOM_DATA messages such as `error` and `welcome`) to tell whether the
 * server answered a frame or closed the connection.
 */
import { decode, encode } from '@colyseus/schema';
import { pack, unpack } from 'msgpackr';
import WebSocket from 'ws';

/** Colyseus' wire codes (@colyseus/shared-types Protocol). */
export const Code = {
  JOIN_ROOM: 10,
  ERROR: 11,
  LEAVE_ROOM: 12,
  ROOM_DATA: 13,
  ROOM_STATE: 14,
  ROOM_STATE_PATCH: 15,
  ROOM_DATA_BYTES: 17,
  PING: 18,
  ROOM_INPUT_RELIABLE: 19,
  ROOM_INPUT_UNRELIABLE: 20,
  ROOM_REQUEST: 21,
  ROOM_RESPONSE: 22,
} as const;

export interface RawMessage {
  type: string | number;
  payload: any;
}

/** The frame the SDK's `room.send(type, payload)` writes. */
export function dataFrame(type: string | number, payload?: unknown, code: number = Code.ROOM_DATA): Uint8Array {
  const header = new Uint8Array(1 + 9 + Buffer.byteLength(String(type)) * 2 + 8);
  header[0] = code;
  const it = { offset: 1 };
  if (typeof type === 'string') encode.string(header as any, type, it);
  else encode.number(header as any, type, it);
  const body = payload === undefined ? new Uint8Array(0) : pack(payload);
  return Buffer.concat([header.subarray(0, it.offset), body]);
}

export class RawClient {
  readonly received: RawMessage[] = [];
  /** The server sent the JOIN_ROOM handshake (its onJoin ran). */
  joined = false;
  closed: { code: number } | null = null;
  readonly ws: WebSocket;
  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.binaryType = 'nodebuffer';
    ws.on('message', (data: Buffer) => this.onFrame(data));
    ws.on('close', (code: number) => (this.closed = { code }));
    ws.on('error', () => undefined);
  }

  /**
   * Reserves a seat and opens the socket. `onOpen` runs the moment the socket
   * is open, before the server has even attached the member (frames sent then
   * reach a connection that is not joined yet).
   */
  static async join(url: string, roomId: string, options: Record<string, unknown>, onOpen?: (c: RawClient) => void): Promise<RawClient> {
    const res = await fetch(`${url}/matchmake/joinById/${roomId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(options),
    });
    const seat = (await res.json()) as { sessionId?: string; processId?: string; roomId?: string; error?: string; code?: number };
    if (!res.ok || !seat.sessionId) throw new Error(`join refused: ${res.status} ${JSON.stringify(seat)}`);
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/${seat.processId}/${seat.roomId}?sessionId=${seat.sessionId}`, { maxPayload: 8 * 1024 * 1024 });
    const client = new RawClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => {
        onOpen?.(client);
        resolve();
      });
      ws.once('error', reject);
    });
    return client;
  }

  private onFrame(buf: Buffer): void {
    const code = buf[0];
    const it = { offset: 1 };
    try {
      if (code === Code.JOIN_ROOM) this.joined = true;
      else if (code === Code.ERROR)
        this.received.push({ type: 'colyseus-error', payload: { code: decode.number(buf as any, it), message: decode.string(buf as any, it) } });
      else if (code === Code.ROOM_DATA) {
        const type = decode.stringCheck(buf as any, it) ? decode.string(buf as any, it) : decode.number(buf as any, it);
        this.received.push({ type, payload: buf.length > it.offset ? unpack(buf.subarray(it.offset)) : undefined });
      } else if (code === Code.ROOM_RESPONSE) this.received.push({ type: 'response', payload: null });
    } catch {
      // Not ours to judge here: the SDK clients check what the server sends.
    }
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Acknowledges the handshake, as the SDK does: from then on the server sends the state. */
  ack(): void {
    this.send(new Uint8Array([Code.JOIN_ROOM]));
  }

  send(bytes: Uint8Array | string, binary = true): void {
    if (this.isOpen) this.ws.send(bytes, { binary });
  }

  errors(): any[] {
    return this.received.filter((m) => m.type === 'error').map((m) => m.payload);
  }

  /** Leaves for good (LEAVE_ROOM, as the SDK's consented leave), then closes. */
  async leave(): Promise<void> {
    if (this.isOpen) this.send(new Uint8Array([Code.LEAVE_ROOM]));
    const closed = new Promise<void>((resolve) => (this.closed ? resolve() : this.ws.once('close', () => resolve())));
    const timer = setTimeout(() => this.ws.terminate(), 2000);
    await closed;
    clearTimeout(timer);
  }
}
