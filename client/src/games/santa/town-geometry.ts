/**
 * Where the town's houses and ways are in canvas pixels for the current
 * layout: house points, the winding paths' curves (cached until the layout
 * or the town changes) and the points a counter passes through on a step.
 */
import type { HouseId, MoveKind, Route, Town } from '@fireside/shared/games/santa/types';
import { latticeToPx, smoothCurve, type SantaLayout } from './layout.js';
import type { Pt } from '../common/geometry.js';

const joins = (x: { a: HouseId; b: HouseId }, a: HouseId, b: HouseId) => (x.a === a && x.b === b) || (x.a === b && x.b === a);

export class TownGeometry {
  private curves = new Map<string, Pt[]>();
  private key = '';
  layout: SantaLayout | null = null;
  town: Town | null = null;

  /** Follow a new layout or town; true when the pixels changed (the curves are computed again). */
  set(L: SantaLayout, town: Town): boolean {
    this.layout = L;
    this.town = town;
    const key = `${town.id}|${L.W}|${L.cell}|${L.origin.x}|${L.origin.y}|${L.rotated}`;
    if (key === this.key) return false;
    this.key = key;
    this.curves.clear();
    return true;
  }

  housePx(id: HouseId): Pt {
    const hs = this.town!.houses[id];
    return latticeToPx(this.layout!, hs.col, hs.row);
  }

  /** A winding path's curve from `a` to `b`. */
  curveOf(a: HouseId, b: HouseId): Pt[] {
    const key = `${a}-${b}`;
    const cached = this.curves.get(key);
    if (cached) return cached;
    const p = this.town!.paths.find((x) => joins(x, a, b));
    if (!p) return [this.housePx(a), this.housePx(b)];
    const L = this.layout!;
    let pts = [this.housePx(p.a), ...p.via.map(([c, r]) => latticeToPx(L, c, r)), this.housePx(p.b)];
    if (p.a !== a) pts = pts.reverse();
    const curve = smoothCurve(pts, 14);
    this.curves.set(key, curve);
    return curve;
  }

  /** The points a counter travels through for one step (a curve along a path, else straight; an arc for a flight). */
  stepPoints(a: HouseId, b: HouseId, how: MoveKind): Pt[] {
    if (how === 'flight') {
      const p = this.housePx(a);
      const q = this.housePx(b);
      const lift = Math.min(140, Math.hypot(q.x - p.x, q.y - p.y) * 0.35);
      return smoothCurve([p, { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 - lift }, q], 16);
    }
    const town = this.town!;
    const isPath = town.paths.some((x) => joins(x, a, b));
    const isStreet = town.streets.some((x) => joins(x, a, b));
    return isPath && !isStreet ? this.curveOf(a, b) : [this.housePx(a), this.housePx(b)];
  }

  /** The points of a whole route from `from`, step after step. */
  routePoints(from: HouseId, route: Route, how: MoveKind): Pt[] {
    let at = from;
    const pts: Pt[] = [];
    for (const h of route) {
      pts.push(...this.stepPoints(at, h, how));
      at = h;
    }
    return pts;
  }
}

/** How a card moves a seat: a face card flies Santa and bikes a kid. */
export function moveKind(card: number, santa: boolean): MoveKind {
  return card >= 11 ? (santa ? 'flight' : 'bike') : 'walk';
}
