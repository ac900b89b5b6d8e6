/** The Gift Trap table's palette and the small helpers its widgets share. */
import type { Container } from 'pixi.js';

export const C = {
  table: 0x3a2419,
  plate: 0x553525,
  plateEdge: 0x6e4832,
  cream: 0xfff4e2,
  ink: 0x3a2a1c,
  muted: 0xd9c3a5,
  gold: 0xffc857,
  ember: 0xf28c28,
  bar: 0x6b4530,
  good: 0x3ccf7a,
  bad: 0xff6b5b,
};

/** '#rrggbb' → 0xrrggbb, for Pixi fills. */
export const hex = (s: string) => parseInt(s.replace('#', ''), 16);

/** Move a retained child to (x, y), on whole pixels (crisper), like tableText places a new one. */
export function place(obj: Container, x: number, y: number): void {
  obj.position.set(Math.round(x), Math.round(y));
}

/**
 * The few inputs a widget's drawing was made from (numbers, strings,
 * booleans): `changed(...)` says whether any differs from last time and
 * remembers them, so a Graphics is redrawn only when its own inputs moved,
 * never because something elsewhere on the table did.
 */
export class Inputs {
  private last: readonly unknown[] | null = null;

  changed(...next: unknown[]): boolean {
    const prev = this.last;
    if (prev && prev.length === next.length && prev.every((x, i) => x === next[i])) return false;
    this.last = next;
    return true;
  }
}
