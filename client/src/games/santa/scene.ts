/**
 * The Santa Claus table drawn with Pixi: the snowy town (houses, streets,
 * Santa's winding paths), away markers, presents, every counter, the players
 * with this round's cards, and your hand. Moves are animated along their
 * route for everyone; score events pop up as captions. Everything it shows
 * comes from a SceneState; every input goes back through SceneCallbacks (the
 * DOM controls offer the same actions).
 */
import { Application, Circle, Container, Graphics, Rectangle, Text, type TextStyleOptions } from 'pixi.js';
import { t } from '../../i18n/index.js';
import { playerColorNum, initial } from '../colors.js';
import type { HouseId, LogEntry, MoveKind, Route } from '@fireside/shared/games/santa/types';
import { ROUNDS, SUPPLY, awaited, cardName, houseName, suitIsRed, suitOf, type Model } from './model.js';
import { alongPolyline, computeLayout, latticeToPx, smoothCurve, type SantaLayout } from './layout.js';
import { centre, type Pt } from '../common/geometry.js';
import { describe, isCaption } from './events.js';
import { easeInOutQuad, easeOutBack } from '../common/tween.js';
import { tableIcon } from '../../art/sprites.js';
import { TABLE_FONT, OnDemandScene, createTableApp, flipFaceUp, reducedMotion, shrinkToFit, tableText, wrapToFit } from '../common/pixi-scene.js';

export interface SceneState {
  model: Model;
  /** Houses that may be clicked now (setup placement or move destinations). */
  clickable: HouseId[];
  clickMode: 'away' | 'start' | 'move' | null;
  /** A destination with several routes: the target and the remaining routes to choose from. */
  routeTarget: HouseId | null;
  routeChoices: Route[];
  /** My face-down pick (shown only to me). */
  myPick: number | null;
  canPick: boolean;
  /** My draft of the order, when I name it. */
  orderDraft: number[] | null;
  /** Plates that may be clicked (Santa choosing the order namer, or the kid who takes a present). */
  plateChoice: number[];
  /** An action was sent for this step: waiting for the server. */
  sent: boolean;
}

export interface SceneCallbacks {
  clickHouse(house: HouseId): void;
  clickCard(card: number): void;
  clickPlate(seat: number): void;
}

const C = {
  table: 0x3a2419,
  night: 0x152238,
  nightEdge: 0x2c4266,
  snow: 0xe9f1f7,
  streetEdge: 0x7f96b2,
  path: 0xffd166,
  house: 0xffe7bd,
  houseAway: 0x7d8796,
  roof: 0xb8423a,
  roofAway: 0x505a68,
  ink: 0x3a2a1c,
  cream: 0xfff4e2,
  muted: 0xd9c3a5,
  gold: 0xffc857,
  ember: 0xf28c28,
  plate: 0x553525,
  plateMe: 0x63402c,
  plateEdge: 0x6e4832,
  good: 0x3ccf7a,
  bad: 0xff6b5b,
  via: 0x6fd3ff,
  present: 0xe0393b,
  ribbon: 0xffd45c,
};

/** Counter spots around a house, in cells: the first is Santa's when he is there. */
const SPOTS: [number, number][] = [
  [0.36, 0.12],
  [-0.36, 0.12],
  [0.36, -0.24],
  [-0.36, -0.24],
];

/** A house's proportions, from its width: centred on its lattice point, roof above the front. */
function houseShape(w: number): { bodyH: number; roofH: number; top: number } {
  const bodyH = w * 0.62;
  const roofH = w * 0.46;
  return { bodyH, roofH, top: -(bodyH + roofH) / 2 + 1 };
}

interface Anim {
  seat: number;
  kind: 'move' | 'start' | 'caption';
  from: HouseId | null;
  path: HouseId[];
  how: MoveKind;
  /** Log entries shown as captions during this animation (scores at houses of the path fire on arrival). */
  entries: LogEntry[];
  /** How many houses of the path have been reached. */
  reached: number;
  /** Entries already shown. */
  fired?: Set<LogEntry>;
}

export class SantaScene extends OnDemandScene {
  /** The drawing target of the draw* methods: one of the keyed layers below. */
  private staticLayer: Container;
  private base = new Container();
  private layers = { town: new Container(), header: new Container(), plates: new Container(), hand: new Container() };
  private layerKeys: Record<keyof SantaScene['layers'], string> = { town: '', header: '', plates: '', hand: '' };
  private presentLayer = new Container();
  private hoverLayer = new Container();
  private counterLayer = new Container();
  private captionLayer = new Container();
  private fx = new Container();
  private layout: SantaLayout | null = null;
  private state: SceneState | null = null;
  private prev: Model | null = null;
  private lastKey = '';

  // Counters: displayed positions lag behind the view while moves animate.
  private counters = new Map<number, Container>();
  private shown: (HouseId | null)[] = [];
  private moving = new Map<number, Pt>();
  private queue: Anim[] = [];
  private running: Anim | null = null;
  private logSeen = 0;
  private matchNo = -1;
  /** The last move entry, and how far it has been animated (a move may stop while Santa chooses a kid). */
  private lastMove: { index: number; upTo: number } | null = null;
  /** The latest events shown in the caption strip (described when drawn, so they follow the language). */
  private captions: LogEntry[] = [];
  private captionKey = '';
  private presentKey = '';
  private hoverHouse = -1;
  /** Reveal: plate cards flip face up. */
  private flipAt = -1e9;
  private flipTargets: Container[] = [];
  private pathCurves = new Map<string, Pt[]>();
  private legendW = 0;

  constructor(
    app: Application,
    host: HTMLElement,
    width: number,
    private cb: SceneCallbacks,
  ) {
    super(app, host, width);
    this.staticLayer = this.layers.town;
    this.base.addChild(this.layers.town, this.layers.header, this.layers.plates, this.layers.hand);
    this.root.addChild(this.base, this.presentLayer, this.hoverLayer, this.counterLayer, this.captionLayer, this.fx);
    const canvas = app.canvas as HTMLCanvasElement;
    canvas.addEventListener('pointermove', (e) => this.onHover(e));
    canvas.addEventListener('pointerleave', () => this.setHover(-1));
  }

  static async create(host: HTMLElement, cb: SceneCallbacks): Promise<SantaScene> {
    const { app, width } = await createTableApp(host, { height: 500, background: C.table, antialias: true });
    return new SantaScene(app, host, width, cb);
  }

  protected relayout(): void {
    if (this.state) {
      this.lastKey = '';
      this.update(this.state);
    }
  }

  /** Is a move still being animated (tests wait for the table to settle)? */
  get busy(): boolean {
    return this.running !== null || this.queue.length > 0;
  }

