/**
 * The Wind City table drawn with Pixi: the city grid (the sea, the beach row,
 * the four land sections, those not in play greyed out, the observatories),
 * every house in its owner's colour (double and beach houses marked, insured
 * ones shielded), the hurricane, the squares that may be clicked now, the
 * path of the plan being made, the players, and the card. Each act is
 * animated step by step from the public act record (wrapping across the
 * east/west edges, houses blown away, extra steps). Everything it shows comes
 * from a SceneState; every input goes back through SceneCallbacks (the DOM
 * controls offer the same actions).
 */
import { Application, Container, Graphics, Rectangle, Text, type FederatedPointerEvent, type TextStyleOptions } from 'pixi.js';
import { t } from '../../i18n/index.js';
import { playerColorNum } from '../colors.js';
import { easeInOutQuad, easeOutBack, easeOutCubic } from '../common/tween.js';
import { TABLE_FONT, OnDemandScene, createTableApp, fitText, reducedMotion, tableText } from '../common/pixi-scene.js';
import { COLS, ROWS, SEA_ROWS, BEACH_ROW, OBSERVATORIES, colOf, rowOf, sectionOfRow } from '@fireside/shared/games/windcity/board';
import type { ActRecord, ActSegment, Card, HouseSquare, SquareId, StepRecord } from '@fireside/shared/games/windcity/types';
import { isPremium } from '@fireside/shared/games/windcity/queries';
import { cardById } from '@fireside/shared/games/windcity/cards';
import {
  DIR_ARROW,
  awaitedFor,
  expiredAfter,
  housesBefore,
  houseStats,
  positionBefore,
  seatName,
  squareName,
  actionText,
  type Model,
  type Preview,
} from './model.js';
import { computeLayout, cellRect, squareAt, squareCentre, type WcLayout } from './layout.js';
import { centre, type Pt, type Rect } from '../common/geometry.js';
import { describe, planText } from './events.js';
import { HeaderWidget } from './widgets/header.js';

export type ClickMode = 'hurricane' | 'place' | 'renew' | 'ask' | 'kauf' | null;

export interface SceneState {
  model: Model;
  /** Squares that respond to a click now. */
  clickable: SquareId[];
  clickMode: ClickMode;
  /** Houses chosen in a renewal or an insurance request being made. */
  selected: SquareId[];
  /** As the seller: the requests waiting for an answer (their houses are outlined in the buyer's colour). */
  requests: { buyer: number; squares: SquareId[] }[];
  /** The card to show, whose it is, and whether it is face down for me. */
  card: Card | null;
  cardSeat: number | null;
  cardHidden: boolean;
  /** The plan shown on the card (my draft, or the revealed plan). */
  plan: number[];
  /** I may click the card's actions (plan phase, my turn). */
  canPlan: boolean;
  /** The plan's cost and what the planner has. */
  planCost: number;
  coins: number;
  /** My plan's path on the board as it stands. */
  preview: Preview | null;
  /** An action was sent for this step: waiting for the server. */
  sent: boolean;
}

export interface SceneCallbacks {
  clickSquare(sq: SquareId): void;
  clickAction(index: number): void;
}

const C = {
  table: 0x241710,
  frame: 0x1a2630,
  sea: 0x1f5f8b,
  seaDeep: 0x184d73,
  wave: 0x8fd0ff,
  sand: 0xe6cf94,
  land: [0x7d9b5a, 0x6f8f52, 0x7d9b5a, 0x6f8f52],
  grid: 0x000000,
  inactive: 0x53514d,
  ink: 0x2a1c12,
  cream: 0xfff4e2,
  muted: 0xc8ab8c,
  gold: 0xffc857,
  ember: 0xf28c28,
  plate: 0x3a281c,
  plateMe: 0x4a3223,
  plateEdge: 0x6e4832,
  good: 0x3ccf7a,
  bad: 0xff6b5b,
  obs: 0xdfe6ee,
  obsDark: 0x4b5a6a,
  storm: 0xd8e4ef,
  stormDark: 0x5b6b7c,
  shield: 0xffffff,
  card: 0xfff4e2,
  cardBack: 0x6a3f8f,
};

/** A darker shade of a colour. */
function shade(color: number, k: number): number {
  const r = Math.round(((color >> 16) & 255) * k);
  const g = Math.round(((color >> 8) & 255) * k);
  const b = Math.round((color & 255) * k);
  return (r << 16) | (g << 8) | b;
}

/** A step of an act being animated. */
type Beat = (done: () => void) => void;

export class WindCityScene extends OnDemandScene {
  private boardLayer = new Container();
  private markLayer = new Container();
  private trailLayer = new Graphics();
  private previewLayer = new Container();
  private houseLayer = new Container();
  private hoverLayer = new Graphics();
  private hurricane = new Container();
  private fx = new Container();
  private uiLayer = new Container();
  private captionLayer = new Container();
  private header = new HeaderWidget();
  private boardHit = new Container();
  private layout: WcLayout | null = null;
  private state: SceneState | null = null;
  private keys = { board: '', marks: '', preview: '', houses: '', ui: '', caption: '' };
  private hover: SquareId | null = null;

  // What the board shows: lags behind the view while an act is animated.
  private shownHouses: (HouseSquare | null)[] = [];
  private shownHurricane: SquareId | null = null;
  private matchNo = -1;
  /** How much of the view's act has been shown: its turn, resolved segments, and whether its end was shown. */
  private shownAct: { turn: number; segs: number; done: boolean } | null = null;
  private beats: Beat[] = [];
  private playing = false;
  /** The text of the caption while an act plays (else the latest event). */
  private liveCaption: string | null = null;
  private spin = 0;
  /** The act being animated: its card and plan are shown on the card panel meanwhile. */
  private playingAct: ActRecord | null = null;

  constructor(
    app: Application,
    host: HTMLElement,
    width: number,
    private cb: SceneCallbacks,
  ) {
    super(app, host, width);
    this.root.addChild(
      this.boardLayer,
      this.markLayer,
      this.trailLayer,
      this.previewLayer,
      this.houseLayer,
      this.hoverLayer,
      this.hurricane,
      this.fx,
      this.boardHit,
      this.uiLayer,
      this.header.view,
      this.captionLayer,
    );
    this.boardHit.eventMode = 'static';
    this.boardHit.on('pointertap', (e: FederatedPointerEvent) => {
      const L = this.layout;
      if (!L) return;
      const sq = squareAt(L, e.global.x, e.global.y);
      if (sq !== null && this.state?.clickable.includes(sq)) this.cb.clickSquare(sq);
    });
    this.boardHit.on('pointermove', (e: FederatedPointerEvent) => {
      const L = this.layout;
      if (!L) return;
      const sq = squareAt(L, e.global.x, e.global.y);
      this.setHover(sq !== null && this.state?.clickable.includes(sq) ? sq : null);
    });
    this.boardHit.on('pointerleave', () => this.setHover(null));
  }

