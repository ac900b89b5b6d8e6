/**
 * The presents lying in the town, one a house, each on its own house's roof
 * (named `present:<id>` for the browser tests). A present comes and goes by
 * its visibility; the shapes are drawn again only for a new layout.
 */
import { Container, Graphics } from 'pixi.js';
import type { SantaLayout } from '../layout.js';
import type { TownGeometry } from '../town-geometry.js';
import { houseShape, presentShape } from './palette.js';

export class Presents extends Container {
  private byHouse: Graphics[] = [];
  private key = '';

  update(shown: boolean[], L: SantaLayout, geo: TownGeometry): void {
    const key = `${geo.town!.id}|${L.W}|${L.cell}|${L.houseW}|${L.origin.x}|${L.origin.y}|${L.rotated}`;
    if (key !== this.key) {
      this.key = key;
      this.redraw(L, geo);
    }
    this.byHouse.forEach((g, id) => (g.visible = !!shown[id]));
  }

  private redraw(L: SantaLayout, geo: TownGeometry): void {
    const houses = geo.town!.houses;
    while (this.byHouse.length > houses.length) this.byHouse.pop()!.destroy();
    while (this.byHouse.length < houses.length) {
      const g = new Graphics();
      g.label = `present:${this.byHouse.length}`;
      this.byHouse.push(this.addChild(g));
    }
    const size = Math.max(10, L.cell * 0.22);
    const { top, roofH } = houseShape(L.houseW);
    houses.forEach((_, id) => {
      const p = geo.housePx(id);
      // On the roof, below its peak: on its own house whatever the spacing of the town (beside
      // it, on a phone, it looked like the next house's), clear of the counters' spots at the
      // house's four corners and of the number on its front.
      presentShape(this.byHouse[id].clear(), p.x, p.y + top + roofH * 0.78 - size / 2, size);
    });
  }
}
