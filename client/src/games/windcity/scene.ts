/**
 * The Wind City table drawn with Pixi, composed of retained widgets
 * (widgets/): the city grid, the clickable squares, the act's trail, my
 * plan's path, the houses, the hover, the hurricane, the effects, the header,
 * the caption, a plate per player and the card. Each one changes its own
 * children in place when its own inputs change. Acts are animated step by
 * step from the public act record (act-player.ts). Everything it shows comes
 * from a SceneState; every input goes back through SceneCallbacks (the DOM
 * controls offer the same actions).
 */
import { Application, Container, Rectangle, type FederatedPointerEvent } from 'pixi.js';
import { t } from '../../i18n/index.js';
import { OnDemandScene, createTableApp } from '../common/pixi-scene.js';
import { COLS, ROWS } from '@fireside/shared/games/windcity/board';
import type { Card, SquareId } from '@fireside/shared/games/windcity/types';
import { cardById } from '@fireside/shared/games/windcity/cards';
import type { Model, Preview } from './model.js';
import { computeLayout, squareAt, squareCentre, type WcLayout } from './layout.js';
import { centre, type Pt } from '../common/geometry.js';
import { describe } from './events.js';
import { ActPlayer } from './act-player.js';
import { C } from './widgets/palette.js';
import { BoardWidget } from './widgets/board.js';
import { MarksWidget } from './widgets/marks.js';
import { TrailWidget } from './widgets/trail.js';
import { PreviewWidget } from './widgets/preview.js';
import { HousesWidget } from './widgets/houses.js';
import { HoverWidget } from './widgets/hover.js';
import { HurricaneWidget } from './widgets/hurricane.js';
import { EffectsWidget } from './widgets/effects.js';
import { HeaderWidget } from './widgets/header.js';
import { CaptionWidget } from './widgets/caption.js';
import { PlateWidget, plateInput } from './widgets/plate.js';
import { CardWidget, type CardInput } from './widgets/card.js';

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

/** The latest event worth a caption (coins and draws said elsewhere are skipped). */
function latestCaption(m: Model): string | null {
  const log = m.view.log;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.kind === 'coins' && e.cause !== 'observatory' && e.cause !== 'calm') continue;
    if (e.kind === 'draw' || e.kind === 'market-closed') continue;
    const text = describe(e, m);
    if (text !== null) return text;
  }
  return null;
}

export class WindCityScene extends OnDemandScene {
  private board = new BoardWidget();
  private marks = new MarksWidget();
  private trail = new TrailWidget();
  private preview = new PreviewWidget();
  private houses = new HousesWidget();
  private hover = new HoverWidget();
  private hurricane = new HurricaneWidget();
  private fx = new EffectsWidget(this.tweens);
  private boardHit = new Container();
  private plateLayer = new Container();
  private plates: PlateWidget[] = [];
  private card: CardWidget;
  private header = new HeaderWidget();
  private caption = new CaptionWidget();
  private layout: WcLayout | null = null;
  private state: SceneState | null = null;
  private matchNo = -1;
  private act: ActPlayer;
  private spin = 0;

  constructor(
    app: Application,
    host: HTMLElement,
    width: number,
    private cb: SceneCallbacks,
  ) {
    super(app, host, width);
    this.card = new CardWidget((i) => this.cb.clickAction(i));
    this.act = new ActPlayer({
      layout: () => this.layout!,
      model: () => this.state!.model,
      timeline: this.timeline,
      trail: this.trail,
      hurricane: this.hurricane,
      fx: this.fx,
      housesChanged: () => this.houses.update(this.layout!, this.act.houses),
      captionChanged: () => this.showCaption(),
      finished: () => {
        this.draw();
        this.requestRender();
      },
    });
    this.root.addChild(
      ...[this.board, this.marks, this.trail, this.preview, this.houses, this.hover, this.hurricane, this.fx].map((w) => w.view),
      this.boardHit,
      this.plateLayer,
      ...[this.card, this.header, this.caption].map((w) => w.view),
    );
    this.listen();
  }

  static async create(host: HTMLElement, cb: SceneCallbacks): Promise<WindCityScene> {
    const { app, width } = await createTableApp(host, { height: 600, background: C.table, antialias: true });
    return new WindCityScene(app, host, width, cb);
  }

