/**
 * Wind City: the pure queries on a board that the rules engine, the bots and
 * the web client share (prices, points, legal placements, renewals, Kauf
 * squares, the hurricane's path). They take the state or the public view and
 * never validate outside input, so nothing here imports zod (schemas.ts): the
 * client imports this module rather than rules.ts, which keeps zod out of its
 * table chunk. rules.ts re-exports everything here.
 */
import type { Seat } from '../../engine/contract.js';
import {
  BEACH_MIN,
  COLS,
  KAUF_TOP_ROWS,
  ROWS,
  SQUARES,
  SEA_ROWS,
  beachMax,
  isBeach,
  isLand,
  isObservatory,
  isSquare,
  rowOf,
  sectionOf,
  sectionQuota,
  sectionsInPlay,
  step,
} from './board.js';
import type { Card, CardAction, HouseSquare, KaufVoidReason, LogEntry, SquareId, StepRecord } from './types.js';
import { windcityMeta } from './meta.js';

export const MIN_PLAYERS = windcityMeta.minPlayers;
export const MAX_PLAYERS = windcityMeta.maxPlayers;
export const MARKET_SECONDS = 45;
export const OBSERVATORY_PAY = 5;
export const CALM_PAY = 3;
export const MAX_PLAN = 3;

// ---------------------------------------------------------------------------
// Prices and points

/** A beach house or a double house: insured and scored at the higher rate. */
export const isPremium = (sq: SquareId, h: HouseSquare): boolean => h.count === 2 || isBeach(sq);
/** Renewal at the bank by the active player: 2, or 3 for a beach or double house. */
export const renewPrice = (sq: SquareId, h: HouseSquare): number => (isPremium(sq, h) ? 3 : 2);
/** Insurance bought from the active player: 3, or 6 for a beach or double house. */
export const marketPrice = (sq: SquareId, h: HouseSquare): number => (isPremium(sq, h) ? 6 : 3);
/** Points at the end: 10, or 20 for a beach or double house. */
export const housePoints = (sq: SquareId, h: HouseSquare): number => (isPremium(sq, h) ? 20 : 10);

/** Points per seat of the houses on the board. */
export function pointsOf(houses: readonly (HouseSquare | null)[], players: number): number[] {
  const points = Array(players).fill(0);
  for (let sq = 0; sq < houses.length; sq++) {
    const h = houses[sq];
    if (h) points[h.owner] += housePoints(sq, h);
  }
  return points;
}

/** House pieces on the board per seat (a double counts 2). */
export function piecesOf(houses: readonly (HouseSquare | null)[], players: number): number[] {
  const n = Array(players).fill(0);
  for (const h of houses) if (h) n[h.owner] += h.count;
  return n;
}

export const planCost = (card: Card, plan: readonly number[]): number => plan.reduce((sum, i) => sum + card.actions[i].cost, 0);

// ---------------------------------------------------------------------------
// Placement (works on the state and on the public view)

export interface PlacementBoard {
  players: number;
  houses: readonly (HouseSquare | null)[];
}

/** What the quota check needs: per seat, houses in each section (index 0..4) and on the beach row; free squares. */
interface PlacementStats {
  bySection: number[][];
  beach: number[];
  /** Per section (index 0..4): free squares (no house, no observatory), and how many of them are on the beach row. */
  free: number[];
  freeBeach: number[];
}

function placementStats(b: PlacementBoard): PlacementStats {
  const bySection = Array.from({ length: b.players }, () => [0, 0, 0, 0, 0]);
  const beach = Array(b.players).fill(0);
  const free = [0, 0, 0, 0, 0];
  const freeBeach = [0, 0, 0, 0, 0];
  for (let sq = 0; sq < SQUARES; sq++) {
    const section = sectionOf(sq);
    const h = b.houses[sq];
    if (h) {
      bySection[h.owner][section] += h.count;
      if (isBeach(sq)) beach[h.owner]++;
    } else if (!isObservatory(sq)) {
      free[section]++;
      if (isBeach(sq)) freeBeach[section]++;
    }
  }
  return { bySection, beach, free, freeBeach };
}

/**
 * Can every player still complete their quota (each section's count, the
 * beach minimum and maximum) on the free squares? Exact: sections are
 * independent, and in section 1 the beach/non-beach split is an interval
 * problem (see the comments).
 */
