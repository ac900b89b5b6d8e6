/**
 * The Wind City table: keeps the player's local choices (the plan being
 * built, the houses chosen for a renewal or a request), feeds the Pixi scene
 * and the DOM controls from the same state, and turns clicks and key presses
 * into intents.
 */
import { DraftStore } from '../common/drafts.js';
import type { GameTable, TableHosts } from '../types.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { RoomSession } from '../../net/session.js';
import { morph } from '../../util/dom.js';
import { lang } from '../../i18n/index.js';
import type { SquareId, WindCityAction } from '@fireside/shared/games/windcity/types';
import { MAX_PLAN } from '@fireside/shared/games/windcity/queries';
import { rowOf } from '@fireside/shared/games/windcity/board';
import { clockLeft } from '@fireside/shared/protocol/room-state';
import { iDecide, myCard, myPlacements, myKauf, planCost, toModel, type Model } from './model.js';
import { WindCityScene } from './scene.js';
import { sceneState, selectable } from './scene-state.js';
import { renderControls, type ControlActions } from './controls.js';
import { followHostSize } from '../common/pixi-scene.js';
import { RoundSummaries } from '../common/round-summary.js';
import { lazy } from '../common/lazy.js';
import { rules } from './rules-lazy.js';

export class WindCityTable implements GameTable {
  private model: Model | null = null;
  private resizeObs: ResizeObserver;
  private onResults: () => void = () => {};
  private controlsKey = '';
  private planDraft: number[] = [];
  private selected: SquareId[] = [];
  /** Changes whenever the game moves on: local choices are reset then. */
  private stepKey = '';
  /** The step for which an action was sent (to ignore double clicks until the server answers). */
  private sentFor = '';
  /** The unsent plan and house choices, in the browser; made once the room is known. */
  private drafts: DraftStore<{ plan: number[]; selected: number[] }> | null = null;
  /** Market answers sent (per buyer), for this step. */
  private answered = new Set<number>();
  private timer = 0;
  private summaries: RoundSummaries | null = null;
  private unsubscribe: () => void;

  private constructor(
    private scene: WindCityScene,
    private hosts: TableHosts,
    private session: RoomSession,
  ) {
    this.resizeObs = followHostSize(hosts.canvas, () => this.scene.resize());
    if (hosts.frame) this.summaries = new RoundSummaries(hosts.frame, () => this.onResults());
    window.addEventListener('keydown', this.onKey);
    this.unsubscribe = session.serverError.on((e) => {
      if (e.type !== 'intent') return;
      this.sentFor = '';
      this.answered.clear();
      this.render();
    });
    // The market's countdown, ticking in the controls.
    this.timer = window.setInterval(() => this.tick(), 500);
  }

  get app() {
    return this.scene.app;
  }

  get holdsResults(): boolean {
    return !!this.summaries?.holdsResults;
  }

  /** Is an act still being animated? */
  get busy(): boolean {
    return this.scene.busy;
  }

  /** Client coordinates of a square, an action of the card (0..4), a player's plate, the hurricane: tests click the canvas there. */
  pointOf(kind: 'square' | 'action' | 'plate' | 'hurricane', a = 0) {
    return this.scene.pointOf(kind, a);
  }

  static async create(hosts: TableHosts, session: RoomSession, snapshot: RoomSnapshot, onResults: () => void): Promise<WindCityTable> {
    let table: WindCityTable | null = null;
    const scene = await WindCityScene.create(hosts.canvas, {
      clickSquare: (sq) => table?.clickSquare(sq),
      clickAction: (i) => table?.toggleAction(i),
    });
    table = new WindCityTable(scene, hosts, session);
    table.onResults = onResults;
    table.update(snapshot);
    return table;
  }

