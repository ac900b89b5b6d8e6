/**
 * The Santa Claus table drawn with Pixi: the snowy town (houses, streets,
 * Santa's winding paths), away markers, presents, every counter, the players
 * with this round's cards, and your hand. Moves are animated along their
 * route for everyone (motion.ts); score events pop up as captions. It is
 * made of retained widgets (widgets/), each changing its own Pixi children in
 * place from the look it is given (looks.ts). Everything it shows comes from
 * a SceneState; every input goes back through SceneCallbacks (the DOM
 * controls offer the same actions).
 */
import { Application, Container, Rectangle } from 'pixi.js';
import { t } from '../../i18n/index.js';
import type { HouseId, Route } from '@fireside/shared/games/santa/types';
import type { Model } from './model.js';
import { computeLayout, type SantaLayout } from './layout.js';
import { centre, type Pt } from '../common/geometry.js';
import { describe } from './events.js';
import { OnDemandScene, createTableApp, flipFaceUp, reducedMotion } from '../common/pixi-scene.js';
import type { SceneCallbacks, SceneState } from './scene-state.js';
import { moveKind, TownGeometry } from './town-geometry.js';
import { Motion } from './motion.js';
import { handLooks, houseLooks, plateLook, routeChoiceLook } from './looks.js';
import { C } from './widgets/colors.js';
import { TownGround } from './widgets/town-ground.js';
import { RouteChoice } from './widgets/route-choice.js';
import { HouseWidget } from './widgets/house.js';
import { Legend } from './widgets/legend.js';
import { Header } from './widgets/header.js';
import { Plate } from './widgets/plate.js';
import { Hand } from './widgets/hand.js';
import { Presents } from './widgets/presents.js';
import { Hover, type HoverLook } from './widgets/hover.js';
import { Counters } from './widgets/counters.js';
import { Caption } from './widgets/caption.js';
import { Effects } from './widgets/effects.js';

export type { SceneCallbacks, SceneState };

export class SantaScene extends OnDemandScene {
  private geo = new TownGeometry();
  private ground = new TownGround();
  private routeChoice = new RouteChoice();
  private houseLayer = new Container();
  private houses: HouseWidget[] = [];
  private legend = new Legend();
  private header = new Header();
  private plateLayer = new Container();
  private plates: Plate[] = [];
  private hand: Hand;
  private presents = new Presents();
  private hover = new Hover();
  private counters = new Counters();
  private caption = new Caption();
  private effects = new Effects(this.tweens);
  private motion: Motion;
  private layout: SantaLayout | null = null;
  private state: SceneState | null = null;
  private prev: Model | null = null;
  private matchNo = -1;
  private hoverHouse = -1;
  /** Reveal: plate cards flip face up. */
  private flipAt = -1e9;
  private flipTargets: Container[] = [];

  constructor(
    app: Application,
    host: HTMLElement,
    width: number,
    private cb: SceneCallbacks,
  ) {
    super(app, host, width);
    this.hand = new Hand((card) => this.cb.clickCard(card));
    const town = new Container();
    town.addChild(this.ground, this.routeChoice, this.houseLayer, this.legend);
    const base = new Container();
    base.addChild(town, this.header, this.plateLayer, this.hand);
    this.root.addChild(base, this.presents, this.hover, this.counters, this.caption, this.effects);
    this.motion = new Motion({
      timeline: this.timeline,
      counters: this.counters,
      effects: this.effects,
      geo: this.geo,
      counter: (seat) => this.counters.counterFor(seat, this.layout!, { names: this.state!.model.names, santa: this.state!.model.view.santa }),
      refresh: () => this.refresh(),
      model: () => this.state!.model,
      cell: () => this.layout?.cell ?? 60,
    });
    const canvas = app.canvas as HTMLCanvasElement;
    canvas.addEventListener('pointermove', (e) => this.onHover(e));
    canvas.addEventListener('pointerleave', () => this.setHover(-1));
  }

  static async create(host: HTMLElement, cb: SceneCallbacks): Promise<SantaScene> {
    const { app, width } = await createTableApp(host, { height: 500, background: C.table, antialias: true });
    return new SantaScene(app, host, width, cb);
  }

  protected relayout(): void {
    if (this.state) this.update(this.state);
  }

  /** Routes preview: set by the table (the legal routes of my move). */
  routesTo: (house: HouseId) => Route[] = () => [];

  update(state: SceneState): void {
    if (this.destroyed) return;
    const m = state.model;
    const v = m.view;
    const prev = this.prev;
    const fresh = !prev || m.snap.matchNo !== this.matchNo;
    // The reveal: every card of the round turns face up together.
    const reveal = !!prev && !fresh && prev.view.round === v.round && prev.view.phase === 'pick' && v.phase !== 'pick' && v.played.some((c) => c !== null);
    if (reveal) this.flipAt = reducedMotion() ? -1e9 : this.clock;
    this.state = state;
    this.render(state);
    if (reveal) this.startFlip();
    // A new round: the moves of the one before still being animated jump to their end (timeline.enterRound).
    const cut = this.timeline.enterRound(`${m.snap.matchNo}:${v.round}`);
    if (fresh) {
      this.matchNo = m.snap.matchNo;
      this.motion.reset(m);
    } else {
      if (cut) this.motion.flush();
      this.motion.follow(m);
    }
    this.prev = m;
    this.refresh();
  }