  static async create(host: HTMLElement, cb: SceneCallbacks): Promise<WindCityScene> {
    const { app, width } = await createTableApp(host, { height: 600, background: C.table, antialias: true });
    return new WindCityScene(app, host, width, cb);
  }

  protected relayout(): void {
    if (this.state) {
      this.keys = { board: '', marks: '', preview: '', houses: '', ui: '', caption: '' };
      this.update(this.state);
    }
  }

  /** Is an act still being animated (tests wait for the table to settle)? */
  get busy(): boolean {
    return this.playing || this.beats.length > 0;
  }

  /** Client coordinates of a thing on the table: a square, an action tile of the card, a player's plate, the hurricane. */
  pointOf(kind: 'square' | 'action' | 'plate' | 'hurricane', a = 0): { x: number; y: number } | null {
    const L = this.layout;
    if (!L) return null;
    const rect = (this.app.canvas as HTMLCanvasElement).getBoundingClientRect();
    const scale = rect.width / L.W;
    let p: Pt | null = null;
    if (kind === 'square' && a >= 0 && a < COLS * ROWS) p = squareCentre(L, a);
    if (kind === 'action' && L.tiles[a]) p = centre(L.tiles[a]);
    if (kind === 'plate' && L.plates[a]) p = centre(L.plates[a]);
    if (kind === 'hurricane' && this.hurricane.visible) p = { x: this.hurricane.x, y: this.hurricane.y };
    return p ? { x: rect.left + p.x * scale, y: rect.top + p.y * scale } : null;
  }

  update(state: SceneState): void {
    if (this.destroyed) return;
    const m = state.model;
    const v = m.view;
    this.state = state;
    const first = computeLayout(this.width, m.n, this.heightBudget);
    const lines = this.header.linesFor(first.narrow, first.header.w);
    const L = lines === 1 ? first : computeLayout(this.width, m.n, this.heightBudget, lines);
    const resized = !this.layout || this.layout.W !== L.W || this.layout.H !== L.H;
    this.layout = L;
    if (this.app.renderer.width !== L.W || this.app.renderer.height !== L.H) this.app.renderer.resize(L.W, L.H);
    this.app.stage.hitArea = new Rectangle(0, 0, L.W, L.H);
    this.boardHit.hitArea = new Rectangle(L.board.x, L.board.y, L.board.w, L.board.h);
    this.boardHit.cursor = state.clickable.length ? 'pointer' : 'default';
    (this.app.canvas as HTMLCanvasElement).setAttribute('aria-label', t('windcity.tableLabel'));

    // The act: animate what is new in it, or show the board as it is.
    const fresh = m.snap.matchNo !== this.matchNo;
    if (fresh) {
      this.matchNo = m.snap.matchNo;
      this.tweens.clear();
      this.beats = [];
      this.playing = false;
      this.fx.removeChildren().forEach((c) => c.destroy({ children: true }));
      this.shownAct = v.act ? { turn: v.act.turn, segs: resolved(v.act), done: v.act.done } : null;
      this.trailLayer.clear();
      if (v.act) this.drawTrail(v.act, resolved(v.act));
      this.syncBoard();
    } else if (!this.playing) {
      this.followAct();
    }
    if (resized) {
      this.trailLayer.clear();
      if (v.act && !this.playing) this.drawTrail(v.act, this.shownAct?.segs ?? 0);
    }
    this.draw();
    this.requestRender();
  }

  // ---------------------------------------------------------------- the act

  /** Start animating the new part of the act, if any. */
  private followAct(): void {
    const v = this.state!.model.view;
    const act = v.act;
    const n = act ? resolved(act) : 0;
    const shown = this.shownAct;
    const newTurn = act && (!shown || shown.turn !== act.turn);
    const more = act && shown && shown.turn === act.turn && (n > shown.segs || (act.done && !shown.done));
    if (!act || (!newTurn && !more)) {
      this.syncBoard();
      return;
    }
    const from = newTurn ? 0 : shown!.segs;
    const endNow = act.done && (newTurn || !shown!.done);
    if (newTurn) this.trailLayer.clear();
    this.shownAct = { turn: act.turn, segs: n, done: act.done };
    if (reducedMotion()) {
      this.drawTrail(act, n, from);
      this.syncBoard();
      this.liveCaption = null;
      return;
    }
    this.shownHouses = housesBefore(v.houses, act, from, act.segments.length, act.done ? expiredAfter(v, act) : []);
    this.shownHurricane = positionBefore(act, from);
    if (newTurn) this.beats.push((done) => this.revealBeat(act, done));
    for (let i = from; i < n; i++) this.segmentBeats(act, act.segments[i]);
    if (endNow) this.endBeats(act);
    this.playing = true;
    this.playingAct = act;
    this.keys.houses = '';
    this.keys.ui = '';
    this.next();
  }

  private next(): void {
    if (this.destroyed) return;
    const beat = this.beats.shift();
    if (!beat) {
      this.playing = false;
      this.playingAct = null;
      this.keys.ui = '';
      this.liveCaption = null;
      // Anything that changed meanwhile (a newer act) is shown now.
      this.followAct();
      this.draw();
      this.requestRender();
      return;
    }
    beat(() => this.next());
    this.requestRender();
  }

  /** A duration, shortened when a newer act is already waiting (the table catches up). */
  private dur(ms: number): number {
    const latest = this.state?.model.view.act?.turn;
    return this.playingAct && latest !== undefined && latest !== this.playingAct.turn ? ms * 0.35 : ms;
  }

  private wait(ms: number, done: () => void): void {
    this.tweens.add({ duration: this.dur(ms), step: () => {}, done });
    this.requestRender();
  }

  private caption(text: string): void {
    this.liveCaption = text;
    this.keys.caption = '';
    this.drawCaption();
  }

  private revealBeat(act: ActRecord, done: () => void): void {
    const m = this.state!.model;
    this.caption(t('windcity.caption.reveal', { name: seatName(m, act.seat), card: act.card, plan: planText(act.card, act.plan) }));
    this.placeHurricane(this.shownHurricane);
    this.wait(700, done);
  }

