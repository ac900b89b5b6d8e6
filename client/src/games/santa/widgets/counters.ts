/** Every player's counter, each on its spot at the house where it is shown (several on a house share it). */
import { Container } from 'pixi.js';
import type { HouseId } from '@fireside/shared/games/santa/types';
import { initial } from '../../colors.js';
import type { SantaLayout } from '../layout.js';
import type { TownGeometry } from '../town-geometry.js';
import { Counter } from './counter.js';

/** Counter spots around a house, in cells: the first is Santa's when he is there. */
const SPOTS: [number, number][] = [
  [0.36, 0.12],
  [-0.36, 0.12],
  [0.36, -0.24],
  [-0.36, -0.24],
];

export interface CounterPlacing {
  names: string[];
  santa: number;
  /** Where each counter is shown (lagging behind the view while moves are animated). */
  shown: (HouseId | null)[];
  /** Seats between two houses: no spot at a house. */
  inFlight: ReadonlySet<number>;
  /** The seat whose move is being animated: its tween places it. */
  mover: number | null;
}

export class Counters extends Container {
  private bySeat = new Map<number, Counter>();

  get(seat: number): Counter | undefined {
    return this.bySeat.get(seat);
  }

  /** A seat's counter, made when first needed, kept up to date with the layout and the names. */
  counterFor(seat: number, L: SantaLayout, p: Pick<CounterPlacing, 'names' | 'santa'>): Counter {
    let c = this.bySeat.get(seat);
    if (!c) {
      c = new Counter(seat);
      this.bySeat.set(seat, c);
      this.addChild(c);
    }
    c.update(L.counterR, seat === p.santa, initial(p.names[seat] ?? ''));
    return c;
  }

  /** On top of the others (while it moves). */
  raise(c: Counter): void {
    this.addChild(c);
  }

  /** Every counter that is not moving on its spot. */
  place(L: SantaLayout, geo: TownGeometry, p: CounterPlacing): void {
    const byHouse = new Map<HouseId, number[]>();
    p.shown.forEach((h, seat) => {
      if (h === null || h === undefined || p.inFlight.has(seat)) return;
      byHouse.set(h, [...(byHouse.get(h) ?? []), seat]);
    });
    // Seats of a bigger table before (a new match).
    for (const [seat, c] of this.bySeat) if (seat >= p.names.length) c.visible = false;
    for (let seat = 0; seat < p.names.length; seat++) {
      const h = p.shown[seat];
      if (h === null || h === undefined) {
        const c = this.bySeat.get(seat);
        if (c) c.visible = false;
        continue;
      }
      const c = this.counterFor(seat, L, p);
      c.visible = true;
      if (p.mover === seat) continue;
      const list = (byHouse.get(h) ?? []).sort((a, b) => Number(b === p.santa) - Number(a === p.santa) || a - b);
      const [dx, dy] = SPOTS[Math.max(0, list.indexOf(seat)) % SPOTS.length];
      const at = geo.housePx(h);
      c.position.set(at.x + dx * L.cell, at.y + dy * L.cell);
      c.alpha = 1;
    }
  }

  /** Back to their size after a hop or a flight. */
  settle(): void {
    for (const c of this.bySeat.values()) c.scale.set(1);
  }
}