function feasible(players: number, st: PlacementStats): boolean {
  const quota = sectionQuota(players);
  const max = beachMax(players);
  for (const section of sectionsInPlay(players)) {
    let remaining = 0;
    let lo = 0; // beach houses still needed, summed over players
    let hi = 0; // beach houses still allowed (within the section's remaining quota), summed
    for (let p = 0; p < players; p++) {
      const r = quota - st.bySection[p][section];
      if (r < 0) return false;
      remaining += r;
      if (section === 1) {
        const need = Math.max(0, BEACH_MIN - st.beach[p]);
        const allowed = Math.min(max - st.beach[p], r);
        if (st.beach[p] > max || need > allowed) return false;
        lo += need;
        hi += allowed;
      }
    }
    const free = st.free[section];
    if (remaining > free) return false;
    if (section === 1) {
      // Some split: x on the beach, remaining − x elsewhere, lo ≤ x ≤ hi, x ≤ freeBeach, remaining − x ≤ free − freeBeach.
      const freeBeach = st.freeBeach[section];
      if (Math.max(lo, remaining - (free - freeBeach)) > Math.min(hi, freeBeach)) return false;
    }
  }
  return true;
}

/** Can every player still complete their quota on the free squares? */
export function quotasFeasible(b: PlacementBoard): boolean {
  return feasible(b.players, placementStats(b));
}

function problemWith(b: PlacementBoard, st: PlacementStats, seat: Seat, sq: SquareId): { code: string; message: string } | null {
  if (!isSquare(sq)) return { code: 'windcity/bad-square', message: `There is no square ${sq}.` };
  if (!isLand(sq)) return { code: 'windcity/not-land', message: 'Houses stand on land, not in the sea.' };
  const section = sectionOf(sq);
  if (!sectionsInPlay(b.players).includes(section)) {
    return { code: 'windcity/section-not-in-play', message: `Section ${section} is not in play with ${b.players} players.` };
  }
  if (isObservatory(sq)) return { code: 'windcity/observatory', message: 'No house may stand on an observatory.' };
  if (b.houses[sq]) return { code: 'windcity/occupied', message: 'That square already has a house.' };
  const quota = sectionQuota(b.players);
  if (st.bySection[seat][section] >= quota) {
    return { code: 'windcity/section-full', message: `You already have your ${quota} houses in that section.` };
  }
  const beach = isBeach(sq);
  if (beach && st.beach[seat] >= beachMax(b.players)) {
    return { code: 'windcity/beach-max', message: `At most ${beachMax(b.players)} beach houses each.` };
  }
  // The same numbers with this house placed.
  const after: PlacementStats = {
    bySection: st.bySection.map((row, p) => (p === seat ? row.map((x, i) => (i === section ? x + 1 : x)) : row)),
    beach: st.beach.map((x, p) => (p === seat && beach ? x + 1 : x)),
    free: st.free.map((x, i) => (i === section ? x - 1 : x)),
    freeBeach: st.freeBeach.map((x, i) => (i === section && beach ? x - 1 : x)),
  };
  if (!feasible(b.players, after)) {
    return {
      code: 'windcity/quota',
      message: 'That house would leave some player unable to complete their quota (houses per section, 1 beach house at least).',
    };
  }
  return null;
}

/** Why `seat` may not place a house on `sq` now (placement phase assumed), or null. */
export function placementProblem(b: PlacementBoard, seat: Seat, sq: SquareId): { code: string; message: string } | null {
  return problemWith(b, placementStats(b), seat, sq);
}

/** Every square where `seat` may place a house now. */
export function legalPlacements(b: PlacementBoard, seat: Seat): SquareId[] {
  const st = placementStats(b);
  const out: SquareId[] = [];
  for (let sq = SEA_ROWS * COLS; sq < SQUARES; sq++) if (!problemWith(b, st, seat, sq)) out.push(sq);
  return out;
}

// ---------------------------------------------------------------------------
// Renewal (works on the state and on the public view)

export interface RenewBoard {
  houses: readonly (HouseSquare | null)[];
  log: readonly LogEntry[];
  turn: number;
  active: Seat;
}

/**
 * The houses the active player may renew this turn: its own houses that were
 * insured when the turn began and are not insured again. The active player
 * never buys insurance, it only renews (docs/rules/windcity.md#renew). Read
 * from the current turn's 'expire' log entry, which the state and the public
 * view both carry, so the engine, the bots and the client agree.
 */
