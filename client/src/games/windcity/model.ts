/** Wind City client model: typed access to the room snapshot and small derived facts. */
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { ActRecord, Card, CardAction, Dir, HouseSquare, SquareId, WindCityPublicView, WindCitySeatView } from '@fireside/shared/games/windcity/types';
import { COLS, ROWS, colOf, isBeach, rowOf } from '@fireside/shared/games/windcity/board';
import { cardById } from '@fireside/shared/games/windcity/cards';
import {
  isPremium,
  kaufSquares,
  kaufVoid,
  legalPlacements,
  marketPrice,
  planCost,
  renewPrice,
  renewableSquares,
  runMove,
} from '@fireside/shared/games/windcity/queries';
import { t } from '../../i18n/index.js';

export type { ActRecord, Card, CardAction, Dir, HouseSquare, SquareId, WindCityPublicView, WindCitySeatView };
export { cardById, isPremium, marketPrice, planCost, renewPrice };

export interface Model {
  snap: RoomSnapshot;
  view: WindCityPublicView;
  /** My seat, -1 for spectators. */
  me: number;
  secret: WindCitySeatView | null;
  names: string[];
  n: number;
}

export function toModel(snap: RoomSnapshot): Model | null {
  const view = snap.view as WindCityPublicView | null;
  if (!view || view.game !== 'windcity') return null;
  const me = snap.me.seat;
  const secret = me >= 0 ? ((snap.seats[me]?.secret as WindCitySeatView | null) ?? null) : null;
  const names = Array.from({ length: view.players }, (_, i) => snap.seats[i]?.name || `#${i + 1}`);
  return { snap, view, me, secret, names, n: view.players };
}

export function seatName(m: Model, seat: number): string {
  return m.names[seat] ?? `#${seat + 1}`;
}

/** "Alice (you)" (never in a replay: the seat shown is nobody's) */
export function nameYou(m: Model, seat: number): string {
  return seat === m.me && !m.snap.replay ? `${seatName(m, seat)} (${t('lobby.you')})` : seatName(m, seat);
}

/** A square's name: column letter (west to east) and row number (south to north, from 1), e.g. "C4". */
export function squareName(sq: SquareId): string {
  return `${'ABCDEFGH'[colOf(sq)] ?? '?'}${rowOf(sq) + 1}`;
}

export const colName = (col: number): string => 'ABCDEFGH'[col] ?? '?';

export const DIR_ARROW: Record<Dir, string> = { N: '↑', S: '↓', E: '→', W: '←' };

/** "North 3" / "Kauf", in the current language. */
export function actionText(a: CardAction): string {
  if (a.kind === 'kauf') return t('windcity.action.kauf');
  return t(`windcity.action.${a.dir}`, { n: a.distance });
}

/** "↑3" / "K": compact. */
export function actionShort(a: CardAction): string {
  return a.kind === 'kauf' ? 'K' : `${DIR_ARROW[a.dir]}${a.distance}`;
}

/**
 * The seats shown to everybody as awaited (the engine's publicAwaiting). In
 * the market that is every buyer and the seller for the whole market: who has
 * asked or passed is secret.
 */
export function awaited(v: WindCityPublicView): number[] {
  switch (v.phase) {
    case 'hurricane':
    case 'placement':
      return v.placer === null ? [] : [v.placer];
    case 'plan':
    case 'renew':
    case 'kauf':
      return [v.active];
    case 'market': {
      const m = v.market;
      if (!m) return [];
      return [...m.buyers, m.seller].sort((a, b) => a - b);
    }
    default:
      return [];
  }
}

/**
 * The seats the game waits for, as far as I may know: what everybody sees,
 * narrowed in the market by my own seat view. As a buyer I know whether I
 * still decide; as the seller I know who has not decided yet and whether a
 * request waits for my answer. Onlookers see the public set.
 */
export function awaitedFor(m: Model): number[] {
  const v = m.view;
  const seats = awaited(v);
  const mk = v.market;
  const own = m.secret;
  if (v.phase !== 'market' || !mk || m.me < 0 || !own) return seats;
  if (m.me === mk.seller) {
    const mine = own.requests.some((r) => r.answer === null) ? [m.me] : [];
    return [...own.undecided, ...mine].sort((a, b) => a - b);
  }
  return own.deciding ? seats : seats.filter((seat) => seat !== m.me);
}