  private segmentBeats(act: ActRecord, seg: ActSegment): void {
    const m = this.state!.model;
    const card = act.card;
    if (seg.kind === 'kauf') {
      this.beats.push((done) => {
        if (seg.void) {
          this.caption(t('windcity.caption.kaufVoid', { reason: t(`windcity.kaufVoid.${seg.void}`) }));
          this.wait(700, done);
          return;
        }
        if (seg.square === null) {
          this.caption(t('windcity.caption.kaufChoosing', { name: seatName(m, act.seat) }));
          this.wait(300, done);
          return;
        }
        const sq = seg.square;
        this.caption(t('windcity.caption.kauf', { name: seatName(m, act.seat), sq: squareName(sq) }));
        const h = this.shownHouses[sq];
        if (h) this.shownHouses[sq] = { ...h, count: 2 };
        this.keys.houses = '';
        this.drawHouses();
        this.pop(squareCentre(this.layout!, sq), '×2', C.gold);
        this.wait(700, done);
      });
      return;
    }
    this.beats.push((done) => {
      this.caption(
        t('windcity.caption.move', { name: seatName(m, act.seat), action: actionText({ kind: 'move', dir: seg.dir, distance: seg.distance, cost: 0 }), card }),
      );
      done();
    });
    for (const st of seg.steps) this.beats.push((done) => this.stepBeat(act, st, done));
    if (seg.blocked) {
      this.beats.push((done) => {
        this.caption(t('windcity.caption.blocked'));
        this.wait(500, done);
      });
    }
    if (seg.observatory && seg.stop !== null) {
      this.beats.push((done) => {
        this.caption(t('windcity.caption.observatory', { name: seatName(m, act.seat) }));
        this.pop(squareCentre(this.layout!, seg.stop!), '+5', C.gold);
        this.wait(650, done);
      });
    }
  }

  private endBeats(act: ActRecord): void {
    const m = this.state!.model;
    if (act.exited) {
      this.beats.push((done) => {
        this.caption(t('windcity.caption.exit'));
        this.wait(900, done);
      });
      return;
    }
    this.beats.push((done) => {
      if (act.calm && this.shownHurricane !== null) {
        this.caption(t('windcity.caption.calm', { name: seatName(m, act.seat) }));
        this.pop(squareCentre(this.layout!, this.shownHurricane), '+3', C.good);
        this.wait(700, done);
      } else done();
    });
  }

  private stepBeat(act: ActRecord, st: StepRecord, done: () => void): void {
    const L = this.layout!;
    const from = squareCentre(L, st.from);
    const speed = this.dur(280);
    if (st.extra) this.caption(t('windcity.caption.extra'));
    const arrive = () => {
      if (st.to === null) return done();
      this.shownHurricane = st.to;
      const at = squareCentre(L, st.to);
      if (st.destroyed) {
        const h = this.shownHouses[st.to];
        this.shownHouses[st.to] = null;
        this.keys.houses = '';
        this.drawHouses();
        if (h) this.blowAway(h, at, st.wrapped ? (colOf(st.from) === COLS - 1 ? 1 : -1) : colOf(st.to) - colOf(st.from), rowOf(st.to) - rowOf(st.from));
        this.caption(
          t(st.destroyed.count === 2 ? 'windcity.events.destroyDouble' : 'windcity.events.destroy', {
            owner: seatName(this.state!.model, st.destroyed.owner),
            sq: squareName(st.to),
          }),
        );
      } else if (st.passed !== null) {
        this.pulse(at, C.shield);
        this.caption(t('windcity.caption.passed', { owner: seatName(this.state!.model, st.passed), sq: squareName(st.to) }));
      }
      this.trailStep(st, act.seat);
      this.wait(st.destroyed ? 260 : 60, done);
    };
    if (st.to === null) {
      // Off the north edge: the storm leaves the city.
      const to = { x: from.x, y: L.board.y - L.cell * 1.2 };
      this.trailStep(st, act.seat);
      this.tweens.add({
        duration: speed * 1.6,
        ease: easeInOutQuad,
        step: (k) => {
          this.hurricane.position.set(from.x + (to.x - from.x) * k, from.y + (to.y - from.y) * k);
          this.hurricane.alpha = 1 - k;
        },
        done: () => {
          this.shownHurricane = null;
          this.hurricane.visible = false;
          this.hurricane.alpha = 1;
          done();
        },
      });
      this.requestRender();
      return;
    }
    const to = squareCentre(L, st.to);
    if (st.wrapped) {
      // Out across one edge, back in from the other.
      const east = colOf(st.from) === COLS - 1;
      const out = { x: east ? L.board.x + L.board.w + L.edge : L.board.x - L.edge, y: from.y };
      const back = { x: east ? L.board.x - L.edge : L.board.x + L.board.w + L.edge, y: to.y };
      this.tweens.add({
        duration: speed * 0.6,
        ease: easeInOutQuad,
        step: (k) => {
          this.hurricane.position.set(from.x + (out.x - from.x) * k, from.y);
          this.hurricane.alpha = 1 - k * 0.9;
        },
        done: () => {
          this.pulse(out, C.wave, 0.45);
          this.pulse(back, C.wave, 0.45);
          this.tweens.add({
            duration: speed * 0.6,
            ease: easeInOutQuad,
            step: (k) => {
              this.hurricane.position.set(back.x + (to.x - back.x) * k, to.y);
              this.hurricane.alpha = 0.1 + k * 0.9;
            },
            done: arrive,
          });
        },
      });
    } else {
      this.tweens.add({
        duration: speed,
        ease: easeInOutQuad,
        step: (k) => this.hurricane.position.set(from.x + (to.x - from.x) * k, from.y + (to.y - from.y) * k),
        done: arrive,
      });
    }
    this.requestRender();
  }

  /** A destroyed house flies off with the wind and fades. */
  private blowAway(h: HouseSquare, at: Pt, dx: number, dy: number): void {
    const g = new Graphics();
    this.houseShape(g, 0, 0, this.layout!.cell * 0.5, playerColorNum(h.owner), h.count === 2);
    const c = new Container();
    c.addChild(g);
    c.position.set(at.x, at.y);
    this.fx.addChild(c);
    const dist = this.layout!.cell * 1.6;
    const vx = Math.sign(dx) || Math.random() - 0.5;
    const vy = -(Math.sign(dy) || 0.6);
    this.tweens.add({
      duration: 800,
      ease: easeOutCubic,
      step: (k) => {
        c.position.set(at.x + vx * dist * k, at.y + vy * dist * k * 0.8 - Math.sin(k * Math.PI) * 12);
        c.rotation = k * 4 * (vx >= 0 ? 1 : -1);
        c.alpha = 1 - k;
        c.scale.set(1 - k * 0.4);
      },
      done: () => c.destroy({ children: true }),
    });
  }

  private pulse(at: Pt, color: number, size = 0.6): void {
    const g = new Graphics();
    g.circle(0, 0, this.layout!.cell * size).stroke({ width: 3, color, alpha: 0.9 });
    g.position.set(at.x, at.y);
    this.fx.addChild(g);
    this.tweens.add({
      duration: 500,
      step: (k) => {
        g.scale.set(0.5 + k * 0.8);
        g.alpha = 1 - k;
      },
      done: () => g.destroy(),
    });
  }

