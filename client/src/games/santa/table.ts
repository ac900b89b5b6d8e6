/**
 * The Santa Claus table: keeps the player's local choices (the pick not yet
 * confirmed by the server, the order draft, a route being chosen), feeds the
 * Pixi scene and the DOM controls from the same state, and turns clicks and
 * key presses into intents. What every table does alike (resizing, redraws,
 * summaries, teardown) is the shell's: common/table-shell.ts.
 */
import { DraftStore } from '../common/drafts.js';
import type { TableHosts } from '../types.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { RoomSession } from '../../net/session.js';
import type { HouseId, Route } from '@fireside/shared/games/santa/types';
import { myMoves, setupHouses, toModel, type Model } from './model.js';
import { SantaScene, type SceneState } from './scene.js';
import { renderControls, type ControlActions } from './controls.js';
import { lazy } from '../common/lazy.js';
import { TableShell } from '../common/table-shell.js';
import { rules } from './rules-lazy.js';

export class SantaTable extends TableShell<Model, SceneState, SantaScene> {
  /** A pick sent but not yet confirmed by the server. */
  private pendingPick: number | null = null;
  private orderDraft: number[] | null = null;
  private routeTarget: HouseId | null = null;
  private routeVia: HouseId[] = [];
  /** The unsent route and order, in the browser; made once the room is known. */
  private drafts: DraftStore<{ routeTarget: HouseId | null; routeVia: HouseId[]; order: number[] | null }> | null = null;
  protected readonly rules = rules;
  protected readonly summary = summaryOf;

  private constructor(scene: SantaScene, hosts: TableHosts, session: RoomSession, onResults: () => void) {
    super(scene, hosts, session, onResults);
    scene.routesTo = (house) => this.routesTo(house);
    this.listenKeys(this.onKey);
  }

  /** Client coordinates of a house, a card of my hand (by value), a player's plate or counter: tests click the canvas there. */
  pointOf(kind: 'house' | 'card' | 'plate' | 'counter', a: number) {
    return this.scene.pointOf(kind, a);
  }

  static async create(hosts: TableHosts, session: RoomSession, snapshot: RoomSnapshot, onResults: () => void): Promise<SantaTable> {
    let table: SantaTable | null = null;
    const scene = await SantaScene.create(hosts.canvas, {
      clickHouse: (house) => table?.clickHouse(house),
      clickCard: (card) => table?.pick(card),
      clickPlate: (seat) => table?.clickPlate(seat),
    });
    table = new SantaTable(scene, hosts, session, onResults);
    table.update(snapshot);
    return table;
  }

  protected toModel(snapshot: RoomSnapshot): Model | null {
    return toModel(snapshot);
  }

  protected adopt(m: Model): void {
    const v = m.view;
    const key = `${m.snap.matchNo}|${v.round}|${v.phase}|${v.awayLeft}|${v.starter}|${v.orderBy}|${v.turn}|${v.mover}|${m.me}`;
    if (this.newStep(key)) {
      this.routeTarget = null;
      this.routeVia = [];
      if (v.phase !== 'order' || v.orderBy !== m.me) this.orderDraft = null;
      else if (!this.orderDraft || this.orderDraft.length !== m.n) this.orderDraft = this.defaultOrder(m);
      // A reload in the middle of choosing: the route or the order not yet sent comes back.
      this.drafts ??= new DraftStore(m.snap.roomId);
      const saved = m.me >= 0 ? this.drafts.load(key) : null;
      if (saved) {
        this.routeTarget = saved.routeTarget;
        this.routeVia = saved.routeVia.slice();
        if (saved.order && this.orderDraft && saved.order.length === this.orderDraft.length) this.orderDraft = saved.order.slice();
      }
    }
    if (v.phase !== 'pick') this.pendingPick = null;
    else if (m.secret?.myPick === this.pendingPick) this.pendingPick = null;
  }

  /** A round's summary comes as the next one starts (and the last one's when the game is over). */
  protected summaryDue(m: Model): boolean {
    return m.view.phase === 'over' || (m.view.phase === 'pick' && m.view.round > 1);
  }

  protected controls(s: SceneState): HTMLElement[] {
    return renderControls(s, this.actions);
  }

  /** A pick not yet confirmed shows in the controls; a state update can drop it. */
  protected override controlsInputs(m: Model): unknown[] {
    return [...super.controlsInputs(m), this.pendingPick];
  }

  /** A refused pick is no longer pending. */
  protected override refused(): void {
    this.pendingPick = null;
  }

  // ------------------------------------------------------------ state

  private defaultOrder(m: Model): number[] {
    // Me first, then round the table.
    return Array.from({ length: m.n }, (_, i) => (m.me + i) % m.n);
  }

  private routesTo(house: HouseId): Route[] {
    const m = this.model;
    const moves = m ? myMoves(m) : null;
    if (!moves) return [];
    return moves.routes.filter((r) => r[r.length - 1] === house);
  }

  /** The routes still possible to the chosen house, given the houses clicked on the way. */
  private routeChoices(): Route[] {
    if (this.routeTarget === null) return [];
    return this.routesTo(this.routeTarget).filter((r) => this.routeVia.every((h) => r.slice(0, -1).includes(h)));
  }

