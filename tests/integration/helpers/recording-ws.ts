/**
 * A `ws` WebSocket that records every frame it receives, byte for byte,
 * BEFORE the Colyseus SDK decodes it, and notes what the SDK decoded right
 * after each frame (the public `view` and the `secret`s visible to this
 * client), so a test can reason about "what did this client know when".
 *
 * Install it with `installRecordingWebSocket()` before '@colyseus/sdk' is
 * first loaded: the SDK picks `globalThis.WebSocket` once, when its module is
 * evaluated. Then call `linkRoomsToSockets(Room)` so each SDK Room is known to
 * its socket before any frame arrives.
 */
import WebSocket from 'ws';
import { ViewJson } from '../../../server/testing/view-json.ts';

export interface RecordedFrame {
  /** Position among all frames received by all recording sockets (arrival order in this process). */
  seq: number;
  /** The WebSocket message payload exactly as received (ws has already un-masked/reassembled it). */
  bytes: Buffer;
  /** The decoded `view` after the SDK handled this frame (undefined if the room was not linked yet). */
  viewAfter?: string;
  /** Non-empty `secret` strings by seat index, decoded after this frame. */
  secretsAfter?: Record<number, string>;
}

let nextSeq = 0;
export const recordingSockets: RecordingWebSocket[] = [];

type AnyRoom = { state?: any; connection?: { transport?: { ws?: unknown } } };

export class RecordingWebSocket extends WebSocket {
  readonly frames: RecordedFrame[] = [];
  readonly address: string;
  /** The SDK Room using this socket (set by linkRoomsToSockets). */
  room: AnyRoom | null = null;
  private readonly views = new ViewJson();

  constructor(address: string | URL, protocols?: any, options?: any) {
    super(address, protocols, options);
    this.address = String(address);
    recordingSockets.push(this);
    // The SDK reads incoming data only through `ws.onmessage = handler`:
    // wrap that handler to record the bytes first and the decoded result after.
    const attr = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage')!;
    Object.defineProperty(this, 'onmessage', {
      configurable: true,
      enumerable: true,
      get: () => attr.get!.call(this),
      set: (handler: unknown) => {
        if (typeof handler !== 'function') return attr.set!.call(this, handler);
        // eslint-disable-next-line @typescript-eslint/no-this-alias -- the wrapper below is a `function`: the SDK's handler gets the `this` it is called with
        const sock = this;
        attr.set!.call(this, function (this: unknown, event: { data: unknown }) {
          const frame: RecordedFrame = { seq: nextSeq++, bytes: toBuffer(event.data) };
          sock.frames.push(frame);
          try {
            (handler as (e: unknown) => void).call(this, event);
          } finally {
            sock.noteDecoded(frame);
          }
        });
      },
    });
  }

  private noteDecoded(frame: RecordedFrame): void {
    const state = this.room?.state;
    if (!state) return;
    frame.viewAfter = this.views.of(state.view);
    const secrets: Record<number, string> = {};
    const seats = state.seats;
    if (seats && typeof seats.forEach === 'function') {
      seats.forEach((seat: { secret?: string }, i: number) => {
        if (seat?.secret) secrets[i] = seat.secret;
      });
    }
    frame.secretsAfter = secrets;
  }
}

/** A copy of a received payload (ArrayBuffer with binaryType 'arraybuffer', Buffer, Buffer[] or text). */
function toBuffer(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return Buffer.from(data);
  if (data instanceof ArrayBuffer) return Buffer.from(new Uint8Array(data));
  if (ArrayBuffer.isView(data)) return Buffer.from(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]);
  return Buffer.from(String(data), 'utf8');
}

export function installRecordingWebSocket(): void {
  (globalThis as { WebSocket?: unknown }).WebSocket = RecordingWebSocket;
}

/** Makes every SDK Room tell its socket who it is, right when it opens it (before any frame). */
export function linkRoomsToSockets(RoomClass: { prototype: { connect: (...args: any[]) => unknown } }): void {
  const proto = RoomClass.prototype as { connect: (...args: any[]) => unknown; __recordingLinked?: boolean };
  if (proto.__recordingLinked) return;
  const original = proto.connect;
  proto.connect = function (this: AnyRoom, ...args: any[]) {
    const out = original.apply(this, args);
    const ws = this.connection?.transport?.ws;
    if (ws instanceof RecordingWebSocket) ws.room = this;
    return out;
  };
  proto.__recordingLinked = true;
}

/** The sockets an SDK room used (more than one only after a reconnection). */
export function socketsOf(room: unknown): RecordingWebSocket[] {
  return recordingSockets.filter((s) => s.room === room);
}
