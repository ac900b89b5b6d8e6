/**
 * Import this FIRST in integration tests (before @colyseus/sdk loads).
 *
 * The global installed here, in place of Node's built-in WebSocket, is
 * `ws`'s, extended to record every frame it receives, so tests can check the
 * raw bytes a client got (hidden info).
 */
import WebSocket from 'ws';

export class RecordingWebSocket extends WebSocket {
  /** Every frame received by this socket, as raw bytes. */
  readonly frames: Buffer[] = [];

  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('message', (data: WebSocket.RawData) => {
      if (Buffer.isBuffer(data)) this.frames.push(Buffer.from(data));
      else if (Array.isArray(data)) this.frames.push(Buffer.concat(data));
      else this.frames.push(Buffer.from(data as ArrayBuffer));
    });
  }
}

(globalThis as unknown as { WebSocket: unknown }).WebSocket = RecordingWebSocket;
