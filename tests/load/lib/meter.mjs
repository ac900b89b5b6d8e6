// Counts the bytes of every WebSocket frame a metered client receives, before
// the Colyseus SDK decodes it. Import this module before '@colyseus/sdk': the
// SDK takes globalThis.WebSocket once, when it is first loaded.
export const meters = { /** Set right before a client connects: it receives (bytes, firstByte) per frame. */ next: null };

const Base = globalThis.WebSocket;
class MeteredWebSocket extends Base {
  constructor(url, protocols) {
    super(url, protocols);
    const meter = meters.next;
    if (meter) {
      this.addEventListener('message', (e) => {
        const data = e.data;
        if (data instanceof ArrayBuffer) meter(data.byteLength, new Uint8Array(data, 0, 1)[0]);
        else if (ArrayBuffer.isView(data)) meter(data.byteLength, data[0]);
        else meter(Buffer.byteLength(String(data)), -1);
      });
    }
  }
}
globalThis.WebSocket = MeteredWebSocket;
