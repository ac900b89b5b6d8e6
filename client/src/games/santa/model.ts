/** Santa Claus client model: typed access to the room snapshot and small derived facts. */
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { HouseId, LegalMoves, Role, SantaPublicView, SantaSeatView, Town } from '@fireside/shared/games/santa/types';
import { cardName, legalAwayHouses, legalMoves, ROUNDS, SUPPLY } from '@fireside/shared/games/santa/queries';
import { getTown } from '@fireside/shared/games/santa/town';
import { lang, t } from '../../i18n/index.js';

export type { HouseId, LegalMoves, Role, SantaPublicView, SantaSeatView, Town };
export { cardName, ROUNDS, SUPPLY };

export interface Model {
  snap: RoomSnapshot;
  view: SantaPublicView;
  town: Town;
  /** My seat, -1 for spectators. */
  me: number;
  secret: SantaSeatView | null;
  names: string[];
  n: number;
}

export function toModel(snap: RoomSnapshot): Model | null {
  const view = snap.view as SantaPublicView | null;
  if (!view || view.game !== 'santa') return null;
  let town: Town;
  try {
    town = getTown(view.town);
  } catch {
    return null;
  }
  const me = snap.me.seat;
  const secret = me >= 0 ? ((snap.seats[me]?.secret as SantaSeatView | null) ?? null) : null;
  const names = Array.from({ length: view.players }, (_, i) => snap.seats[i]?.name || `#${i + 1}`);
  return { snap, view, town, me, secret, names, n: view.players };
}

export const roleOf = (v: SantaPublicView, seat: number): Role => (seat === v.santa ? 'santa' : 'kid');

/** The suit of each seat's cards (purely cosmetic). */
export const SUITS = ['♠', '♥', '♦', '♣'];
export const suitOf = (seat: number): string => SUITS[seat % SUITS.length];
export const suitIsRed = (seat: number): boolean => seat % 2 === 1;

/** "12 · Inn" in the current language. */
export function houseLabel(town: Town, id: HouseId): string {
  const h = town.houses[id];
  if (!h) return '?';
  return `${h.label} · ${houseName(town, id)}`;
}

export function houseName(town: Town, id: HouseId): string {
  const h = town.houses[id];
  if (!h) return '?';
  return h.name[lang()] ?? h.name.en;
}

/** The seats the game waits for now (from the public view: picks are shown as done or not, never which card). */
export function awaited(v: SantaPublicView): number[] {
  switch (v.phase) {
    case 'away':
      return v.awayPlacer === null ? [] : [v.awayPlacer];
    case 'start':
      return v.starter === null ? [] : [v.starter];
    case 'pick':
      return v.picked.map((p, s) => (p ? -1 : s)).filter((s) => s >= 0);
    case 'chooser':
    case 'give':
      return [v.santa];
    case 'order':
      return v.orderBy === null ? [] : [v.orderBy];
    case 'move':
      return v.mover === null ? [] : [v.mover];
    default:
      return [];
  }
}

/** Houses I may click now in the setup phases, or null when it is not my setup turn. */
export function setupHouses(m: Model): HouseId[] | null {
  const v = m.view;
  if (m.me < 0) return null;
  if (v.phase === 'away' && v.awayPlacer === m.me) return legalAwayHouses(v);
  if (v.phase === 'start' && v.starter === m.me) return m.town.houses.map((h) => h.id);
  return null;
}

/** My legal moves now, or null when it is not my move. */
export function myMoves(m: Model): LegalMoves | null {
  const v = m.view;
  if (m.me < 0 || v.phase !== 'move' || v.mover !== m.me) return null;
  return legalMoves(v, m.me);
}

export function seatName(m: Model, seat: number): string {
  return m.names[seat] ?? `#${seat + 1}`;
}

/** "Alice (you)" (never in a replay: the seat shown is nobody's) */
export function nameYou(m: Model, seat: number): string {
  return seat === m.me && !m.snap.replay ? `${seatName(m, seat)} (${t('lobby.you')})` : seatName(m, seat);
}

export function formatDelta(d: number): string {
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '0';
}

/** The cards of a round as printed with their seat's suit, e.g. "K♥". */
export function cardText(card: number, seat: number): string {
  return `${cardName(card)}${suitOf(seat)}`;
}
