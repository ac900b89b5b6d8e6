/**
 * The Wind City table: keeps the player's local choices (the plan being
 * built, the houses chosen for a renewal or a request), feeds the Pixi scene
 * and the DOM controls from the same state, and turns clicks and key presses
 * into intents. What every table does alike (resizing, redraws, summaries,
 * teardown) is the shell's: common/table-shell.ts.
 */
import { DraftStore } from '../common/drafts.js';
import type { TableHosts } from '../types.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { RoomSession } from '../../net/session.js';
import type { SquareId } from '@fireside/shared/games/windcity/types';
import { MAX_PLAN } from '@fireside/shared/games/windcity/queries';
import { rowOf } from '@fireside/shared/games/windcity/board';
import { clockLeft } from '@fireside/shared/protocol/room-state';
import { iDecide, myCard, myPlacements, myKauf, planCost, toModel, type Model } from './model.js';
import { WindCityScene, type SceneState } from './scene.js';
import { sceneState, selectable } from './scene-state.js';
import { renderControls, type ControlActions } from './controls.js';
import { lazy } from '../common/lazy.js';
import { TableShell } from '../common/table-shell.js';
import { rules } from './rules-lazy.js';

export class WindCityTable extends TableShell<Model, SceneState, WindCityScene> {
  private planDraft: number[] = [];
  private selected: SquareId[] = [];
  /** The unsent plan and house choices, in the browser; made once the room is known. */
  private drafts: DraftStore<{ plan: number[]; selected: number[] }> | null = null;
  /** Market answers sent (per buyer), for this step. */
  private answered = new Set<number>();
  protected readonly rules = rules;
  protected readonly summary = summaryOf;

  private constructor(scene: WindCityScene, hosts: TableHosts, session: RoomSession, onResults: () => void) {
    super(scene, hosts, session, onResults);
    this.listenKeys(this.onKey);
    // The market's countdown, ticking in the controls.
    const timer = window.setInterval(() => this.tick(), 500);
    this.own(() => clearInterval(timer));
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
    table = new WindCityTable(scene, hosts, session, onResults);
    table.update(snapshot);
    return table;
  }

  protected toModel(snapshot: RoomSnapshot): Model | null {
    return toModel(snapshot);
  }

  protected adopt(m: Model): void {
    const v = m.view;
    // Whether I still decide in the market comes from my own seat view (the public one does not say).
    const mine = v.market ? String(iDecide(m)) : '';
    const key = `${m.snap.matchNo}|${v.turn}|${v.phase}|${v.placed}|${v.active}|${v.hurricane}|${mine}|${m.me}|${v.act?.segments.length ?? 0}`;
    if (this.newStep(key)) {
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
  }

  /** An act's summary comes once the next act has begun (the first record is the setup). */
  protected summaryDue(m: Model): boolean {
    return m.view.records.length > 1;
  }

  protected sceneState(m: Model): SceneState {
    return sceneState(m, { plan: this.planDraft, selected: this.selected, answered: this.answered, sent: this.sent });
  }

  protected controls(s: SceneState): HTMLElement[] {
    return renderControls(s, this.actions, this.secondsLeft());
  }

  /** The selection can shrink with a state update; the countdown shows once there is a deadline. */
  protected override controlsInputs(m: Model): unknown[] {
    return [...super.controlsInputs(m), this.selected.length, this.deadline() > 0];
  }

  /** The controls stay: only the countdown's text moves. */
  protected override controlsKept(): void {
    this.tick();
  }

  /** Answers refused can be given again. */
  protected override refused(): void {
    this.answered.clear();
  }

  // ------------------------------------------------------------ state

  /** What is chosen and not sent, kept for a reload (common/drafts.ts); nothing once sent. */
  protected override beforeDraw(): void {
    if (!this.drafts) return;
    if (this.sent || (!this.planDraft.length && !this.selected.length)) this.drafts.clear();
    else this.drafts.save(this.stepKey, { plan: this.planDraft, selected: this.selected });
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
