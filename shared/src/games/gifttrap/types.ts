/**
 * Gift Trap: types shared by the engine, the server, the bots and the client.
 * Rules: docs/rules/gifttrap.md (every ruling, and the sources they follow).
 *
 * Conventions: seats are 0-based; slots are 0-based (the table shows slot i
 * as "i+1"); "to the left" of seat s is seat (s+1) % players.
 */
import type { BaseState, Seat } from '../../engine/contract.js';

export type Tier = 'black' | 'blue' | 'red' | 'yellow';
export const TIERS: readonly Tier[] = ['black', 'blue', 'red', 'yellow'];

export type Lang = 'en' | 'ja' | 'fr';

export interface Gift {
  /** e.g. 'black-07a' */
  id: string;
  /** An emoji (or a short sequence of emoji) that pictures the gift. */
  icon: string;
  name: Record<Lang, string>;
}

/** A double-sided card: two different gifts of one tier. */
export interface GiftCard {
  /** e.g. 'black-07' */
  id: string;
  tier: Tier;
  sides: [Gift, Gift];
}

export type Goal = 20 | 30 | 40;

export interface GiftTrapOptions {
  goal: Goal;
  /** 3–4 players only: two gifts to each other player, 8 (3p) or 9 (4p) slots. */
  doubleGifts: boolean;
}

/** Want tiles by name, each naming the slot it lies on. Values: great +3, good +2, ok +1, noWay −4. */
export interface Wants {
  great: number;
  good: number;
  ok: number;
  noWay: number;
}
export const WANT_VALUES: Readonly<Record<keyof Wants, number>> = { great: 3, good: 2, ok: 1, noWay: -4 };
/** The value of a gift on a slot with no want tile of the revealer. */
export const UNWANTED_VALUE = -1;

/** One give tile: the giver puts slot `slot` before seat `to`. */
export interface GiveTile {
  to: Seat;
  slot: number;
}

export type GiftTrapPhase = 'layout' | 'give' | 'want' | 'reveal' | 'over';

export type GiftTrapAction =
  /** Parent, layout phase, once per round: the tier whose cards are laid out. */
  | { type: 'chooseTier'; tier: Tier }
  /** Parent, layout phase after the tier: turn the card on a slot to its other side. */
  | { type: 'flip'; slot: number }
  /** Parent, layout phase after the tier: the layout is final, giving begins. */
  | { type: 'confirmLayout' }
  /** Every player, give phase: the whole assignment, resubmittable until all have submitted. */
  | { type: 'give'; tiles: GiveTile[] }
  /** Every player, want phase: the four want tiles, resubmittable until all have submitted. */
  | { type: 'want'; wants: Wants }
  /** The revealer, reveal phase: open one still-closed gift received from `from`. */
  | { type: 'open'; from: Seat };

export interface LaidSlot {
  cardId: string;
  /** Which side of the card faces up. */
  side: 0 | 1;
}

export interface OpenedGift {
  from: Seat;
  to: Seat;
  slot: number;
  /** The pawn movement before clamping: the want value, or UNWANTED_VALUE. */
  value: number;
}

export interface RoundRecord {
  round: number;
  parent: Seat;
  /** Pawn positions at the end of that round. */
  give: number[];
  get: number[];
  /**
   * What the round showed, all of it public by its end (every want revealed,
   * every gift opened): lets the table replay the last openings after the
   * next round has begun, and lets bots learn each player's taste.
   */
  tier: Tier | null;
  slots: LaidSlot[];
  opened: OpenedGift[];
  wants: (Wants | null)[];
}

export interface GiftTrapState extends BaseState<GiftTrapOptions> {
  game: 'gifttrap';
  phase: GiftTrapPhase;
  round: number; // 1-based
  parent: Seat;
  /** Card ids per tier, top of the deck first. SECRET (deck order). */
  decks: Record<Tier, string[]>;
  tier: Tier | null;
  slots: LaidSlot[];
  /** Per giver: the submitted give tiles, or null. SECRET until each tile is opened. */
  gifts: (GiveTile[] | null)[];
  /** Per seat: the submitted wants, or null. SECRET until that seat's reveal turn. */
  wants: (Wants | null)[];
  /** Order in which seats reveal this round (parent first, then to the left). */
  revealOrder: Seat[];
  /** Index into revealOrder of the current revealer. */
  revealIndex: number;
  opened: OpenedGift[];
  give: number[];
  get: number[];
  history: RoundRecord[];
  winners: Seat[] | null;
}

/** What everybody may see, spectators included. */
export interface GiftTrapPublicView {
  game: 'gifttrap';
  phase: GiftTrapPhase;
  players: number;
  options: GiftTrapOptions;
  round: number;
  parent: Seat;
  tier: Tier | null;
  /** The laid-out cards, face-up side included (the layout is public). */
  slots: LaidSlot[];
  /** How many slots this round has (N+1, or 8/9 with doubleGifts). */
  slotCount: number;
  /** Per seat: has submitted gifts this round. */
  giveSubmitted: boolean[];
  /** Per seat: has submitted wants this round. */
  wantSubmitted: boolean[];
  /** The current revealer during the reveal phase, else null. */
  revealer: Seat | null;
  revealOrder: Seat[];
  /** Per seat: their wants once their reveal turn has begun this round, else null. */
  revealedWants: (Wants | null)[];
  /** Gifts opened this round, in order. */
  opened: OpenedGift[];
  /** Face-down gifts lying before recipients (only from givers who have submitted). */
  closed: { from: Seat; to: Seat }[];
  give: number[];
  get: number[];
  history: RoundRecord[];
  winners: Seat[] | null;
}

/** One seat's own secrets. */
export interface GiftTrapSeatView {
  seat: Seat;
  /** The gifts this seat has submitted this round (all of them, opened or not). */
  myGifts: GiveTile[] | null;
  /** This seat's submitted wants this round. */
  myWants: Wants | null;
}
