/**
 * Santa Claus Is Comin' To Town: the random player (sampleAction, for tests
 * and fuzzing, sees the full state) and the bot (botAction, sees ONLY the
 * public view and its own seat view, so it cannot cheat).
 *
 * The bot's ideas:
 * - Kids count what they can reach: a kid sees Santa by entering his house, so
 *   a kid whose card reaches Santa's house wants to move before him, and the
 *   others want to end their move where most of their cards still reach him,
 *   and where, together with the other kids, they cover the most houses Santa
 *   could walk to next (kids hunt together).
 * - Santa spreads presents (a 6–10 walks three houses), never walks into kids,
 *   and ends his move where the kids still to move this round cannot reach
 *   (their cards are revealed by then) and away from kids in general.
 * - The order: Santa goes first only when that is strictly safer than letting
 *   the kids in reach come first (last, he moves knowing where they went); a
 *   kid puts the kids who reach Santa first (itself first of them), then
 *   Santa, then the others, who chase him.
 * - Santa gives a disputed present to the kid furthest behind.
 * - Picks: naming the order is worth most to the one who is threatened (Santa)
 *   or who threatens (a kid in reach). Each bot weighs its chance to play the
 *   highest card (guessing the others' picks from their public hands and the
 *   same reasoning) against the cost of spending a high card now.
 *
 * The reach tables and the scores (threat, centrality, the chance of the
 * highest pick) are in bot-eval.ts; this module makes the choices with them.
 */
import type { RandomSource, Seat } from '../../engine/contract.js';
import { pick, shuffled } from '../../engine/rng.js';
import { legalAwayHouses, legalMoves, maxSteps, SIGHTING_POINTS as SIGHT } from './queries.js';
import { awaiting } from './rules.js';
import { getTown, townGraph } from './town.js';
import {
  best,
  cardClass,
  centrality,
  chanceHighest,
  COVER_WEIGHT,
  KID_POINT_FOR_SANTA,
  kidReaches,
  kidReachShare,
  reachersOf,
  reachOf,
  safestEnd,
  spendCost,
  threat,
  type Ctx,
} from './bot-eval.js';
import type { HouseId, Route, SantaAction, SantaPublicView, SantaSeatView, SantaState } from './types.js';

// ---------------------------------------------------------------------------
// Random legal play (full state).

