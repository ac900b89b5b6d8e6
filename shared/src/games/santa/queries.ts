/**
 * Santa Claus Is Comin' To Town: the constants and the move geometry (legal
 * routes, away-marker houses, turn orders) that the rules engine, the bots and
 * the web client share. Nothing here validates outside input, so nothing here
 * imports zod (schemas.ts): the client imports this module rather than
 * rules.ts, which keeps zod out of its table chunk. rules.ts re-exports
 * everything here.
 */
import type { Rejection, Seat } from '../../engine/contract.js';
import { DIRECTIONS, directionBetween, getTown, isHouse, neighbours, pathJoins, routeKey, streetJoins, streetStep } from './town.js';
import type { HouseId, LegalMoves, MoveKind, Role, Route, SantaOptions, Town } from './types.js';
import { santaMeta } from './meta.js';

export const MIN_PLAYERS = santaMeta.minPlayers;
export const MAX_PLAYERS = santaMeta.maxPlayers;
export const ROUNDS = 13;
export const CARDS: readonly number[] = Array.from({ length: 13 }, (_, i) => i + 1);
export const SUPPLY = 30;
export const AWAY_MARKERS = 6;
export const SIGHTING_POINTS = 3;

// ---------------------------------------------------------------------------
// Cards and moves

/** A card's name as printed: A, 2..10, J, Q, K. */
export function cardName(card: number): string {
  return card === 1 ? 'A' : card === 11 ? 'J' : card === 12 ? 'Q' : card === 13 ? 'K' : String(card);
}

/** J, Q, K. */
export const isFaceCard = (card: number): boolean => card >= 11;

/** Most steps of a walk: 2 for 1–5, 3 for 6–10 (face cards do not walk). */
export const maxSteps = (card: number): number => (card <= 5 ? 2 : 3);

export function moveKind(card: number, role: Role): MoveKind {
  if (!isFaceCard(card)) return 'walk';
  return role === 'santa' ? 'flight' : 'bike';
}

/**
 * Why a route is not a legal move from `from` with `card` for `role`, or null
 * when it is. The single source of truth for move legality (routesFrom only
 * enumerates what this accepts).
 */
export function checkRoute(town: Town, from: HouseId, card: number, role: Role, path: readonly HouseId[]): Rejection | null {
  if (path.length === 0) return { code: 'santa/no-step', message: 'A move enters at least one house.' };
  for (const h of path) {
    if (!isHouse(town, h)) return { code: 'santa/bad-house', message: `There is no house ${h} in this town.` };
  }
  if (path.includes(from)) {
    return { code: 'santa/start-house', message: 'A move may not enter the house it starts from.' };
  }
  if (new Set(path).size !== path.length) {
    return { code: 'santa/house-twice', message: 'A move may not enter the same house twice.' };
  }
  const kind = moveKind(card, role);
  if (kind === 'flight') {
    if (path.length !== 1) {
      return { code: 'santa/flight-one-house', message: 'Santa flies straight to one house: name only that house.' };
    }
    return null;
  }
  if (kind === 'bike') {
    if (!streetJoins(town, from, path[0])) {
      return { code: 'santa/not-adjacent', message: 'A bike jump starts with one step along a street.' };
    }
    let dir: [number, number] | null = null;
    for (let i = 1; i < path.length; i++) {
      const d = directionBetween(town, path[i - 1], path[i]);
      if (!d || !streetJoins(town, path[i - 1], path[i])) {
        return { code: 'santa/not-adjacent', message: 'Every step of a bike jump goes along a street.' };
      }
      if (dir && (dir[0] !== d[0] || dir[1] !== d[1])) {
        return {
          code: 'santa/not-straight',
          message: 'After its first step a bike jump goes on in one straight direction.',
        };
      }
      dir = d;
    }
    return null;
  }
  const most = maxSteps(card);
  if (path.length > most) {
    return { code: 'santa/too-many-steps', message: `With a ${cardName(card)} you move 1 to ${most} steps.` };
  }
  let at = from;
  for (const h of path) {
    if (!streetJoins(town, at, h)) {
      if (pathJoins(town, at, h)) {
        if (role === 'kid') return { code: 'santa/path-santa-only', message: 'Only Santa may use the winding paths.' };
      } else {
        return { code: 'santa/not-adjacent', message: 'Each step goes to a neighbouring house along a street or path.' };
      }
    }
    at = h;
  }
  return null;
}

