/**
 * Santa Claus Is Comin' To Town: types shared by the engine, the server, the
 * bots and the client. Rules: docs/rules/santa.md (every ruling, and the two
 * translations of the published rules it follows).
 *
 * Conventions: seats are 0-based, in table order (seat s+1 sits to the left of
 * seat s). Houses are identified by their index in `Town.houses` (0-based; the
 * board shows `label`). Cards are 1..13 (A=1, J=11, Q=12, K=13).
 */
import type { BaseState, Seat } from '../../engine/contract.js';

// ---------------------------------------------------------------------------
// The town

export type Lang = 'en' | 'ja' | 'fr';

/** A house id: its index in `Town.houses`. */
export type HouseId = number;

export interface House {
  id: HouseId;
  /** Lattice column (x, grows to the east / right). */
  col: number;
  /** Lattice row (y, grows to the south / down). */
  row: number;
  /** Short label printed on the board, e.g. "12". */
  label: string;
  /** Optional house name (e.g. the family living there). */
  name: Partial<Record<Lang, string>> & { en: string };
}

/** A street: two houses one lattice step apart (one of the 8 compass directions). Everybody may use it. */
export interface Street {
  a: HouseId;
  b: HouseId;
}

/**
 * A winding path, Santa only: joins two houses that no street joins. `via`
 * holds control points in lattice coordinates (fractions allowed), from `a`
 * towards `b`, for the client to draw a smooth curve through.
 */
export interface SantaPath {
  a: HouseId;
  b: HouseId;
  via: [number, number][];
}

export interface Town {
  id: string;
  name: Partial<Record<Lang, string>> & { en: string };
  /** Lattice size: columns 0..cols-1, rows 0..rows-1. */
  cols: number;
  rows: number;
  houses: House[];
  streets: Street[];
  paths: SantaPath[];
}

/** A lattice direction [dcol, drow], each in {-1, 0, 1}, not both 0. */
export type Direction = [number, number];

// ---------------------------------------------------------------------------
// Options

export type AwayMarkersVariant = 'round' | 'six';
export type TieBreakVariant = 'lowest-card' | 'lowest-score';

export interface SantaOptions {
  /** 'round' (default): one marker each (4 at 4 players, 6 at 3 players); 'six': round the table until 6. */
  awayMarkers: AwayMarkersVariant;
  /** Who names the order when the highest card is tied. Default 'lowest-card'. */
  tieBreak: TieBreakVariant;
  /** The seat playing Santa; null or absent: drawn from the seed at setup. */
  santaSeat?: number | null;
}

// ---------------------------------------------------------------------------
// Actions

export type SantaAction =
  /** Setup 1, the current placer: put an away marker on a house. */
  | { type: 'away'; house: HouseId }
  /** Setup 2–3, the current starter (kids in seat order, then Santa): put the counter on a house. */
  | { type: 'start'; house: HouseId }
  /** Pick phase, every player: choose (or change) the card of this round. Revisable until the last pick. */
  | { type: 'pick'; card: number }
  /** lowest-score tie-break, still tied: Santa names which of the tied players names the order. */
  | { type: 'chooser'; seat: Seat }
  /** The order namer: a permutation of all seats, first mover first. */
  | { type: 'order'; order: Seat[] }
  /**
   * The current mover: the houses entered, in order (the start house excluded).
   * A flight is a single house. The last house is where the counter stops.
   */
  | { type: 'move'; path: HouseId[] }
  /** Santa, when several kids are on a house he entered that holds a present: the kid who takes it. */
  | { type: 'give'; kid: Seat };

// ---------------------------------------------------------------------------
// State

export type SantaPhase =
  | 'away' // setup 1: away markers
  | 'start' // setup 2–3: kids' counters in seat order, then Santa's
  | 'pick' // simultaneous secret picks
  | 'chooser' // lowest-score tie still tied: Santa names the order namer
  | 'order' // the order namer names the order
  | 'move' // players move in order
  | 'give' // mid-move: Santa chooses which kid takes a present
  | 'over';

export type Role = 'santa' | 'kid';

/** Why points changed. Every point of every score has exactly one such entry in the log. */
export type ScoreCause =
  /** Santa +1: the present placed on his start house in setup. */
  | 'start-present'
  /** Santa +1: a present placed on a house he entered. */
  | 'present'
  /** Kid +3: saw Santa (he entered the kid's house, or the kid entered his). */
  | 'saw-santa'
  /** Kid +1: took the present of the house where they saw Santa. */
  | 'took-present'
  /** Santa −1: a kid took a present. */
  | 'lost-present';

