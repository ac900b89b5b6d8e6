/**
 * The Gift Trap table: keeps the player's drafts and selection, feeds the Pixi
 * scene and the DOM controls from the same state, and turns clicks, drags and
 * key presses into intents.
 */
import type { GameTable, TableHosts } from '../types.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { RoomSession } from '../../net/session.js';
import { morph } from '../../util/dom.js';
import { lang } from '../../i18n/index.js';
import type { GiftTrapPublicView, GiveTile, Tier } from '@fireside/shared/games/gifttrap/types';
import { GiveDraft, WantDraft } from './draft.js';
import { DraftStore } from '../common/drafts.js';
import { giftOf, others, perRecipient, toModel, type Model } from './model.js';
import { GiftTrapScene, type RoundRecap, type SceneState, type Token } from './scene.js';
import { renderControls, type ControlActions } from './controls.js';
import { followHostSize } from '../common/pixi-scene.js';
import { rules } from './rules-lazy.js';
import { RoundSummaries } from '../common/round-summary.js';
import { lazy } from '../common/lazy.js';

export class GiftTrapTable implements GameTable {
  private model: Model | null = null;
  private give = new GiveDraft(1);
  private want = new WantDraft();
  /** The unsent choices, in the browser (drafts.ts); made once the room is known. */
  private drafts: DraftStore<{ give: GiveTile[] | null; want: WantDraft['wants'] | null }> | null = null;
  private selected: Token | null = null;
  private draftKey = '';
  private giveDirty = false;
  private wantDirty = false;
  private resizeObs: ResizeObserver;
  private onResults: () => void = () => {};
  private recap: RoundRecap | null = null;
  private controlsKey = '';
  private summaries: RoundSummaries | null = null;

  private constructor(
    private scene: GiftTrapScene,
    private hosts: TableHosts,
    private session: RoomSession,
  ) {
    this.resizeObs = followHostSize(hosts.canvas, () => this.scene.resize());
    if (hosts.frame) this.summaries = new RoundSummaries(hosts.frame, () => this.onResults());
  }

  get holdsResults(): boolean {
    return !!this.summaries?.holdsResults;
  }

  get app() {
    return this.scene.app;
  }

  /** Are the opened gifts' flights or the pawns' hops still being animated? */
  get busy(): boolean {
    return this.scene.busy;
  }

  /** Client coordinates of a slot, a closed gift or a player plate (tests use it to click the canvas). */
  pointOf(kind: 'slot' | 'closed' | 'plate' | 'token' | 'wish', a: number, b?: number) {
    return this.scene.pointOf(kind, a, b);
  }

  static async create(hosts: TableHosts, session: RoomSession, snapshot: RoomSnapshot, onResults: () => void): Promise<GiftTrapTable> {
    let table: GiftTrapTable | null = null;
    const scene = await GiftTrapScene.create(hosts.canvas, {
      clickSlot: (slot) => table?.clickSlot(slot),
      dropOnSlot: (token, slot) => table?.dropOnSlot(token, slot),
      pickToken: (token) => table?.pickToken(token),
      openFrom: (from) => table?.openFrom(from),
    });
    table = new GiftTrapTable(scene, hosts, session);
    table.onResults = onResults;
    table.update(snapshot);
    return table;
  }

  update(snapshot: RoomSnapshot): void {
    const m = toModel(snapshot);
    if (!m) return;
    this.recap = recapOf(m.view);
    this.model = m;
    this.syncDrafts(m);
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
    if (!(m.view.phase !== 'reveal' && m.view.history.length > 0)) return this.summaries.offer(null);
    // It waits for the last opening's flight and the pawns' hops to land (4 s at most), as Santa's and Wind City's do.
    void summaryOf().then((build) => this.summaries?.offer(build(m), () => this.scene.busy));
  }

  destroy(): void {
    rules.close();
    this.summaries?.destroy();
    this.resizeObs.disconnect();
    this.scene.destroy();
  }

  // ------------------------------------------------------------ state

  private syncDrafts(m: Model): void {
    const v = m.view;
    const key = `${m.snap.matchNo}|${v.round}|${v.phase}|${m.me}`;
    const per = perRecipient(v);
    if (key !== this.draftKey) {
      this.draftKey = key;
      this.give = GiveDraft.from(m.secret?.myGifts ?? null, per);
      this.want = WantDraft.from(m.secret?.myWants ?? null);
      this.giveDirty = this.wantDirty = false;
      this.selected = null;
      // A reload in the middle of choosing: the choices not yet sent come back.
      this.drafts ??= new DraftStore(m.snap.roomId);
      const saved = m.me >= 0 ? this.drafts.load(key) : null;
      if (saved?.give) {
        this.give = GiveDraft.from(saved.give, per);
        this.giveDirty = true;
      }
      if (saved?.want) {
        this.want = WantDraft.from(null);
        this.want.wants = { ...saved.want };
        this.wantDirty = true;
      }
    } else {
      // Our own submission came back (or arrived late): adopt it unless we are editing.
      if (!this.giveDirty && m.secret?.myGifts && !this.give.same(m.secret.myGifts)) this.give = GiveDraft.from(m.secret.myGifts, per);
      if (!this.wantDirty && m.secret?.myWants && !this.want.same(m.secret.myWants)) this.want = WantDraft.from(m.secret.myWants);
    }
    if (v.phase === 'give' && m.me >= 0 && this.selected?.kind !== 'recipient') {
      const next = this.give.nextRecipient(others(m));
      this.selected = next === null ? null : { kind: 'recipient', seat: next };
    }
    if (v.phase === 'want' && m.me >= 0 && this.selected?.kind !== 'want') {
      const next = this.want.nextKind();
      this.selected = next === null ? null : { kind: 'want', want: next };
    }
    if (v.phase !== 'give' && v.phase !== 'want') this.selected = null;
  }