  update(snapshot: RoomSnapshot): void {
    const m = toModel(snapshot);
    if (!m) return;
    this.model = m;
    const v = m.view;
    // Whether I still decide in the market comes from my own seat view (the public one does not say).
    const mine = v.market ? String(iDecide(m)) : '';
    const key = `${m.snap.matchNo}|${v.turn}|${v.phase}|${v.placed}|${v.active}|${v.hurricane}|${mine}|${m.me}|${v.act?.segments.length ?? 0}`;
    if (key !== this.stepKey) {
      this.stepKey = key;
      this.sentFor = '';
      this.planDraft = [];
      this.selected = [];
      this.answered.clear();
      // A reload in the middle of choosing: the plan or the houses picked and not yet sent come back.
      this.drafts ??= new DraftStore(m.snap.roomId);
      const saved = m.me >= 0 ? this.drafts.load(key) : null;
      if (saved) {
        this.planDraft = saved.plan.slice(0, MAX_PLAN);
        this.selected = saved.selected.slice();
      }
    }
    // Houses no longer choosable (e.g. blown away, insured meanwhile) leave the selection.
    if (this.selected.length) {
      const ok = new Set(selectable(m));
      this.selected = this.selected.filter((sq) => ok.has(sq));
    }
    this.render();
    this.summarize(m);
  }

  relabel(): void {
    this.controlsKey = '';
    this.render();
    if (this.model) this.summarize(this.model);
  }

  /** Offer the summary of the round (or act) this state ends, if any; the summaries' code loads with the first one. */
  private summarize(m: Model): void {
    if (!this.summaries) return;
    // Mid-round: nothing to sum up, and no need to load the summaries' code yet.
    if (!(m.view.records.length > 1)) return this.summaries.offer(null);
    void summaryOf().then((build) => this.summaries?.offer(build(m), () => this.scene.busy));
  }

  destroy(): void {
    rules.close();
    this.summaries?.destroy();
    clearInterval(this.timer);
    this.unsubscribe();
    window.removeEventListener('keydown', this.onKey);
    this.resizeObs.disconnect();
    this.scene.destroy();
  }

  // ------------------------------------------------------------ state

  /** What is chosen and not sent, kept for a reload (common/drafts.ts); nothing once sent. */
  private keepDrafts(): void {
    if (!this.drafts) return;
    if (this.sent || (!this.planDraft.length && !this.selected.length)) this.drafts.clear();
    else this.drafts.save(this.stepKey, { plan: this.planDraft, selected: this.selected });
  }

  private get sent(): boolean {
    return this.sentFor === this.stepKey;
  }

  /**
   * When the market's clock runs out (ms since epoch), or 0: every seat of
   * the market has the same step (server seat-clocks.ts), so the latest one.
   */
  private deadline(): number {
    const seats = this.session.snapshot?.seats ?? [];
    return seats.reduce((latest, seat) => Math.max(latest, seat.deadline), 0);
  }

  /** The market's time left (ms): the longest countdown, each at most its budget (clockLeft). */
  private marketLeft(now: number): number {
    const seats = this.session.snapshot?.seats ?? [];
    return seats.reduce((most, seat) => (seat.deadline > 0 ? Math.max(most, clockLeft(seat, now)) : most), 0);
  }

  private render(): void {
    const m = this.model;
    if (!m) return;
    this.keepDrafts();
    const s = sceneState(m, { plan: this.planDraft, selected: this.selected, answered: this.answered, sent: this.sent });
    this.scene.update(s);
    const { log: _log, records: _records, ...view } = m.view;
    const key = JSON.stringify([
      view,
      m.view.log.length,
      m.secret,
      m.me,
      m.names,
      m.snap.seats.map((x) => x.awaiting),
      s.clickable,
      s.selected,
      s.plan,
      s.sent,
      [...this.answered],
      this.deadline() > 0,
      lang(),
    ]);
    if (key === this.controlsKey) {
      this.tick();
      return;
    }
    this.controlsKey = key;
    morph(this.hosts.controls, renderControls(s, this.actions, this.secondsLeft()));
  }

  private secondsLeft(): number | null {
    const d = this.deadline();
    if (!d || this.model?.view.phase !== 'market') return null;
    return Math.max(0, Math.ceil(this.marketLeft(Date.now()) / 1000));
  }

