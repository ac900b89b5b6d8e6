/**
 * The Gift Trap table: keeps the player's drafts and selection, feeds the Pixi
 * scene and the DOM controls from the same state, and turns clicks, drags and
 * key presses into intents. What every table does alike (resizing, redraws,
 * summaries, teardown) is the shell's: common/table-shell.ts.
 */
import type { TableHosts } from '../types.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { RoomSession } from '../../net/session.js';
import type { GiftTrapPublicView, GiveTile, Tier } from '@fireside/shared/games/gifttrap/types';
import { GiveDraft, WantDraft } from './draft.js';
import { DraftStore } from '../common/drafts.js';
import { giftOf, others, perRecipient, toModel, type Model } from './model.js';
import { GiftTrapScene, type RoundRecap, type SceneState, type Token } from './scene.js';
import { renderControls, type ControlActions } from './controls.js';
import { rules } from './rules-lazy.js';
import { lazy } from '../common/lazy.js';
import { TableShell } from '../common/table-shell.js';

export class GiftTrapTable extends TableShell<Model, SceneState, GiftTrapScene> {
  private give = new GiveDraft(1);
  private want = new WantDraft();
  /** The unsent choices, in the browser (drafts.ts); made once the room is known. */
  private drafts: DraftStore<{ give: GiveTile[] | null; want: WantDraft['wants'] | null }> | null = null;
  private selected: Token | null = null;
  private giveDirty = false;
  private wantDirty = false;
  private recap: RoundRecap | null = null;
  protected readonly rules = rules;
  protected readonly summary = summaryOf;

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
    table = new GiftTrapTable(scene, hosts, session, onResults);
    table.update(snapshot);
    return table;
  }

  protected toModel(snapshot: RoomSnapshot): Model | null {
    return toModel(snapshot);
  }

  protected adopt(m: Model): void {
    this.recap = recapOf(m.view);
    this.syncDrafts(m);
  }

  /** A round's summary comes once it is over (its record is in the history): it waits for the last flight and hops to land. */
  protected summaryDue(m: Model): boolean {
    return m.view.phase !== 'reveal' && m.view.history.length > 0;
  }

  protected controls(s: SceneState): HTMLElement[] {
    return renderControls(s, this.actions);
  }

  /** The drafts and the selection are replaced (never changed in place) when a state update changes them. */
  protected override controlsInputs(m: Model): unknown[] {
    return [...super.controlsInputs(m), this.give, this.want, this.selected];
  }

  // ------------------------------------------------------------ state

  private syncDrafts(m: Model): void {
    const v = m.view;
    const key = `${m.snap.matchNo}|${v.round}|${v.phase}|${m.me}`;
    const per = perRecipient(v);
    if (this.newStep(key)) {
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

  protected sceneState(m: Model): SceneState {
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

  /** Only the local parts changed (drafts, selection): redraw without new server state. */
  private local(): void {
    this.keepDrafts();
    this.render();
  }

  /** What is chosen and not sent, kept for a reload (drafts.ts); nothing once all is sent. */
  private keepDrafts(): void {
    if (!this.drafts) return;
    if (!this.giveDirty && !this.wantDirty) this.drafts.clear();
    else this.drafts.save(this.stepKey, { give: this.giveDirty ? this.give.tiles : null, want: this.wantDirty ? this.want.wants : null });
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