  private pop(at: Pt, text: string, color: number): void {
    const tx = new Text({
      text,
      style: {
        fontFamily: TABLE_FONT,
        fontSize: Math.max(14, Math.round(this.layout!.cell * 0.45)),
        fontWeight: '900',
        fill: color,
        stroke: { color: 0x000000, width: 4 },
      },
    });
    tx.anchor.set(0.5);
    tx.position.set(at.x, at.y);
    this.fx.addChild(tx);
    this.tweens.add({
      duration: 900,
      ease: easeOutBack,
      step: (k) => {
        tx.position.set(at.x, at.y - k * this.layout!.cell * 0.7);
        tx.alpha = k < 0.7 ? 1 : 1 - (k - 0.7) / 0.3;
      },
      done: () => tx.destroy(),
    });
  }

  // ---------------------------------------------------------------- drawing

  /** The board shows the view. */
  private syncBoard(): void {
    const v = this.state!.model.view;
    this.shownHouses = v.houses.map((h) => (h ? { ...h } : null));
    this.shownHurricane = v.hurricane;
    this.keys.houses = '';
  }

  private text(parent: Container, str: string, style: TextStyleOptions, x: number, y: number, ax = 0, ay = 0): Text {
    return tableText(parent, str, style, x, y, ax, ay);
  }

  private clear(layer: Container): void {
    for (const c of layer.removeChildren()) c.destroy({ children: true });
  }

  private draw(): void {
    const s = this.state!;
    const L = this.layout!;
    const m = s.model;
    const v = m.view;
    const lk = t('windcity.tableLabel');
    const boardKey = JSON.stringify([L.W, L.H, v.players, lk]);
    if (boardKey !== this.keys.board) {
      this.keys.board = boardKey;
      this.clear(this.boardLayer);
      this.drawBoard();
    }
    const marksKey = JSON.stringify([boardKey, s.clickable, s.clickMode, s.selected, s.requests, s.sent]);
    if (marksKey !== this.keys.marks) {
      this.keys.marks = marksKey;
      this.clear(this.markLayer);
      this.drawMarks();
      this.setHover(this.hover && s.clickable.includes(this.hover) ? this.hover : null, true);
    }
    const previewKey = JSON.stringify([boardKey, s.preview, m.me]);
    if (previewKey !== this.keys.preview) {
      this.keys.preview = previewKey;
      this.clear(this.previewLayer);
      this.drawPreview();
    }
    this.drawHouses();
    if (!this.playing) this.placeHurricane(this.shownHurricane);
    const uiKey = JSON.stringify([
      boardKey,
      m.names,
      m.me,
      v.coins,
      v.stock,
      v.points,
      v.out,
      v.houses,
      v.phase,
      v.active,
      v.turn,
      v.drawPileSize,
      awaitedFor(m),
      s.card?.id ?? null,
      s.cardSeat,
      s.cardHidden,
      s.plan,
      s.canPlan,
      s.planCost,
      s.coins,
      s.sent,
      this.playingAct?.turn ?? null,
    ]);
    if (uiKey !== this.keys.ui) {
      this.keys.ui = uiKey;
      this.clear(this.uiLayer);
      m.names.forEach((_, seat) => this.drawPlate(seat));
      this.drawCard();
    }
    this.header.update(L, v);
    this.drawCaption();
  }

  private drawBoard(): void {
    const L = this.layout!;
    const v = this.state!.model.view;
    const layer = this.boardLayer;
    const cell = L.cell;
    const f = L.frame;
    const b = L.board;
    const g = new Graphics();
    g.roundRect(f.x, f.y, f.w, f.h, 10).fill(C.frame);
    // Wrap strips at the east and west edges.
    g.rect(b.x - L.edge, b.y, L.edge, b.h).fill({ color: C.wave, alpha: 0.12 });
    g.rect(b.x + b.w, b.y, L.edge, b.h).fill({ color: C.wave, alpha: 0.12 });
    const inPlay = new Set<number>(v.sections);
    for (let row = 0; row < ROWS; row++) {
      const section = sectionOfRow(row);
      const r = cellRect(L, 0, row);
      let color: number;
      if (row < SEA_ROWS) color = row % 2 ? C.sea : C.seaDeep;
      else if (row === BEACH_ROW) color = C.sand;
      else color = C.land[section - 1];
      g.rect(b.x, r.y, b.w, cell).fill(color);
      if (row >= SEA_ROWS && !inPlay.has(section)) g.rect(b.x, r.y, b.w, cell).fill({ color: C.inactive, alpha: 0.78 });
    }
    // Waves on the sea.
    for (let row = 0; row < SEA_ROWS; row++) {
      const r = cellRect(L, 0, row);
      for (let k = 0; k < COLS * 2; k++) {
        const x = b.x + (k + 0.25 + (row % 2) * 0.5) * (cell / 2);
        const y = r.y + cell * (0.35 + 0.3 * ((k + row) % 2));
        g.moveTo(x - cell * 0.12, y)
          .quadraticCurveTo(x, y - cell * 0.08, x + cell * 0.12, y)
          .stroke({ width: 1.5, color: C.wave, alpha: 0.45 });
      }
    }
    // Hatching over the sections not in play.
    for (const section of [1, 2, 3, 4]) {
      if (inPlay.has(section)) continue;
      const top = cellRect(L, 0, SEA_ROWS + 3 * (section - 1) + 2).y;
      const h = cell * 3;
      for (let x = -h; x < b.w; x += cell * 0.5) {
        const x0 = Math.max(0, x);
        const x1 = Math.min(b.w, x + h);
        if (x1 <= x0) continue;
        g.moveTo(b.x + x0, top + h - (x0 - x))
          .lineTo(b.x + x1, top + h - (x1 - x))
          .stroke({ width: 1, color: 0x000000, alpha: 0.22 });
      }
    }
    // The grid.
    for (let c = 0; c <= COLS; c++)
      g.moveTo(b.x + c * cell, b.y)
        .lineTo(b.x + c * cell, b.y + b.h)
        .stroke({ width: 1, color: C.grid, alpha: 0.18 });
    for (let r = 0; r <= ROWS; r++)
      g.moveTo(b.x, b.y + r * cell)
        .lineTo(b.x + b.w, b.y + r * cell)
        .stroke({ width: r % 3 === 0 ? 2 : 1, color: C.grid, alpha: r % 3 === 0 ? 0.45 : 0.18 });
    // The wrap arrows.
    for (const row of [1, 5, 9, 13]) {
      const r = cellRect(L, 0, row);
      const y = r.y + cell / 2;
      const a = L.edge * 0.42;
      g.poly([b.x - L.edge + 2, y, b.x - 3, y - a, b.x - 3, y + a]).fill({ color: C.wave, alpha: 0.55 });
      g.poly([b.x + b.w + L.edge - 2, y, b.x + b.w + 3, y - a, b.x + b.w + 3, y + a]).fill({ color: C.wave, alpha: 0.55 });
    }
    layer.addChild(g);
    // Observatories.
    const obs = new Graphics();
    for (const sq of OBSERVATORIES) this.observatoryShape(obs, squareCentre(L, sq), cell);
    layer.addChild(obs);
    // Labels: rows at the left, columns under the board, sections not in play.
    const small = L.narrow ? 9 : 11;
    for (let row = 0; row < ROWS; row++) {
      const r = cellRect(L, 0, row);
      this.text(layer, String(row + 1), { fontSize: small, fill: C.muted, fontWeight: '600' }, b.x - L.edge - 3, r.y + cell / 2, 1, 0.5);
    }
    for (let col = 0; col < COLS; col++) {
      this.text(layer, 'ABCDEFGH'[col], { fontSize: small, fill: C.muted, fontWeight: '700' }, b.x + (col + 0.5) * cell, b.y + b.h + 2, 0.5, 0);
    }
    for (const section of [1, 2, 3, 4]) {
      if (inPlay.has(section)) continue;
      const r = cellRect(L, 0, SEA_ROWS + 3 * (section - 1) + 1);
      const tx = this.text(
        layer,
        t('windcity.board.notInPlay'),
        { fontSize: L.narrow ? 11 : 13, fill: 0xe8e2d8, fontWeight: '700', stroke: { color: 0x2a2a2a, width: 3 } },
        b.x + b.w / 2,
        r.y + cell / 2,
        0.5,
        0.5,
      );
      tx.alpha = 0.8;
    }
    const sea = cellRect(L, 0, 1);
    const seaTx = this.text(
      layer,
      t('windcity.board.sea'),
      { fontSize: small, fill: 0xcfeaff, fontStyle: 'italic' },
      b.x + b.w - 4,
      sea.y + cell * 0.5,
      1,
      0.5,
    );
    seaTx.alpha = 0.6;
  }

