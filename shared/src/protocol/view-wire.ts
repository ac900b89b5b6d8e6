/**
 * How a game's public view travels (docs/protocol.md, "The public view on
 * the wire"): never whole, but as parts the schema diff can send one by one.
 *
 * Each top-level key of the view is one part. A part whose value is a list
 * (a log, the history, the houses of a board, a score per seat) carries the
 * JSON of each item separately, so appending a log entry sends that entry
 * alone and changing one seat's coins sends that number alone; any other
 * value carries its whole JSON. A top-level value that is a plain object
 * (Wind City's running act, its market) is split once more: a part `key`
 * whose JSON is `{}` marks it, and each of its fields travels as a part
 * `key.field` by the same rules (so the act's segments go item by item).
 * Colyseus' schema diff then sends only the parts and items whose JSON
 * changed — typically a few dozen bytes per move instead of the whole view,
 * history included. View keys must not contain a dot.
 *
 * Objects of the shapes a game declares travel without their keys
 * (wire-shapes.ts); the shapes go once, as the part `~shapes`, one item per
 * shape. View keys must not start with `~`.
 *
 * Both halves are here, pure: `viewParts` (the server) and `ViewDecoder`
 * (the web client, the bot client, tests), so the two cannot drift.
 */
import type { ShapeKeys } from '../engine/contract.js';
import { WireShapes } from './wire-shapes.js';

/** One part as the server writes it: the JSON of a value, or of each item of a list. */
export type ViewPartValue = { list: false; json: string } | { list: true; items: string[] };

/** The JSON of a part that marks an object whose fields travel as parts `key.field`. */
export const OBJECT_MARK = '{}';

/** The part that carries the declared shapes (wire-shapes.ts), one JSON list of keys per item. */
export const SHAPES_PART = '~shapes';

const NO_SHAPES = new WireShapes([]);

/**
 * The encoder of one game's views: splits a public view into its parts, by
 * top-level key (see the module comment), its declared shapes keyless.
 */
export class ViewEncoder {
  private readonly shapes: WireShapes;
  private readonly shapesPart: ViewPartValue | null;
  /**
   * The JSON of list items already seen, by identity. Engines never mutate a
   * log entry or a record once written (their purity tests freeze every
   * state), and views share them, so a long log is not re-encoded on every move.
   */
  private readonly itemJson = new WeakMap<object, string>();

  constructor(shapes: ShapeKeys = []) {
    this.shapes = shapes.length ? new WireShapes(shapes) : NO_SHAPES;
    this.shapesPart = shapes.length ? { list: true, items: shapes.map((keys) => JSON.stringify(keys)) } : null;
  }

  parts(view: object): Map<string, ViewPartValue> {
    const parts = new Map<string, ViewPartValue>();
    if (this.shapesPart) parts.set(SHAPES_PART, this.shapesPart);
    for (const [key, value] of Object.entries(view)) {
      if (value === undefined) continue;
      if (key.includes('.') || key.startsWith('~')) throw new Error(`view key "${key}": a key of the public view cannot contain a dot or start with ~`);
      if (!isPlainObject(value) || Object.keys(value).some((field) => field.includes('.'))) {
        parts.set(key, this.partOf(value));
        continue;
      }
      parts.set(key, { list: false, json: OBJECT_MARK });
      for (const [field, v] of Object.entries(value)) if (v !== undefined) parts.set(`${key}.${field}`, this.partOf(v));
    }
    return parts;
  }

  private partOf(value: unknown): ViewPartValue {
    return Array.isArray(value) ? { list: true, items: value.map((item) => this.item(item)) } : { list: false, json: this.json(value) };
  }

  private item(item: unknown): string {
    if (typeof item !== 'object' || item === null) return this.json(item);
    let json = this.itemJson.get(item);
    if (json === undefined) this.itemJson.set(item, (json = this.json(item)));
    return json;
  }

  // JSON.stringify(undefined) is not JSON: a hole in a list travels as null, as JSON.stringify would write it.
  private json(value: unknown): string {
    return value === undefined ? 'null' : JSON.stringify(this.shapes.encode(value));
  }
}

/** Splits a public view into its parts with no declared shapes (tests, and games that declare none). */
export function viewParts(view: object, shapes: ShapeKeys = []): Map<string, ViewPartValue> {
  return new ViewEncoder(shapes).parts(view);
}

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A decoded part as a client holds it: a Colyseus schema instance, or a plain object in tests. */
export interface ViewPartLike {
  list: boolean;
  json: string;
  items: Iterable<string>;
}

/** The decoded `view` map (Colyseus' MapSchema, or a Map). */
export interface ViewPartsLike {
  forEach(callback: (part: ViewPartLike, key: string) => void): void;
}

interface CachedPart {
  list: boolean;
  json: string;
  items: string[];
  value: unknown;
}

/**
 * Rebuilds the public view from its parts, parsing only what changed since
 * the last call. While nothing changed it returns the very same object, and
 * a part that did not change keeps its object identity, so a screen can tell
 * what to redraw by comparing references.
 */