  /** Client coordinates of a thing on the table (for tests and accessibility tooling). */
  pointOf(kind: 'house' | 'card' | 'plate' | 'counter', a: number): { x: number; y: number } | null {
    const L = this.layout;
    const s = this.state;
    if (!L || !s) return null;
    const rect = (this.app.canvas as HTMLCanvasElement).getBoundingClientRect();
    const scale = rect.width / L.W;
    let p: Pt | null = null;
    if (kind === 'house' && s.model.town.houses[a]) p = this.geo.housePx(a);
    if (kind === 'card' && L.cards[a - 1]) p = centre(L.cards[a - 1]);
    if (kind === 'plate' && L.plates[a]) p = centre(L.plates[a]);
    if (kind === 'counter') {
      const c = this.counters.get(a);
      if (c && c.visible) p = { x: c.x, y: c.y };
    }
    return p ? { x: rect.left + p.x * scale, y: rect.top + p.y * scale } : null;
  }

  /** Every widget takes its look from the state; each changes only what differs. */
  private render(s: SceneState): void {
    const m = s.model;
    const L = computeLayout(this.width, m.town, m.n, m.me >= 0);
    this.layout = L;
    if (this.app.renderer.width !== L.W || this.app.renderer.height !== L.H) this.app.renderer.resize(L.W, L.H);
    this.app.stage.hitArea = new Rectangle(0, 0, L.W, L.H);
    const canvas = this.app.canvas as HTMLCanvasElement;
    if (canvas.getAttribute('aria-label') !== t('santa.tableLabel')) canvas.setAttribute('aria-label', t('santa.tableLabel'));
    const moved = this.geo.set(L, m.town);
    this.ground.update(L, this.geo);
    this.routeChoice.update(routeChoiceLook(s), this.geo, L.cell);
    this.keyed(this.houses, m.town.houses.length, this.houseLayer, (id) => new HouseWidget(id, (h) => this.cb.clickHouse(h)));
    houseLooks(s, L, (id) => this.geo.housePx(id)).forEach((look, id) => this.houses[id].update(look));
    this.legend.update(L);
    this.header.update(L, m.view);
    this.keyed(this.plates, m.n, this.plateLayer, (seat) => new Plate(seat, (x) => this.cb.clickPlate(x)));
    this.plates.forEach((plate, seat) => plate.update(plateLook(s, L, seat)));
    this.hand.update(handLooks(s, L));
    // A new size: moves being animated jump to their end.
    if (moved && this.busy) this.motion.flush();
    this.setHover(this.hoverHouse);
  }

  /**
   * As many widgets as there are houses or seats: a new town or table size
   * makes the missing ones and lets the extra ones go (a house's widget is
   * its house's whatever the town: the `keyed` list is indexed by id).
   */
  private keyed<W extends Container>(list: W[], n: number, layer: Container, make: (i: number) => W): void {
    while (list.length > n) list.pop()!.destroy({ children: true });
    while (list.length < n) list.push(layer.addChild(make(list.length)));
  }

  /** The reveal's cards start edge-on and turn face up (animate). */
  private startFlip(): void {
    this.flipTargets = [];
    if (this.clock - this.flipAt >= 700) return;
    for (const plate of this.plates) {
      if (this.state!.model.view.played[plate.seat] === null) continue;
      plate.card.scale.x = 0.02;
      this.flipTargets.push(plate.card);
    }
  }

  /** Counters, presents and the caption as the motion shows them now. */
  private refresh(): void {
    const L = this.layout;
    const s = this.state;
    if (!L || !s || this.destroyed) return;
    const m = s.model;
    this.presents.update(this.motion.presents(m.view.present), L, this.geo);
    this.counters.place(L, this.geo, {
      names: m.names,
      santa: m.view.santa,
      shown: this.motion.shown,
      inFlight: this.motion.inFlight,
      mover: this.motion.mover,
    });
    const entry = this.motion.captions[this.motion.captions.length - 1];
    const r = { ...L.caption, w: L.caption.w - this.legend.taken };
    this.caption.update(entry ? describe(entry, m) : '', r, L.narrow, L.captionLine);
    this.requestRender();
  }

  // ---------------------------------------------------------------- hover

  private onHover(e: PointerEvent): void {
    const L = this.layout;
    const s = this.state;
    if (!L || !s) return;
    const rect = (this.app.canvas as HTMLCanvasElement).getBoundingClientRect();
    const scale = L.W / rect.width;
    const x = (e.clientX - rect.left) * scale;
    const y = (e.clientY - rect.top) * scale;
    let best = -1;
    let bestD = L.cell * 0.46;
    for (const h of s.clickable) {
      const p = this.geo.housePx(h);
      const d = Math.hypot(p.x - x, p.y - y);
      if (d < bestD) {
        bestD = d;
        best = h;
      }
    }
    if (best !== this.hoverHouse) this.setHover(best);
  }

  /** Hovering a destination previews the routes that lead there. */
  private setHover(house: number): void {
    this.hoverHouse = house;
    const L = this.layout;
    if (!L) return;
    if (this.hover.update(this.hoverLook(house), this.geo, L.cell)) this.requestRender();
  }

  private hoverLook(house: number): HoverLook | null {
    const s = this.state;
    if (!s || house < 0 || !s.clickable.includes(house)) return null;
    const m = s.model;
    const v = m.view;
    const from = m.me >= 0 ? v.positions[m.me] : null;
    const card = m.me >= 0 ? v.played[m.me] : null;
    const previews = s.clickMode === 'move' && s.routeTarget === null && from !== null && card !== null;
    return { house, preview: previews ? { seat: m.me, from, how: moveKind(card, m.me === v.santa), routes: this.routesTo(house) } : null };
  }

  // ---------------------------------------------------------------- frame loop

  protected override get animating(): boolean {
    return this.flipTargets.length > 0;
  }

  protected override animate(): void {
    if (this.flipTargets.length && flipFaceUp(this.flipTargets, this.clock - this.flipAt)) this.flipTargets = [];
  }
}
