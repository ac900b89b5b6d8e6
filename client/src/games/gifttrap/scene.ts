/**
 * The Gift Trap table drawn with Pixi: the tracks with every pawn, the laid-out
 * gifts, the wish tiles, the players with the gifts lying before them, and the
 * reveal animations. Everything it shows comes from a SceneState; every input
 * goes back through SceneCallbacks (the DOM controls offer the same actions).
 *
 * The scene composes retained widgets (widgets/): each owns its Pixi children
 * and changes them in place on update, redrawing a Graphics only when the few
 * inputs it draws from changed. The scene itself lays them out, queues the
 * reveal's effects on its timeline (the opened gifts' flights, then the pawns'
 * hops) and answers pointOf.
 */
import { Application, Container, Rectangle } from 'pixi.js';
import { t } from '../../i18n/index.js';
import { computeLayout, type TableLayout } from './layout.js';
import { centre } from '../common/geometry.js';
import { giftAt, type Model } from './model.js';
import { OnDemandScene, createTableApp, flipFaceUp, reducedMotion } from '../common/pixi-scene.js';
import type { Beat } from '../common/timeline.js';
import type { SceneCallbacks, SceneState } from './scene-types.js';
import { SceneInput } from './scene-input.js';
import { C } from './widgets/theme.js';
import { HeaderWidget } from './widgets/header.js';
import { TracksWidget } from './widgets/tracks.js';
import { PawnsWidget } from './widgets/pawns.js';
import { CardWidget } from './widgets/card.js';
import { TrayWidget } from './widgets/tray.js';
import { PlateWidget, tokenRadius } from './widgets/plate.js';
import { boxRect, boxesBefore } from './widgets/plate-gifts.js';
import { WinnersBanner } from './widgets/winners.js';
import { EffectsLayer } from './widgets/effects.js';

export type { RoundRecap, SceneCallbacks, SceneState, Token } from './scene-types.js';

export class GiftTrapScene extends OnDemandScene {
  private board = new Container();
  private cardLayer = new Container();
  private plateLayer = new Container();
  private header = new HeaderWidget();
  private tracks = new TracksWidget();
  private cards: CardWidget[] = [];
  private tray: TrayWidget;
  private plates: PlateWidget[] = [];
  private winners = new WinnersBanner();
  private pawns = new PawnsWidget(this.timeline);
  private fx = new EffectsLayer(this.tweens, this.timeline);
  private input: SceneInput;
  private layout: TableLayout | null = null;
  private state: SceneState | null = null;
  private prev: Model | null = null;
  /** When the current revealer's wishes turned up (their badges flip face up meanwhile). */
  private wantsFlipAt = 0;
  private wantsFlipFor = -1;
  private flipTargets: Container[] = [];

  constructor(
    app: Application,
    host: HTMLElement,
    width: number,
    private cb: SceneCallbacks,
  ) {
    super(app, host, width);
    this.input = new SceneInput({
      canvas: app.canvas as HTMLCanvasElement,
      layer: this.fx.view,
      layout: () => this.layout,
      names: () => this.state?.model.names ?? [],
      hover: (slot) => this.cards.forEach((c) => c.setHover(c.slot === slot)),
      requestRender: () => this.requestRender(),
      cb,
    });
    // Gifts opened in quick succession queue their flights and hops: while more wait, they play twice as fast.
    this.timeline.speed = () => (this.timeline.backlog > 0 ? 2 : 1);
    this.tray = new TrayWidget(this.input);
    this.board.addChild(this.header.view, this.tracks.view, this.cardLayer, this.tray.view, this.plateLayer, this.winners.view);
    this.root.addChild(this.board, this.pawns.view, this.fx.view);
  }

  static async create(host: HTMLElement, cb: SceneCallbacks): Promise<GiftTrapScene> {
    const { app, width } = await createTableApp(host, { height: 400, background: C.table, antialias: false });
    return new GiftTrapScene(app, host, width, cb);
  }

  protected override beforeDestroy(): void {
    this.input.endDrag();
    this.tray.destroy();
  }

  protected relayout(): void {
    if (this.state) this.draw(this.state, true);
  }

  update(state: SceneState): void {
    const m = state.model;
    const prev = this.prev;
    const v = m.view;
    const sameMatch = !!prev && prev.snap.matchNo === m.snap.matchNo;
    const sameRound = sameMatch && prev.view.round === v.round;
    // The revealer's wishes turn face up.
    if (
      v.phase === 'reveal' &&
      v.revealer !== null &&
      v.revealedWants[v.revealer] &&
      !(sameRound && prev.view.revealer === v.revealer && prev.view.revealedWants[v.revealer])
    ) {
      this.wantsFlipAt = reducedMotion() ? -1e9 : this.clock;
      this.wantsFlipFor = v.revealer;
    }
    this.state = state;
    // The flights of the round before, if still under way, stop before this round's cards are drawn.
    const cut = this.timeline.enterRound(`${m.snap.matchNo}:${v.round}`);
    const moved = this.draw(state, !prev);
    // Newly opened gifts fly to their slot; then the pawns move.
    if (sameRound && v.opened.length > prev.view.opened.length) this.flyOpened(prev, m);
    // The last gift of a round is opened and the next round begins at once: the pawns wait for its value.
    const roundEnded = sameMatch && prev.view.phase === 'reveal' && v.round > prev.view.round;
    if (roundEnded) this.popLastRound(prev, m);
    if (moved && roundEnded) this.timeline.add(500);
    // After a cut too: pawns stopped mid-hop finish their hop.
    if (moved || cut) this.timeline.add((done) => this.pawns.hop(done));
    this.prev = m;
  }