/** I am a buyer who still has to ask or pass in this market (my own seat view says so). */
export function iDecide(m: Model): boolean {
  return m.me >= 0 && m.view.phase === 'market' && m.secret?.deciding === true;
}

/** Squares holding a house of `seat`, south to north. */
export function housesOf(v: WindCityPublicView, seat: number): SquareId[] {
  const out: SquareId[] = [];
  v.houses.forEach((h, sq) => {
    if (h && h.owner === seat) out.push(sq);
  });
  return out;
}

export function uninsuredOf(v: WindCityPublicView, seat: number): SquareId[] {
  return housesOf(v, seat).filter((sq) => !v.houses[sq]!.insured);
}

/**
 * The houses the active player may renew now: only those insured when the turn
 * began (the active player never buys new insurance). Empty for everyone else.
 */
export function renewableOf(v: WindCityPublicView, seat: number): SquareId[] {
  return seat === v.active ? renewableSquares(v) : [];
}

/** Legal squares for my next house, or null when it is not my placement turn. */
export function myPlacements(m: Model): SquareId[] | null {
  const v = m.view;
  if (m.me < 0 || v.phase !== 'placement' || v.placer !== m.me) return null;
  return legalPlacements({ players: v.players, houses: v.houses }, m.me);
}

/** Squares eligible for my Kauf now, or null when no Kauf waits for me. */
export function myKauf(m: Model): SquareId[] | null {
  const v = m.view;
  if (m.me < 0 || v.phase !== 'kauf' || v.active !== m.me) return null;
  const b = { houses: v.houses, hurricane: v.hurricane, stock: v.stock };
  if (kaufVoid(b, m.me)) return [];
  return kaufSquares(b, m.me);
}

/** My drawn card (as the active player, before the reveal). */
export function myCard(m: Model): Card | null {
  const id = m.secret?.card ?? null;
  return id === null ? null : cardById(id);
}

export function iAmActive(m: Model): boolean {
  return m.me >= 0 && m.me === m.view.active && m.view.phase !== 'over' && m.view.phase !== 'hurricane' && m.view.phase !== 'placement';
}

export { houseStats } from './stats.js';

export function formatDelta(d: number): string {
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '0';
}

/** One simulated step for the path preview. */
export interface PreviewStep {
  from: SquareId;
  to: SquareId | null;
  wrapped: boolean;
  extra: boolean;
  destroyed: boolean;
  passed: boolean;
}

export interface Preview {
  /** Per planned action: its steps (kauf: none). */
  segments: { action: number; steps: PreviewStep[]; stop: SquareId | null; observatory: boolean; kauf: boolean }[];
  exited: boolean;
  destroyed: SquareId[];
  end: SquareId | null;
}

/**
 * Where the hurricane would go with this plan, on the board as it stands
 * (with `extraInsured` counted as insured: a renewal being chosen). Kauf is
 * ignored (it moves nothing); the market may still change the insurance.
 */
export function previewPlan(v: WindCityPublicView, card: Card, plan: number[], extraInsured: SquareId[] = []): Preview | null {
  if (v.hurricane === null) return null;
  const houses = v.houses.map((h, sq) => (h ? { ...h, insured: h.insured || extraInsured.includes(sq) } : null));
  const b = { houses, hurricane: v.hurricane };
  const out: Preview = { segments: [], exited: false, destroyed: [], end: v.hurricane };
  for (const i of plan) {
    const a = card.actions[i];
    if (!a) continue;
    if (a.kind === 'kauf') {
      out.segments.push({ action: i, steps: [], stop: b.hurricane, observatory: false, kauf: true });
      continue;
    }
    const r = runMove(b, a);
    const steps = r.steps.map((s) => ({
      from: s.from,
      to: s.to,
      wrapped: s.wrapped,
      extra: s.extra,
      destroyed: s.destroyed !== null,
      passed: s.passed !== null,
    }));
    for (const s of r.steps) if (s.destroyed && s.to !== null) out.destroyed.push(s.to);
    out.segments.push({ action: i, steps, stop: r.stop, observatory: r.observatory, kauf: false });
    if (r.exited) {
      out.exited = true;
      out.end = null;
      break;
    }
    out.end = b.hurricane;
  }
  return out;
}

export { housesBefore, positionBefore, expiredAfter } from './replay.js';

export { COLS, ROWS, colOf, rowOf, isBeach };