export type LogEntry =
  | { kind: 'away'; seat: Seat; house: HouseId }
  /** The placer had no legal house: the marker is not placed (nobody else can place one either). */
  | { kind: 'away-skip'; seat: Seat }
  | { kind: 'start'; seat: Seat; house: HouseId }
  /** All picks revealed together. */
  | { kind: 'reveal'; round: number; cards: number[] }
  /** Who names the order, and why. */
  | {
      kind: 'order-by';
      round: number;
      seat: Seat;
      reason: 'highest' | 'lowest-card' | 'santa-tie' | 'lowest-score' | 'santa-chose';
      /** The seats tied for the highest card (just the highest player when untied). */
      tied: Seat[];
    }
  | { kind: 'order'; round: number; seat: Seat; order: Seat[] }
  | { kind: 'move'; round: number; seat: Seat; card: number; from: HouseId; path: HouseId[]; how: MoveKind }
  /** The mover had no legal move at all and stays put. */
  | { kind: 'stay'; round: number; seat: Seat; card: number; at: HouseId }
  | { kind: 'score'; round: number; seat: Seat; delta: number; cause: ScoreCause; house: HouseId; other: Seat | null }
  | { kind: 'end'; winners: Seat[]; scores: number[] };

export type MoveKind = 'walk' | 'flight' | 'bike';

/** Santa's pending choice of a kid, in the middle of his move. */
export interface PendingGive {
  house: HouseId;
  /** The kids on that house (all saw Santa); one of them takes the present. */
  kids: Seat[];
  /** The rest of Santa's move, still to be entered after this house. */
  rest: HouseId[];
}

export interface RoundRecord {
  round: number;
  /** Card per seat. */
  cards: number[];
  orderBy: Seat;
  order: Seat[];
}

export interface SantaState extends BaseState<SantaOptions> {
  game: 'santa';
  town: string;
  phase: SantaPhase;
  santa: Seat;
  /** 1..13 during play; 0 during setup; 13 when over. */
  round: number;
  /** Cards still in hand per seat (public; the face-down pick stays in hand until revealed). */
  hands: number[][];
  /** Per seat: the face-down pick of this round. SECRET during the pick phase. */
  picks: (number | null)[];
  /** Per seat: the revealed card of this round, or null before the reveal. */
  played: (number | null)[];

  /** Setup 1: the seats placing away markers, in turn, and how many turns are done. */
  awayPlacers: Seat[];
  awayIndex: number;
  /** Away houses, in placement order. */
  away: HouseId[];
  /** Setup 2–3: the seats placing counters, in turn (kids in seat order, then Santa). */
  starters: Seat[];
  startIndex: number;

  /** Counter position per seat (null before placed). */
  positions: (HouseId | null)[];
  /** Per house: holds a present. */
  present: boolean[];
  /** Presents left in Santa's supply (30 at the start; the start present counts). */
  supply: number;
  scores: number[];

  /** The seats that played the highest card this round (one seat when untied; empty before the reveal). */
  tied: Seat[];
  /** Chooser phase: the tied seats (all on the lowest score) among which Santa names the order namer. */
  candidates: Seat[];
  /** Who names (or named) the order this round. */
  orderBy: Seat | null;
  order: Seat[];
  /** Index into order of the current mover. */
  turn: number;
  /** Has any kid seen Santa this round (either way)? */
  sighted: boolean;
  pendingGive: PendingGive | null;

  /** Per-round record (cards, order). */
  rounds: RoundRecord[];
  /** Scores per seat: scoreLog[0] after setup, scoreLog[r] after round r. */
  scoreLog: number[][];
  /** Everything that happened, every point change with its cause. */
  log: LogEntry[];
  winners: Seat[] | null;
}

// ---------------------------------------------------------------------------
// Views

/** What everybody may see, spectators included. */
export interface SantaPublicView {
  game: 'santa';
  town: string;
  phase: SantaPhase;
  players: number;
  options: SantaOptions;
  santa: Seat;
  round: number;
  /** Cards still in hand per seat. */
  hands: number[][];
  /** Per seat: has a face-down pick this round (never which card). */
  picked: boolean[];
  /** Number of face-down picks made this round. */
  pickCount: number;
  /** Per seat: the revealed card of this round, or null (always null during the pick phase). */
  played: (number | null)[];
  away: HouseId[];
  /** Away placement: whose turn, or null outside that phase. */
  awayPlacer: Seat | null;
  /** Markers still to place (including the current one). */
  awayLeft: number;
  /** Start phase: whose turn, or null. */
  starter: Seat | null;
  positions: (HouseId | null)[];
  present: boolean[];
  supply: number;
  scores: number[];
  tied: Seat[];
  candidates: Seat[];
  orderBy: Seat | null;
  order: Seat[];
  turn: number;
  /** The seat moving now (move or give phase), else null. */
  mover: Seat | null;
  sighted: boolean;
  pendingGive: PendingGive | null;
  rounds: RoundRecord[];
  scoreLog: number[][];
  log: LogEntry[];
  winners: Seat[] | null;
}

/** One seat's own secrets. */
export interface SantaSeatView {
  seat: Seat;
  role: Role;
  /** This seat's face-down pick this round, or null. */
  myPick: number | null;
}

/** A legal route: the houses entered in order (see the move action). */
export type Route = HouseId[];

export interface LegalMoves {
  card: number;
  how: MoveKind;
  routes: Route[];
  /** Distinct final houses of the routes, ascending. */
  destinations: HouseId[];
}