  /** Clicks and the hover on the board's squares. */
  private listen(): void {
    const squareOf = (e: FederatedPointerEvent): SquareId | null => {
      const sq = this.layout ? squareAt(this.layout, e.global.x, e.global.y) : null;
      return sq !== null && this.state?.clickable.includes(sq) ? sq : null;
    };
    this.boardHit.eventMode = 'static';
    this.boardHit.on('pointertap', (e: FederatedPointerEvent) => {
      const sq = squareOf(e);
      if (sq !== null) this.cb.clickSquare(sq);
    });
    this.boardHit.on('pointermove', (e: FederatedPointerEvent) => this.setHover(squareOf(e)));
    this.boardHit.on('pointerleave', () => this.setHover(null));
  }

  /** Every widget compares its own inputs with the new layout's: nothing to forget. */
  protected relayout(): void {
    if (this.state) this.update(this.state);
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
    const storm = this.hurricane.view;
    if (kind === 'hurricane' && storm.visible) p = { x: storm.x, y: storm.y };
    return p ? { x: rect.left + p.x * scale, y: rect.top + p.y * scale } : null;
  }

  update(state: SceneState): void {
    if (this.destroyed) return;
    const m = state.model;
    const v = m.view;
    this.state = state;
    const L = this.measure(m.n);
    const resized = !this.layout || this.layout.W !== L.W || this.layout.H !== L.H;
    this.layout = L;
    if (this.app.renderer.width !== L.W || this.app.renderer.height !== L.H) this.app.renderer.resize(L.W, L.H);
    this.app.stage.hitArea = new Rectangle(0, 0, L.W, L.H);
    this.boardHit.hitArea = new Rectangle(L.board.x, L.board.y, L.board.w, L.board.h);
    this.boardHit.cursor = state.clickable.length ? 'pointer' : 'default';
    (this.app.canvas as HTMLCanvasElement).setAttribute('aria-label', t('windcity.tableLabel'));

    // The act: animate what is new in it, or show the board as it is.
    if (m.snap.matchNo !== this.matchNo) {
      this.matchNo = m.snap.matchNo;
      this.tweens.clear();
      this.fx.clear();
      this.act.reset(v);
    } else if (resized) {
      this.trail.clear();
      if (v.act && !this.act.playing) this.trail.act(L, v.act, this.act.shownSegments);
    }
    if (!this.act.playing) this.act.follow();
    this.draw();
    this.requestRender();
  }

  /** The layout for the canvas's width, with a second header line when the header needs one in this language. */
  private measure(players: number): WcLayout {
    const first = computeLayout(this.width, players, this.heightBudget);
    const lines = this.header.linesFor(first.narrow, first.header.w);
    return lines === 1 ? first : computeLayout(this.width, players, this.heightBudget, lines);
  }

  private draw(): void {
    const s = this.state!;
    const L = this.layout!;
    const m = s.model;
    this.board.update(L, m.view.sections);
    if (this.marks.update(L, s)) {
      const h = this.hover.square;
      this.hover.show(L, h !== null && s.clickable.includes(h) ? h : null, s.sent);
    }
    this.preview.update(L, s.preview, m.me);
    this.houses.update(L, this.act.houses);
    if (!this.act.playing) this.hurricane.place(L, this.act.hurricane);
    this.header.update(L, m.view);
    this.drawPlates(L, m);
    this.card.update(L, this.cardInput(s));
    this.showCaption();
  }

  private drawPlates(L: WcLayout, m: Model): void {
    while (this.plates.length < m.n) {
      const plate = new PlateWidget();
      this.plates.push(plate);
      this.plateLayer.addChild(plate.view);
    }
    this.plates.forEach((plate, seat) => {
      plate.view.visible = seat < m.n;
      if (seat < m.n) plate.update(L.plates[seat], L.narrow, plateInput(m, seat));
    });
  }

  /** The card panel's inputs: while an act plays, that act's card and plan. */
  private cardInput(s: SceneState): CardInput {
    const pa = this.act.current;
    const shown = pa ? { ...s, card: cardById(pa.card), cardSeat: pa.seat, cardHidden: false, plan: pa.plan, canPlan: false, planCost: 0 } : s;
    return { ...shown, clickable: shown.canPlan && !shown.sent };
  }

  private showCaption(): void {
    const L = this.layout;
    const s = this.state;
    if (!L || !s) return;
    if (this.caption.update(L, this.act.caption ?? latestCaption(s.model))) this.requestRender();
  }

  private setHover(sq: SquareId | null): void {
    if (sq === this.hover.square) return;
    this.hover.show(this.layout, sq, !!this.state?.sent);
    this.requestRender();
  }

  // ---------------------------------------------------------------- frame loop

  /** The hurricane spins while an act plays. */
  protected override get animating(): boolean {
    return this.act.playing;
  }

  protected override animate(dt: number): void {
    if (this.act.playing) {
      this.spin += dt * 0.006;
      this.hurricane.view.rotation = -this.spin;
    }
  }
}