  private renderKey(s: SceneState): string {
    const m = s.model;
    const { log: _log, ...view } = m.view;
    return JSON.stringify([
      this.width,
      t('santa.phase.move'),
      view,
      m.secret,
      m.me,
      m.names,
      m.snap.seats.map((x) => x.awaiting),
      s.clickable,
      s.clickMode,
      s.routeTarget,
      s.routeChoices,
      s.myPick,
      s.canPick,
      s.orderDraft,
      s.plateChoice,
    ]);
  }

  update(state: SceneState): void {
    if (this.destroyed) return;
    const m = state.model;
    const v = m.view;
    const prev = this.prev;
    const fresh = !prev || m.snap.matchNo !== this.matchNo;
    // The reveal: every card of the round turns face up together.
    if (prev && !fresh && prev.view.round === v.round && prev.view.phase === 'pick' && v.phase !== 'pick' && v.played.some((c) => c !== null)) {
      this.flipAt = reducedMotion() ? -1e9 : this.clock;
    }
    this.state = state;
    const key = this.renderKey(state);
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.render(state);
    }
    if (fresh) this.resetCounters(m);
    else this.followLog(m);
    this.prev = m;
    this.drawPresents();
    this.placeCounters();
    this.drawCaption();
    this.requestRender();
  }

  /** Client coordinates of a thing on the table (for tests and accessibility tooling). */
  pointOf(kind: 'house' | 'card' | 'plate' | 'counter', a: number): { x: number; y: number } | null {
    const L = this.layout;
    const s = this.state;
    if (!L || !s) return null;
    const rect = (this.app.canvas as HTMLCanvasElement).getBoundingClientRect();
    const scale = rect.width / L.W;
    let p: Pt | null = null;
    if (kind === 'house') {
      const hs = s.model.town.houses[a];
      if (hs) p = latticeToPx(L, hs.col, hs.row);
    }
    if (kind === 'card' && L.cards[a - 1]) p = centre(L.cards[a - 1]);
    if (kind === 'plate' && L.plates[a]) p = centre(L.plates[a]);
    if (kind === 'counter') {
      const c = this.counters.get(a);
      if (c && c.visible) p = { x: c.x, y: c.y };
    }
    return p ? { x: rect.left + p.x * scale, y: rect.top + p.y * scale } : null;
  }

  // ---------------------------------------------------------------- drawing

  private text(str: string, style: TextStyleOptions, x: number, y: number, anchorX = 0, anchorY = 0, parent: Container = this.staticLayer): Text {
    return tableText(parent, str, style, x, y, anchorX, anchorY);
  }

  private housePx(id: HouseId): Pt {
    const hs = this.state!.model.town.houses[id];
    return latticeToPx(this.layout!, hs.col, hs.row);
  }

  private render(state: SceneState): void {
    const m = state.model;
    const showHand = m.me >= 0;
    const L = computeLayout(this.width, m.town, m.n, showHand);
    const resized = !this.layout || this.layout.W !== L.W || this.layout.cell !== L.cell;
    this.layout = L;
    if (this.app.renderer.width !== L.W || this.app.renderer.height !== L.H) this.app.renderer.resize(L.W, L.H);
    this.app.stage.hitArea = new Rectangle(0, 0, L.W, L.H);
    (this.app.canvas as HTMLCanvasElement).setAttribute('aria-label', t('santa.tableLabel'));
    if (resized) this.pathCurves.clear();

    // Each part is redrawn only when what it shows changed (text is costly to draw).
    const v = m.view;
    const common = [L.W, L.H, t('santa.phase.move')];
    const me = m.me;
    const keys = {
      header: JSON.stringify([common, v.round, v.phase, v.supply]),
      town: JSON.stringify([
        common,
        v.away,
        state.clickable,
        state.clickMode,
        state.routeTarget,
        state.routeChoices,
        me >= 0 ? [v.positions[me], v.played[me]] : null,
        v.santa,
      ]),
      plates: JSON.stringify([
        common,
        m.names,
        me,
        v.scores,
        v.picked,
        v.played,
        v.hands.map((x) => x.length),
        v.phase,
        v.order,
        v.turn,
        v.mover,
        v.orderBy,
        v.winners,
        v.santa,
        v.tied,
        awaited(v),
        state.orderDraft,
        state.plateChoice,
        state.myPick,
        this.flipAt,
      ]),
      hand: JSON.stringify([common, me, me >= 0 ? v.hands[me] : null, state.myPick, state.canPick, me >= 0 ? v.played[me] : null, v.phase]),
    };
    const draw = {
      header: () => this.drawHeader(L, m),
      town: () => this.drawTown(L, state),
      plates: () => m.names.forEach((_, seat) => this.drawPlate(L, seat, state)),
      hand: () => L.hand && this.drawHand(L, state),
    };
    for (const part of ['town', 'header', 'plates', 'hand'] as const) {
      if (keys[part] === this.layerKeys[part]) continue;
      this.layerKeys[part] = keys[part];
      this.staticLayer = this.layers[part];
      for (const child of this.staticLayer.removeChildren()) child.destroy({ children: true });
      if (part === 'plates') this.flipTargets = [];
      draw[part]();
    }
    this.staticLayer = this.layers.town;
    if (resized) {
      this.presentKey = '';
      this.placeCounters(true);
    }
    this.setHover(this.hoverHouse, true);
  }

  private drawHeader(L: SantaLayout, m: Model): void {
    const v = m.view;
    const r = L.header;
    const round = v.round === 0 ? t('santa.header.setup') : t('santa.header.round', { n: v.round, total: ROUNDS });
    const title = this.text(`${round}  ·  ${t(`santa.phase.${v.phase}`)}`, { fontSize: L.narrow ? 14 : 16, fontWeight: '700' }, r.x, r.y + r.h / 2, 0, 0.5);
    // The present supply.
    const label = this.text(
      t('santa.header.supply', { n: v.supply }),
      { fontSize: L.narrow ? 12 : 14, fontWeight: '700', fill: C.gold },
      r.x + r.w,
      r.y + r.h / 2,
      1,
      0.5,
    );
    const g = new Graphics();
    this.presentShape(g, r.x + r.w - label.width - 12, r.y + r.h / 2 + 1, L.narrow ? 13 : 15);
    this.staticLayer.addChild(g);
    const bar = new Graphics();
    const bw = L.narrow ? 40 : 70;
    const bx = r.x + r.w - label.width - 24 - bw;
    bar.roundRect(bx, r.y + r.h / 2 - 3, bw, 6, 3).fill({ color: 0x000000, alpha: 0.3 });
    bar.roundRect(bx, r.y + r.h / 2 - 3, Math.max(2, (bw * v.supply) / SUPPLY), 6, 3).fill(C.gold);
    this.staticLayer.addChild(bar);
    // The title keeps to the left of the supply bar (long in French on a phone).
    shrinkToFit(title, bx - r.x - 8, L.narrow ? 11 : 13);
  }

  /** A small wrapped present centred on (x, y). */
  private presentShape(g: Graphics, x: number, y: number, s: number): void {
    g.roundRect(x - s / 2, y - s / 2, s, s, s * 0.15)
      .fill(C.present)
      .stroke({ width: 1, color: 0x7a1414 });
    g.rect(x - s * 0.09, y - s / 2, s * 0.18, s).fill(C.ribbon);
    g.rect(x - s / 2, y - s * 0.09, s, s * 0.18).fill(C.ribbon);
    g.ellipse(x - s * 0.17, y - s * 0.58, s * 0.17, s * 0.11).fill(C.ribbon);
    g.ellipse(x + s * 0.17, y - s * 0.58, s * 0.17, s * 0.11).fill(C.ribbon);
  }

  private curveOf(a: HouseId, b: HouseId): Pt[] {
    const key = `${a}-${b}`;
    const cached = this.pathCurves.get(key);
    if (cached) return cached;
    const town = this.state!.model.town;
    const p = town.paths.find((x) => (x.a === a && x.b === b) || (x.a === b && x.b === a));
    if (!p) return [this.housePx(a), this.housePx(b)];
    const L = this.layout!;
    let pts = [this.housePx(p.a), ...p.via.map(([c, r]) => latticeToPx(L, c, r)), this.housePx(p.b)];
    if (p.a !== a) pts = pts.reverse();
    const curve = smoothCurve(pts, 14);
    this.pathCurves.set(key, curve);
    return curve;
  }

  /** The points a counter travels through for one step (a curve along a path, else straight). */
  private stepPoints(a: HouseId, b: HouseId, how: MoveKind): Pt[] {
    if (how === 'flight') {
      const p = this.housePx(a);
      const q = this.housePx(b);
      const lift = Math.min(140, Math.hypot(q.x - p.x, q.y - p.y) * 0.35);
      return smoothCurve([p, { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 - lift }, q], 16);
    }
    const town = this.state!.model.town;
    const isPath = town.paths.some((x) => (x.a === a && x.b === b) || (x.a === b && x.b === a));
    const isStreet = town.streets.some((x) => (x.a === a && x.b === b) || (x.a === b && x.b === a));
    return isPath && !isStreet ? this.curveOf(a, b) : [this.housePx(a), this.housePx(b)];
  }

  private drawTown(L: SantaLayout, s: SceneState): void {
    const m = s.model;
    const v = m.view;
    const town = m.town;
    const cell = L.cell;
    const b = L.board;

    // The night sky and the snow.
    const bg = new Graphics();
    bg.roundRect(b.x, b.y, b.w, b.h, 14).fill(C.night).stroke({ width: 2, color: C.nightEdge });
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const flakes = Math.round((b.w * b.h) / 2600);
    for (let i = 0; i < flakes; i++) {
      bg.circle(b.x + 6 + rnd() * (b.w - 12), b.y + 6 + rnd() * (b.h - 12), 0.6 + rnd() * 1.3).fill({ color: 0xffffff, alpha: 0.12 + rnd() * 0.22 });
    }
    this.staticLayer.addChild(bg);

    // Streets: wide snowy lanes.
    const streets = new Graphics();
    for (const st of town.streets) {
      const p = this.housePx(st.a);
      const q = this.housePx(st.b);
      streets
        .moveTo(p.x, p.y)
        .lineTo(q.x, q.y)
        .stroke({ width: cell * 0.2 + 3, color: C.streetEdge, alpha: 0.55, cap: 'round' });
    }
    for (const st of town.streets) {
      const p = this.housePx(st.a);
      const q = this.housePx(st.b);
      streets
        .moveTo(p.x, p.y)
        .lineTo(q.x, q.y)
        .stroke({ width: cell * 0.2, color: C.snow, alpha: 0.92, cap: 'round' });
    }
    this.staticLayer.addChild(streets);

    // Santa's paths: glowing, dashed, winding.
    const paths = new Graphics();
    for (const p of town.paths) {
      const curve = this.curveOf(p.a, p.b);
      paths.moveTo(curve[0].x, curve[0].y);
      for (const pt of curve.slice(1)) paths.lineTo(pt.x, pt.y);
      paths.stroke({ width: cell * 0.24, color: C.path, alpha: 0.08, cap: 'round', join: 'round' });
      paths.stroke({ width: cell * 0.13, color: C.path, alpha: 0.14, cap: 'round', join: 'round' });
      this.dashes(paths, curve, Math.max(4, cell * 0.13), Math.max(3, cell * 0.09), Math.max(2, cell * 0.055), C.path);
    }
    this.staticLayer.addChild(paths);

    // Route choice: the remaining routes to the chosen house.
    if (s.routeTarget !== null && s.routeChoices.length > 1 && m.me >= 0) {
      const g = new Graphics();
      const from = v.positions[m.me];
      if (from !== null) {
        const how: MoveKind = v.played[m.me]! >= 11 ? (m.me === v.santa ? 'flight' : 'bike') : 'walk';
        s.routeChoices.forEach((route, k) => {
          const off = (k - (s.routeChoices.length - 1) / 2) * Math.max(2, cell * 0.05);
          let at = from;
          const pts: Pt[] = [];
          for (const h of route) {
            for (const pt of this.stepPoints(at, h, how)) pts.push({ x: pt.x + off, y: pt.y + off });
            at = h;
          }
          g.moveTo(pts[0].x, pts[0].y);
          for (const pt of pts.slice(1)) g.lineTo(pt.x, pt.y);
          g.stroke({ width: Math.max(3, cell * 0.07), color: playerColorNum(m.me), alpha: 0.85, cap: 'round', join: 'round' });
        });
      }
      this.staticLayer.addChild(g);
    }

    // Houses.
    const clickable = new Set(s.clickable);
    const via = new Set<HouseId>();
    if (s.routeTarget !== null && s.routeChoices.length > 1) for (const r of s.routeChoices) for (const h of r.slice(0, -1)) via.add(h);
    const dim = s.clickMode !== null;
    const away = new Set(v.away);
    const w = L.houseW;
    const { bodyH, roofH, top } = houseShape(w);
    for (const house of town.houses) {
      const p = this.housePx(house.id);
      const c = new Container();
      c.position.set(p.x, p.y);
      const isAway = away.has(house.id);
      const canClick = clickable.has(house.id) || via.has(house.id);
      const g = new Graphics();
      if (!isAway) g.circle(0, 0, w * 0.85).fill({ color: 0xffc36b, alpha: 0.1 });
      if (canClick) {
        const color = s.routeTarget === house.id ? C.ember : via.has(house.id) ? C.via : C.gold;
        g.circle(0, 0, cell * 0.44)
          .fill({ color, alpha: 0.16 })
          .stroke({ width: Math.max(2.5, cell * 0.045), color, alpha: 0.95 });
      }
      c.addChild(g);
      // The house itself apart from its glow, named for the browser tests (its bounds).
      const body = new Graphics();
      body.label = `house:${house.id}`;
      body
        .rect(-w / 2, top + roofH, w, bodyH)
        .fill(isAway ? C.houseAway : C.house)
        .stroke({ width: 1, color: 0x000000, alpha: 0.35 });
      body.poly([-w / 2 - w * 0.1, top + roofH + 1, 0, top, w / 2 + w * 0.1, top + roofH + 1]).fill(isAway ? C.roofAway : C.roof);
      // Snow on the roof.
      body
        .poly([
          -w * 0.36,
          top + roofH * 0.42,
          0,
          top - 1,
          w * 0.36,
          top + roofH * 0.42,
          w * 0.2,
          top + roofH * 0.34,
          0,
          top + roofH * 0.2,
          -w * 0.2,
          top + roofH * 0.34,
        ])
        .fill({ color: 0xffffff, alpha: 0.9 });
      c.addChild(body);
      const num = new Text({
        text: house.label,
        style: { fontFamily: TABLE_FONT, fontSize: Math.max(9, Math.round(bodyH * 0.7)), fontWeight: '800', fill: isAway ? 0x23272e : C.ink },
      });
      num.anchor.set(0.5, 0.5);
      num.position.set(0, Math.round(top + roofH + bodyH / 2 + 0.5));
      c.addChild(num);
      if (isAway) {
        tableIcon(c, 'luggage', Math.max(11, Math.round(cell * 0.24)), w * 0.55, top + roofH * 0.35, 0.5, 0.5);
      }
      if (L.showNames) {
        const name = new Text({
          text: houseName(town, house.id),
          style: {
            fontFamily: TABLE_FONT,
            fontSize: 10,
            fontWeight: '600',
            fill: 0xdfe8f2,
            align: 'center',
            wordWrap: true,
            wordWrapWidth: cell * 0.96,
            breakWords: true,
            lineHeight: 11,
            stroke: { color: C.night, width: 3 },
          },
        });
        name.anchor.set(0.5, 0);
        name.position.set(0, Math.round(top + roofH + bodyH + 2));
        name.alpha = 0.85;
        c.addChild(name);
      }
      if (dim && !canClick) c.alpha = 0.55;
      if (canClick) {
        c.eventMode = 'static';
        c.cursor = 'pointer';
        c.hitArea = new Circle(0, 0, cell * 0.46);
        c.on('pointertap', () => this.cb.clickHouse(house.id));
      }
      this.staticLayer.addChild(c);
    }

    // A small legend on wide tables, beside the caption.
    this.legendW = 0;
    if (!L.narrow) {
      const lg = new Container();
      const g = new Graphics();
      let x = 0;
      const y = 0;
      const items: [string, (g: Graphics, x: number) => void][] = [
        [
          t('santa.legend.street'),
          (g, x) =>
            g
              .moveTo(x, y)
              .lineTo(x + 22, y)
              .stroke({ width: 6, color: C.snow, cap: 'round' }),
        ],
        [
          t('santa.legend.path'),
          (g, x) =>
            this.dashes(
              g,
              [
                { x, y },
                { x: x + 22, y },
              ],
              5,
              3,
              3,
              C.path,
            ),
        ],
        [t('santa.legend.away'), (_g, x) => tableIcon(lg, 'luggage', 14, x + 10, y, 0.5, 0.5)],
        [t('santa.legend.present'), (g, x) => this.presentShape(g, x + 10, y + 1, 11)],
      ];
      for (const [label, draw] of items) {
        draw(g, x);
        const tx = this.text(label, { fontSize: 11, fill: 0xc9d6e6 }, x + 28, y, 0, 0.5, lg);
        x += 28 + tx.width + 16;
      }
      lg.addChildAt(g, 0);
      lg.position.set(Math.round(b.x + b.w - x - 4), Math.round(L.caption.y + L.caption.h / 2));
      this.legendW = x + 8;
      this.staticLayer.addChild(lg);
    }
  }

  /** A dashed line along a polyline. */
  private dashes(g: Graphics, pts: Pt[], dash: number, gap: number, width: number, color: number): void {
    let on = true;
    let left = dash;
    for (let i = 1; i < pts.length; i++) {
      let a = pts[i - 1];
      const b = pts[i];
      let seg = Math.hypot(b.x - a.x, b.y - a.y);
      while (seg > 0) {
        const d = Math.min(left, seg);
        const f = d / seg;
        const nx = a.x + (b.x - a.x) * f;
        const ny = a.y + (b.y - a.y) * f;
        if (on) g.moveTo(a.x, a.y).lineTo(nx, ny).stroke({ width, color, cap: 'round' });
        a = { x: nx, y: ny };
        seg -= d;
        left -= d;
        if (left <= 0.001) {
          on = !on;
          left = on ? dash : gap;
        }
      }
    }
  }

  private drawPlate(L: SantaLayout, seat: number, s: SceneState): void {
    const m = s.model;
    const v = m.view;
    const r = L.plates[seat];
    const isMe = seat === m.me;
    const waiting = awaited(v).includes(seat);
    const isMover = v.mover === seat;
    const canChoose = s.plateChoice.includes(seat);
    const c = new Container();
    c.position.set(r.x, r.y);
    this.staticLayer.addChild(c);
    const g = new Graphics().roundRect(0, 0, r.w, r.h, 11).fill(isMe ? C.plateMe : C.plate);
    g.roundRect(0, 0, 7, r.h, 3).fill(playerColorNum(seat));
    if (canChoose) g.roundRect(-2, -2, r.w + 4, r.h + 4, 12).stroke({ width: 3, color: C.ember });
    else if (isMover || (waiting && v.phase !== 'pick')) g.roundRect(-2, -2, r.w + 4, r.h + 4, 12).stroke({ width: 3, color: C.gold });
    else g.roundRect(0, 0, r.w, r.h, 11).stroke({ width: 1, color: C.plateEdge });
    c.addChild(g);

    // Order of play this round (or my draft while I name it).
    const order = s.orderDraft ?? (v.order.length ? v.order : null);
    let x = 15;
    if (order) {
      const k = order.indexOf(seat);
      const done = !s.orderDraft && (v.phase === 'move' || v.phase === 'give') && k < v.turn;
      const badge = new Graphics().circle(x + 9, 16, 9).fill(done ? 0x7a6250 : C.cream);
      c.addChild(badge);
      this.text(String(k + 1), { fontSize: 11, fontWeight: '900', fill: C.ink }, x + 9, 16, 0.5, 0.5, c);
      x += 23;
    }
    const narrow = r.w < 200;
    const cr = L.plateCards[seat];
    // Santa's picture before the name.
    if (seat === v.santa) x += tableIcon(c, 'santa', narrow ? 15 : 17, x, 16, 0, 0.5).width + 4;
    // A narrow plate has its score on the lower line: the name may reach the card.
    const nameRoom = cr.x - r.x - x - (narrow ? 6 : 42);
    const label = m.names[seat] + (isMe && !narrow ? ` (${t('lobby.you')})` : '');
    shrinkToFit(this.text(label, { fontSize: narrow ? 12.5 : 14.5, fontWeight: '700' }, x, 16, 0, 0.5, c), nameRoom, narrow ? 10 : 12);
    const cardsLeft = v.hands[seat]?.length ?? 0;
    // A winner's status is a trophy (drawn after the line under the name).
    const winner = !!v.winners?.includes(seat);
    let status = '';
    let statusColor = C.muted;
    if (!winner && v.phase === 'pick') {
      status = v.picked[seat] ? `✓ ${t('santa.pick.picked')}` : t('game.thinking');
      statusColor = v.picked[seat] ? C.good : C.gold;
    } else if (!winner && waiting) {
      status = t('game.thinking');
      statusColor = C.gold;
    }
    // Score (first: the line under the name gets the width it leaves).
    const score = this.text(
      String(v.scores[seat]),
      { fontSize: narrow ? 18 : 24, fontWeight: '900', fill: C.gold },
      cr.x - r.x - (narrow ? 7 : 10),
      narrow ? r.h - 16 : r.h / 2,
      1,
      0.5,
      c,
    );
    const roleName = seat === v.santa ? t('santa.role.santa') : t('santa.role.kid');
    // Everybody plays a card a round, so a narrow plate leaves out the count they all share (the header has the round).
    const sub = narrow ? roleName : `${roleName} · ${t('santa.cards', { count: cardsLeft })}`;
    const subLine = this.text(
      narrow && status ? status : sub,
      {
        fontSize: 11,
        fontWeight: '600',
        fill: narrow && status ? statusColor : C.muted,
        fontStyle: narrow && status && !status.startsWith('✓') ? 'italic' : 'normal',
      },
      15,
      r.h - 15,
      0,
      0.5,
      c,
    );
    shrinkToFit(subLine, cr.x - r.x - (narrow ? 7 : 10) - score.width - 6 - 15 - (narrow && winner ? 24 : 0), 8.5);
    if (winner) tableIcon(c, 'trophy', 18, narrow ? 15 + subLine.width + 6 : 15 + (r.w - 15) * 0.5, r.h - 15, 0, 0.5);
    if (!narrow && status)
      this.text(
        status,
        { fontSize: 11, fontWeight: '700', fill: statusColor, fontStyle: status.startsWith('✓') ? 'normal' : 'italic' },
        15 + (r.w - 15) * 0.5,
        r.h - 15,
        0,
        0.5,
        c,
      );

    // This round's card: face down once picked, face up after the reveal (mine: face up to me).
    const played = v.played[seat];
    const mine = isMe && s.myPick !== null && v.phase === 'pick';
    const card = new Container();
    card.position.set(cr.x - r.x + cr.w / 2, cr.y - r.y + cr.h / 2);
    if (played !== null) {
      this.cardFace(card, played, seat, cr.w, cr.h, false);
      if (this.clock - this.flipAt < 700) {
        card.scale.x = 0.02;
        this.flipTargets.push(card);
      }
    } else if (mine) {
      this.cardFace(card, s.myPick!, seat, cr.w, cr.h, true);
    } else if (v.phase === 'pick' && v.picked[seat]) {
      this.cardBack(card, cr.w, cr.h);
    } else {
      card.addChild(new Graphics().roundRect(-cr.w / 2, -cr.h / 2, cr.w, cr.h, 5).stroke({ width: 1.5, color: C.muted, alpha: 0.35 }));
    }
    c.addChild(card);

    if (canChoose) {
      c.eventMode = 'static';
      c.cursor = 'pointer';
      c.hitArea = new Rectangle(0, 0, r.w, r.h);
      c.on('pointertap', () => this.cb.clickPlate(seat));
    }
  }

  private cardBack(parent: Container, w: number, h: number): void {
    const g = new Graphics()
      .roundRect(-w / 2, -h / 2, w, h, 5)
      .fill(0x9b2c2c)
      .stroke({ width: 1.5, color: C.cream });
    g.roundRect(-w / 2 + 3, -h / 2 + 3, w - 6, h - 6, 3).stroke({ width: 1, color: C.gold, alpha: 0.7 });
    g.star(0, 0, 5, w * 0.2, w * 0.09).fill({ color: C.gold, alpha: 0.85 });
    parent.addChild(g);
  }

  /** A card face centred on (0, 0); `secret`: my own face-down pick, seen only by me. */
  private cardFace(parent: Container, card: number, seat: number, w: number, h: number, secret: boolean): void {
    const g = new Graphics()
      .roundRect(-w / 2, -h / 2, w, h, 5)
      .fill(C.cream)
      .stroke({ width: secret ? 2 : 1.5, color: secret ? C.gold : playerColorNum(seat) });
    if (secret) g.roundRect(-w / 2 + 2, -h / 2 + 2, w - 4, h - 4, 4).stroke({ width: 1, color: C.gold, alpha: 0.6 });
    parent.addChild(g);
    const red = suitIsRed(seat);
    const rank = new Text({
      text: cardName(card),
      style: { fontFamily: TABLE_FONT, fontSize: Math.round(h * 0.42), fontWeight: '900', fill: red ? 0xc0282d : 0x222222 },
    });
    rank.anchor.set(0.5, 0.5);
    // Rank and suit apart, their text boxes included (tests/e2e/text-overlap.ts).
    rank.position.set(0, -h * 0.14);
    parent.addChild(rank);
    const suit = new Text({ text: suitOf(seat), style: { fontFamily: TABLE_FONT, fontSize: Math.round(h * 0.28), fill: red ? 0xc0282d : 0x222222 } });
    suit.anchor.set(0.5, 0.5);
    suit.position.set(0, h * 0.3);
    parent.addChild(suit);
    if (secret) parent.alpha = 0.92;
  }

  private drawHand(L: SantaLayout, s: SceneState): void {
    const m = s.model;
    const v = m.view;
    const hand = new Set(v.hands[m.me] ?? []);
    for (let card = 1; card <= 13; card++) {
      const r = L.cards[card - 1];
      const inHand = hand.has(card);
      const chosen = s.myPick === card && v.phase === 'pick';
      const thisRound = v.played[m.me] === card;
      const c = new Container();
      c.position.set(r.x + r.w / 2, r.y + r.h / 2 - (chosen ? 8 : 0));
      const g = new Graphics();
      g.roundRect(-r.w / 2 + 2, -r.h / 2 + 3, r.w, r.h, 7).fill({ color: 0x000000, alpha: inHand ? 0.3 : 0 });
      c.addChild(g);
      this.cardFace(c, card, m.me, r.w, r.h, false);
      if (chosen) c.addChild(new Graphics().roundRect(-r.w / 2 - 3, -r.h / 2 - 3, r.w + 6, r.h + 6, 8).stroke({ width: 3, color: C.gold }));
      if (thisRound) c.addChild(new Graphics().roundRect(-r.w / 2 - 2, -r.h / 2 - 2, r.w + 4, r.h + 4, 7).stroke({ width: 2, color: playerColorNum(m.me) }));
      if (!inHand) c.alpha = thisRound ? 0.6 : 0.26;
      if (s.canPick && inHand) {
        c.eventMode = 'static';
        c.cursor = 'pointer';
        c.hitArea = new Rectangle(-r.w / 2, -r.h / 2, r.w, r.h);
        c.on('pointertap', () => this.cb.clickCard(card));
      }
      this.staticLayer.addChild(c);
    }
  }

  // ---------------------------------------------------------------- presents

  /** Presents as they should look now: a present placed (or taken) later in a move still being animated is not shown yet (or still shown). */
  private displayedPresents(): boolean[] {
    const v = this.state!.model.view;
    const out = v.present.slice();
    const pending = [...(this.running ? [this.running] : []), ...this.queue].reverse();
    for (const a of pending) {
      for (const e of a.entries.slice().reverse()) {
        if (e.kind !== 'score') continue;
        const idx = a.path.indexOf(e.house);
        if (idx >= 0 && idx < a.reached) continue;
        if (idx < 0 && a.reached > 0) continue;
        if (idx < 0 && a === this.running) continue;
        if (e.cause === 'present' || e.cause === 'start-present') out[e.house] = false;
        if (e.cause === 'took-present') out[e.house] = true;
      }
    }
    return out;
  }

  private drawPresents(): void {
    const L = this.layout;
    if (!L || !this.state) return;
    const shown = this.displayedPresents();
    const key = `${L.W}|${shown.map((p) => (p ? 1 : 0)).join('')}`;
    if (key === this.presentKey) return;
    this.presentKey = key;
    for (const child of this.presentLayer.removeChildren()) child.destroy({ children: true });
    const size = Math.max(10, L.cell * 0.22);
    const { top, roofH } = houseShape(L.houseW);
    shown.forEach((has, id) => {
      if (!has) return;
      const p = this.housePx(id);
      // One per house, named for the browser tests (its bounds against its house's).
      const g = new Graphics();
      g.label = `present:${id}`;
      // On the roof, below its peak: on its own house whatever the spacing of the town (beside
      // it, on a phone, it looked like the next house's), clear of the counters' spots at the
      // house's four corners and of the number on its front.
      this.presentShape(g, p.x, p.y + top + roofH * 0.78 - size / 2, size);
      this.presentLayer.addChild(g);
    });
  }

  // ---------------------------------------------------------------- counters

  private resetCounters(m: Model): void {
    this.matchNo = m.snap.matchNo;
    this.queue = [];
    this.running = null;
    this.moving.clear();
    this.shown = m.view.positions.slice();
    this.logSeen = m.view.log.length;
    this.captions = [];
    const moves = m.view.log.map((e, i) => (e.kind === 'move' ? i : -1)).filter((i) => i >= 0);
    const last = moves.length ? moves[moves.length - 1] : -1;
    this.lastMove = null;
    if (last >= 0) {
      const e = m.view.log[last] as Extract<LogEntry, { kind: 'move' }>;
      const at = m.view.positions[e.seat];
      this.lastMove = { index: last, upTo: at === null ? e.path.length - 1 : e.path.indexOf(at) };
    }
    const recent = m.view.log.filter(isCaption).slice(-1);
    this.captions.push(...recent);
    for (const c of this.counters.values()) c.destroy({ children: true });
    this.counters.clear();
  }

  /** New log entries: queue the moves to animate and the captions to show. */
  private followLog(m: Model): void {
    const v = m.view;
    const log = v.log;
    if (log.length < this.logSeen) {
      this.resetCounters(m);
      return;
    }
    const fresh = log.slice(this.logSeen);
    const base = this.logSeen;
    this.logSeen = log.length;
    let current: Anim | null = null;
    const pendingGive = v.phase === 'give' && v.pendingGive ? v.pendingGive : null;
    // A move that stopped while Santa chose a kid goes on now.
    const continueLast = (): Anim | null => {
      const lm = this.lastMove;
      if (!lm) return null;
      const e = log[lm.index] as Extract<LogEntry, { kind: 'move' }>;
      if (lm.upTo >= e.path.length - 1) return null;
      const stop = pendingGive && v.mover === e.seat ? e.path.indexOf(pendingGive.house, lm.upTo + 1) : e.path.length - 1;
      if (stop <= lm.upTo) return null;
      const a: Anim = { seat: e.seat, kind: 'move', from: e.path[lm.upTo], path: e.path.slice(lm.upTo + 1, stop + 1), how: e.how, entries: [], reached: 0 };
      lm.upTo = stop;
      return a;
    };
    // Entries that follow a move which stopped for Santa's choice belong to its continuation.
    if (fresh.length) current = continueLast();
    fresh.forEach((e, k) => {
      const index = base + k;
      if (e.kind === 'move') {
        if (current) this.queue.push(current);
        const last = !fresh.slice(k + 1).some((x) => x.kind === 'move');
        const stop = last && pendingGive && v.mover === e.seat ? e.path.indexOf(pendingGive.house) : e.path.length - 1;
        current = { seat: e.seat, kind: 'move', from: e.from, path: e.path.slice(0, stop + 1), how: e.how, entries: [], reached: 0 };
        this.lastMove = { index, upTo: stop };
      } else if (e.kind === 'start') {
        if (current) this.queue.push(current);
        current = { seat: e.seat, kind: 'start', from: null, path: [e.house], how: 'walk', entries: [], reached: 0 };
      } else if (e.kind === 'score') {
        if (!current) current = { seat: e.seat, kind: 'caption', from: null, path: [], how: 'walk', entries: [], reached: 0 };
        current.entries.push(e);
      } else if (isCaption(e)) {
        if (current) this.queue.push(current);
        current = null;
        this.queue.push({ seat: -1, kind: 'caption', from: null, path: [], how: 'walk', entries: [e], reached: 0 });
      }
    });
    if (current) this.queue.push(current);
    // Less motion asked, a hidden tab, or a long backlog: show where things are now.
    if (reducedMotion() || document.hidden || this.queue.length > 8) this.flushQueue();
    this.pump();
  }

  private flushQueue(): void {
    const m = this.state!.model;
    for (const a of [...(this.running ? [this.running] : []), ...this.queue]) {
      for (const e of a.entries) if (!a.fired?.has(e)) this.captions.push(e);
    }
    this.captions = this.captions.slice(-2);
    this.running = null;
    this.queue = [];
    this.moving.clear();
    this.shown = m.view.positions.slice();
    for (const child of this.fx.removeChildren()) child.destroy({ children: true });
    for (const c of this.counters.values()) c.scale.set(1);
    this.presentKey = '';
  }

  /** Start the next animation when none is running. */
  private pump(): void {
    if (this.running || this.destroyed) return;
    const a = this.queue.shift();
    const m = this.state!.model;
    if (!a) {
      // Nothing left to show: counters sit where the view says.
      this.moving.clear();
      this.shown = m.view.positions.slice();
      this.placeCounters();
      this.drawPresents();
      return;
    }
    this.running = a;
    // Captions for houses off the path (a present taken where Santa stopped to choose) show at once.
    for (const e of a.entries) if (e.kind !== 'score' || !a.path.includes(e.house)) this.fire(a, e);
    if (a.kind === 'caption') {
      this.tweens.add({ duration: 350, step: () => {}, done: () => this.finish(a) });
      return;
    }
    if (a.kind === 'start') {
      this.shown[a.seat] = a.path[0];
      this.placeCounters();
      const c = this.counterFor(a.seat);
      const y = c.y;
      this.tweens.add({
        duration: 420,
        ease: easeOutBack,
        alive: () => !c.destroyed,
        step: (k) => {
          c.y = y - (1 - k) * 30;
          c.alpha = Math.min(1, k * 1.5);
        },
        done: () => this.finish(a),
      });
      return;
    }
    // A move: step by step along streets, curves along paths, an arc for a flight.
    const from = a.from ?? this.shown[a.seat];
    if (from === null) {
      this.finish(a);
      return;
    }
    const legs: Pt[][] = [];
    let at = from;
    for (const h of a.path) {
      legs.push(this.stepPoints(at, h, a.how));
      at = h;
    }
    const per = a.how === 'flight' ? 900 : a.how === 'bike' ? 230 : 330;
    const c = this.counterFor(a.seat);
    this.counterLayer.addChild(c); // on top while moving
    const trail = new Graphics();
    this.fx.addChild(trail);
    let leg = 0;
    const runLeg = () => {
      if (leg >= legs.length) {
        this.tweens.add({ duration: 500, delay: 300, alive: () => !trail.destroyed, step: (k) => (trail.alpha = 1 - k), done: () => trail.destroy() });
        this.finish(a);
        return;
      }
      const pts = legs[leg];
      trail.moveTo(pts[0].x, pts[0].y);
      for (const pt of pts.slice(1)) trail.lineTo(pt.x, pt.y);
      trail.stroke({ width: Math.max(3, (this.layout?.cell ?? 60) * 0.06), color: playerColorNum(a.seat), alpha: 0.7, cap: 'round', join: 'round' });
      this.tweens.add({
        duration: per,
        ease: easeInOutQuad,
        alive: () => !c.destroyed,
        step: (k) => {
          const p = alongPolyline(pts, k);
          const hop = a.how === 'flight' ? 1 + Math.sin(k * Math.PI) * 0.5 : 1;
          this.moving.set(a.seat, p);
          c.position.set(p.x, p.y - (a.how === 'flight' ? 0 : Math.sin(k * Math.PI) * 5));
          c.scale.set(hop);
        },
        done: () => {
          const house = a.path[leg];
          a.reached = leg + 1;
          this.shown[a.seat] = house;
          for (const e of a.entries) if (e.kind === 'score' && e.house === house) this.fire(a, e);
          this.drawPresents();
          leg++;
          runLeg();
        },
      });
    };
    runLeg();
  }

  private fire(a: Anim, e: LogEntry): void {
    a.fired ??= new Set();
    if (a.fired.has(e)) return;
    a.fired.add(e);
    this.caption(e);
  }

  private finish(a: Anim): void {
    if (this.running !== a) return;
    a.reached = a.path.length;
    for (const e of a.entries) this.fire(a, e);
    if (a.path.length && a.kind !== 'caption') this.shown[a.seat] = a.path[a.path.length - 1];
    this.moving.delete(a.seat);
    this.running = null;
    const c = this.counters.get(a.seat);
    if (c) c.scale.set(1);
    this.placeCounters();
    this.pump();
    this.requestRender();
  }

  private counterFor(seat: number): Container {
    let c = this.counters.get(seat);
    if (c && !c.destroyed) return c;
    const L = this.layout!;
    const m = this.state!.model;
    const r = L.counterR;
    c = new Container();
    const g = new Graphics();
    const isSanta = seat === m.view.santa;
    g.circle(1, 2, r).fill({ color: 0x000000, alpha: 0.35 });
    g.circle(0, 0, r)
      .fill(playerColorNum(seat))
      .stroke({ width: isSanta ? 2.5 : 2, color: isSanta ? C.gold : 0xffffff });
    c.addChild(g);
    if (isSanta) {
      tableIcon(c, 'santa', Math.round(r * 1.45), 0, 1, 0.5, 0.5);
    } else {
      const e = new Text({
        text: initial(m.names[seat]),
        style: { fontFamily: TABLE_FONT, fontSize: Math.round(r * 1.15), fontWeight: '900', fill: 0xffffff, stroke: { color: 0x000000, width: 2 } },
      });
      e.anchor.set(0.5, 0.5);
      c.addChild(e);
    }
    this.counters.set(seat, c);
    this.counterLayer.addChild(c);
    return c;
  }

  /** Put every counter that is not moving on its spot (several on a house share it). */
  private placeCounters(rebuild = false): void {
    const L = this.layout;
    const s = this.state;
    if (!L || !s) return;
    const m = s.model;
    if (rebuild) {
      // A new size: moves being animated jump to their end.
      if (this.running || this.queue.length) this.flushQueue();
      for (const c of this.counters.values()) c.destroy({ children: true });
      this.counters.clear();
    }
    const byHouse = new Map<HouseId, number[]>();
    for (let seat = 0; seat < m.n; seat++) {
      const h = this.shown[seat];
      if (h === null || h === undefined || this.moving.has(seat)) continue;
      const list = byHouse.get(h) ?? [];
      list.push(seat);
      byHouse.set(h, list);
    }
    for (let seat = 0; seat < m.n; seat++) {
      const h = this.shown[seat];
      const moving = this.running?.seat === seat && this.running.kind === 'move';
      if (h === null || h === undefined) {
        const c = this.counters.get(seat);
        if (c) c.visible = false;
        continue;
      }
      const c = this.counterFor(seat);
      c.visible = true;
      if (moving) continue;
      const list = (byHouse.get(h) ?? []).sort((a, b) => Number(b === m.view.santa) - Number(a === m.view.santa) || a - b);
      const k = Math.max(0, list.indexOf(seat));
      const [dx, dy] = SPOTS[k % SPOTS.length];
      const p = this.housePx(h);
      c.position.set(p.x + dx * L.cell, p.y + dy * L.cell);
      // The mover of the moment glows.
      c.alpha = 1;
    }
    this.requestRender();
  }

  // ---------------------------------------------------------------- captions

  private caption(e: LogEntry): void {
    const s = this.state;
    const L = this.layout;
    if (!s || !L) return;
    this.captions.push(e);
    this.captions = this.captions.slice(-2);
    this.drawCaption();
    if (e.kind === 'score' && !reducedMotion()) {
      const p = this.housePx(e.house);
      const label = new Text({
        text: e.delta > 0 ? `+${e.delta}` : `−${-e.delta}`,
        style: {
          fontFamily: TABLE_FONT,
          fontSize: Math.max(16, Math.round(L.cell * 0.3)),
          fontWeight: '900',
          fill: e.delta > 0 ? playerColorNum(e.seat) : C.bad,
          stroke: { color: 0x0b1220, width: 4 },
        },
      });
      label.anchor.set(0.5, 0.5);
      const offset = this.fx.children.length % 2 ? 0.2 : -0.2;
      label.position.set(p.x + offset * L.cell, p.y - L.cell * 0.3);
      label.scale.set(0.3);
      this.fx.addChild(label);
      const y0 = label.y;
      this.tweens.add({
        duration: 1300,
        ease: (k) => k,
        alive: () => !label.destroyed,
        step: (k) => {
          label.scale.set(k < 0.25 ? easeOutBack(k / 0.25) : 1);
          label.y = y0 - k * L.cell * 0.4;
          label.alpha = k < 0.7 ? 1 : 1 - (k - 0.7) / 0.3;
        },
        done: () => label.destroy(),
      });
    }
    this.requestRender();
  }

  private drawCaption(): void {
    const L = this.layout;
    if (!L) return;
    const entry = this.captions[this.captions.length - 1];
    const last = entry && this.state ? describe(entry, this.state.model) : '';
    const r = { ...L.caption, w: L.caption.w - this.legendW };
    const key = `${last}|${r.x}|${r.y}|${r.w}`;
    if (key === this.captionKey) return;
    this.captionKey = key;
    for (const child of this.captionLayer.removeChildren()) child.destroy({ children: true });
    if (!last) return;
    const size = L.narrow ? 12 : 14;
    const tx = new Text({ text: last, style: { fontFamily: TABLE_FONT, fontSize: size, fontWeight: '700', fill: C.cream, align: 'center' } });
    // A long sentence (French, a long house name) takes two lines rather than an ellipsis.
    wrapToFit(tx, r.w - 24, r.h - 4, size - 2);
    tx.anchor.set(0.5, 0.5);
    const w = Math.min(r.w, tx.width + 24);
    // The pill as tall as one line needs, at the strip's foot; taller for two.
    const h = Math.min(r.h, Math.max(L.captionLine, tx.height + 6));
    const y = r.y + r.h - h;
    const g = new Graphics()
      .roundRect(r.x + (r.w - w) / 2, y, w, h, Math.min(h, L.captionLine) / 2)
      .fill({ color: 0x0b1220, alpha: 0.78 })
      .stroke({ width: 1, color: C.gold, alpha: 0.5 });
    tx.position.set(Math.round(r.x + r.w / 2), Math.round(y + h / 2));
    this.captionLayer.addChild(g, tx);
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
      const p = this.housePx(h);
      const d = Math.hypot(p.x - x, p.y - y);
      if (d < bestD) {
        bestD = d;
        best = h;
      }
    }
    this.setHover(best);
  }

  /** Hovering a destination previews the routes that lead there. */
  private setHover(house: number, force = false): void {
    if (house === this.hoverHouse && !force) return;
    this.hoverHouse = house;
    for (const child of this.hoverLayer.removeChildren()) child.destroy({ children: true });
    const s = this.state;
    const L = this.layout;
    if (!s || !L || house < 0 || !s.clickable.includes(house)) {
      this.requestRender();
      return;
    }
    const g = new Graphics();
    const p = this.housePx(house);
    g.circle(p.x, p.y, L.cell * 0.48).stroke({ width: 2, color: 0xffffff, alpha: 0.9 });
    const m = s.model;
    if (s.clickMode === 'move' && m.me >= 0 && s.routeTarget === null) {
      const from = m.view.positions[m.me];
      const card = m.view.played[m.me];
      if (from !== null && card !== null) {
        const how: MoveKind = card >= 11 ? (m.me === m.view.santa ? 'flight' : 'bike') : 'walk';
        for (const route of this.routesTo(house)) {
          let at = from;
          const pts: Pt[] = [];
          for (const h of route) {
            pts.push(...this.stepPoints(at, h, how));
            at = h;
          }
          g.moveTo(pts[0].x, pts[0].y);
          for (const pt of pts.slice(1)) g.lineTo(pt.x, pt.y);
          g.stroke({ width: Math.max(2, L.cell * 0.05), color: playerColorNum(m.me), alpha: 0.75, cap: 'round', join: 'round' });
        }
      }
    }
    this.hoverLayer.addChild(g);
    this.requestRender();
  }

  /** Routes preview: set by the table (the legal routes of my move). */
  routesTo: (house: HouseId) => Route[] = () => [];

  // ---------------------------------------------------------------- frame loop

  protected override get animating(): boolean {
    return this.flipTargets.length > 0;
  }

  protected override animate(): void {
    if (this.flipTargets.length && flipFaceUp(this.flipTargets, this.clock - this.flipAt)) this.flipTargets = [];
  }
}