  private observatoryShape(g: Graphics, p: Pt, cell: number): void {
    const s = cell * 0.36;
    g.circle(p.x, p.y + s * 0.05, s * 0.96)
      .fill({ color: 0xffffff, alpha: 0.1 })
      .stroke({ width: 1, color: C.obs, alpha: 0.45 });
    g.moveTo(p.x - s * 0.1, p.y - s * 0.2)
      .lineTo(p.x + s * 0.55, p.y - s * 0.75)
      .stroke({ width: Math.max(2, s * 0.2), color: C.obsDark, cap: 'round' });
    g.rect(p.x - s * 0.7, p.y + s * 0.05, s * 1.4, s * 0.65).fill(C.obsDark);
    g.moveTo(p.x + s * 0.62, p.y + s * 0.05)
      .arc(p.x, p.y + s * 0.05, s * 0.62, 0, Math.PI, true)
      .closePath()
      .fill(C.obs);
    g.rect(p.x - s * 0.08, p.y - s * 0.55, s * 0.16, s * 0.6).fill({ color: C.obsDark, alpha: 0.8 });
  }

  /** A house centred on (x, y), size s; a double is two houses. */
  private houseShape(g: Graphics, x: number, y: number, s: number, color: number, double: boolean): void {
    const one = (cx: number, cy: number, w: number) => {
      const bodyH = w * 0.55;
      const roofH = w * 0.42;
      const top = cy - (bodyH + roofH) / 2;
      g.rect(cx - w / 2, top + roofH, w, bodyH)
        .fill(color)
        .stroke({ width: 1.5, color: 0x1a1008, alpha: 0.85 });
      g.poly([cx - w / 2 - w * 0.12, top + roofH + 1, cx, top, cx + w / 2 + w * 0.12, top + roofH + 1])
        .fill(shade(color, 0.62))
        .stroke({ width: 1.5, color: 0x1a1008, alpha: 0.85 });
      g.rect(cx - w * 0.11, top + roofH + bodyH * 0.4, w * 0.22, bodyH * 0.6).fill({ color: 0x1a1008, alpha: 0.55 });
    };
    if (double) {
      one(x - s * 0.22, y + s * 0.08, s * 0.72);
      one(x + s * 0.22, y - s * 0.08, s * 0.72);
    } else one(x, y, s * 0.85);
  }

  private drawHouses(): void {
    const L = this.layout;
    if (!L) return;
    const key = JSON.stringify([L.W, L.H, this.shownHouses]);
    if (key === this.keys.houses) return;
    this.keys.houses = key;
    this.clear(this.houseLayer);
    const cell = L.cell;
    const g = new Graphics();
    this.shownHouses.forEach((h, sq) => {
      if (!h) return;
      const p = squareCentre(L, sq);
      const color = playerColorNum(h.owner);
      if (h.insured) {
        // Insured: a white frame round the square (the house is "turned").
        g.roundRect(p.x - cell / 2 + 3, p.y - cell / 2 + 3, cell - 6, cell - 6, 5)
          .fill({ color: 0xffffff, alpha: 0.22 })
          .stroke({ width: 2, color: C.shield, alpha: 0.95 });
      }
      this.houseShape(g, p.x, p.y + cell * 0.04, cell * 0.62, color, h.count === 2);
      if (isPremium(sq, h)) {
        // Premium (beach or double): a gold star, worth 20.
        this.star(g, p.x - cell * 0.32, p.y - cell * 0.3, cell * 0.12, C.gold);
      }
      if (h.insured) this.shieldShape(g, p.x + cell * 0.3, p.y - cell * 0.28, cell * 0.14);
    });
    this.houseLayer.addChild(g);
  }

  private star(g: Graphics, x: number, y: number, r: number, color: number): void {
    const pts: number[] = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 ? r * 0.45 : r;
      pts.push(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
    }
    g.poly(pts).fill(color).stroke({ width: 1, color: 0x5a3a00 });
  }

  private shieldShape(g: Graphics, x: number, y: number, r: number): void {
    g.poly([x - r, y - r * 0.8, x, y - r * 1.1, x + r, y - r * 0.8, x + r * 0.85, y + r * 0.3, x, y + r * 1.1, x - r * 0.85, y + r * 0.3])
      .fill(C.shield)
      .stroke({ width: 1, color: 0x1a1008 });
    g.moveTo(x - r * 0.45, y)
      .lineTo(x - r * 0.1, y + r * 0.4)
      .lineTo(x + r * 0.5, y - r * 0.4)
      .stroke({ width: Math.max(1.2, r * 0.28), color: 0x2b8a4b, cap: 'round', join: 'round' });
  }