  /** Client coordinates of a thing on the table (for tests and accessibility tooling). */
  pointOf(kind: 'slot' | 'closed' | 'plate' | 'token' | 'wish', a: number, b?: number): { x: number; y: number } | null {
    const L = this.layout;
    if (!L) return null;
    const rect = (this.app.canvas as HTMLCanvasElement).getBoundingClientRect();
    const scale = rect.width / L.W;
    let p: { x: number; y: number } | null = null;
    if (kind === 'slot' && L.cards[a]) p = centre(L.cards[a]);
    if (kind === 'plate' && L.plates[a]) p = centre(L.plates[a]);
    if (kind === 'token' && L.plates[a]) {
      const r = L.plates[a];
      const radius = tokenRadius(r.w);
      p = { x: r.x + r.w - radius - 9, y: r.y + r.h - radius - 8 };
    }
    if (kind === 'wish' && L.trayTiles[a]) p = centre(L.trayTiles[a]);
    if (kind === 'closed' && this.state) {
      const seat = b ?? this.state.model.me;
      const k = boxesBefore(this.state.model.view, seat).findIndex((bx) => bx.from === a);
      const plate = L.plates[seat];
      if (k >= 0 && plate) p = centre(boxRect(plate, k));
    }
    return p ? { x: rect.left + p.x * scale, y: rect.top + p.y * scale } : null;
  }

  // ---------------------------------------------------------------- drawing

  /** Lay the table out for the current width and bring every widget up to date; true if pawns are to hop (see update). */
  private draw(state: SceneState, instant: boolean): boolean {
    if (this.destroyed) return false;
    const m = state.model;
    const v = m.view;
    const slotCount = v.slotCount || v.slots.length || m.n + 1;
    const L = computeLayout(this.width, slotCount, m.n, state.canWant);
    this.layout = L;
    if (this.app.renderer.width !== L.W || this.app.renderer.height !== L.H) this.app.renderer.resize(L.W, L.H);
    this.app.stage.hitArea = new Rectangle(0, 0, L.W, L.H);
    (this.app.canvas as HTMLCanvasElement).setAttribute('aria-label', t('gifttrap.tableLabel'));
    // Which round the board shows, for the browser tests (tests/e2e/round-animations.test.ts).
    this.board.label = `board:round:${v.round}`;
    this.header.update(L, v);
    this.tracks.update(L, v.options.goal);
    const moved = this.pawns.update(L, v, (which) => this.tracks.geom(L, which), instant);
    this.cards = this.fitCount(this.cards, slotCount, this.cardLayer, (slot) => new CardWidget(slot, this.cb));
    this.cards.forEach((card, i) => card.update(L.cards[i], state));
    this.tray.update(L.trayTiles, state);
    this.plates = this.fitCount(
      this.plates,
      m.n,
      this.plateLayer,
      (seat) => new PlateWidget(seat, { ...this.cb, startDrag: (tk, e) => this.input.startDrag(tk, e) }),
    );
    this.plates.forEach((plate, s) => plate.update(L.plates[s], state));
    this.winners.update(L, m);
    this.flipWishes(v.revealer);
    this.requestRender();
    return moved;
  }

  /** As many widgets as there are cards or seats: new ones made, extra ones destroyed. */
  private fitCount<W extends { view: Container }>(list: W[], n: number, layer: Container, make: (i: number) => W): W[] {
    for (const extra of list.slice(n)) extra.view.destroy({ children: true });
    const kept = list.slice(0, n);
    while (kept.length < n) {
      const widget = make(kept.length);
      layer.addChild(widget.view);
      kept.push(widget);
    }
    return kept;
  }

  /** While the revealer's wishes turn face up, their badges (new ones too) take part in the flip. */
  private flipWishes(revealer: number | null): void {
    if (revealer === null || this.wantsFlipFor !== revealer || this.clock - this.wantsFlipAt > 450) return;
    this.flipTargets = this.cards.flatMap((c) => (c.overlay.wish ? [c.overlay.wish] : []));
  }

  // ---------------------------------------------------------------- effects

  /**
   * Newly opened gifts fly from their recipient's plate to their card, one
   * beat: each takes off 450 ms after the one before, and the beat lasts until
   * 650 ms after the last took off (what the pawns wait for).
   */
  private flyOpened(prev: Model, m: Model): void {
    if (reducedMotion()) return;
    const opened = m.view.opened.slice(prev.view.opened.length);
    const flights = opened.map((o, k): Beat => (landed) => {
      const plate = this.layout?.plates[o.to];
      const card = this.layout?.cards[o.slot];
      if (plate && card) this.fx.flyGift(plate, card, o.from, giftAt(m.view, o.slot)?.icon ?? 'gift', o.value, k * 450, m.view.round, landed);
      else landed();
    });
    this.timeline.add(this.timeline.together([...flights, 650 + (opened.length - 1) * 450]));
  }

  /** The last gift of a round was opened as the next began: show what it did on each recipient's plate (the view no longer says which slot). */
  private popLastRound(prev: Model, m: Model): void {
    const last = m.view.history[m.view.history.length - 1];
    const L = this.layout;
    if (!last || !L) return;
    for (const c of prev.view.closed) {
      const plate = L.plates[c.to];
      if (plate) this.fx.popValue(plate.x + plate.w / 2, plate.y + plate.h / 2, last.get[c.to] - prev.view.get[c.to]);
    }
  }

  protected override get animating(): boolean {
    return this.flipTargets.length > 0;
  }

  protected override animate(): void {
    // The revealer's wishes flip face up (scale.x 0 → 1), whatever updates happen meanwhile.
    if (this.flipTargets.length && flipFaceUp(this.flipTargets, this.clock - this.wantsFlipAt)) this.flipTargets = [];
  }
}
