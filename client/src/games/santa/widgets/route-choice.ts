/** The routes still open to the chosen house, side by side, while the player picks one. */
import { Graphics } from 'pixi.js';
import { playerColorNum } from '../../colors.js';
import type { TownGeometry } from '../town-geometry.js';
import { polyline } from './palette.js';
import type { RouteChoiceLook } from './look-types.js';

export class RouteChoice extends Graphics {
  private key = '';

  update(look: RouteChoiceLook | null, geo: TownGeometry, cell: number): void {
    // The layout's cell and origin move every point.
    const key = look ? JSON.stringify([look, cell, geo.layout!.origin]) : '';
    if (key === this.key) return;
    this.key = key;
    this.clear();
    if (!look) return;
    look.routes.forEach((route, k) => {
      const off = (k - (look.routes.length - 1) / 2) * Math.max(2, cell * 0.05);
      const pts = geo.routePoints(look.from, route, look.how).map((pt) => ({ x: pt.x + off, y: pt.y + off }));
      polyline(this, pts).stroke({ width: Math.max(3, cell * 0.07), color: playerColorNum(look.seat), alpha: 0.85, cap: 'round', join: 'round' });
    });
  }
}