  private drawMarks(): void {
    const s = this.state!;
    const L = this.layout!;
    const cell = L.cell;
    const g = new Graphics();
    if (!s.sent) {
      const sel = new Set(s.selected);
      for (const sq of s.clickable) {
        const r = cellRect(L, colOf(sq), rowOf(sq));
        const chosen = sel.has(sq);
        const color = chosen ? C.ember : C.gold;
        g.rect(r.x + 2, r.y + 2, r.w - 4, r.h - 4)
          .fill({ color, alpha: chosen ? 0.4 : 0.2 })
          .stroke({ width: chosen ? 3 : 2, color, alpha: 0.95 });
      }
    }
    for (const req of s.requests) {
      const color = playerColorNum(req.buyer);
      for (const sq of req.squares) {
        const r = cellRect(L, colOf(sq), rowOf(sq));
        this.dashedRect(g, r.x + 3, r.y + 3, r.w - 6, r.h - 6, color);
      }
    }
    this.markLayer.addChild(g);
    // Ticks on the chosen houses.
    for (const sq of s.sent ? [] : s.selected) {
      const p = squareCentre(L, sq);
      this.text(
        this.markLayer,
        '✓',
        { fontSize: Math.round(cell * 0.34), fontWeight: '900', fill: 0xffffff, stroke: { color: C.ember, width: 3 } },
        p.x + cell * 0.3,
        p.y + cell * 0.28,
        0.5,
        0.5,
      );
    }
  }

  private dashedRect(g: Graphics, x: number, y: number, w: number, h: number, color: number): void {
    const dash = 5;
    const seg = (x0: number, y0: number, x1: number, y1: number) => {
      const len = Math.hypot(x1 - x0, y1 - y0);
      for (let d = 0; d < len; d += dash * 2) {
        const a = d / len;
        const b = Math.min(len, d + dash) / len;
        g.moveTo(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a).lineTo(x0 + (x1 - x0) * b, y0 + (y1 - y0) * b);
      }
    };
    seg(x, y, x + w, y);
    seg(x + w, y, x + w, y + h);
    seg(x + w, y + h, x, y + h);
    seg(x, y + h, x, y);
    g.stroke({ width: 3, color });
  }

  private setHover(sq: SquareId | null, force = false): void {
    if (sq === this.hover && !force) return;
    this.hover = sq;
    this.hoverLayer.clear();
    const L = this.layout;
    if (sq !== null && L && !this.state?.sent) {
      const r = cellRect(L, colOf(sq), rowOf(sq));
      this.hoverLayer.rect(r.x + 1, r.y + 1, r.w - 2, r.h - 2).stroke({ width: 3, color: 0xffffff, alpha: 0.9 });
    }
    this.requestRender();
  }

  /** The segment of one step on the board: wrapping steps go out at one edge and in at the other. */
  private stepLines(g: Graphics, from: SquareId, to: SquareId | null, wrapped: boolean, color: number, width: number, alpha: number): void {
    const L = this.layout!;
    const a = squareCentre(L, from);
    if (to === null) {
      g.moveTo(a.x, a.y)
        .lineTo(a.x, L.board.y - L.cell * 0.6)
        .stroke({ width, color, alpha, cap: 'round' });
      this.arrowHead(g, { x: a.x, y: L.board.y - L.cell * 0.2 }, { x: a.x, y: L.board.y - L.cell * 0.7 }, color, width, alpha);
      return;
    }
    const b = squareCentre(L, to);
    if (wrapped) {
      const east = colOf(from) === COLS - 1;
      const outX = east ? L.board.x + L.board.w + L.edge * 0.8 : L.board.x - L.edge * 0.8;
      const inX = east ? L.board.x - L.edge * 0.8 : L.board.x + L.board.w + L.edge * 0.8;
      g.moveTo(a.x, a.y).lineTo(outX, a.y).stroke({ width, color, alpha, cap: 'round' });
      g.moveTo(inX, b.y).lineTo(b.x, b.y).stroke({ width, color, alpha, cap: 'round' });
      g.circle(outX, a.y, width * 0.9).fill({ color, alpha });
      g.circle(inX, b.y, width * 0.9).fill({ color, alpha });
      return;
    }
    g.moveTo(a.x, a.y).lineTo(b.x, b.y).stroke({ width, color, alpha, cap: 'round' });
  }

  private arrowHead(g: Graphics, from: Pt, to: Pt, color: number, width: number, alpha: number): void {
    const ang = Math.atan2(to.y - from.y, to.x - from.x);
    const s = Math.max(7, width * 2.4);
    g.poly([to.x, to.y, to.x - Math.cos(ang - 0.5) * s, to.y - Math.sin(ang - 0.5) * s, to.x - Math.cos(ang + 0.5) * s, to.y - Math.sin(ang + 0.5) * s]).fill({
      color,
      alpha,
    });
  }

  private drawPreview(): void {
    const s = this.state!;
    const p = s.preview;
    if (!p || s.model.me < 0) return;
    const L = this.layout!;
    const cell = L.cell;
    const color = playerColorNum(s.model.me);
    const g = new Graphics();
    const width = Math.max(3, cell * 0.09);
    for (const seg of p.segments) {
      for (const st of seg.steps) {
        this.stepLines(g, st.from, st.to, st.wrapped, st.extra ? 0xffffff : color, width, 0.95);
      }
    }
    this.previewLayer.addChild(g);
    // Numbered stops, and crosses where houses would be blown away.
    p.segments.forEach((seg, k) => {
      if (seg.stop === null || seg.kauf) return;
      const c = squareCentre(L, seg.stop);
      const dot = new Graphics();
      const r = Math.max(8, cell * 0.2);
      dot
        .circle(c.x - cell * 0.28, c.y + cell * 0.28, r)
        .fill(color)
        .stroke({ width: 2, color: 0xffffff });
      this.previewLayer.addChild(dot);
      this.text(
        this.previewLayer,
        String(k + 1),
        { fontSize: Math.round(r * 1.2), fontWeight: '900', fill: 0xffffff },
        c.x - cell * 0.28,
        c.y + cell * 0.28,
        0.5,
        0.5,
      );
      if (seg.observatory)
        this.text(
          this.previewLayer,
          '+5',
          { fontSize: Math.round(r * 1.1), fontWeight: '900', fill: C.gold, stroke: { color: 0x000000, width: 3 } },
          c.x + cell * 0.25,
          c.y + cell * 0.3,
          0.5,
          0.5,
        );
    });
    const x = new Graphics();
    for (const sq of p.destroyed) {
      const c = squareCentre(L, sq);
      const d = cell * 0.3;
      x.moveTo(c.x - d, c.y - d)
        .lineTo(c.x + d, c.y + d)
        .moveTo(c.x + d, c.y - d)
        .lineTo(c.x - d, c.y + d)
        .stroke({ width: Math.max(3, cell * 0.08), color: C.bad, alpha: 0.95, cap: 'round' });
    }
    this.previewLayer.addChild(x);
  }

  /** Draw the path of an act's segments (from..to-1) as its trail. */
  private drawTrail(act: ActRecord, to: number, from = 0): void {
    for (let i = from; i < to; i++) {
      const seg = act.segments[i];
      if (seg.kind === 'move') for (const st of seg.steps) this.trailStep(st, act.seat);
    }
  }

