/**
 * What every game's table does the same way (issue 24): the Pixi scene
 * following its host's size, the state updates turned into a scene state and
 * DOM controls, the round summaries over the frame, intents sent once per
 * step, a refused intent let go, and the teardown. A game's table extends it
 * and keeps only what is its own: its model, its local choices (drafts,
 * selection), its scene state, its controls and what clicks and keys do.
 *
 * What to redraw: the scene is given every new state (its widgets keep their
 * own few inputs and redraw only what changed). The DOM controls are rebuilt
 * when their inputs differ (`controlsInputs`): compared by identity, never by
 * the JSON of the view. That is enough because the snapshot keeps the
 * identity of what did not change (net/snapshot.ts: the public view and this
 * seat's view are the very same objects until a patch changes them), and a
 * local choice redraws them always (`render`).
 */
import type { GameTable, TableHosts } from '../types.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { RoomSession } from '../../net/session.js';
import { morph } from '../../util/dom.js';
import { lang } from '../../i18n/index.js';
import { followHostSize } from './pixi-scene.js';
import { RoundSummaries, type SummaryContent } from './round-summary.js';
import { sameInputs } from './same-inputs.js';

/** What the shell reads of a game's model (each game's model.ts). */
export interface TableModel {
  snap: RoomSnapshot;
  view: object;
  /** This seat's view (null for a spectator). */
  secret: unknown;
  me: number;
  names: readonly string[];
}

/** What the shell drives of a game's Pixi scene. */
export interface TableScene<S> {
  readonly app: unknown;
  /** Is a move still being animated? */
  readonly busy: boolean;
  update(state: S): void;
  resize(): void;
  destroy(): void;
}

type Intent = Parameters<RoomSession['intent']>[0];

export abstract class TableShell<M extends TableModel, S, Scene extends TableScene<S>> implements GameTable {
  protected model: M | null = null;
  /** Changes whenever the game moves on (`newStep`): local choices are reset then. */
  protected stepKey = '';
  /** The step for which an action was sent (to ignore double clicks until the server answers). */
  protected sentFor = '';
  /** The inputs the controls were last drawn from; null: draw them at the next update. */
  private drawn: readonly unknown[] | null = null;
  private readonly summaries: RoundSummaries | null;
  private readonly teardown: (() => void)[] = [];

  /** The rules dialog (closed with the table). */
  protected abstract readonly rules: { close(): void };
  /** The summaries' code, loaded with the first summary. */
  protected abstract readonly summary: () => Promise<(m: M) => SummaryContent | null>;

  protected constructor(
    protected readonly scene: Scene,
    protected readonly hosts: TableHosts,
    protected readonly session: RoomSession,
    protected readonly onResults: () => void,
  ) {
    const resizeObs = followHostSize(hosts.canvas, () => scene.resize());
    this.own(() => resizeObs.disconnect());
    this.summaries = hosts.frame ? new RoundSummaries(hosts.frame, () => this.onResults()) : null;
    // A refused intent: let the player try again.
    this.own(
      session.serverError.on((e) => {
        if (e.type !== 'intent') return;
        this.sentFor = '';
        this.refused();
        this.render();
      }),
    );
  }

  get app(): unknown {
    return this.scene.app;
  }

  get holdsResults(): boolean {
    return !!this.summaries?.holdsResults;
  }

  /** Is a move still being animated? */
  get busy(): boolean {
    return this.scene.busy;
  }

  update(snapshot: RoomSnapshot): void {
    const m = this.toModel(snapshot);
    if (!m) return;
    this.model = m;
    this.adopt(m);
    this.draw(false);
    this.summarize(m);
  }

  relabel(): void {
    this.render();
    if (this.model) this.summarize(this.model);
  }

  destroy(): void {
    this.rules.close();
    this.summaries?.destroy();
    for (const undo of this.teardown.splice(0).reverse()) undo();
    this.scene.destroy();
  }

  // ------------------------------------------------------------ for the games

  /** The game's model of a snapshot; null when it is not this game's (yet). */
  protected abstract toModel(snapshot: RoomSnapshot): M | null;
  /** A new state came: bring the local choices up to date (reset them when the game moved on). */
  protected abstract adopt(m: M): void;
  protected abstract sceneState(m: M): S;
  protected abstract controls(s: S): HTMLElement[];
  /** Does this state end a round (or act) that a summary sums up? */
  protected abstract summaryDue(m: M): boolean;

  /** Called before every draw (a game keeps its unsent choices there, common/drafts.ts). */
  protected beforeDraw(): void {}
  /** A state update left the controls as they were. */
  protected controlsKept(): void {}
  /** The server refused an intent (`sentFor` is cleared already; the table redraws after). */
  protected refused(): void {}

  /**
   * What the controls are drawn from, compared one by one with the last
   * draw's by identity (a list: item by item). The view and this seat's view
   * keep their identity while unchanged; names and waiting flags are rebuilt
   * with every snapshot, hence compared item by item. A game adds what else of
   * its own it reads (a local choice that a state update can change).
   */
  protected controlsInputs(m: M): unknown[] {
    return [m.view, m.secret, m.me, this.stepKey, this.sentFor, lang(), m.names, m.snap.seats.map((x) => x.awaiting)];
  }

  /** A local choice changed (or the language): redraw the scene and the controls. */
  protected render(): void {
    this.draw(true);
  }

  /** Starts a step when `key` differs from the current one; true then (the game resets its local choices). */
  protected newStep(key: string): boolean {
    if (key === this.stepKey) return false;
    this.stepKey = key;
    this.sentFor = '';
    return true;
  }

  /** Was this step's action sent? */
  protected get sent(): boolean {
    return this.sentFor === this.stepKey;
  }

  /** Sends an intent and redraws; `once`: at most one per step, until the server refuses it. */
  protected send(action: Intent, once = true): void {
    if (once) {
      if (this.sent) return;
      this.sentFor = this.stepKey;
    }
    this.session.intent(action);
    this.render();
  }

  /** Something to undo when the table goes (a listener, a timer). */
  protected own(undo: () => void): void {
    this.teardown.push(undo);
  }

  /** Listens to key presses on the window while the table is up. */
  protected listenKeys(onKey: (e: KeyboardEvent) => void): void {
    window.addEventListener('keydown', onKey);
    this.own(() => window.removeEventListener('keydown', onKey));
  }

  // ------------------------------------------------------------ inside

  private draw(force: boolean): void {
    this.beforeDraw();
    const m = this.model;
    if (!m) return;
    const s = this.sceneState(m);
    this.scene.update(s);
    const inputs = this.controlsInputs(m);
    if (!force && this.drawn && sameInputs(inputs, this.drawn)) return this.controlsKept();
    this.drawn = inputs;
    morph(this.hosts.controls, this.controls(s));
  }

  /** Offer the summary of the round (or act) this state ends, if any; the summaries' code loads with the first one. */
  private summarize(m: M): void {
    if (!this.summaries) return;
    // Mid-round: nothing to sum up, and no need to load the summaries' code yet.
    if (!this.summaryDue(m)) return this.summaries.offer(null);
    // It waits for the board's last move to land (4 s at most).
    void this.summary().then((build) => this.summaries?.offer(build(m), () => this.scene.busy));
  }
}
