/**
 * Wind City: types shared by the engine, the server, the bots and the client.
 * Rules: docs/rules/windcity.md (every ruling, and the translation of the
 * published rules it follows).
 *
 * Conventions: seats are 0-based, in table order; seat 0 is the first player
 * (places the hurricane, takes the first turn). The board is a grid of
 * COLS × ROWS squares (8 × 15); col 0 is the westmost, row 0 the southmost.
 * A square is named by its id `row * COLS + col` (see board.ts: squareId,
 * colOf, rowOf). Cards are numbered 1..25; a card's actions are numbered
 * 0..4 in the engine (the table shows them as 1..5).
 */
import type { BaseState, Seat } from '../../engine/contract.js';

// ---------------------------------------------------------------------------
// Board and cards

/** `row * COLS + col`. */
export type SquareId = number;

/** 0 = the sea (rows 0–2), 1..4 = the land sections (rows 3–5, 6–8, 9–11, 12–14). */
export type Section = 0 | 1 | 2 | 3 | 4;

export type Dir = 'N' | 'S' | 'E' | 'W';

/** One numbered action of a card. */
export type CardAction =
  /** Move the hurricane `distance` squares (1–4) the way `dir`, step by step. */
  | { kind: 'move'; dir: Dir; distance: number; cost: number }
  /** Buy a house: put one from your stock on one of your own houses (see the rules). */
  | { kind: 'kauf'; cost: number };

export interface Card {
  /** 1..25. */
  id: number;
  /** Exactly five. */
  actions: CardAction[];
}

/** What stands on a square: one player's house, or two of them (a double house). */
export interface HouseSquare {
  owner: Seat;
  /** 1 = a single house, 2 = a double house. */
  count: 1 | 2;
  /** Insured until the owner's next turn begins. Public. */
  insured: boolean;
}

// ---------------------------------------------------------------------------
// Options

export interface WindCityOptions {
  /** How long the insurance market stays open before stalled players pass (the room timer). Default 45. */
  marketSeconds: number;
}

// ---------------------------------------------------------------------------
// Actions

export type WindCityAction =
  /** Setup, seat 0: put the hurricane on the square of row 0 in this column. */
  | { type: 'hurricane'; col: number }
  /** Setup, the current placer: put one house on an empty land square. */
  | { type: 'place'; square: SquareId }
  /**
   * Plan phase, the active player: 1 to 3 distinct action numbers (0..4) of the
   * drawn card, in the order they will run. Secret until the act.
   */
  | { type: 'plan'; actions: number[] }
  /**
   * Renew phase, the active player: renew the insurance of these own houses (possibly none) at 2 each
   * (3 beach/double). Only houses insured when the turn began (see renewableSquares).
   */
  | { type: 'renew'; squares: SquareId[] }
  /** Market, another player: ask the active player to insure these own uninsured houses at 3 each (6 beach/double). */
  | { type: 'ask'; squares: SquareId[] }
  /** Market, another player: buy nothing this turn. */
  | { type: 'pass' }
  /** Market, the active player: accept or decline the (whole) request of `buyer`. */
  | { type: 'answer'; buyer: Seat; accept: boolean }
  /** Kauf prompt, the active player: the own house that becomes a double house. */
  | { type: 'kauf'; square: SquareId };

// ---------------------------------------------------------------------------
// State

export type WindCityPhase =
  | 'hurricane' // setup 1: seat 0 places the hurricane on row 0
  | 'placement' // setup 2: houses, one at a time, from seat 1 on
  | 'plan' // the active player has drawn and plans secretly
  | 'renew' // the active player may renew, at the bank, the insurance that expired as the turn began
  | 'market' // the other players may buy insurance from the active player (timed)
  | 'kauf' // mid-act: the active player chooses the square of a Kauf
  | 'over';

/** An insurance request in the market. Secret (buyer and active player only) unless accepted. */
export interface InsuranceRequest {
  buyer: Seat;
  squares: SquareId[];
  /** 3 per house, 6 per beach or double house. */
  price: number;
  answer: 'accepted' | 'declined' | null;
}

export interface MarketState {
  /** The active player, who sells. */
  seller: Seat;
  /**
   * The seats that could buy when the market opened (players in the game,
   * not the seller, with an uninsured house they could afford), ascending.
   * Public, and fixed for the whole market: it follows from public facts only.
   */
  buyers: Seat[];
  /**
   * SECRET: per seat, still has to ask or pass (false for the seller, players
   * out, and those who cannot buy anything). Whether a buyer has acted, and
   * so whether it asked or passed, is nobody else's business until the market
   * closes: only the buyer itself and the seller see it (seat views).
   */
  deciding: boolean[];
  /** SECRET: every request of this market, in the order asked. */
  requests: InsuranceRequest[];
  /**
   * The buyers whose request was accepted, in the order of acceptance
   * (public). Kept apart from `requests` because the public list must not
   * reveal the (secret) order in which the requests were made.
   */
  accepted: Seat[];
}

