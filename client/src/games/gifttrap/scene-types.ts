/** What the Gift Trap scene is given and what it calls back: shared by the scene, its widgets, the table and the controls. */
import type { Gift, OpenedGift } from '@fireside/shared/games/gifttrap/types';
import type { GiveDraft, WantDraft } from './draft.js';
import type { Model, WantKind } from './model.js';

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
