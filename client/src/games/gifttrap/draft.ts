/** The player's unsent choices: gifts to give and wish tiles, revisable until sent (and after). */
import type { GiveTile, Wants } from '@fireside/shared/games/gifttrap/types';
import { WANT_KINDS, type WantKind } from './model.js';

export class GiveDraft {
  tiles: GiveTile[] = [];
  constructor(readonly per: number) {}

  static from(tiles: GiveTile[] | null, per: number): GiveDraft {
    const d = new GiveDraft(per);
    d.tiles = tiles ? tiles.map((t) => ({ ...t })) : [];
    return d;
  }

  /** Give `slot` to `to`: a slot is given once; a recipient keeps at most `per` slots (oldest dropped). */
  assign(to: number, slot: number): void {
    this.tiles = this.tiles.filter((t) => t.slot !== slot);
    const mine = this.tiles.filter((t) => t.to === to);
    if (mine.length >= this.per) {
      const drop = mine[0];
      this.tiles = this.tiles.filter((t) => t !== drop);
    }
    this.tiles.push({ to, slot });
  }

  clearSlot(slot: number): void {
    this.tiles = this.tiles.filter((t) => t.slot !== slot);
  }

  slotsFor(to: number): number[] {
    return this.tiles.filter((t) => t.to === to).map((t) => t.slot);
  }

  recipientOf(slot: number): number | null {
    return this.tiles.find((t) => t.slot === slot)?.to ?? null;
  }

  missing(recipients: number[]): number {
    return recipients.reduce((sum, r) => sum + Math.max(0, this.per - this.slotsFor(r).length), 0);
  }

  /** The first recipient still lacking a gift, else null. */
  nextRecipient(recipients: number[], after = -1): number | null {
    const start = Math.max(0, recipients.indexOf(after) + 1);
    for (let k = 0; k < recipients.length; k++) {
      const r = recipients[(start + k) % recipients.length];
      if (this.slotsFor(r).length < this.per) return r;
    }
    return null;
  }

  same(other: GiveTile[] | null): boolean {
    if (!other || other.length !== this.tiles.length) return false;
    const key = (ts: GiveTile[]) =>
      ts
        .map((t) => `${t.to}:${t.slot}`)
        .sort()
        .join(',');
    return key(other) === key(this.tiles);
  }
}

export class WantDraft {
  wants: Partial<Record<WantKind, number>> = {};

  static from(w: Wants | null): WantDraft {
    const d = new WantDraft();
    if (w) d.wants = { ...w };
    return d;
  }

  /** Put a wish tile on a slot; a slot holds at most one wish tile. */
  place(kind: WantKind, slot: number): void {
    for (const k of WANT_KINDS) if (k !== kind && this.wants[k] === slot) delete this.wants[k];
    this.wants[kind] = slot;
  }

  clearSlot(slot: number): void {
    for (const k of WANT_KINDS) if (this.wants[k] === slot) delete this.wants[k];
  }

  kindOn(slot: number): WantKind | null {
    return WANT_KINDS.find((k) => this.wants[k] === slot) ?? null;
  }

  complete(): Wants | null {
    const w = this.wants;
    if (WANT_KINDS.some((k) => w[k] === undefined)) return null;
    return { great: w.great!, good: w.good!, ok: w.ok!, noWay: w.noWay! };
  }

  nextKind(after?: WantKind): WantKind | null {
    const start = after ? WANT_KINDS.indexOf(after) + 1 : 0;
    for (let k = 0; k < WANT_KINDS.length; k++) {
      const kind = WANT_KINDS[(start + k) % WANT_KINDS.length];
      if (this.wants[kind] === undefined) return kind;
    }
    return null;
  }

  same(other: Wants | null): boolean {
    const c = this.complete();
    return !!c && !!other && WANT_KINDS.every((k) => c[k] === other[k]);
  }
}