  private sceneState(m: Model): SceneState {
    const v = m.view;
    // A replay shows a seat's view, and offers nothing to do.
    const seated = m.me >= 0 && !m.snap.replay;
    return {
      model: m,
      recap: this.recap,
      give: this.give,
      want: this.want,
      selected: this.selected,
      canFlip: v.phase === 'layout' && seated && m.me === v.parent && v.tier !== null,
      canGive: v.phase === 'give' && seated,
      canWant: v.phase === 'want' && seated,
      canOpen: v.phase === 'reveal' && seated && v.revealer === m.me,
    };
  }

  private render(): void {
    const m = this.model;
    if (!m) return;
    const s = this.sceneState(m);
    this.scene.update(s);
    const key = JSON.stringify([m.view, m.secret, m.me, m.names, m.snap.seats.map((x) => x.awaiting), s.give.tiles, s.want.wants, s.selected, s.recap, lang()]);
    if (key === this.controlsKey) return;
    this.controlsKey = key;
    morph(this.hosts.controls, renderControls(s, this.actions));
  }

  /** Only the local parts changed (drafts, selection): redraw without new server state. */
  private local(): void {
    this.keepDrafts();
    this.render();
  }

  /** What is chosen and not sent, kept for a reload (drafts.ts); nothing once all is sent. */
  private keepDrafts(): void {
    if (!this.drafts) return;
    if (!this.giveDirty && !this.wantDirty) this.drafts.clear();
    else this.drafts.save(this.draftKey, { give: this.giveDirty ? this.give.tiles : null, want: this.wantDirty ? this.want.wants : null });
  }

  // ------------------------------------------------------------ actions

  private actions: ControlActions = {
    chooseTier: (tier: Tier) => this.session.intent({ type: 'chooseTier', tier }),
    flip: (slot) => this.session.intent({ type: 'flip', slot }),
    confirmLayout: () => this.session.intent({ type: 'confirmLayout' }),
    pickToken: (token) => this.pickToken(token),
    clickSlot: (slot) => this.clickSlot(slot),
    submitGives: () => {
      this.giveDirty = false;
      this.keepDrafts();
      this.session.intent({ type: 'give', tiles: this.give.tiles.map((x) => ({ ...x })) });
    },
    submitWants: () => {
      const w = this.want.complete();
      if (!w) return;
      this.wantDirty = false;
      this.keepDrafts();
      this.session.intent({ type: 'want', wants: w });
    },
    openFrom: (from) => this.openFrom(from),
    showResults: () => this.onResults(),
    openRules: () => {
      const v = this.model?.view;
      if (v) rules.open(v.options, v.players);
    },
  };

  private pickToken(token: Token): void {
    this.selected = token;
    this.local();
  }

  private clickSlot(slot: number): void {
    const m = this.model;
    if (!m) return;
    const s = this.sceneState(m);
    if (s.canFlip) {
      this.session.intent({ type: 'flip', slot });
      return;
    }
    if (s.canGive) {
      const sel = this.selected;
      if (sel?.kind === 'recipient') this.assignGift(sel.seat, slot, true);
      else {
        const holder = this.give.recipientOf(slot);
        if (holder !== null) {
          this.give.clearSlot(slot);
          this.giveDirty = true;
          this.selected = { kind: 'recipient', seat: holder };
          this.local();
        }
      }
      return;
    }
    if (s.canWant) {
      const sel = this.selected;
      if (sel?.kind === 'want') this.placeWant(sel.want, slot, true);
      else {
        const kind = this.want.kindOn(slot);
        if (kind) {
          this.want.clearSlot(slot);
          this.wantDirty = true;
          this.selected = { kind: 'want', want: kind };
          this.local();
        }
      }
    }
  }

  private dropOnSlot(token: Token, slot: number): void {
    const m = this.model;
    if (!m) return;
    const s = this.sceneState(m);
    if (token.kind === 'recipient' && s.canGive) this.assignGift(token.seat, slot, false);
    if (token.kind === 'want' && s.canWant) this.placeWant(token.want, slot, false);
  }

  private assignGift(to: number, slot: number, advance: boolean): void {
    const m = this.model!;
    this.give.assign(to, slot);
    this.giveDirty = true;
    if (advance || this.selected?.kind !== 'recipient') {
      const next = this.give.nextRecipient(others(m), to);
      this.selected = next === null ? { kind: 'recipient', seat: to } : { kind: 'recipient', seat: next };
    }
    this.local();
  }

  private placeWant(kind: Parameters<WantDraft['place']>[0], slot: number, advance: boolean): void {
    this.want.place(kind, slot);
    this.wantDirty = true;
    if (advance || this.selected?.kind !== 'want') {
      const next = this.want.nextKind(kind);
      this.selected = next === null ? { kind: 'want', want: kind } : { kind: 'want', want: next };
    }
    this.local();
  }

  private openFrom(from: number): void {
    this.session.intent({ type: 'open', from });
  }
}

/**
 * The previous round, shown while the next one is laid out, given and wanted:
 * its record in `history` holds every opening (the last one included, which
 * the live view never shows because the next round begins at once).
 */
function recapOf(v: GiftTrapPublicView): RoundRecap | null {
  if (v.phase !== 'layout' && v.phase !== 'give' && v.phase !== 'want') return null;
  const last = v.history[v.history.length - 1];
  if (!last || last.round !== v.round - 1) return null;
  return { round: last.round, opened: last.opened, slotsGift: last.slots.map((laid) => giftOf(laid)) };
}

const summaryOf = lazy(() => import('./round-summary.js').then((x) => x.giftTrapSummary));
