/**
 * Writes a game's public view into the synchronized state part by part
 * (shared/src/protocol/view-wire.ts), touching only the parts and list items
 * whose JSON changed: the schema diff then sends just those.
 */
import { viewParts } from '@fireside/shared';
import type { MapSchema } from '@colyseus/schema';
import { ViewPart } from '../rooms/schema.js';

type ViewMap = MapSchema<ViewPart, string>;

/** Makes `target` describe `view` (null: no view, the lobby). */
export function syncView(target: ViewMap, view: object | null): void {
  const parts = view ? viewParts(view) : new Map();
  for (const key of [...target.keys()]) {
    if (!parts.has(key)) target.delete(key);
  }
  for (const [key, value] of parts) {
    let part = target.get(key);
    if (!part) {
      part = new ViewPart();
      target.set(key, part);
    }
    if (value.list) {
      part.list = true;
      if (part.json !== '') part.json = '';
      syncItems(part, value.items);
    } else {
      part.list = false;
      if (part.items.length > 0) part.items.clear();
      if (part.json !== value.json) part.json = value.json;
    }
  }
}

/** Only changed, added or removed items go on the wire. */
function syncItems(part: ViewPart, items: readonly string[]): void {
  const list = part.items;
  if (list.length > items.length) list.splice(items.length);
  for (let i = 0; i < list.length; i++) {
    if (list[i] !== items[i]) list[i] = items[i];
  }
  if (items.length > list.length) list.push(...items.slice(list.length));
}