/** Why a coin changed hands. Every coin of every player has one such entry in the log. */
export type CoinCause =
  | 'renew' // −: the active player renewed the insurance of own houses at the bank
  | 'insurance-bought' // −: a buyer paid the active player
  | 'insurance-sold' // +: the active player was paid by a buyer
  | 'observatory' // +5: a move stopped on an observatory
  | 'calm' // +3: the hurricane moved, entered no house square and stands on land
  | 'plan'; // −: the plan's total, paid to the bank

/** Why a Kauf did nothing when it ran (it is still paid for, like every planned action). */
export type KaufVoidReason = 'empty-stock' | 'top-rows' | 'no-house';

/** One step of the hurricane, for the client to animate. */
export interface StepRecord {
  from: SquareId;
  /** The square entered, or null when the step left the north edge (the game ends). */
  to: SquareId | null;
  /** The step went across the east or west edge. */
  wrapped: boolean;
  /** An extra step, taken because the move stopped on an insured house. */
  extra: boolean;
  /** Houses destroyed on entering `to` (both of a double), or null. */
  destroyed: { owner: Seat; count: 1 | 2 } | null;
  /** The owner of the insured house passed unharmed on `to`, or null. */
  passed: Seat | null;
}

export type ActSegment =
  | {
      kind: 'move';
      /** The action's number on the card (0..4). */
      action: number;
      dir: Dir;
      distance: number;
      from: SquareId;
      steps: StepRecord[];
      /** A south step off row 0 was refused: the rest of the move was not taken. */
      blocked: boolean;
      /** Where the move stopped (null: it left the north edge). */
      stop: SquareId | null;
      /** The move stopped on an observatory: +5 to the active player. */
      observatory: boolean;
    }
  | {
      kind: 'kauf';
      action: number;
      /** The square that became a double house, or null (not chosen yet, or void). */
      square: SquareId | null;
      void: KaufVoidReason | null;
    };

/** The act of a turn (in progress while the phase is 'kauf'), public from the reveal on. */
export interface ActRecord {
  turn: number;
  seat: Seat;
  card: number;
  plan: number[];
  /** Where the hurricane stood when the act began. */
  start: SquareId;
  segments: ActSegment[];
  /** The hurricane entered a square with a house (insured or not) during this act. */
  enteredHouse: boolean;
  /** +3 was paid at the end of the act (it moved, entered no house square, stands on land). */
  calm: boolean;
  /** The plan's total, paid at the end of the act (0 while running or when the game ended mid-act). */
  paid: number;
  /** The hurricane left the north edge: the game ended at once. */
  exited: boolean;
  /** The act is over. */
  done: boolean;
}

/** The table after each turn, for the end-screen chart. */
export interface TurnRecord {
  /** 0: after setup; then 1, 2, ... */
  turn: number;
  /** Whose turn it was (null for turn 0). */
  seat: Seat | null;
  /** Houses on the board per seat (a double counts 2). */
  houses: number[];
  /** Points per seat (10 per house, 20 per beach or double house). */
  points: number[];
  coins: number[];
  /** Where the hurricane stands (null once it has left). */
  hurricane: SquareId | null;
}

export type LogEntry =
  | { kind: 'hurricane'; seat: Seat; square: SquareId }
  | { kind: 'place'; seat: Seat; square: SquareId }
  | { kind: 'turn'; turn: number; seat: Seat }
  /** The insurance of these houses of `seat` expired as its turn began. */
  | { kind: 'expire'; turn: number; seat: Seat; squares: SquareId[] }
  | { kind: 'reshuffle'; turn: number; cards: number }
  /** `seat` drew a card (which one is secret until the act). */
  | { kind: 'draw'; turn: number; seat: Seat }
  /** `seat` could not afford any action of `card` (revealed): out of the game, its houses leave the board. */
  | { kind: 'bankrupt'; turn: number; seat: Seat; card: number; coins: number; squares: SquareId[]; houses: number }
  /** The plan is made (its content is secret until the reveal). */
  | { kind: 'planned'; turn: number; seat: Seat }
  | { kind: 'renew'; turn: number; seat: Seat; squares: SquareId[]; cost: number }
  /** An accepted insurance request (public). */
  | { kind: 'insured'; turn: number; buyer: Seat; seller: Seat; squares: SquareId[]; price: number }
  | { kind: 'market-closed'; turn: number; expired: boolean }
  | { kind: 'reveal'; turn: number; seat: Seat; card: number; plan: number[] }
  | { kind: 'destroy'; turn: number; seat: Seat; owner: Seat; square: SquareId; count: 1 | 2 }
  | { kind: 'kauf'; turn: number; seat: Seat; square: SquareId }
  | { kind: 'kauf-void'; turn: number; seat: Seat; reason: KaufVoidReason }
  | { kind: 'exit'; turn: number; seat: Seat }
  /** Every coin movement, with its cause; `other` is the counterpart of an insurance sale. */
  | { kind: 'coins'; turn: number; seat: Seat; delta: number; cause: CoinCause; other: Seat | null }
  | { kind: 'end'; reason: 'exit' | 'last-player'; winners: Seat[]; scores: number[]; places: number[] };

