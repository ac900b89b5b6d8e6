/** Under the pointer, a house I may click: a white ring, and when it is my move's destination, the routes that lead there. */
import { Graphics } from 'pixi.js';
import type { HouseId, MoveKind, Route } from '@fireside/shared/games/santa/types';
import { playerColorNum } from '../../colors.js';
import type { TownGeometry } from '../town-geometry.js';
import { polyline } from './palette.js';

export interface HoverLook {
  house: HouseId;
  /** My move's preview: my seat, where I stand, how my card moves me and the routes to the house. */
  preview: { seat: number; from: HouseId; how: MoveKind; routes: Route[] } | null;
}

export class Hover extends Graphics {
  private key = '';

  /** Returns whether anything changed (the scene then draws a frame). */
  update(look: HoverLook | null, geo: TownGeometry, cell: number): boolean {
    const key = look ? JSON.stringify([look, cell, geo.layout!.origin]) : '';
    if (key === this.key) return false;
    this.key = key;
    this.clear();
    if (!look) return true;
    const p = geo.housePx(look.house);
    this.circle(p.x, p.y, cell * 0.48).stroke({ width: 2, color: 0xffffff, alpha: 0.9 });
    const pv = look.preview;
    if (pv) {
      for (const route of pv.routes) {
        polyline(this, geo.routePoints(pv.from, route, pv.how)).stroke({
          width: Math.max(2, cell * 0.05),
          color: playerColorNum(pv.seat),
          alpha: 0.75,
          cap: 'round',
          join: 'round',
        });
      }
    }
    return true;
  }
}
