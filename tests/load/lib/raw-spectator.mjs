// What the load generators' clients share with the server's matchmaker: a
// matchmaking request, and a spectator that speaks just enough of the
// Colyseus protocol to join (the JOIN_ROOM acknowledgement) and never decodes
// what it receives (load-clients.mjs, cluster-clients.mjs).

const JOIN_ROOM = 10; // Colyseus Protocol.JOIN_ROOM

/** A matchmaking request through `base`: the seat reservation, or a thrown Error with the server's message. */
export async function matchmake(base, path, body) {
  const res = await fetch(`${base}/matchmake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const seat = await res.json();
  if (!res.ok || seat.error) throw new Error(`${path}: ${seat.error ?? res.status}`);
  return seat;
}

/**
 * A spectator joined to `roomId` through `base`, without the SDK: its socket
 * once the room has let it in, with `address` set to the process it reached
 * (the reservation's public address, when the server announces one).
 * `onFrame(bytes)` sees the size of every frame it receives.
 */
export async function rawSpectator(base, roomId, onFrame = () => {}) {
  const seat = await matchmake(base, `joinById/${roomId}`, { name: 'Watcher' });
  const r = seat.room ?? seat;
  const host = seat.publicAddress ? `ws://${seat.publicAddress}` : base.replace(/^http/, 'ws');
  const ws = new WebSocket(`${host}/${r.processId}/${r.roomId}?sessionId=${seat.sessionId}`);
  ws.binaryType = 'arraybuffer';
  await new Promise((resolve, reject) => {
    ws.onmessage = (e) => {
      if (new Uint8Array(e.data, 0, 1)[0] === JOIN_ROOM) {
        ws.send(new Uint8Array([JOIN_ROOM]));
        resolve();
      }
      onFrame(e.data.byteLength);
    };
    ws.onerror = () => reject(new Error('socket error'));
    ws.onclose = (e) => reject(new Error(`closed ${e.code}`));
  });
  ws.address = seat.publicAddress;
  return ws;
}