  private trailStep(st: StepRecord, seat: number): void {
    const L = this.layout;
    if (!L) return;
    const w = Math.max(2, L.cell * 0.06);
    this.stepLines(this.trailLayer, st.from, st.to, st.wrapped, st.extra ? 0xffffff : playerColorNum(seat), w, 0.55);
  }

  private placeHurricane(sq: SquareId | null): void {
    const L = this.layout!;
    if (this.hurricane.children.length === 0 || this.hurricane.label !== String(L.cell)) {
      this.clear(this.hurricane);
      this.hurricane.label = String(L.cell);
      this.hurricane.addChild(this.stormShape(L.cell));
    }
    this.hurricane.visible = sq !== null;
    this.hurricane.alpha = 1;
    if (sq !== null) {
      const p = squareCentre(L, sq);
      this.hurricane.position.set(p.x, p.y);
    }
  }

  private stormShape(cell: number): Graphics {
    const g = new Graphics();
    const R = cell * 0.46;
    g.circle(0, 0, R).fill({ color: C.stormDark, alpha: 0.35 });
    for (let k = 0; k < 3; k++) {
      const pts: number[] = [];
      for (let i = 0; i <= 24; i++) {
        const s = i / 24;
        const r = R * (0.18 + 0.82 * s);
        const a = (k * 2 * Math.PI) / 3 + s * 2.8;
        pts.push(Math.cos(a) * r, Math.sin(a) * r);
      }
      g.moveTo(pts[0], pts[1]);
      for (let i = 2; i < pts.length; i += 2) g.lineTo(pts[i], pts[i + 1]);
      g.stroke({ width: Math.max(2.5, cell * 0.1), color: C.storm, alpha: 0.95, cap: 'round', join: 'round' });
    }
    g.circle(0, 0, R * 0.17)
      .fill(0x24313f)
      .stroke({ width: 2, color: C.storm });
    return g;
  }

  // ---------------------------------------------------------------- the players and the card

  private drawCaption(): void {
    const L = this.layout;
    const s = this.state;
    if (!L || !s) return;
    const m = s.model;
    let text = this.liveCaption;
    if (text === null) {
      const log = m.view.log;
      for (let i = log.length - 1; i >= 0 && text === null; i--) {
        const e = log[i];
        if (e.kind === 'coins' && e.cause !== 'observatory' && e.cause !== 'calm') continue;
        if (e.kind === 'draw' || e.kind === 'market-closed') continue;
        text = describe(e, m);
      }
    }
    const key = JSON.stringify([L.W, L.H, text]);
    if (key === this.keys.caption) return;
    this.keys.caption = key;
    this.clear(this.captionLayer);
    if (!text) return;
    const r = L.caption;
    const bg = new Graphics();
    bg.roundRect(r.x, r.y, r.w, r.h, 6).fill({ color: 0x000000, alpha: 0.28 });
    this.captionLayer.addChild(bg);
    const tx = this.text(this.captionLayer, text, { fontSize: L.narrow ? 12 : 13, fill: C.cream }, r.x + 8, r.y + r.h / 2, 0, 0.5);
    fitText(tx, r.w - 16);
    this.requestRender();
  }

  private drawPlate(seat: number): void {
    const L = this.layout!;
    const s = this.state!;
    const m = s.model;
    const v = m.view;
    const r = L.plates[seat];
    const layer = new Container();
    this.uiLayer.addChild(layer);
    const active = v.phase !== 'over' && (v.phase === 'hurricane' || v.phase === 'placement' ? v.placer === seat : v.active === seat);
    // My own seat view may narrow the public set in the market (am I, or is the seller, still to act?).
    const waiting = awaitedFor(m).includes(seat);
    const color = playerColorNum(seat);
    const g = new Graphics();
    g.roundRect(r.x, r.y, r.w, r.h, 9)
      .fill(seat === m.me ? C.plateMe : C.plate)
      .stroke({ width: active ? 3 : 1.5, color: active ? C.gold : C.plateEdge });
    g.roundRect(r.x, r.y, 7, r.h, 4).fill(color);
    layer.addChild(g);
    if (v.out[seat]) layer.alpha = 0.5;
    const fs = L.narrow ? 12 : 14;
    const name = this.text(layer, seatName(m, seat) + (seat === m.me ? ` (${t('lobby.you')})` : ''), { fontSize: fs, fontWeight: '700' }, r.x + 14, r.y + 8);
    fitText(name, r.w - 60);
    // Status at the right: the hurricane for the active player, dots for someone deciding.
    if (v.out[seat]) this.text(layer, t('windcity.plate.out'), { fontSize: fs - 2, fill: C.bad, fontWeight: '700' }, r.x + r.w - 8, r.y + 8, 1, 0);
    else if (active && v.phase !== 'market') {
      const storm = this.stormShape(L.narrow ? 20 : 24);
      storm.position.set(r.x + r.w - 16, r.y + 16);
      layer.addChild(storm);
    } else if (v.phase === 'market' && v.market?.seller === seat) {
      this.text(layer, t('windcity.plate.seller') + (waiting ? ' …' : ''), { fontSize: fs - 3, fill: C.gold, fontWeight: '700' }, r.x + r.w - 8, r.y + 8, 1, 0);
    } else if (waiting) this.text(layer, '…', { fontSize: fs + 2, fill: C.gold, fontWeight: '900' }, r.x + r.w - 10, r.y + 6, 1, 0);
    // Coins, houses (pieces on the board / in stock), points.
    const st = houseStats(v, seat);
    const y = r.y + r.h - 10;
    const g2 = new Graphics();
    let x = r.x + 14;
    const small = L.narrow ? 11 : 13;
    g2.circle(x + 6, y - 6, 6)
      .fill(C.gold)
      .stroke({ width: 1, color: 0x7a5200 });
    layer.addChild(g2);
    const coins = this.text(layer, String(v.coins[seat]), { fontSize: small, fontWeight: '700' }, x + 15, y, 0, 1);
    x += 15 + Math.max(coins.width, 16) + 10;
    this.houseShape(g2, x + 7, y - 6, 14, color, false);
    const houses = this.text(
      layer,
      v.turn === 0 && v.phase !== 'over' ? `${st.pieces}/12` : String(st.pieces),
      { fontSize: small, fontWeight: '700' },
      x + 17,
      y,
      0,
      1,
    );
    x += 17 + houses.width + 10;
    if (st.insured > 0) {
      this.shieldShape(g2, x + 6, y - 6, 6);
      const ins = this.text(layer, String(st.insured), { fontSize: small, fontWeight: '700' }, x + 15, y, 0, 1);
      x += 15 + ins.width + 10;
    }
    const pts = this.text(
      layer,
      t('windcity.plate.points', { n: v.points[seat] }),
      { fontSize: small, fill: C.gold, fontWeight: '800' },
      r.x + r.w - 8,
      y,
      1,
      1,
    );
    if (v.turn > 0 && v.stock[seat] > 0 && !v.out[seat]) {
      const stock = this.text(layer, t('windcity.plate.stock', { n: v.stock[seat] }), { fontSize: small - 1, fill: C.muted }, x, y, 0, 1);
      if (x + stock.width > r.x + r.w - 8 - pts.width - 6) stock.destroy();
    }
  }