export function sampleAction(state: SantaState, seat: Seat, rng: RandomSource): SantaAction | null {
  if (!awaiting(state).includes(seat)) return null;
  const town = getTown(state.town);
  switch (state.phase) {
    case 'away': {
      const houses = legalAwayHouses(state);
      return houses.length ? { type: 'away', house: pick(rng, houses) } : null;
    }
    case 'start':
      return { type: 'start', house: pick(rng, town.houses).id };
    case 'pick':
      return { type: 'pick', card: pick(rng, state.hands[seat]) };
    case 'chooser':
      return { type: 'chooser', seat: pick(rng, state.candidates) };
    case 'order':
      return {
        type: 'order',
        order: shuffled(
          rng,
          Array.from({ length: state.players }, (_, s) => s),
        ),
      };
    case 'move': {
      const moves = legalMoves(state, seat);
      return moves && moves.routes.length ? { type: 'move', path: pick(rng, moves.routes) } : null;
    }
    case 'give':
      return state.pendingGive ? { type: 'give', kid: pick(rng, state.pendingGive.kids) } : null;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------
// The bot (public view + own seat view only).

function awaitedInView(view: SantaPublicView, seat: Seat): boolean {
  switch (view.phase) {
    case 'away':
      return view.awayPlacer === seat;
    case 'start':
      return view.starter === seat;
    case 'pick':
      return !view.picked[seat];
    case 'chooser':
    case 'give':
      return view.santa === seat;
    case 'order':
      return view.orderBy === seat;
    case 'move':
      return view.mover === seat;
    default:
      return false;
  }
}

function botAway(ctx: Ctx): SantaAction | null {
  const houses = legalAwayHouses(ctx.view);
  if (houses.length === 0) return null;
  // Away houses hold no presents. Kids put them where Santa would like to
  // drop presents (central houses); Santa tucks them away in quiet corners.
  const sign = ctx.seat === ctx.view.santa ? -1 : 1;
  const house = best(houses, (h) => sign * (centrality(ctx, h) + 2 * ctx.g.santa[h].length), ctx.rng, 2);
  return { type: 'away', house };
}

function botStart(ctx: Ctx): SantaAction {
  const all = ctx.town.houses.map((h) => h.id);
  if (ctx.seat !== ctx.view.santa) {
    // Central houses, a little apart from the other kids.
    const others = ctx.kids.map((k) => ctx.view.positions[k]).filter((p): p is HouseId => p !== null);
    const house = best(all, (h) => centrality(ctx, h) - 6 * others.filter((o) => ctx.g.streetDist[o][h] <= 1).length, ctx.rng, 4);
    return { type: 'start', house };
  }
  // Santa: far from the kids, out of their reach, not away (a present and a point).
  const house = best(
    all,
    (h) => {
      const near = Math.min(...ctx.kids.map((k) => ctx.g.streetDist[ctx.view.positions[k] ?? h][h]));
      return Math.min(near, 4) - 3 * threat(ctx, h) - (ctx.view.away.includes(h) ? 2 : 0);
    },
    ctx.rng,
    0.3,
  );
  return { type: 'start', house };
}

function botPick(ctx: Ctx): SantaAction {
  const { view, seat, town, g } = ctx;
  const hand = view.hands[seat];
  const santaAt = ctx.santaAt!;
  const present = view.present[santaAt] && !view.away.includes(santaAt);
  if (seat === view.santa) {
    const loss = ctx.kids.reduce((sum, k) => {
      const share = kidReachShare(town, view.positions[k]!, view.hands[k], santaAt);
      return sum + share * (SIGHT * KID_POINT_FOR_SANTA + (present ? 1 + KID_POINT_FOR_SANTA : 0));
    }, 0);
    const card = best(
      hand,
      (c) => {
        const win = chanceHighest(ctx, c);
        const presents = c >= 11 ? 1 + 0.6 * Math.min(1, loss) : maxSteps(c) * 0.6;
        return presents - (1 - win) * loss - spendCost(hand, c);
      },
      ctx.rng,
      0.3,
    );
    return { type: 'pick', card };
  }
  const at = view.positions[seat]!;
  const dNow = g.streetDist[at][santaAt];
  const card = best(
    hand,
    (c) => {
      const win = chanceHighest(ctx, c);
      const reach = kidReaches(town, at, c, santaAt);
      const catchValue = reach ? SIGHT + (present ? 1 : 0) : 0;
      // Chasing: how much closer the best end of this card brings the kid.
      const ends = reachOf(town).end.kid[cardClass(c)][at];
      let dBest = dNow;
      for (let h = 0; h < ends.length; h++) if (ends[h] && g.streetDist[h][santaAt] < dBest) dBest = g.streetDist[h][santaAt];
      const chase = 0.35 * (dNow - dBest) + (c >= 11 ? 0.4 : 0);
      return win * catchValue + (1 - win) * 0.25 * catchValue + chase - spendCost(hand, c);
    },
    ctx.rng,
    0.3,
  );
  return { type: 'pick', card };
}

function botChooser(ctx: Ctx): SantaAction {
  const { view } = ctx;
  if (view.candidates.includes(view.santa)) return { type: 'chooser', seat: view.santa };
  // The tied kid least able to reach Santa names the order (and is least likely to put kids first).
  const seat = best(view.candidates, (k) => -reachersOf(ctx, ctx.santaAt!, [k]).length - 0.05 * view.scores[k], ctx.rng);
  return { type: 'chooser', seat };
}

function botOrder(ctx: Ctx): SantaAction {
  const { view, seat } = ctx;
  const santa = view.santa;
  const kids = shuffled(ctx.rng, ctx.kids);
  const reachers = reachersOf(ctx, ctx.santaAt!, kids);
  if (seat === santa) {
    // First: escape knowing every revealed card. Last: the kids in reach now see him.
    const first = safestEnd(ctx);
    const order = first < reachers.length ? [santa, ...kids] : [...kids, santa];
    return { type: 'order', order };
  }
  // A kid: the kids who can reach Santa now go before him (this kid first of them,
  // to take the present), then Santa, then the others chase him.
  const before = reachers.includes(seat) ? [seat, ...reachers.filter((k) => k !== seat)] : reachers;
  const after = kids.filter((k) => !before.includes(k));
  const afterOrdered = after.includes(seat) ? [seat, ...after.filter((k) => k !== seat)] : after;
  return { type: 'order', order: [...before, santa, ...afterOrdered] };
}

function botMoveSanta(ctx: Ctx, routes: Route[]): Route {
  const { view, g } = ctx;
  const laterKids = view.order.slice(view.turn + 1).filter((s) => s !== view.santa);
  const kidAt = new Map<HouseId, number>();
  for (const k of ctx.kids) {
    const p = view.positions[k];
    if (p !== null) kidAt.set(p, (kidAt.get(p) ?? 0) + 1);
  }
  const kidHouses = [...kidAt.keys()];
  return best(
    routes,
    (route) => {
      let value = 0;
      let supply = view.supply;
      const present = new Set<HouseId>();
      for (const h of route) {
        const away = view.away.includes(h);
        let has = view.present[h] || present.has(h);
        if (!away && !has && supply > 0) {
          value += 1;
          supply--;
          has = true;
          present.add(h);
        }
        const kids = kidAt.get(h) ?? 0;
        if (kids > 0) {
          value -= kids * SIGHT * KID_POINT_FOR_SANTA;
          if (!away && has) value -= 1 + KID_POINT_FOR_SANTA;
        }
      }
      const end = route[route.length - 1];
      const endHas = (view.present[end] || present.has(end)) && !view.away.includes(end);
      // Kids still to move this round: their cards are known.
      const hunters = reachersOf(ctx, end, laterKids).length;
      value -= hunters * (SIGHT * KID_POINT_FOR_SANTA + (endHas ? 1 : 0)) * 1.2;
      // Next rounds: keep away from kids and out of their reach.
      const near = kidHouses.length ? Math.min(...kidHouses.map((k) => g.streetDist[k][end])) : 5;
      value += 0.25 * Math.min(near, 4) - (near <= 1 ? 0.8 : 0);
      value -= 0.5 * threat(ctx, end);
      return value;
    },
    ctx.rng,
    0.05,
  );
}

function botMoveKid(ctx: Ctx, routes: Route[]): Route {
  const { view, seat, g, town } = ctx;
  const santaAt = ctx.santaAt!;
  const santaStillToMove = view.order.slice(view.turn + 1).includes(view.santa);
  const hand = view.hands[seat];
  // Houses Santa may walk to next, and which of them the other kids already cover with some card.
  const reach = reachOf(town).enter.kid;
  const classesOf = (h: number[]) => [...new Set(h.map(cardClass))];
  const zone = town.houses.map((x) => x.id).filter((h) => h !== santaAt && g.santaDist[santaAt][h] <= 3);
  const covered = new Uint8Array(town.houses.length);
  for (const k of ctx.kids) {
    const at = view.positions[k];
    if (k === seat || at === null) continue;
    for (const c of classesOf(view.hands[k])) for (const h of zone) covered[h] |= reach[c][at][h];
  }
  const mine = classesOf(hand);
  return best(
    routes,
    (route) => {
      let value = 0;
      const end = route[route.length - 1];
      let cover = 0;
      for (const h of zone) if (covered[h] || mine.some((c) => reach[c][end][h])) cover++;
      value += COVER_WEIGHT * (zone.length ? cover / zone.length : 0);
      if (route.includes(santaAt)) {
        value += SIGHT;
        if (!view.sighted && view.present[santaAt] && !view.away.includes(santaAt)) value += 1;
      }
      const d = g.streetDist[end][santaAt];
      value -= 0.3 * Math.min(d, 6);
      // Where most of the remaining hand reaches Santa (he may move on, but not far with a small card).
      value += 0.8 * kidReachShare(town, end, hand, santaAt);
      if (santaStillToMove && end === santaAt) value -= 0.2; // he will just leave
      // Spread out from other kids a little, to cover more of the town.
      for (const k of ctx.kids) if (k !== seat && view.positions[k] === end) value -= 0.2;
      return value;
    },
    ctx.rng,
    0.05,
  );
}

function botMove(ctx: Ctx): SantaAction | null {
  const moves = legalMoves(ctx.view, ctx.seat);
  if (!moves || moves.routes.length === 0) return null;
  const path = ctx.seat === ctx.view.santa ? botMoveSanta(ctx, moves.routes) : botMoveKid(ctx, moves.routes);
  return { type: 'move', path };
}

function botGive(ctx: Ctx): SantaAction | null {
  const pending = ctx.view.pendingGive;
  if (!pending || pending.kids.length === 0) return null;
  // The present goes to the kid furthest behind (so as not to feed the leader).
  return { type: 'give', kid: best(pending.kids, (k) => -ctx.view.scores[k], ctx.rng) };
}

/** The bot needs no secret of its own: a pick is made once and, until revealed, nothing depends on it. */
export function botAction(view: SantaPublicView, _own: SantaSeatView, seat: Seat, rng: RandomSource): SantaAction | null {
  if (!awaitedInView(view, seat)) return null;
  const town = getTown(view.town);
  const ctx: Ctx = {
    view,
    seat,
    town,
    g: townGraph(town),
    kids: Array.from({ length: view.players }, (_, s) => s).filter((s) => s !== view.santa),
    santaAt: view.positions[view.santa],
    rng,
    guesses: new Map(),
  };
  switch (view.phase) {
    case 'away':
      return botAway(ctx);
    case 'start':
      return botStart(ctx);
    case 'pick':
      return view.hands[seat].length ? botPick(ctx) : null;
    case 'chooser':
      return view.candidates.length ? botChooser(ctx) : null;
    case 'order':
      return botOrder(ctx);
    case 'move':
      return botMove(ctx);
    case 'give':
      return botGive(ctx);
    default:
      return null;
  }
}