export function renewableSquares(b: RenewBoard): SquareId[] {
  for (let i = b.log.length - 1; i >= 0; i--) {
    const e = b.log[i];
    if (e.kind === 'expire' && e.turn === b.turn && e.seat === b.active) {
      return e.squares.filter((sq) => {
        const h = b.houses[sq];
        return h !== null && h.owner === b.active && !h.insured;
      });
    }
    // The 'expire' entry follows the turn's 'turn' entry: past it, nothing expired this turn.
    if (e.kind === 'turn') break;
  }
  return [];
}

// ---------------------------------------------------------------------------
// Kauf (works on the state and on the public view)

export interface KaufBoard {
  houses: readonly (HouseSquare | null)[];
  hurricane: SquareId | null;
  stock: readonly number[];
}

/** Why a Kauf of `seat` cannot run now, or null. */
export function kaufVoid(b: KaufBoard, seat: Seat): KaufVoidReason | null {
  if (b.stock[seat] <= 0) return 'empty-stock';
  if (b.hurricane === null || rowOf(b.hurricane) >= ROWS - KAUF_TOP_ROWS) return 'top-rows';
  return kaufSquares(b, seat).length ? null : 'no-house';
}

/** Own single uninsured non-beach houses in a row north of the hurricane's (ignoring stock and the top rows). */
export function kaufSquares(b: KaufBoard, seat: Seat): SquareId[] {
  if (b.hurricane === null) return [];
  const out: SquareId[] = [];
  for (let sq = (rowOf(b.hurricane) + 1) * COLS; sq < SQUARES; sq++) {
    const h = b.houses[sq];
    if (h && h.owner === seat && h.count === 1 && !h.insured && !isBeach(sq)) out.push(sq);
  }
  return out;
}

// ---------------------------------------------------------------------------
// The hurricane's path (pure simulation, shared with the bots)

export interface PathBoard {
  houses: (HouseSquare | null)[];
  hurricane: SquareId;
}

export interface MoveOutcome {
  steps: StepRecord[];
  blocked: boolean;
  stop: SquareId | null;
  observatory: boolean;
  enteredHouse: boolean;
  exited: boolean;
}

/**
 * Run one move on `b`, MUTATING b.houses (destroyed houses become null) and
 * b.hurricane. Destroyed houses are reported in the steps; the caller returns
 * them to stock. On exit, b.hurricane keeps the top-row square it left from.
 */
export function runMove(b: PathBoard, action: Extract<CardAction, { kind: 'move' }>): MoveOutcome {
  const steps: StepRecord[] = [];
  let blocked = false;
  let enteredHouse = false;
  const enter = (extra: boolean): 'ok' | 'blocked' | 'exit' => {
    const from = b.hurricane;
    const s = step(from, action.dir);
    if (s === 'off-south') return 'blocked';
    if (s === 'off-north') {
      steps.push({ from, to: null, wrapped: false, extra, destroyed: null, passed: null });
      return 'exit';
    }
    const h = b.houses[s.to];
    let destroyed: StepRecord['destroyed'] = null;
    let passed: Seat | null = null;
    if (h) {
      enteredHouse = true;
      if (h.insured) passed = h.owner;
      else {
        destroyed = { owner: h.owner, count: h.count };
        b.houses[s.to] = null;
      }
    }
    b.hurricane = s.to;
    steps.push({ from, to: s.to, wrapped: s.wrapped, extra, destroyed, passed });
    return 'ok';
  };
  const done = (exited: boolean): MoveOutcome => ({
    steps,
    blocked,
    stop: exited ? null : b.hurricane,
    observatory: !exited && steps.length > 0 && isObservatory(b.hurricane),
    enteredHouse,
    exited,
  });
  for (let i = 0; i < action.distance; i++) {
    const r = enter(false);
    if (r === 'exit') return done(true);
    if (r === 'blocked') {
      blocked = true;
      break;
    }
  }
  if (steps.length > 0) {
    // Stopped on an insured house: one more step the same way, again if needed (once round the width at most).
    for (let extra = 0; extra < COLS; extra++) {
      const h = b.houses[b.hurricane];
      if (!h || !h.insured) break;
      const r = enter(true);
      if (r === 'exit') return done(true);
      if (r === 'blocked') break;
    }
  }
  return done(false);
}