  private drawCard(): void {
    const L = this.layout!;
    let s = this.state!;
    const pa = this.playingAct;
    if (pa) s = { ...s, card: cardById(pa.card), cardSeat: pa.seat, cardHidden: false, plan: pa.plan, canPlan: false, planCost: 0 };
    const m = s.model;
    const r = L.cardPanel;
    const fs = L.narrow ? 12 : 14;
    let title: string;
    if (s.card && s.cardSeat !== null) {
      title =
        s.cardSeat === m.me && !s.cardHidden && (m.view.phase === 'plan' || m.view.phase === 'renew' || m.view.phase === 'market')
          ? t('windcity.card.yours', { n: s.card.id })
          : t('windcity.card.of', { name: seatName(m, s.cardSeat), n: s.card.id });
    } else if (s.cardHidden && s.cardSeat !== null) title = t('windcity.card.hidden', { name: seatName(m, s.cardSeat) });
    else title = t('windcity.card.none');
    fitText(this.text(this.uiLayer, title, { fontSize: fs, fontWeight: '700', fill: C.cream }, r.x, r.y + 10, 0, 0.5), r.w);
    const card = s.card;
    L.tiles.forEach((tile, i) => {
      const c = new Container();
      this.uiLayer.addChild(c);
      const g = new Graphics();
      const a = card?.actions[i];
      const order = s.plan.indexOf(i);
      const chosen = order >= 0;
      if (!card || !a) {
        if (!s.cardHidden) {
          c.destroy();
          return;
        }
        g.roundRect(tile.x, tile.y, tile.w, tile.h, 8)
          .fill(s.cardHidden ? C.cardBack : 0x3a281c)
          .stroke({ width: 1.5, color: C.plateEdge });
        if (s.cardHidden) {
          for (let k = 0; k < 3; k++) g.circle(tile.x + tile.w / 2 + (k - 1) * 10, tile.y + tile.h / 2, 3).fill({ color: 0xffffff, alpha: 0.5 });
        }
        c.addChild(g);
        return;
      }
      g.roundRect(tile.x, tile.y, tile.w, tile.h, 8)
        .fill(chosen ? 0xffe2b0 : C.card)
        .stroke({ width: chosen ? 3.5 : 1.5, color: chosen ? C.ember : 0x8a6a4a });
      c.addChild(g);
      const ink = 0x2a1c12;
      const num = `${i + 1}`;
      if (L.narrow) {
        this.text(c, num, { fontSize: 10, fill: 0x8a6a4a, fontWeight: '700' }, tile.x + 5, tile.y + 3);
        const big = a.kind === 'kauf' ? t('windcity.card.kaufShort') : `${DIR_ARROW[a.dir]}${a.distance}`;
        fitText(this.text(c, big, { fontSize: 20, fontWeight: '900', fill: ink }, tile.x + tile.w / 2, tile.y + tile.h * 0.42, 0.5, 0.5), tile.w - 6);
        this.coinText(c, tile.x + tile.w / 2, tile.y + tile.h - 12, a.cost);
      } else {
        this.text(c, num, { fontSize: 12, fill: 0x8a6a4a, fontWeight: '700' }, tile.x + 8, tile.y + tile.h / 2, 0, 0.5);
        const big = a.kind === 'kauf' ? t('windcity.card.kaufShort') : `${DIR_ARROW[a.dir]} ${a.distance}`;
        const bigTx = this.text(c, big, { fontSize: a.kind === 'kauf' ? 16 : 20, fontWeight: '900', fill: ink }, tile.x + 24, tile.y + tile.h / 2, 0, 0.5);
        const sx = Math.max(tile.x + 78, bigTx.x + bigTx.width + 10);
        const room = tile.x + tile.w - 62 - sx;
        const small = this.text(c, actionText(a), { fontSize: 12, fill: 0x6a4a2a }, sx, tile.y + tile.h / 2, 0, 0.5);
        if (room > 30) fitText(small, room);
        else small.visible = false;
        this.coinText(c, tile.x + tile.w - 44, tile.y + tile.h / 2, a.cost);
      }
      if (chosen) {
        const bx = tile.x + tile.w - (L.narrow ? 10 : 14);
        const by = tile.y + (L.narrow ? 10 : tile.h / 2);
        const badge = new Graphics();
        badge
          .circle(bx, by, L.narrow ? 9 : 11)
          .fill(C.ember)
          .stroke({ width: 2, color: 0xffffff });
        c.addChild(badge);
        this.text(c, String(order + 1), { fontSize: L.narrow ? 11 : 13, fontWeight: '900', fill: 0xffffff }, bx, by, 0.5, 0.5);
      }
      if (s.canPlan && !s.sent) {
        c.eventMode = 'static';
        c.cursor = 'pointer';
        c.hitArea = new Rectangle(tile.x, tile.y, tile.w, tile.h);
        c.on('pointertap', () => this.cb.clickAction(i));
      }
    });
    if (card && s.plan.length && s.planCost > 0) {
      const over = s.planCost > s.coins;
      const pl = L.planLine;
      const text = t('windcity.card.total', { cost: s.planCost, coins: s.coins });
      fitText(this.text(this.uiLayer, text, { fontSize: fs - 1, fontWeight: '700', fill: over ? C.bad : C.cream }, pl.x, pl.y + pl.h / 2, 0, 0.5), pl.w);
    }
  }

  private coinText(parent: Container, x: number, y: number, n: number): void {
    const g = new Graphics();
    g.circle(x, y, 9).fill(C.gold).stroke({ width: 1, color: 0x7a5200 });
    parent.addChild(g);
    this.text(parent, String(n), { fontSize: 11, fontWeight: '900', fill: 0x4a2a00 }, x, y, 0.5, 0.5);
  }

  // ---------------------------------------------------------------- frame loop

  /** The hurricane spins while an act plays. */
  protected override get animating(): boolean {
    return this.playing;
  }

  protected override animate(dt: number): void {
    if (this.playing) {
      this.spin += dt * 0.006;
      this.hurricane.rotation = -this.spin;
    }
  }
}

/** Segments of an act that have run (a Kauf waiting for its square has not). */
export function resolved(act: ActRecord): number {
  const n = act.segments.length;
  const last = act.segments[n - 1];
  if (last && last.kind === 'kauf' && last.square === null && last.void === null && !act.done) return n - 1;
  return n;
}

export type { Rect };
