/**
 * Replaying an act on the table: the board as it stood before some segments
 * of the public act record ran, so the scene can animate them step by step.
 * Pure (no i18n, no rendering).
 */
import type { ActRecord, HouseSquare, SquareId, WindCityPublicView } from '@fireside/shared/games/windcity/types';

/**
 * The houses on the board before segments `from`..`to`-1 of `act` ran (destroyed
 * ones restored, Kauf doubles undone), given the houses after them.
 * `reinsure`: houses whose insurance expired after the act (the next turn began).
 */
export function housesBefore(
  after: readonly (HouseSquare | null)[],
  act: ActRecord,
  from = 0,
  to = act.segments.length,
  reinsure: SquareId[] = [],
): (HouseSquare | null)[] {
  const houses = after.map((h) => (h ? { ...h } : null));
  for (const sq of reinsure) if (houses[sq]) houses[sq] = { ...houses[sq]!, insured: true };
  for (let i = to - 1; i >= from; i--) {
    const seg = act.segments[i];
    if (seg.kind === 'kauf') {
      if (seg.square !== null && houses[seg.square]) houses[seg.square] = { ...houses[seg.square]!, count: 1 };
      continue;
    }
    for (let k = seg.steps.length - 1; k >= 0; k--) {
      const st = seg.steps[k];
      if (st.to !== null && st.destroyed) houses[st.to] = { owner: st.destroyed.owner, count: st.destroyed.count, insured: false };
    }
  }
  return houses;
}

/** Where the hurricane stood before segment `index` of the act. */
export function positionBefore(act: ActRecord, index: number): SquareId {
  let at = act.start;
  for (let i = 0; i < index && i < act.segments.length; i++) {
    const seg = act.segments[i];
    if (seg.kind === 'move' && seg.steps.length) {
      const last = seg.steps[seg.steps.length - 1];
      at = last.to ?? last.from;
    }
  }
  return at;
}

/** The insurance that expired when the turn after `act` began (those houses were insured during the act). */
export function expiredAfter(v: WindCityPublicView, act: ActRecord): SquareId[] {
  for (let i = v.log.length - 1; i >= 0; i--) {
    const e = v.log[i];
    if (e.kind === 'expire' && e.turn === act.turn + 1) return e.squares;
    if (e.kind === 'turn' && e.turn <= act.turn) break;
  }
  return [];
}
