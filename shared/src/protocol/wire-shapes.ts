/**
 * Keyless objects on the wire (docs/protocol.md, "The public view on the
 * wire"). A game declares the shapes of the plain objects its public view is
 * made of — the exact keys, in order, of a log entry, a house, a turn record
 * — and such an object travels as a JSON array of its values behind a tag
 * naming its shape: `{"kind":"coins","turn":3,"seat":1}` becomes
 * `["~4","coins",3,1]`. Keys are most of the bytes of a log, so this halves
 * what a move costs on the wire. The shapes themselves travel once, as the
 * view's part `~shapes`, so a decoder needs no game code.
 *
 * Only declared shapes are shortened: an object whose keys are not declared
 * (a field nobody planned for, a leak) still travels as plain JSON with its
 * keys, where the raw-frame leak scans look for them. So a game never
 * declares the shape of an object a seat view holds (Gift Trap's wants, Wind
 * City's insurance request): were such a secret to leak into the public
 * view, it would still be on the wire with its keys. Arrays and their
 * numbers travel verbatim (a draw pile stays `[12,5,7,…]` on the wire); an
 * array whose first item is a string starting with `~` is escaped as
 * `["~", …items]`, so the tag can never be mistaken.
 */

import type { ShapeKeys } from '../engine/contract.js';

const TAG = '~';
const isTag = (x: unknown): x is string => typeof x === 'string' && x.startsWith(TAG);
// \u0000 cannot be confused with a key boundary in practice; the keys are still compared one by one.
const signature = (keys: readonly string[]): string => keys.join('\u0000');

export class WireShapes {
  private readonly ids = new Map<string, number>();

  constructor(readonly shapes: ShapeKeys) {
    shapes.forEach((keys, id) => {
      const sig = signature(keys);
      if (!this.ids.has(sig)) this.ids.set(sig, id);
    });
  }

  /** A JSON-ready value in which every object of a declared shape is a tagged array. */
  encode(value: unknown): unknown {
    if (Array.isArray(value)) {
      const items = value.map((item) => (item === undefined ? null : this.encode(item)));
      return isTag(items[0]) ? [TAG, ...items] : items;
    }
    if (typeof value !== 'object' || value === null) return value;
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value; // (Date and the like: as JSON.stringify writes them)
    const keys = Object.keys(value);
    const values = keys.map((k) => (value as Record<string, unknown>)[k]);
    const id = this.idOf(keys);
    if (id !== undefined && !values.includes(undefined)) return [TAG + id.toString(36), ...values.map((v) => this.encode(v))];
    const plain: Record<string, unknown> = {};
    keys.forEach((k, i) => {
      if (values[i] !== undefined) Object.defineProperty(plain, k, { value: this.encode(values[i]), enumerable: true, writable: true, configurable: true });
    });
    return plain;
  }

  /** The value `encode` was given (as JSON would carry it), from its parsed JSON. */
  decode(value: unknown): unknown {
    if (Array.isArray(value)) {
      if (!isTag(value[0])) return value.map((item) => this.decode(item));
      if (value[0] === TAG) return value.slice(1).map((item) => this.decode(item));
      const keys = this.shapes[parseInt(value[0].slice(1), 36)];
      if (!keys) return null; // an unknown shape: nothing sensible to show
      return Object.fromEntries(keys.map((k, i) => [k, this.decode(value[i + 1] ?? null)]));
    }
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.decode(v)]));
  }

  private idOf(keys: readonly string[]): number | undefined {
    const id = this.ids.get(signature(keys));
    if (id === undefined) return undefined;
    const declared = this.shapes[id];
    return declared.length === keys.length && declared.every((k, i) => k === keys[i]) ? id : undefined;
  }
}

/** Every object shape (its keys in order) found in `value`, for the games' coverage tests. */
export function shapesIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) shapesIn(item, into);
  else if (typeof value === 'object' && value !== null) {
    into.add(JSON.stringify(Object.keys(value)));
    for (const v of Object.values(value)) shapesIn(v, into);
  }
  return into;
}
