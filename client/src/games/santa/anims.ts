/**
 * What the table animates, worked out from the log (pure: no Pixi, no clock).
 * New log entries become a queue of animations: a counter placed, a move
 * along its route, or a caption alone; the points scored on the way go with
 * their move and show when its counter reaches the house. A move stops where
 * Santa must choose which kid takes a present, and goes on once he has.
 */
import type { HouseId, LogEntry, MoveKind, SantaPublicView } from '@fireside/shared/games/santa/types';
import { isCaption } from './events.js';

export interface Anim {
  seat: number;
  kind: 'move' | 'start' | 'caption';
  from: HouseId | null;
  path: HouseId[];
  how: MoveKind;
  /** Log entries shown as captions during this animation (scores at houses of the path fire on arrival). */
  entries: LogEntry[];
  /** How many houses of the path have been reached. */
  reached: number;
  /** Entries already shown. */
  fired?: Set<LogEntry>;
}

/** The last move entry of the log, and how far along its path it has been animated. */
export interface LastMove {
  index: number;
  upTo: number;
}

type MoveEntry = Extract<LogEntry, { kind: 'move' }>;

const anim = (seat: number, kind: Anim['kind'], from: HouseId | null, path: HouseId[], how: MoveKind = 'walk'): Anim => ({
  seat,
  kind,
  from,
  path,
  how,
  entries: [],
  reached: 0,
});

/** The last move of a log seen whole (a table opened mid-game): as far as its mover stands now. */
export function lastMoveOf(v: Pick<SantaPublicView, 'log' | 'positions'>): LastMove | null {
  const moves = v.log.map((e, i) => (e.kind === 'move' ? i : -1)).filter((i) => i >= 0);
  if (!moves.length) return null;
  const index = moves[moves.length - 1];
  const e = v.log[index] as MoveEntry;
  const at = v.positions[e.seat];
  return { index, upTo: at === null ? e.path.length - 1 : e.path.indexOf(at) };
}

/** The rest of a move that stopped while Santa chose a kid: up to the next such stop, or to its end. */
function continuation(v: SantaPublicView, last: LastMove | null): { anim: Anim | null; last: LastMove | null } {
  if (!last) return { anim: null, last };
  const e = v.log[last.index] as MoveEntry;
  if (last.upTo >= e.path.length - 1) return { anim: null, last };
  const give = v.phase === 'give' && v.pendingGive ? v.pendingGive : null;
  const stop = give && v.mover === e.seat ? e.path.indexOf(give.house, last.upTo + 1) : e.path.length - 1;
  if (stop <= last.upTo) return { anim: null, last };
  return { anim: anim(e.seat, 'move', e.path[last.upTo], e.path.slice(last.upTo + 1, stop + 1), e.how), last: { index: last.index, upTo: stop } };
}

/** The animations for the log entries from `base` on, given the last move so far; and the last move after them. */
export function animsFromLog(v: SantaPublicView, base: number, lastMove: LastMove | null): { anims: Anim[]; lastMove: LastMove | null } {
  const fresh = v.log.slice(base);
  const anims: Anim[] = [];
  if (!fresh.length) return { anims, lastMove };
  const give = v.phase === 'give' && v.pendingGive ? v.pendingGive : null;
  // Entries that follow a move which stopped for Santa's choice belong to its continuation.
  const cont = continuation(v, lastMove);
  let current = cont.anim;
  let last = cont.last;
  fresh.forEach((e, k) => {
    if (e.kind === 'move') {
      if (current) anims.push(current);
      const final = !fresh.slice(k + 1).some((x) => x.kind === 'move');
      const stop = final && give && v.mover === e.seat ? e.path.indexOf(give.house) : e.path.length - 1;
      current = anim(e.seat, 'move', e.from, e.path.slice(0, stop + 1), e.how);
      last = { index: base + k, upTo: stop };
    } else if (e.kind === 'start') {
      if (current) anims.push(current);
      current = anim(e.seat, 'start', null, [e.house]);
    } else if (e.kind === 'score') {
      current ??= anim(e.seat, 'caption', null, []);
      current.entries.push(e);
    } else if (isCaption(e)) {
      if (current) anims.push(current);
      current = null;
      anims.push({ ...anim(-1, 'caption', null, []), entries: [e] });
    }
  });
  if (current) anims.push(current);
  return { anims, lastMove: last };
}

/**
 * Presents as they should look now: a present placed (or taken) later in a
 * move still being animated is not shown yet (or still shown). `pending`: the
 * running animation first, then the queue.
 */
export function displayedPresents(present: boolean[], pending: Anim[], running: Anim | null): boolean[] {
  const out = present.slice();
  for (const a of pending.slice().reverse()) {
    for (const e of a.entries.slice().reverse()) {
      if (e.kind !== 'score') continue;
      const idx = a.path.indexOf(e.house);
      if (idx >= 0 && idx < a.reached) continue;
      if (idx < 0 && a.reached > 0) continue;
      if (idx < 0 && a === running) continue;
      if (e.cause === 'present' || e.cause === 'start-present') out[e.house] = false;
      if (e.cause === 'took-present') out[e.house] = true;
    }
  }
  return out;
}
