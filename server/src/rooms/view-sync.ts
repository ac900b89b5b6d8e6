/**
 * Writes a game's public view into the synchronized state part by part
 * (shared/src/protocol/view-wire.ts), touching only the parts and list items
 * whose JSON changed: the schema diff then sends just those.
 */
import { ViewEncoder, type ViewPartValue } from '@fireside/shared';
import type { MapSchema } from '@colyseus/schema';
import { ViewPart } from './schema.js';

type ViewMap = MapSchema<ViewPart, string>;

const PLAIN = new ViewEncoder();

/** Makes `target` describe `view` (null: no view, the lobby), with the game's encoder (its declared shapes). */
export function syncView(target: ViewMap, view: object | null, encoder: ViewEncoder = PLAIN): void {
  syncParts(target, view ? encoder.parts(view) : new Map());
}

/** Makes `target` hold `parts` (a view already encoded, match/live-match.ts). */
export function syncParts(target: ViewMap, parts: ReadonlyMap<string, ViewPartValue>): void {
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

/**
 * Only changed, added or removed items go on the wire. The common head and
 * tail are left alone and the middle is rewritten in place, then spliced:
 * an item inserted into a sorted list (Gift Trap's face-down gifts) costs
 * that item, not every item after it.
 */
function syncItems(part: ViewPart, items: readonly string[]): void {
  const list = part.items;
  const oldLength = list.length;
  let head = 0;
  while (head < oldLength && head < items.length && list[head] === items[head]) head++;
  let tail = 0;
  while (tail < oldLength - head && tail < items.length - head && list[oldLength - 1 - tail] === items[items.length - 1 - tail]) tail++;
  const oldMiddle = oldLength - head - tail;
  const newMiddle = items.length - head - tail;
  const common = Math.min(oldMiddle, newMiddle);
  for (let i = head; i < head + common; i++) list[i] = items[i];
  if (newMiddle > oldMiddle) {
    const added = items.slice(head + common, head + newMiddle);
    if (tail === 0) list.push(...added);
    else list.splice(head + common, 0, ...added);
  } else if (oldMiddle > newMiddle) {
    list.splice(head + common, oldMiddle - newMiddle);
  }
}