/** Every legal route from `from` with `card` for `role` (in a stable order). */
export function routesFrom(town: Town, from: HouseId, card: number, role: Role): Route[] {
  const kind = moveKind(card, role);
  if (kind === 'flight')
    return town.houses
      .map((h) => h.id)
      .filter((h) => h !== from)
      .map((h) => [h]);
  const routes: Route[] = [];
  if (kind === 'bike') {
    const seen = new Set<string>();
    for (const first of neighbours(town, from, false)) {
      routes.push([first]);
      seen.add(String(first));
      for (const d of DIRECTIONS) {
        const route = [first];
        for (let at = streetStep(town, first, d); at !== null && at !== from; at = streetStep(town, at, d)) {
          if (route.includes(at)) break;
          route.push(at);
          const key = routeKey(route);
          if (!seen.has(key)) {
            seen.add(key);
            routes.push(route.slice());
          }
        }
      }
    }
    return routes;
  }
  const most = maxSteps(card);
  const withPaths = role === 'santa';
  const walk = (route: Route, at: HouseId) => {
    for (const n of neighbours(town, at, withPaths)) {
      if (n === from || route.includes(n)) continue;
      route.push(n);
      routes.push(route.slice());
      if (route.length < most) walk(route, n);
      route.pop();
    }
  };
  walk([], from);
  return routes;
}

/** What both the state and the public view hold about the board, for helpers used by bots and the client. */
export interface BoardLike {
  town: string;
  santa: Seat;
  positions: (HouseId | null)[];
  played: (number | null)[];
  away: HouseId[];
}

export const roleOf = (b: { santa: Seat }, seat: Seat): Role => (seat === b.santa ? 'santa' : 'kid');

/**
 * The legal moves of a seat with a card (default: its revealed card of this
 * round), for the client to highlight: every route and the distinct
 * destinations. Null when the seat has no counter or no card.
 */
export function legalMoves(b: BoardLike, seat: Seat, card: number | null = b.played[seat] ?? null): LegalMoves | null {
  const from = b.positions[seat];
  if (from === null || from === undefined || card === null) return null;
  const role = roleOf(b, seat);
  const routes = routesFrom(getTown(b.town), from, card, role);
  const destinations = [...new Set(routes.map((r) => r[r.length - 1]))].sort((x, y) => x - y);
  return { card, how: moveKind(card, role), routes, destinations };
}

/** Houses where an away marker may go now: no marker there, none on a neighbour (street or path). */
export function legalAwayHouses(b: { town: string; away: HouseId[] }): HouseId[] {
  const town = getTown(b.town);
  const blocked = new Set(b.away);
  for (const h of b.away) for (const n of neighbours(town, h, true)) blocked.add(n);
  return town.houses.map((h) => h.id).filter((h) => !blocked.has(h));
}

/** How many away markers the variant places with this many players. */
export function awayMarkerCount(options: SantaOptions, players: number): number {
  return options.awayMarkers === 'six' ? AWAY_MARKERS : players === 4 ? 4 : 6;
}

/** Seats placing away markers, in turn: the player after Santa first, round the table. */
export function awayPlacerOrder(santa: Seat, players: number, count: number): Seat[] {
  return Array.from({ length: count }, (_, i) => (santa + 1 + i) % players);
}

/** Seats placing counters: the kids in seat order, then Santa. */
export function starterOrder(santa: Seat, players: number): Seat[] {
  return [...Array.from({ length: players }, (_, s) => s).filter((s) => s !== santa), santa];
}