export interface WindCityState extends BaseState<WindCityOptions> {
  game: 'windcity';
  phase: WindCityPhase;
  /** The hurricane's square; null before it is placed and after it leaves the board. */
  hurricane: SquareId | null;
  /** Per square (ROWS × COLS): the house(s) on it, or null. */
  houses: (HouseSquare | null)[];
  /** Houses per seat not on the board (placement: still to place; later: destroyed, available to Kauf). */
  stock: number[];
  coins: number[];
  /** Per seat: bankrupt (out of the game). */
  out: boolean[];
  /** Per seat: the turn it went bankrupt, or null. */
  outTurn: (number | null)[];
  /** Placement: houses placed so far (the placer is seat (1 + placed) % players). */
  placed: number;
  /** The active player (placement: the placer). */
  active: Seat;
  /** Turns begun (0 during setup). */
  turn: number;
  /** SECRET: card ids, the top of the pile is the last element. */
  drawPile: number[];
  /** Discarded card ids, oldest first (public: each was revealed). */
  discard: number[];
  /** SECRET until the reveal: the active player's drawn card. */
  card: number | null;
  /** SECRET until the reveal: the plan (action numbers in order). */
  plan: number[] | null;
  /** The houses the active player renewed this turn (public). */
  renewed: SquareId[];
  market: MarketState | null;
  /** The act of this turn (while running: the next segment to run is `act.segments.length`), or the last one. */
  act: ActRecord | null;
  records: TurnRecord[];
  log: LogEntry[];
  winners: Seat[] | null;
  /** When over: per seat, 1-based place (shared places allowed); bankrupt players rank last. */
  places: number[] | null;
}

// ---------------------------------------------------------------------------
// Views

/**
 * The market as everybody sees it: only public facts. Who takes part (fixed
 * when the market opens) and the accepted insurance, in the order accepted.
 * Nothing here changes when a buyer asks, passes or is declined, so nobody
 * can tell a declined request from a pass or from a buyer still thinking.
 * (An earlier version showed per-seat `deciding` and an `unanswered` count:
 * together they revealed who asked and, with no acceptance following, who
 * was declined.) It changes only when a request is accepted or the market
 * closes; the room's timer shows how long it stays open.
 */
export interface PublicMarket {
  seller: Seat;
  /** The seats that may buy in this market (could buy when it opened), ascending. Fixed for the whole market. */
  buyers: Seat[];
  accepted: { buyer: Seat; squares: SquareId[]; price: number }[];
}

/** What everybody may see, spectators included. */
export interface WindCityPublicView {
  game: 'windcity';
  players: number;
  options: WindCityOptions;
  phase: WindCityPhase;
  hurricane: SquareId | null;
  houses: (HouseSquare | null)[];
  stock: number[];
  coins: number[];
  out: boolean[];
  outTurn: (number | null)[];
  /** Setup: who places next (hurricane or a house), else null. */
  placer: Seat | null;
  placed: number;
  /** Houses each player places in total (12) and the sections in play with their per-player quota. */
  sections: Section[];
  quota: number;
  beachMax: number;
  active: Seat;
  turn: number;
  drawPileSize: number;
  discard: number[];
  /** The active player holds a drawn card (not which). */
  hasCard: boolean;
  /** The active player has planned (not what). */
  planned: boolean;
  renewed: SquareId[];
  market: PublicMarket | null;
  /** The current or last act: public from the reveal on (null before the first one). */
  act: ActRecord | null;
  records: TurnRecord[];
  log: LogEntry[];
  /** Points per seat now (10 per house, 20 per beach or double house). */
  points: number[];
  winners: Seat[] | null;
  places: number[] | null;
}

/** One seat's own secrets. */
export interface WindCitySeatView {
  seat: Seat;
  /** The card this seat drew and has not yet revealed (the active player only). */
  card: number | null;
  /** This seat's plan before the reveal (the active player only). */
  plan: number[] | null;
  /** As a buyer in the current market: this seat still has to ask or pass. */
  deciding: boolean;
  /** As a buyer: this seat's own request in the current market, or null. */
  myRequest: InsuranceRequest | null;
  /** As the active player (the seller): every request of the current market. */
  requests: InsuranceRequest[];
  /**
   * As the seller: the buyers that have neither asked nor passed yet,
   * ascending (empty for everyone else). The seller sees every request
   * anyway, so this adds only who passed, which it would learn when the
   * market closes; it lets the seller know whether more requests may come.
   * Buyers and onlookers never see it.
   */
  undecided: Seat[];
}