export class ViewDecoder {
  private cache = new Map<string, CachedPart>();
  private view: Record<string, unknown> | null = null;
  private shapes = NO_SHAPES;
  private shapeItems: string[] = [];

  /** The view the parts describe, or null when there are none (the lobby). */
  decode(parts: ViewPartsLike | null | undefined): Record<string, unknown> | null {
    const reset = this.readShapes(parts);
    // The top-level keys whose value changed ('act' also when only 'act.segments' did).
    const changed = new Set<string>();
    const seen = new Set<string>();
    parts?.forEach((part, key) => {
      if (key === SHAPES_PART) return;
      seen.add(key);
      if (this.refresh(key, part)) changed.add(topKey(key));
    });
    for (const key of this.cache.keys()) {
      if (!seen.has(key)) {
        this.cache.delete(key);
        changed.add(topKey(key));
      }
    }
    if (changed.size === 0 && !reset) return this.view;
    if (this.cache.size === 0) return (this.view = null);
    return (this.view = this.assemble(changed));
  }

  /** New shapes (a new game in the room, or the first view) make every part decode afresh; true then. */
  private readShapes(parts: ViewPartsLike | null | undefined): boolean {
    let items: string[] = [];
    parts?.forEach((part, key) => {
      if (key === SHAPES_PART) items = [...part.items];
    });
    if (sameItems(items, this.shapeItems)) return false;
    this.shapeItems = items;
    this.shapes = new WireShapes(items.map((json) => parseJson(json)).map((keys) => (Array.isArray(keys) ? keys.map(String) : [])));
    this.cache.clear();
    this.view = null;
    return true;
  }

  /** The view from the cached parts; a top-level value that did not change keeps its identity. */
  private assemble(changed: Set<string>): Record<string, unknown> {
    const view: Record<string, unknown> = {};
    for (const [key, part] of this.cache) {
      if (key.includes('.')) continue;
      const split = !part.list && part.json === OBJECT_MARK;
      view[key] = !changed.has(key) && this.view ? this.view[key] : split ? {} : part.value;
    }
    for (const [key, part] of this.cache) {
      const dot = key.indexOf('.');
      if (dot < 0) continue;
      const parent = key.slice(0, dot);
      if (!changed.has(parent)) continue; // kept whole, with its identity
      const object = view[parent];
      if (isPlainObject(object)) object[key.slice(dot + 1)] = part.value;
    }
    return view;
  }

  /** Brings one part up to date; true if its value changed. */
  private refresh(key: string, part: ViewPartLike): boolean {
    const cached = this.cache.get(key);
    if (!part.list) {
      if (cached && !cached.list && cached.json === part.json) return false;
      this.cache.set(key, { list: false, json: part.json, items: [], value: this.parse(part.json) });
      return true;
    }
    const old = cached?.list ? cached : null;
    const items = [...part.items];
    if (old && sameItems(old.items, items)) return false;
    this.cache.set(key, { list: true, json: '', items, value: this.reuseParsed(old, items) });
    return true;
  }

  /**
   * The parsed items of a list, parsing only those that changed: items of the
   * common head and tail keep their parsed value (and its identity), so an
   * item inserted into a list costs one parse, not one per item after it.
   */
  private reuseParsed(old: CachedPart | null, items: readonly string[]): unknown[] {
    const before = old?.items ?? [];
    const parsed = (old?.value as unknown[] | undefined) ?? [];
    let head = 0;
    while (head < before.length && head < items.length && before[head] === items[head]) head++;
    let tail = 0;
    while (tail < before.length - head && tail < items.length - head && before[before.length - 1 - tail] === items[items.length - 1 - tail]) tail++;
    return items.map((item, i) => {
      if (i < head) return parsed[i];
      if (i >= items.length - tail) return parsed[before.length - (items.length - i)];
      return this.parse(item);
    });
  }

  private parse(json: string): unknown {
    return json === OBJECT_MARK ? {} : this.shapes.decode(parseJson(json));
  }
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

const topKey = (key: string): string => {
  const dot = key.indexOf('.');
  return dot < 0 ? key : key.slice(0, dot);
};

function parseJson(json: string): unknown {
  if (json === '') return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/**
 * A ViewDecoder that also gives the view as JSON (a cheap "did anything
 * change" signature, and what tests search), written again only when the
 * view changed, and only when asked for.
 */
export class ViewJsonDecoder {
  private readonly decoder = new ViewDecoder();
  private last: Record<string, unknown> | null = null;
  private cached: string | null = '';

  decode(parts: ViewPartsLike | null | undefined): Record<string, unknown> | null {
    const view = this.decoder.decode(parts);
    if (view !== this.last) {
      this.last = view;
      this.cached = null;
    }
    return view;
  }

  /** JSON of the view last decoded, '' when there is none (the lobby). */
  json(): string {
    return (this.cached ??= this.last ? JSON.stringify(this.last) : '');
  }
}
