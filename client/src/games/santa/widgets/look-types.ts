/** What each widget of the Santa table is told to show (worked out in ../looks.ts): plain data, no Pixi. */
import type { HouseId, MoveKind, Route } from '@fireside/shared/games/santa/types';
import type { Pt, Rect } from '../../common/geometry.js';

/** How a house is marked: a destination (or setup choice), the chosen target, a house on a route's way, or nothing. */
export type HouseMark = 'click' | 'target' | 'via' | null;

export interface HouseLook {
  at: Pt;
  /** The house's width and the lattice step, in pixels. */
  w: number;
  cell: number;
  label: string;
  /** Its name, or null when the table has no room for names. */
  name: string | null;
  away: boolean;
  mark: HouseMark;
  /** Other houses are marked: this one, unmarked, fades. */
  dim: boolean;
}

/** Everything a plate shows, worked out by the scene from the view. */
export interface PlateLook {
  rect: Rect;
  /** This round's card slot, in canvas pixels. */
  cardRect: Rect;
  name: string;
  me: boolean;
  /** Say "(you)" after the name (the seat is mine, and this is no replay). */
  you: boolean;
  santa: boolean;
  score: number;
  cardsLeft: number;
  /** The plate's edge: Santa may choose this player, the game waits for them, or neither. */
  ring: 'choose' | 'waiting' | null;
  /** Their place in the order (0-based) and whether their move is done; null before the order. */
  order: { index: number; done: boolean } | null;
  /** What they are doing now ("thinking…", "✓ picked"), or ''. */
  status: string;
  statusColor: number;
  winner: boolean;
  card: CardLook;
}

export interface HandCardLook {
  rect: Rect;
  seat: number;
  inHand: boolean;
  /** My pick of this round (before the reveal). */
  chosen: boolean;
  /** The card I played this round. */
  thisRound: boolean;
  canPick: boolean;
}

export interface RouteChoiceLook {
  /** The mover (me), where I stand and how my card moves me; null when there is no choice to show. */
  seat: number;
  from: HouseId;
  how: MoveKind;
  routes: Route[];
}

export type CardLook = { kind: 'face'; card: number; seat: number; secret: boolean } | { kind: 'back' } | { kind: 'slot' };
