/**
 * The Gift Trap table drawn with Pixi: the tracks with every pawn, the laid-out
 * gifts, the wish tiles, the players with the gifts lying before them, and the
 * reveal animations. Everything it shows comes from a SceneState; every input
 * goes back through SceneCallbacks (the DOM controls offer the same actions).
 */
import { Application, Container, Graphics, Rectangle, Text, type FederatedPointerEvent, type TextStyleOptions } from 'pixi.js';
import { listNames, t } from '../../i18n/index.js';
import { initial, playerColor, playerColorNum } from '../colors.js';
import type { GiveDraft, WantDraft } from './draft.js';
import { computeLayout, type TableLayout } from './layout.js';
import { inside, centre, type Rect } from '../common/geometry.js';
import { WANT_COLOR, WANT_KINDS, WANT_LABEL, TIER_COLOR, TIER_INK, deciding, formatValue, giftAt, giftName, type Model, type WantKind } from './model.js';
import { easeInOutQuad, easeOutBack, easeOutCubic } from '../common/tween.js';
import { OnDemandScene, createTableApp, flipFaceUp, reducedMotion, shrinkToFit, tableText } from '../common/pixi-scene.js';
import type { Gift, OpenedGift } from '@fireside/shared/games/gifttrap/types';
import { tableIcon } from '../../art/sprites.js';

export type Token = { kind: 'recipient'; seat: number } | { kind: 'want'; want: WantKind };

/** What happened in the previous round (shown by the DOM controls). */
export interface RoundRecap {
  round: number;
  /** Every gift opened in that round, the last one included. */
  opened: OpenedGift[];
  /** The gifts that were laid out, by slot. */
  slotsGift: (Gift | null)[];
}

export interface SceneState {
  model: Model;
  recap: RoundRecap | null;
  give: GiveDraft;
  want: WantDraft;
  selected: Token | null;
  canFlip: boolean;
  canGive: boolean;
  canWant: boolean;
  canOpen: boolean;
}

export interface SceneCallbacks {
  clickSlot(slot: number): void;
  dropOnSlot(token: Token, slot: number): void;
  pickToken(token: Token): void;
  openFrom(from: number): void;
}

const C = {
  table: 0x3a2419,
  felt: 0x4a2e20,
  plate: 0x553525,
  plateEdge: 0x6e4832,
  cream: 0xfff4e2,
  ink: 0x3a2a1c,
  muted: 0xd9c3a5,
  gold: 0xffc857,
  ember: 0xf28c28,
  bar: 0x6b4530,
  good: 0x3ccf7a,
  bad: 0xff6b5b,
};

const hex = (s: string) => parseInt(s.replace('#', ''), 16);

/** Short "a, b" lists never exceed a width: cut long names with an ellipsis. */
function fit(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, Math.max(1, max - 1)).join('') + '…';
}

interface Pawn {
  g: Container;
  x: number;
  y: number;
  placed: boolean;
}

interface Drag {
  token: Token;
  ghost: Container;
  startX: number;
  startY: number;
  moved: boolean;
  pointerId: number;
}

export class GiftTrapScene extends OnDemandScene {
  private static = new Container();
  private pawnLayer = new Container();
  private fx = new Container();
  private pawns = new Map<string, Pawn>();
  private layout: TableLayout | null = null;
  private state: SceneState | null = null;
  private prev: Model | null = null;
  private drag: Drag | null = null;
  private hoverSlot = -1;
  private hoverGfx: Graphics[] = [];
  /** Time-based effects that survive redraws: when the current revealer's wishes turned up. */
  private wantsFlipAt = 0;
  private wantsFlipFor = -1;
  private flipTargets: Container[] = [];
  private pawnDelayUntil = 0;
  private lastKey = '';
  /** Width of the longest track label in the current language. */
  private labelW = 0;

  constructor(
    app: Application,
    host: HTMLElement,
    width: number,
    private cb: SceneCallbacks,
  ) {
    super(app, host, width);
    this.root.addChild(this.static, this.pawnLayer, this.fx);
    const canvas = app.canvas as HTMLCanvasElement;
    canvas.addEventListener('pointermove', (e) => this.onHover(e));
    canvas.addEventListener('pointerleave', () => this.setHover(-1));
  }

  static async create(host: HTMLElement, cb: SceneCallbacks): Promise<GiftTrapScene> {
    const { app, width } = await createTableApp(host, { height: 400, background: C.table, antialias: false });
    return new GiftTrapScene(app, host, width, cb);
  }

  protected override beforeDestroy(): void {
    this.endDrag();
  }

  protected relayout(): void {
    if (this.state) {
      this.lastKey = this.renderKey(this.state);
      this.render(this.state);
      this.placePawns(this.state, true);
    }
  }

