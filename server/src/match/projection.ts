/**
 * Where a match shows itself. A match knows nothing of Colyseus: it hands
 * what everybody may see (the public view's parts, who is awaited, the
 * seats' clocks, the end) and what each seat alone may see (its seat view)
 * to a projection. The room's projection writes them into the synchronized
 * state (rooms/schema-projection.ts); PlainProjection keeps them in plain
 * objects, for a match run without a server (tests, tools).
 */
import type { ViewPartLike, ViewPartValue } from '@fireside/shared';

/** A seat's running clock as every screen shows it (seat-clocks.ts): 0 for none. */
export interface SeatClockShown {
  deadline: number;
  budget: number;
  clockId: number;
}

export interface MatchProjection {
  /** The public view, encoded in parts (shared/src/protocol/view-wire.ts). */
  view(parts: ReadonlyMap<string, ViewPartValue>): void;
  /** A seat's own view (JSON, for that seat's client only) and whether every screen shows it awaited. */
  seat(seat: number, secret: string, awaiting: boolean): void;
  clock(seat: number, clock: SeatClockShown): void;
  /** The match is being played. */
  playing(): void;
  /** The match is over: its result (JSON of winners and scores). */
  ended(result: string): void;
}

export interface PlainSeat extends SeatClockShown {
  secret: string;
  awaiting: boolean;
}

/** A projection into plain objects: what the synchronized state would hold. */
export class PlainProjection implements MatchProjection {
  status: '' | 'playing' | 'ended' = '';
  result = '';
  /** The view's parts, as a client decodes them (ViewDecoder reads this map as it reads Colyseus'). */
  readonly parts = new Map<string, ViewPartLike>();
  readonly seats: PlainSeat[];

  constructor(seatCount: number) {
    this.seats = Array.from({ length: seatCount }, () => ({ secret: '', awaiting: false, deadline: 0, budget: 0, clockId: 0 }));
  }

  view(parts: ReadonlyMap<string, ViewPartValue>): void {
    this.parts.clear();
    for (const [key, part] of parts)
      this.parts.set(key, part.list ? { list: true, json: '', items: part.items.slice() } : { list: false, json: part.json, items: [] });
  }

  seat(seat: number, secret: string, awaiting: boolean): void {
    Object.assign(this.seats[seat], { secret, awaiting });
  }

  clock(seat: number, clock: SeatClockShown): void {
    Object.assign(this.seats[seat], clock);
  }

  playing(): void {
    this.status = 'playing';
  }

  ended(result: string): void {
    this.status = 'ended';
    this.result = result;
  }
}
