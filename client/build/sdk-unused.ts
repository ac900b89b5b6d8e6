/**
 * Leaves out of the client bundle two parts of the Colyseus SDK that Fireside
 * never runs, about 3.5 KB gzip of every table's download (docs/measurements.md,
 * "Bundle size"):
 * - the WebTransport (HTTP/3) transport: Fireside connects over WebSocket
 *   only (the server runs `@colyseus/ws-transport`); the SDK picks the H3
 *   transport only for an `h3` protocol, which Fireside never asks for;
 * - the "room input" feature (`room.input()`, input reflection sent in the
 *   join handshake): Fireside's rooms define no inputs, so the server never
 *   sends that section and the client never calls `room.input()`.
 * Each is replaced by a class that fails loudly if it is ever constructed, so
 * a server or SDK that starts using one shows an error instead of a silent
 * misbehaviour. The build fails if the SDK no longer imports these files
 * (a new SDK layout): then this plugin needs a look, not silence.
 */
import type { Plugin } from 'vite';

/** The SDK's own relative imports (from Room.mjs and Connection.mjs) to replace, with the class each exports. */
const REPLACED: Record<string, string> = {
  './input/RoomInput.mjs': 'RoomInput',
  './transport/H3Transport.mjs': 'H3TransportTransport',
};
const PREFIX = '\0fireside-sdk-unused:';

export function sdkUnusedPlugin(): Plugin {
  const seen = new Set<string>();
  return {
    name: 'fireside-sdk-unused',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@colyseus[\\/]sdk[\\/]build[\\/]/.test(importer)) return null;
      if (!(source in REPLACED)) return null;
      seen.add(source);
      return PREFIX + source;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = REPLACED[id.slice(PREFIX.length)];
      return `export class ${name} {
  constructor() {
    throw new Error('Fireside left ${name} out of its build (client/build/sdk-unused.ts): the server asked for a Colyseus feature Fireside does not use');
  }
}
`;
    },
    buildEnd(error) {
      if (error) return;
      const missing = Object.keys(REPLACED).filter((s) => !seen.has(s));
      if (missing.length > 0) this.error(`the Colyseus SDK no longer imports ${missing.join(', ')}: review client/build/sdk-unused.ts`);
    },
  };
}