  /** Update the countdown's text (no re-render). */
  private tick(): void {
    const left = this.secondsLeft();
    if (left === null) return;
    const el = this.hosts.controls.querySelector<HTMLElement>('[data-testid="market-timer"]');
    if (el && el.dataset.left !== String(left)) {
      el.dataset.left = String(left);
      const num = el.querySelector<HTMLElement>('.wc-timer-num');
      if (num) num.textContent = String(left);
      el.classList.toggle('urgent', left <= 10);
    }
  }

  private send(action: WindCityAction, once = true): void {
    if (once) {
      if (this.sent) return;
      this.sentFor = this.stepKey;
    }
    this.session.intent(action);
    this.render();
  }

  // ------------------------------------------------------------ actions

  private actions: ControlActions = {
    clickSquare: (sq) => this.clickSquare(sq),
    hurricane: (col) => this.send({ type: 'hurricane', col }),
    toggleAction: (i) => this.toggleAction(i),
    movePlan: (i, delta) => {
      const d = this.planDraft;
      const k = d.indexOf(i);
      const j = k + delta;
      if (k < 0 || j < 0 || j >= d.length) return;
      [d[k], d[j]] = [d[j], d[k]];
      this.render();
    },
    confirmPlan: () => {
      const m = this.model;
      const card = m ? myCard(m) : null;
      if (!m || !card || m.view.phase !== 'plan' || !this.planDraft.length) return;
      if (planCost(card, this.planDraft) > m.view.coins[m.me]) return;
      this.send({ type: 'plan', actions: this.planDraft.slice() });
    },
    toggleSquare: (sq) => this.toggleSquare(sq),
    confirmRenew: () => this.send({ type: 'renew', squares: this.selected.slice() }),
    ask: () => {
      if (this.selected.length) this.send({ type: 'ask', squares: this.selected.slice() });
    },
    pass: () => this.send({ type: 'pass' }),
    answer: (buyer, accept) => {
      if (this.answered.has(buyer)) return;
      this.answered.add(buyer);
      this.send({ type: 'answer', buyer, accept }, false);
    },
    clearSelection: () => {
      this.selected = [];
      this.render();
    },
    openRules: () => {
      const v = this.model?.view;
      if (v) rules.open(v.options, v.players);
    },
    showResults: () => this.onResults(),
  };

  private toggleAction(i: number): void {
    const m = this.model;
    if (!m || m.view.phase !== 'plan' || !myCard(m) || this.sent) return;
    const k = this.planDraft.indexOf(i);
    if (k >= 0) this.planDraft.splice(k, 1);
    else if (this.planDraft.length < MAX_PLAN) this.planDraft.push(i);
    else return;
    this.render();
  }

  private toggleSquare(sq: SquareId): void {
    const m = this.model;
    if (!m || this.sent || !selectable(m).includes(sq)) return;
    const k = this.selected.indexOf(sq);
    if (k >= 0) this.selected.splice(k, 1);
    else this.selected.push(sq);
    this.render();
  }

  private clickSquare(sq: SquareId): void {
    const m = this.model;
    if (!m || m.me < 0 || this.sent) return;
    const v = m.view;
    if (v.phase === 'hurricane' && v.placer === m.me) {
      if (rowOf(sq) === 0) this.send({ type: 'hurricane', col: sq % 8 });
      return;
    }
    if (v.phase === 'placement') {
      if (myPlacements(m)?.includes(sq)) this.send({ type: 'place', square: sq });
      return;
    }
    if (v.phase === 'kauf') {
      if (myKauf(m)?.includes(sq)) this.send({ type: 'kauf', square: sq });
      return;
    }
    this.toggleSquare(sq);
  }

  private onKey = (e: KeyboardEvent): void => {
    if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector('dialog[open]')) return;
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable)) return;
    const m = this.model;
    if (!m) return;
    // 1–5 pick the card's actions while planning.
    if (m.view.phase === 'plan' && myCard(m) && /^[1-5]$/.test(e.key)) {
      this.toggleAction(Number(e.key) - 1);
      e.preventDefault();
    }
    if (e.key === 'Escape' && this.selected.length) {
      this.actions.clearSelection();
      e.preventDefault();
    }
  };
}

const summaryOf = lazy(() => import('./act-summary.js').then((x) => x.actSummary));