  protected sceneState(m: Model): SceneState {
    const v = m.view;
    const setup = setupHouses(m);
    const moves = myMoves(m);
    // A replay offers nothing to do: as if every choice were sent.
    const sent = this.sent || !!m.snap.replay;
    let clickable: HouseId[] = [];
    let clickMode: SceneState['clickMode'] = null;
    if (setup && !sent) {
      clickable = setup;
      clickMode = v.phase === 'away' ? 'away' : 'start';
    } else if (moves && !sent) {
      clickable = moves.destinations;
      clickMode = 'move';
    }
    const plateChoice = sent
      ? []
      : v.phase === 'chooser' && m.me === v.santa
        ? v.candidates
        : v.phase === 'give' && m.me === v.santa && v.pendingGive
          ? v.pendingGive.kids
          : [];
    return {
      model: m,
      clickable,
      clickMode,
      routeTarget: this.routeTarget,
      routeChoices: this.routeChoices(),
      myPick: v.phase === 'pick' ? (this.pendingPick ?? m.secret?.myPick ?? null) : null,
      canPick: v.phase === 'pick' && m.me >= 0 && !m.snap.replay,
      orderDraft: this.orderDraft,
      plateChoice,
      sent,
    };
  }

  /** What is chosen and not sent, kept for a reload (common/drafts.ts); nothing once sent. */
  protected override beforeDraw(): void {
    if (!this.drafts) return;
    const chosen = this.routeTarget !== null || this.routeVia.length > 0 || this.orderDraft !== null;
    if (this.sent || !chosen) this.drafts.clear();
    else this.drafts.save(this.stepKey, { routeTarget: this.routeTarget, routeVia: this.routeVia, order: this.orderDraft });
  }

  // ------------------------------------------------------------ actions

  private actions: ControlActions = {
    clickHouse: (house) => this.clickHouse(house),
    pick: (card) => this.pick(card),
    chooseRoute: (route) => this.send({ type: 'move', path: route }),
    cancelRoute: () => {
      this.routeTarget = null;
      this.routeVia = [];
      this.render();
    },
    moveInOrder: (seat, delta) => {
      const d = this.orderDraft;
      if (!d) return;
      const i = d.indexOf(seat);
      const j = i + delta;
      if (i < 0 || j < 0 || j >= d.length) return;
      [d[i], d[j]] = [d[j], d[i]];
      this.render();
    },
    placeInOrder: (seat, index) => {
      const d = this.orderDraft;
      if (!d) return;
      const rest = d.filter((s) => s !== seat);
      rest.splice(Math.max(0, Math.min(rest.length, index)), 0, seat);
      this.orderDraft = rest;
      this.render();
    },
    confirmOrder: () => {
      if (this.orderDraft) this.send({ type: 'order', order: this.orderDraft.slice() });
    },
    clickPlate: (seat) => this.clickPlate(seat),
    openRules: () => {
      const v = this.model?.view;
      if (v) rules.open(v.options);
    },
    showResults: () => this.onResults(),
  };

  private pick(card: number): void {
    const m = this.model;
    if (!m || m.view.phase !== 'pick' || m.me < 0) return;
    if (!(m.view.hands[m.me] ?? []).includes(card)) return;
    if ((this.pendingPick ?? m.secret?.myPick) === card) return;
    this.pendingPick = card;
    this.send({ type: 'pick', card }, false);
  }

  private clickPlate(seat: number): void {
    const m = this.model;
    if (!m) return;
    const v = m.view;
    if (v.phase === 'chooser' && m.me === v.santa && v.candidates.includes(seat)) this.send({ type: 'chooser', seat });
    else if (v.phase === 'give' && m.me === v.santa && v.pendingGive?.kids.includes(seat)) this.send({ type: 'give', kid: seat });
  }

  private clickHouse(house: HouseId): void {
    const m = this.model;
    if (!m) return;
    const v = m.view;
    const setup = setupHouses(m);
    if (setup) {
      if (setup.includes(house)) this.send(v.phase === 'away' ? { type: 'away', house } : { type: 'start', house });
      return;
    }
    const moves = myMoves(m);
    if (!moves) return;
    if (this.routeTarget !== null && house !== this.routeTarget) {
      // Narrowing the routes by a house on the way.
      const choices = this.routeChoices();
      if (choices.some((r) => r.slice(0, -1).includes(house))) {
        this.routeVia.push(house);
        const left = this.routeChoices();
        if (left.length === 1) this.send({ type: 'move', path: left[0] });
        else this.render();
        return;
      }
    }
    if (!moves.destinations.includes(house)) return;
    const routes = this.routesTo(house);
    if (routes.length === 1) {
      this.send({ type: 'move', path: routes[0] });
      return;
    }
    this.routeTarget = house;
    this.routeVia = [];
    this.render();
  }

  private onKey = (e: KeyboardEvent): void => {
    // Esc drops a half-chosen route (unless it is closing a dialog).
    if (e.key === 'Escape' && this.routeTarget !== null && !document.querySelector('dialog[open]')) {
      this.actions.cancelRoute();
      e.preventDefault();
    }
  };
}

const summaryOf = lazy(() => import('./round-summary.js').then((x) => x.santaSummary));
