/**
 * Messages whose payload is not valid MessagePack (garbage, a cut-off frame,
 * a map with object keys that msgpackr cannot read as an object). Colyseus
 * would print the decoder's stack trace — a dozen log lines per frame, as
 * often as a client likes — and close the connection without saying why.
 * The room rewrites such a frame into one of its own type, UNDECODABLE_TYPE,
 * carrying the original message type, and answers it like any other bad
 * message: `error { code: 'bad-message' }` to the sender, the connection
 * kept, nothing logged. The rewritten frame still goes through Colyseus
 * (its per-second message limit counts it).
 */
import { Protocol } from '@colyseus/core';
import { decode, encode } from '@colyseus/schema';
import { pack, unpack } from 'msgpackr';

/** The room's handler of undecodable messages; its payload is the original type. */
export const UNDECODABLE_TYPE = '\u0000undecodable';

/** Colyseus' protocol code mask (@colyseus/shared-types PROTOCOL_CODE_MASK): the low bits name the code, the high bits are modifiers. */
const CODE_MASK = 31;

/** `frame` as it is when Colyseus can decode it, else the same message (request id kept) as UNDECODABLE_TYPE. */
export function guardFrame(frame: Buffer): Buffer {
  const code = frame[0] & CODE_MASK;
  if (code !== Protocol.ROOM_DATA && code !== Protocol.ROOM_REQUEST) return frame;
  // @colyseus/schema's decoders take a Buffer where they declare their own buffer type.
  const bytes = frame as unknown as Parameters<typeof decode.string>[0];
  const it = { offset: 1 };
  let typeStart = 1;
  let type: string | number = '?';
  try {
    if (code === Protocol.ROOM_REQUEST) decode.number(bytes, it);
    typeStart = it.offset;
    type = decode.stringCheck(bytes, it) ? decode.string(bytes, it) : decode.number(bytes, it);
    if (frame.byteLength > it.offset) unpack(frame.subarray(it.offset));
    return frame;
  } catch {
    const header = Buffer.alloc(typeStart + 1 + Buffer.byteLength(UNDECODABLE_TYPE));
    frame.copy(header, 0, 0, typeStart);
    const at = { offset: typeStart };
    encode.string(header as unknown as Parameters<typeof encode.string>[0], UNDECODABLE_TYPE, at);
    return Buffer.concat([header.subarray(0, at.offset), pack(typeof type === 'string' || typeof type === 'number' ? type : '?')]);
  }
}
