/**
 * How a game's public view travels (docs/protocol.md, "The public view on
 * the wire"): never whole, but as parts the schema diff can send one by one.
 *
 * Each top-level key of the view is one part. A part whose value is a list
 * (a log, the history, the houses of a board, a score per seat) carries the
 * JSON of each item separately, so appending a log entry sends that entry
 * alone and changing one seat's coins sends that number alone; any other
 * value carries its whole JSON. Colyseus' schema diff then sends only the
 * parts and items whose JSON changed — typically a few dozen bytes per move
 * instead of the whole view, history included.
 *
 * Both halves are here, pure: `viewParts` (the server) and `ViewDecoder`
 * (the web client, the bot client, tests), so the two cannot drift.
 */

/** One part as the server writes it: the JSON of a value, or of each item of a list. */
export type ViewPartValue = { list: false; json: string } | { list: true; items: string[] };

/** Splits a public view into its parts, by top-level key (see the module comment). */
export function viewParts(view: object): Map<string, ViewPartValue> {
  const parts = new Map<string, ViewPartValue>();
  for (const [key, value] of Object.entries(view)) {
    if (value === undefined) continue;
    parts.set(key, Array.isArray(value) ? { list: true, items: value.map(itemJson) } : { list: false, json: JSON.stringify(value) });
  }
  return parts;
}

// JSON.stringify(undefined) is not JSON: a hole in a list travels as null, as JSON.stringify would write it.
const itemJson = (item: unknown): string => (item === undefined ? 'null' : JSON.stringify(item));

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

  /** The view the parts describe, or null when there are none (the lobby). */
  decode(parts: ViewPartsLike | null | undefined): Record<string, unknown> | null {
    let changed = false;
    const seen = new Set<string>();
    parts?.forEach((part, key) => {
      seen.add(key);
      if (this.refresh(key, part)) changed = true;
    });
    for (const key of this.cache.keys()) {
      if (!seen.has(key)) {
        this.cache.delete(key);
        changed = true;
      }
    }
    if (!changed) return this.view;
    if (this.cache.size === 0) return (this.view = null);
    const view: Record<string, unknown> = {};
    for (const [key, part] of this.cache) view[key] = part.value;
    return (this.view = view);
  }

  /** Brings one part up to date; true if its value changed. */
  private refresh(key: string, part: ViewPartLike): boolean {
    const cached = this.cache.get(key);
    if (!part.list) {
      if (cached && !cached.list && cached.json === part.json) return false;
      this.cache.set(key, { list: false, json: part.json, items: [], value: parseJson(part.json) });
      return true;
    }
    const old = cached?.list ? cached : null;
    const items = [...part.items];
    if (old && sameItems(old.items, items)) return false;
    this.cache.set(key, { list: true, json: '', items, value: reuseParsed(old, items) });
    return true;
  }
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The parsed items of a list, parsing only those that changed: items of the
 * common head and tail keep their parsed value (and its identity), so an
 * item inserted into a list costs one parse, not one per item after it.
 */
function reuseParsed(old: CachedPart | null, items: readonly string[]): unknown[] {
  const before = old?.items ?? [];
  const parsed = (old?.value as unknown[] | undefined) ?? [];
  let head = 0;
  while (head < before.length && head < items.length && before[head] === items[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < items.length - head && before[before.length - 1 - tail] === items[items.length - 1 - tail]) tail++;
  return items.map((item, i) => {
    if (i < head) return parsed[i];
    if (i >= items.length - tail) return parsed[before.length - (items.length - i)];
    return parseJson(item);
  });
}
function parseJson(json: string): unknown {
  if (json === '') return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