  /** Everything the drawing depends on: unrelated updates (chat, presence) redraw nothing. */
  private renderKey(s: SceneState): string {
    const m = s.model;
    return JSON.stringify([
      this.width,
      t('gifttrap.tracks.give'),
      m.view,
      m.secret,
      m.me,
      m.names,
      m.snap.seats.map((x) => x.awaiting),
      s.give.tiles,
      s.want.wants,
      s.selected,
      s.canFlip,
      s.canGive,
      s.canWant,
      s.canOpen,
    ]);
  }

  update(state: SceneState): void {
    const m = state.model;
    const prev = this.prev;
    const v = m.view;
    const sameRound = prev && prev.snap.matchNo === m.snap.matchNo && prev.view.round === v.round;
    // The revealer's wishes turn face up.
    if (
      v.phase === 'reveal' &&
      v.revealer !== null &&
      v.revealedWants[v.revealer] &&
      !(sameRound && prev!.view.revealer === v.revealer && prev!.view.revealedWants[v.revealer])
    ) {
      this.wantsFlipAt = reducedMotion() ? -1e9 : this.clock;
      this.wantsFlipFor = v.revealer;
    }
    this.state = state;
    const key = this.renderKey(state);
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.render(state);
    }
    // Newly opened gifts fly to their slot; then the pawns move.
    if (prev && sameRound && v.opened.length > prev.view.opened.length) {
      const fresh = v.opened.slice(prev.view.opened.length);
      fresh.forEach((o, k) => this.flyGift(o.from, o.to, o.slot, o.value, k * 450));
      this.pawnDelayUntil = this.clock + 650 + (fresh.length - 1) * 450;
    }
    // The last gift of a round is opened and the next round begins at once: show
    // what it did on the recipient's plate (the view no longer says which slot).
    if (prev && prev.snap.matchNo === m.snap.matchNo && prev.view.phase === 'reveal' && v.round > prev.view.round) {
      const last = v.history[v.history.length - 1];
      const L = this.layout;
      if (last && L) {
        for (const c of prev.view.closed) {
          const delta = last.get[c.to] - prev.view.get[c.to];
          const plate = L.plates[c.to];
          if (plate) this.popValue(plate.x + plate.w / 2, plate.y + plate.h / 2, delta);
        }
      }
      this.pawnDelayUntil = this.clock + 500;
    }
    this.placePawns(state, !prev);
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
      const radius = r.w < 190 ? 13 : 15;
      p = { x: r.x + r.w - radius - 9, y: r.y + r.h - radius - 8 };
    }
    if (kind === 'wish' && L.trayTiles[a]) p = centre(L.trayTiles[a]);
    if (kind === 'closed' && this.state) {
      const boxes = this.boxesBefore(this.state.model, b ?? this.state.model.me);
      const k = boxes.findIndex((bx) => bx.from === a);
      const plate = L.plates[b ?? this.state.model.me];
      if (k >= 0 && plate) p = centre(this.boxRect(plate, k));
    }
    return p ? { x: rect.left + p.x * scale, y: rect.top + p.y * scale } : null;
  }

  // ---------------------------------------------------------------- drawing

  private render(state: SceneState): void {
    if (this.destroyed) return;
    const m = state.model;
    const v = m.view;
    const slotCount = v.slotCount || v.slots.length || m.n + 1;
    const L = computeLayout(this.width, slotCount, m.n, state.canWant);
    this.layout = L;
    if (this.app.renderer.width !== L.W || this.app.renderer.height !== L.H) {
      this.app.renderer.resize(L.W, L.H);
    }
    this.app.stage.hitArea = new Rectangle(0, 0, L.W, L.H);
    (this.app.canvas as HTMLCanvasElement).setAttribute('aria-label', t('gifttrap.tableLabel'));

    for (const child of this.static.removeChildren()) child.destroy({ children: true });
    this.flipTargets = [];
    this.hoverGfx = [];

    this.drawHeader(L, m);
    this.drawTracks(L, m);
    for (let i = 0; i < slotCount; i++) this.drawCard(L.cards[i], i, state);
    if (L.tray) this.drawTray(L, state);
    for (let s = 0; s < m.n; s++) this.drawPlate(L.plates[s], s, state);
    if (v.phase === 'over' && v.winners?.length) this.drawWinners(L, m);
    this.setHover(this.hoverSlot, true);
    this.requestRender();
  }

  private text(str: string, style: TextStyleOptions, x: number, y: number, anchorX = 0, anchorY = 0, parent: Container = this.static): Text {
    return tableText(parent, str, style, x, y, anchorX, anchorY);
  }

  private drawHeader(L: TableLayout, m: Model): void {
    const v = m.view;
    const bits = [t('game.round', { n: v.round }), t(`gifttrap.phase.${v.phase}`)];
    if (v.tier) bits.push(t(`gifttrap.tierShort.${v.tier}`));
    const title = this.text(
      bits.join('  ·  '),
      { fontSize: L.narrow ? 14 : 16, fontWeight: '700', fill: C.cream },
      L.header.x,
      L.header.y + L.header.h / 2,
      0,
      0.5,
    );
    if (v.tier) {
      const g = new Graphics()
        .circle(L.header.x + L.header.w - 8, L.header.y + L.header.h / 2, 7)
        .fill(hex(TIER_COLOR[v.tier]))
        .stroke({ width: 2, color: C.cream });
      this.static.addChild(g);
    }
    const goal = this.text(
      t('gifttrap.tracks.goal', { goal: v.options.goal }),
      { fontSize: 12, fill: C.muted },
      L.header.x + L.header.w - (v.tier ? 22 : 0),
      L.header.y + L.header.h / 2,
      1,
      0.5,
    );
    goal.alpha = 0.9;
    // The title keeps left of the goal (long in French on a phone): a smaller font, then an ellipsis.
    shrinkToFit(title, goal.x - goal.width - L.header.x - 10, L.narrow ? 11 : 13);
  }

  private trackGeom(L: TableLayout, which: 'give' | 'get') {
    const r = L.tracks[which];
    const x0 = r.x + Math.max(L.tracks.labelW, this.labelW);
    const x1 = r.x + r.w - 12;
    const barY = r.y + r.h - 18;
    return { r, x0, x1, barY };
  }

  private drawTracks(L: TableLayout, m: Model): void {
    const goal = m.view.options.goal;
    const labels = (['give', 'get'] as const).map((which) =>
      this.text(
        t(`gifttrap.tracks.${which}`),
        { fontSize: L.narrow ? 11 : 13, fontWeight: '800', fill: which === 'give' ? C.ember : C.gold, letterSpacing: 1 },
        L.tracks[which].x,
        this.trackGeom(L, which).barY + 1,
        0,
        0.5,
      ),
    );
    this.labelW = Math.ceil(Math.max(...labels.map((l) => l.width))) + 14;
    for (const which of ['give', 'get'] as const) {
      const { x0, x1, barY } = this.trackGeom(L, which);
      const g = new Graphics();
      g.roundRect(x0 - 6, barY - 5, x1 - x0 + 12, 10, 5).fill(C.bar);
      const step = (x1 - x0) / goal;
      for (let k = 0; k <= goal; k++) {
        const x = x0 + k * step;
        const major = k % 5 === 0;
        if (!major && step < 5) continue;
        g.rect(x - 0.5, barY - (major ? 5 : 3), 1, major ? 10 : 6).fill({ color: C.cream, alpha: major ? 0.55 : 0.25 });
      }
      g.star(x1, barY, 5, 9, 4).fill(C.gold).stroke({ width: 1.5, color: 0x7a4b12 });
      this.static.addChild(g);
      for (let k = 0; k <= goal; k += 5) {
        if (k === goal) continue;
        this.text(String(k), { fontSize: 10, fill: C.muted }, x0 + k * step, barY + 8, 0.5, 0);
      }
      this.text(String(goal), { fontSize: 10, fontWeight: '700', fill: C.gold }, x1, barY + 8, 0.5, 0);
    }
  }

  private drawCard(r: Rect, slot: number, state: SceneState): void {
    const m = state.model;
    const v = m.view;
    const laid = v.slots[slot];
    const gift = giftAt(v, slot);
    const tier = v.tier;
    const card = new Container();
    card.position.set(r.x, r.y);
    this.static.addChild(card);

    const shadow = new Graphics().roundRect(3, 5, r.w, r.h, 12).fill({ color: 0x000000, alpha: 0.28 });
    card.addChild(shadow);
    if (!laid || !tier || !gift) {
      // Face down: the back of a card.
      const back = new Graphics().roundRect(0, 0, r.w, r.h, 12).fill(0x7a3b22).stroke({ width: 2, color: 0xa35a35 });
      back.roundRect(8, 8, r.w - 16, r.h - 16, 8).stroke({ width: 1.5, color: 0xe0a36b, alpha: 0.6 });
      card.addChild(back);
      tableIcon(card, 'gift', Math.round(r.w * 0.33), r.w / 2, r.h / 2, 0.5, 0.5).alpha = 0.55;
      this.text(String(slot + 1), { fontSize: 13, fontWeight: '800', fill: 0xf5d6b0 }, 12, 10, 0, 0, card);
      return;
    }
    const band = Math.round(Math.max(22, r.h * 0.17));
    const body = new Graphics().roundRect(0, 0, r.w, r.h, 12).fill(C.cream);
    body.roundRect(0, 0, r.w, band + 12, 12).fill(hex(TIER_COLOR[tier]));
    body.rect(0, band, r.w, 12).fill(C.cream);
    body.roundRect(0, 0, r.w, r.h, 12).stroke({ width: 2.5, color: hex(TIER_COLOR[tier]) });
    card.addChild(body);
    this.text(String(slot + 1), { fontSize: Math.round(band * 0.68), fontWeight: '800', fill: hex(TIER_INK[tier]) }, 10, band / 2 + 1, 0, 0.5, card);
    if (state.canFlip) this.text('⟲', { fontSize: Math.round(band * 0.7), fontWeight: '700', fill: hex(TIER_INK[tier]) }, r.w - 10, band / 2 + 1, 1, 0.5, card);

    // The name sits at the bottom (one to three lines); the picture fills what is left.
    const nameSize = r.w < 110 ? 11.5 : 13;
    const name = this.text(
      giftName(gift),
      {
        fontSize: nameSize,
        fontWeight: '600',
        fill: C.ink,
        align: 'center',
        wordWrap: true,
        wordWrapWidth: r.w - 12,
        breakWords: true,
        lineHeight: nameSize * 1.2,
      },
      r.w / 2,
      r.h - 7,
      0.5,
      1,
      card,
    );
    const areaTop = band + 4;
    const areaBottom = r.h - 7 - name.height - 2;
    const emojiSize = Math.round(Math.max(18, Math.min((areaBottom - areaTop) * 0.78, r.w * 0.42)));
    tableIcon(card, gift.icon, emojiSize, r.w / 2, (areaTop + areaBottom) / 2, 0.5, 0.5);

    // Overlays: my draft gifts / wishes, the revealer's wishes, opened gifts.
    const o = new Container();
    card.addChild(o);
    if (v.phase === 'give' && m.me >= 0) {
      const tos = state.give.tiles.filter((tl) => tl.slot === slot).map((tl) => tl.to);
      tos.forEach((to, k) => o.addChild(this.personToken(to, m.names[to], r.w - 17 - k * 26, band + 17, 13)));
    } else if ((v.phase === 'want' || v.phase === 'reveal') && m.secret?.myGifts) {
      const tos = m.secret.myGifts.filter((tl) => tl.slot === slot).map((tl) => tl.to);
      tos.forEach((to, k) => {
        const tk = this.personToken(to, m.names[to], r.w - 13 - k * 20, band + 16, 10);
        tk.alpha = 0.75;
        o.addChild(tk);
      });
    }
    if (v.phase === 'want' && m.me >= 0) {
      const kind = state.want.kindOn(slot);
      if (kind) o.addChild(this.wantBadge(kind, 8, band + 6, r.w < 110 ? 40 : 46));
    }
    if (v.phase === 'reveal' && v.revealer !== null) {
      const wants = v.revealedWants[v.revealer];
      const kind = wants ? WANT_KINDS.find((k) => wants[k] === slot) : undefined;
      if (kind) {
        const w = r.w < 110 ? 40 : 46;
        const badge = this.wantBadge(kind, 8 + w / 2, band + 6, w, true);
        o.addChild(badge);
        if (this.wantsFlipFor === v.revealer) this.flipTargets.push(badge);
      }
      const landed = v.opened.filter((op) => op.to === v.revealer && op.slot === slot);
      landed.forEach((op, k) => {
        const box = this.giftBox(op.from, 18);
        box.position.set(8 + k * 22, r.h * 0.52);
        o.addChild(box);
      });
      if (landed.length) {
        const val = landed[0].value;
        this.text(
          formatValue(val),
          { fontSize: 15, fontWeight: '900', fill: val > 0 ? 0x1f9d55 : 0xc0392b, stroke: { color: C.cream, width: 3 } },
          8 + landed.length * 22 + 2,
          r.h * 0.52 + 9,
          0,
          0.5,
          o,
        );
      }
    }

    // Interaction.
    const interactive = state.canFlip || state.canGive || state.canWant;
    if (interactive) {
      card.eventMode = 'static';
      card.cursor = 'pointer';
      card.hitArea = new Rectangle(0, 0, r.w, r.h);
      card.on('pointertap', () => this.cb.clickSlot(slot));
      const hover = new Graphics().roundRect(-3, -3, r.w + 6, r.h + 6, 14).stroke({ width: 3, color: C.gold });
      hover.visible = false;
      card.addChild(hover);
      this.hoverGfx[slot] = hover;
    }
  }

  /** The match is won: a banner across the gifts. */
  private drawWinners(L: TableLayout, m: Model): void {
    const first = L.cards[0];
    const last = L.cards[L.cards.length - 1];
    if (!first || !last) return;
    const top = first.y;
    const bottom = last.y + last.h;
    const names = (m.view.winners ?? []).map((w) => m.names[w]);
    const label = t('game.winner', { count: names.length, names: listNames(names) });
    const fontSize = L.narrow ? 20 : 30;
    const trophy = Math.round(fontSize * 1.1) + 8;
    const h = Math.min(90, bottom - top);
    const y = top + (bottom - top - h) / 2;
    const g = new Graphics()
      .roundRect(L.pad, y, L.W - 2 * L.pad, h, 16)
      .fill({ color: 0x1d120c, alpha: 0.86 })
      .stroke({ width: 3, color: C.gold });
    this.static.addChild(g);
    const tx = this.text(
      label,
      {
        fontSize,
        fontWeight: '800',
        fill: C.gold,
        fontFamily: `Georgia, "Noto Serif", "Noto Serif CJK JP", serif`,
        wordWrap: true,
        wordWrapWidth: L.W - 4 * L.pad - trophy,
        align: 'center',
        breakWords: true,
      },
      L.W / 2 + trophy / 2,
      y + h / 2,
      0.5,
      0.5,
    );
    tableIcon(this.static, 'trophy', trophy - 8, tx.x - tx.width / 2 - 8, y + h / 2, 1, 0.5);
  }

  private personToken(seat: number, name: string, x: number, y: number, radius: number): Container {
    const c = new Container();
    c.position.set(x, y);
    c.addChild(new Graphics().circle(0, 0, radius).fill(playerColorNum(seat)).stroke({ width: 2, color: 0xffffff }));
    this.text(initial(name), { fontSize: Math.round(radius * 1.1), fontWeight: '800', fill: 0xffffff }, 0, 1, 0.5, 0.5, c);
    return c;
  }

  private wantBadge(kind: WantKind, x: number, y: number, w: number, centred = false): Container {
    const c = new Container();
    c.position.set(x, y);
    const h = 22;
    const ox = centred ? -w / 2 : 0;
    c.addChild(new Graphics().roundRect(ox, 0, w, h, 7).fill(hex(WANT_COLOR[kind])).stroke({ width: 2, color: 0xffffff }));
    this.text(WANT_LABEL[kind], { fontSize: 14, fontWeight: '900', fill: 0xffffff }, ox + w / 2, h / 2 + 1, 0.5, 0.5, c);
    return c;
  }

  private giftBox(from: number, size: number): Container {
    const c = new Container();
    const col = playerColorNum(from);
    const g = new Graphics().roundRect(0, 0, size, size, 4).fill(col).stroke({ width: 1.5, color: 0xffffff, alpha: 0.9 });
    g.rect(size / 2 - 1.5, 0, 3, size).fill({ color: 0xffffff, alpha: 0.9 });
    g.rect(0, size / 2 - 1.5, size, 3).fill({ color: 0xffffff, alpha: 0.9 });
    c.addChild(g);
    return c;
  }

  private drawTray(L: TableLayout, state: SceneState): void {
    WANT_KINDS.forEach((kind, i) => {
      const r = L.trayTiles[i];
      const placed = state.want.wants[kind];
      const selected = state.selected?.kind === 'want' && state.selected.want === kind;
      const c = new Container();
      c.position.set(r.x, r.y);
      const g = new Graphics().roundRect(0, 0, r.w, r.h, 9).fill({ color: hex(WANT_COLOR[kind]), alpha: placed !== undefined ? 0.45 : 1 });
      if (selected) g.roundRect(-3, -3, r.w + 6, r.h + 6, 11).stroke({ width: 3, color: C.gold });
      else g.roundRect(0, 0, r.w, r.h, 9).stroke({ width: 1.5, color: 0xffffff, alpha: 0.7 });
      c.addChild(g);
      this.text(WANT_LABEL[kind], { fontSize: 17, fontWeight: '900', fill: 0xffffff }, 10, r.h / 2 + 1, 0, 0.5, c);
      const label = placed !== undefined ? `→ ${placed + 1}` : t(`gifttrap.want.${kind}`);
      this.text(fit(label, 8), { fontSize: 11, fontWeight: '700', fill: 0xffffff }, r.w - 7, r.h / 2 + 1, 1, 0.5, c);
      c.eventMode = 'static';
      c.cursor = 'grab';
      c.hitArea = new Rectangle(0, 0, r.w, r.h);
      c.on('pointerdown', (e: FederatedPointerEvent) => this.startDrag({ kind: 'want', want: kind }, e));
      this.static.addChild(c);
    });
  }

  private boxesBefore(m: Model, seat: number): { from: number }[] {
    return m.view.closed.filter((c) => c.to === seat).sort((a, b) => a.from - b.from);
  }

  private boxRect(plate: Rect, k: number, size = plate.w < 190 ? 20 : 24): Rect {
    return { x: plate.x + 16 + k * (size + 6), y: plate.y + plate.h - size - 10, w: size, h: size };
  }

  private drawPlate(r: Rect, seat: number, state: SceneState): void {
    const m = state.model;
    const v = m.view;
    const isMe = seat === m.me;
    const isRevealer = v.phase === 'reveal' && v.revealer === seat;
    const isParent = v.parent === seat;
    const waiting = deciding(m).includes(seat);
    const selected = state.selected?.kind === 'recipient' && state.selected.seat === seat;
    const canPick = state.canGive && !isMe;

    const c = new Container();
    c.position.set(r.x, r.y);
    this.static.addChild(c);
    const g = new Graphics().roundRect(0, 0, r.w, r.h, 12).fill(isMe ? 0x63402c : C.plate);
    g.roundRect(0, 0, 7, r.h, 3).fill(playerColorNum(seat));
    if (isRevealer) g.roundRect(-2, -2, r.w + 4, r.h + 4, 13).stroke({ width: 3, color: C.gold });
    else if (selected) g.roundRect(-2, -2, r.w + 4, r.h + 4, 13).stroke({ width: 3, color: hex(playerColor(seat)) });
    else g.roundRect(0, 0, r.w, r.h, 12).stroke({ width: 1, color: C.plateEdge });
    c.addChild(g);

    const winner = v.winners?.includes(seat);
    let mark: Container | null = null;
    if (winner) mark = tableIcon(c, 'trophy', 20, r.w - 10, 9, 1, 0);
    else if (waiting) mark = this.text(t('game.thinking'), { fontSize: 11.5, fontStyle: 'italic', fill: C.gold }, r.w - 10, 10, 1, 0, c);
    else if (v.phase === 'give' || v.phase === 'want') mark = this.text('✓', { fontSize: 15, fontWeight: '900', fill: C.good }, r.w - 12, 9, 1, 0, c);
    // The name takes the width the status leaves: a smaller font first, an ellipsis only if it must.
    const label = m.names[seat] + (isMe ? ` (${t('lobby.you')})` : '');
    const nameSize = r.w < 190 ? 13 : 15;
    // The parent's crown before the name.
    const crown = isParent ? tableIcon(c, 'crown', nameSize + 2, 16, 9).width + 4 : 0;
    const name = this.text(label, { fontSize: nameSize, fontWeight: '700', fill: C.cream }, 16 + crown, 9, 0, 0, c);
    shrinkToFit(name, r.w - 16 - crown - (mark ? mark.width + 16 : 10), nameSize - 3);
    const scores = this.text(
      `${t('gifttrap.tracks.give')} ${v.give[seat]}   ${t('gifttrap.tracks.get')} ${v.get[seat]}`,
      { fontSize: 11.5, fontWeight: '600', fill: C.muted },
      16,
      30,
      0,
      0,
      c,
    );

    // Face-down gifts before this player, then what they opened this round.
    const boxes = this.boxesBefore(m, seat);
    const openable = state.canOpen && isMe;
    const boxSize = r.w < 190 ? 20 : 24;
    boxes.forEach((b, k) => {
      const br = this.boxRect({ x: 0, y: 0, w: r.w, h: r.h }, k, boxSize);
      const box = this.giftBox(b.from, br.w);
      box.position.set(br.x, br.y);
      if (openable) {
        const glow = new Graphics().roundRect(-4, -4, br.w + 8, br.h + 8, 7).stroke({ width: 2.5, color: C.gold });
        box.addChildAt(glow, 0);
        box.eventMode = 'static';
        box.cursor = 'pointer';
        box.hitArea = new Rectangle(-4, -4, br.w + 8, br.h + 8);
        box.on('pointertap', () => this.cb.openFrom(b.from));
      }
      c.addChild(box);
    });
    const opened = v.opened.filter((o) => o.to === seat);
    let x = 16 + boxes.length * (boxSize + 6) + (boxes.length ? 6 : 0);
    const maxX = r.w - (canPick ? 50 : 12);
    for (const o of opened) {
      if (x > maxX - 30) break;
      const gift = giftAt(v, o.slot);
      const e = tableIcon(c, gift?.icon ?? 'gift', r.w < 190 ? 16 : 19, x, r.h - 10 - boxSize / 2, 0, 0.5);
      const val = this.text(
        formatValue(o.value),
        { fontSize: r.w < 190 ? 11 : 12, fontWeight: '900', fill: o.value > 0 ? C.good : C.bad },
        x + e.width + 1,
        r.h - 10 - boxSize / 2,
        0,
        0.5,
        c,
      );
      x += e.width + val.width + (r.w < 190 ? 6 : 10);
    }

    // Give phase: pick this player (tap the plate) or drag their token onto a gift.
    if (canPick) {
      c.eventMode = 'static';
      c.cursor = 'pointer';
      c.hitArea = new Rectangle(0, 0, r.w, r.h);
      c.on('pointertap', () => this.cb.pickToken({ kind: 'recipient', seat }));
      const chosen = state.give.slotsFor(seat);
      const radius = r.w < 190 ? 13 : 15;
      const tk = this.personToken(seat, m.names[seat], r.w - radius - 9, r.h - radius - 8, radius);
      tk.eventMode = 'static';
      tk.cursor = 'grab';
      tk.on('pointerdown', (e: FederatedPointerEvent) => {
        e.stopPropagation();
        this.startDrag({ kind: 'recipient', seat }, e);
      });
      c.addChild(tk);
      const need = state.give.per;
      const txt = chosen.length ? `→ ${chosen.map((s) => s + 1).join(', ')}` : '→ ?';
      const arrow = this.text(txt, { fontSize: 13, fontWeight: '800', fill: chosen.length >= need ? C.good : C.gold }, r.w - 10, 30, 1, 0, c);
      shrinkToFit(scores, r.w - 10 - arrow.width - 8 - 16, 9);
    }
  }

  // ---------------------------------------------------------------- pawns

  private placePawns(state: SceneState, instant: boolean): void {
    const L = this.layout;
    if (!L) return;
    const m = state.model;
    const v = m.view;
    const goal = v.options.goal;
    const seen = new Set<string>();
    const radius = L.narrow ? 7 : 8;
    for (const which of ['give', 'get'] as const) {
      const { x0, x1, barY } = this.trackGeom(L, which);
      const values = v[which];
      const clampV = (s: number) => Math.max(0, Math.min(goal, values[s] ?? 0));
      // Pawns on one square stack upwards, squeezed to stay within the track's row.
      const counts = new Map<number, number>();
      for (let s = 0; s < m.n; s++) counts.set(clampV(s), (counts.get(clampV(s)) ?? 0) + 1);
      const tallest = Math.max(...counts.values());
      const room = L.tracks[which].h - 18 - radius - 10;
      const step = tallest > 1 ? Math.min(radius * 0.95, room / (tallest - 1)) : 0;
      const stackAt = new Map<number, number>();
      for (let s = 0; s < m.n; s++) {
        const val = clampV(s);
        const k = stackAt.get(val) ?? 0;
        stackAt.set(val, k + 1);
        const x = x0 + (val / goal) * (x1 - x0);
        const y = barY - radius - 3 - k * step;
        const key = `${which}:${s}`;
        seen.add(key);
        let pawn = this.pawns.get(key);
        if (!pawn) {
          const g = new Container();
          const body = new Graphics().circle(0, 0, radius).fill(playerColorNum(s)).stroke({ width: 2, color: 0xffffff });
          g.addChild(body);
          pawn = { g, x, y, placed: false };
          this.pawns.set(key, pawn);
        }
        // Higher stacks are drawn later so every pawn shows.
        this.pawnLayer.addChild(pawn.g);
        if (!pawn.placed || instant || reducedMotion()) {
          pawn.g.position.set(x, y);
          pawn.placed = true;
        } else if (pawn.x !== x || pawn.y !== y) {
          const fromX = pawn.g.x;
          const fromY = pawn.g.y;
          const g = pawn.g;
          const delay = Math.max(0, this.pawnDelayUntil - this.clock);
          this.tweens.add({
            duration: 650,
            delay,
            ease: easeInOutQuad,
            alive: () => !g.destroyed,
            step: (k) => {
              g.position.set(fromX + (x - fromX) * k, fromY + (y - fromY) * k - Math.sin(k * Math.PI) * 14);
            },
          });
        }
        pawn.x = x;
        pawn.y = y;
      }
    }
    for (const [key, pawn] of this.pawns) {
      if (!seen.has(key)) {
        pawn.g.destroy({ children: true });
        this.pawns.delete(key);
      }
    }
  }

  // ---------------------------------------------------------------- effects

  private flyGift(from: number, to: number, slot: number, value: number, delay: number): void {
    if (reducedMotion()) return;
    const L = this.layout;
    const v = this.state?.model.view;
    if (!L || !v) return;
    const plate = L.plates[to];
    const card = L.cards[slot];
    if (!plate || !card) return;
    const start = { x: plate.x + 28, y: plate.y + plate.h - 22 };
    const end = centre(card);
    const gift = giftAt(v, slot);

    const flyer = new Container();
    const size = 44;
    flyer.addChild(
      new Graphics()
        .roundRect(-size / 2, -size / 2, size, size, 8)
        .fill(C.cream)
        .stroke({ width: 3, color: playerColorNum(from) }),
    );
    tableIcon(flyer, gift?.icon ?? 'gift', 30, 0, 0, 0.5, 0.5);
    flyer.position.set(start.x, start.y);
    flyer.scale.set(0.5);
    flyer.visible = delay === 0;
    this.fx.addChild(flyer);
    this.tweens.add({
      duration: 620,
      delay,
      ease: easeOutCubic,
      alive: () => !flyer.destroyed,
      step: (k) => {
        flyer.visible = true;
        flyer.position.set(start.x + (end.x - start.x) * k, start.y + (end.y - start.y) * k - Math.sin(k * Math.PI) * 60);
        flyer.scale.set(0.5 + 0.7 * k);
        flyer.rotation = (1 - k) * 0.6;
      },
      done: () => {
        this.popValue(end.x, end.y - card.h * 0.2, value);
        this.tweens.add({
          duration: 500,
          delay: 350,
          step: (k) => (flyer.alpha = 1 - k),
          done: () => flyer.destroy({ children: true }),
          alive: () => !flyer.destroyed,
        });
      },
    });
  }

  private popValue(x: number, y: number, value: number): void {
    if (reducedMotion()) return;
    const label = this.text(
      formatValue(value),
      { fontSize: 34, fontWeight: '900', fill: value > 0 ? C.good : C.bad, stroke: { color: 0x2a170f, width: 5 } },
      x,
      y,
      0.5,
      0.5,
      this.fx,
    );
    label.scale.set(0.2);
    this.tweens.add({
      duration: 1100,
      ease: (k) => k,
      alive: () => !label.destroyed,
      step: (k) => {
        label.scale.set(k < 0.3 ? easeOutBack(k / 0.3) : 1);
        label.y = y - k * 36;
        label.alpha = k < 0.7 ? 1 : 1 - (k - 0.7) / 0.3;
      },
      done: () => label.destroy(),
    });
  }

  protected override get animating(): boolean {
    return this.flipTargets.length > 0;
  }

  protected override animate(): void {
    // The revealer's wishes flip face up (scale.x 0 → 1), whatever redraws happen meanwhile.
    if (this.flipTargets.length && flipFaceUp(this.flipTargets, this.clock - this.wantsFlipAt)) this.flipTargets = [];
  }

  // ---------------------------------------------------------------- input

  private localPoint(e: PointerEvent): { x: number; y: number } {
    const rect = (this.app.canvas as HTMLCanvasElement).getBoundingClientRect();
    const L = this.layout!;
    const scale = L.W / rect.width;
    return { x: (e.clientX - rect.left) * scale, y: (e.clientY - rect.top) * scale };
  }

  private slotAt(x: number, y: number): number {
    const L = this.layout;
    if (!L) return -1;
    return L.cards.findIndex((r) => inside(r, x, y));
  }

  private onHover(e: PointerEvent): void {
    if (!this.layout) return;
    const p = this.localPoint(e);
    this.setHover(this.slotAt(p.x, p.y));
  }

  private setHover(slot: number, force = false): void {
    if (slot === this.hoverSlot && !this.drag && !force) return;
    this.hoverSlot = slot;
    this.hoverGfx.forEach((g, i) => {
      if (g && !g.destroyed) g.visible = i === slot;
    });
    this.requestRender();
  }

  private startDrag(token: Token, e: FederatedPointerEvent): void {
    if (this.drag) return;
    const ghost = new Container();
    if (token.kind === 'recipient') ghost.addChild(this.personToken(token.seat, this.state!.model.names[token.seat], 0, 0, 17));
    else ghost.addChild(this.wantBadge(token.want, 0, -11, 50, true));
    ghost.position.set(e.global.x, e.global.y);
    ghost.alpha = 0;
    this.fx.addChild(ghost);
    this.drag = { token, ghost, startX: e.global.x, startY: e.global.y, moved: false, pointerId: e.pointerId };
    window.addEventListener('pointermove', this.onDragMove);
    window.addEventListener('pointerup', this.onDragEnd);
    window.addEventListener('pointercancel', this.onDragCancel);
  }

  private onDragMove = (e: PointerEvent): void => {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    const p = this.localPoint(e);
    if (!d.moved && Math.hypot(p.x - d.startX, p.y - d.startY) > 6) {
      d.moved = true;
      d.ghost.alpha = 0.95;
    }
    d.ghost.position.set(p.x, p.y);
    this.setHover(this.slotAt(p.x, p.y));
    this.requestRender();
  };

  private onDragEnd = (e: PointerEvent): void => {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    const p = this.localPoint(e);
    this.endDrag();
    if (!d.moved) {
      this.cb.pickToken(d.token);
      return;
    }
    const slot = this.slotAt(p.x, p.y);
    if (slot >= 0) this.cb.dropOnSlot(d.token, slot);
  };

  private onDragCancel = (): void => this.endDrag();

  private endDrag(): void {
    const d = this.drag;
    this.drag = null;
    window.removeEventListener('pointermove', this.onDragMove);
    window.removeEventListener('pointerup', this.onDragEnd);
    window.removeEventListener('pointercancel', this.onDragCancel);
    if (d && !d.ghost.destroyed) d.ghost.destroy({ children: true });
    this.requestRender();
  }
}
