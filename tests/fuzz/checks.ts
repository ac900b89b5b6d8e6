/**
 * What the fuzzer checks with: a bounded rendering of any value for the
 * reports, the frame the SDK would send for a message (its size, whether the
 * server can decode it), and the members' decoded states compared with the
 * comings and goings of bare-socket visitors left out.
 */
import { Packr, unpack } from 'msgpackr';

/** A readable, bounded rendering of any value (NaN, -0, bigint, deep nesting included). */
export function describe(value: unknown, max = 300): string {
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'number') return Object.is(v, -0) ? '-0' : Number.isFinite(v) ? v : String(v);
    if (typeof v === 'bigint') return `${v}n`;
    if (v === undefined) return 'undefined';
    if (v === null || typeof v !== 'object') return v;
    if (depth > 6) return '…';
    if (seen.has(v)) return '[cycle]';
    seen.add(v);
    if (Array.isArray(v)) return v.slice(0, 10).map((x) => walk(x, depth + 1));
    if (ArrayBuffer.isView(v)) return `${v.constructor.name}(${(v as Uint8Array).length})`;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).slice(0, 10)) out[k] = walk((v as Record<string, unknown>)[k], depth + 1);
    return out;
  };
  const s = JSON.stringify(walk(value, 0)) ?? String(value);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** Packs like the SDK (a Packr of its own, records on). */
const sdkPackr = new Packr();

/**
 * The size of the frame the SDK would send, whether the server can decode its
 * payload (msgpackr's packer writes some values, e.g. a map with object
 * keys, that its unpacker refuses), or null when the SDK could not send it
 * at all (the packer throws on a `toJSON` that is not a function).
 */
export function frameOf(type: string | number, payload: unknown): { size: number; decodable: boolean } | null {
  if (payload === undefined) return { size: String(type).length + 10, decodable: true };
  let bytes: Uint8Array;
  try {
    bytes = sdkPackr.pack(payload);
  } catch {
    return null;
  }
  let decodable = true;
  try {
    unpack(bytes);
  } catch {
    decodable = false;
  }
  return { size: bytes.length + String(type).length + 10, decodable };
}

/** Bare-socket visitors are named so (the room numbers equal names: "Raw 2"). */
const VISITOR = /^Raw( \d+)?$/;

/**
 * The state a member decoded, less what bare-socket visitors change by
 * coming and going (their member entries, their room-log lines, the
 * spectator count) and less the oldest chat lines when `other` no longer
 * has them (the room keeps the last 50 lines: a visitor's line pushes one out).
 */
function comparable(fingerprint: string, other: string): string {
  const s = JSON.parse(fingerprint);
  const o = JSON.parse(other);
  delete s.spectators;
  for (const [id, m] of Object.entries(s.members ?? {})) if (VISITOR.test((m as { name: string }).name)) delete s.members[id];
  const firstId = (chat: { id: number }[]) => (chat.length > 0 ? chat[0].id : 0);
  const from = Math.max(firstId(s.chat ?? []), firstId(o.chat ?? []));
  s.chat = (s.chat ?? []).filter((l: { id: number; name: string }) => l.id >= from && !VISITOR.test(l.name));
  return JSON.stringify(s);
}

/** The first member whose state differs between two sets of fingerprints (visitors aside), or -1. */
export function changedMember(before: string[], after: string[]): number {
  return after.findIndex((f, i) => f !== before[i] && comparable(f, before[i]) !== comparable(before[i], f));
}

/** Where two fingerprints first differ, for the report. */
export function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: …${a.slice(Math.max(0, i - 80), i + 60)}… became …${b.slice(Math.max(0, i - 80), i + 60)}…`;
}
