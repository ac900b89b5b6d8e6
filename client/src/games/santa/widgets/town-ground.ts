/** The town's ground: the night sky with its snow, the streets and Santa's winding paths. Drawn again only for a new layout or town. */
import { Container, Graphics } from 'pixi.js';
import type { SantaLayout } from '../layout.js';
import type { TownGeometry } from '../town-geometry.js';
import { C, dashes, polyline } from './palette.js';

export class TownGround extends Container {
  private sky = new Graphics();
  private streets = new Graphics();
  private paths = new Graphics();
  private key = '';

  constructor() {
    super();
    this.addChild(this.sky, this.streets, this.paths);
  }

  update(L: SantaLayout, geo: TownGeometry): void {
    const b = L.board;
    const key = `${geo.town!.id}|${b.x}|${b.y}|${b.w}|${b.h}|${L.cell}|${L.origin.x}|${L.origin.y}|${L.rotated}`;
    if (key === this.key) return;
    this.key = key;
    this.drawSky(L);
    this.drawStreets(L, geo);
    this.drawPaths(L, geo);
  }

  /** The night sky and the snow (the same flakes every time: a fixed seed). */
  private drawSky(L: SantaLayout): void {
    const b = L.board;
    const bg = this.sky.clear();
    bg.roundRect(b.x, b.y, b.w, b.h, 14).fill(C.night).stroke({ width: 2, color: C.nightEdge });
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const flakes = Math.round((b.w * b.h) / 2600);
    for (let i = 0; i < flakes; i++) {
      bg.circle(b.x + 6 + rnd() * (b.w - 12), b.y + 6 + rnd() * (b.h - 12), 0.6 + rnd() * 1.3).fill({ color: 0xffffff, alpha: 0.12 + rnd() * 0.22 });
    }
  }

  /** Streets: wide snowy lanes, their edges first. */
  private drawStreets(L: SantaLayout, geo: TownGeometry): void {
    const g = this.streets.clear();
    const cell = L.cell;
    const lanes = geo.town!.streets.map((st) => [geo.housePx(st.a), geo.housePx(st.b)]);
    for (const lane of lanes) polyline(g, lane).stroke({ width: cell * 0.2 + 3, color: C.streetEdge, alpha: 0.55, cap: 'round' });
    for (const lane of lanes) polyline(g, lane).stroke({ width: cell * 0.2, color: C.snow, alpha: 0.92, cap: 'round' });
  }

  /** Santa's paths: glowing, dashed, winding. */
  private drawPaths(L: SantaLayout, geo: TownGeometry): void {
    const g = this.paths.clear();
    const cell = L.cell;
    for (const p of geo.town!.paths) {
      const curve = geo.curveOf(p.a, p.b);
      polyline(g, curve);
      g.stroke({ width: cell * 0.24, color: C.path, alpha: 0.08, cap: 'round', join: 'round' });
      g.stroke({ width: cell * 0.13, color: C.path, alpha: 0.14, cap: 'round', join: 'round' });
      dashes(g, curve, Math.max(4, cell * 0.13), Math.max(3, cell * 0.09), Math.max(2, cell * 0.055), C.path);
    }
  }
}
