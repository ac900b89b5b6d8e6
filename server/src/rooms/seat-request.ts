/**
 * The seat a newcomer asks for when it joins (the join option `seat`,
 * docs/protocol.md "Rooms"): an invite link seats its friend in the same step
 * as joining, so nobody else can take the seat between the two. Pure
 * functions; membership.ts seats the member with them.
 */

/** A join's `seat`, checked: a seat index (0-based), `'watch'`, or none. */
export type SeatRequest = number | 'watch' | undefined;

/** The largest seat index a join may name (no game has more seats; anything beyond is malformed, not a smaller table). */
const SEAT_INDEX_MAX = 63;

/**
 * The join option `seat`: none, `'watch'`, or an integer from 0 to 63. An
 * index beyond the table's current seats is valid here (the host may have
 * made the table smaller since the link was opened): it is handled like a
 * taken seat. Anything else is refused with the returned reason.
 */
export function parseSeatRequest(value: unknown): { ok: true; seat: SeatRequest } | { ok: false; reason: string } {
  if (value === undefined || value === 'watch') return { ok: true, seat: value };
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= SEAT_INDEX_MAX) return { ok: true, seat: value };
  return { ok: false, reason: `seat must be a seat number from 0 to ${SEAT_INDEX_MAX} or "watch".` };
}

/**
 * The seat to take for a join that asked for `asked`: that one if it is
 * free, else the next free one in seat order after it (wrapping round; from
 * the first seat if `asked` is beyond the table), else -1 (none is free).
 */
export function seatToTake(kinds: readonly string[], asked: number): number {
  const n = kinds.length;
  const start = asked < n ? asked : 0;
  for (let i = 0; i < n; i++) {
    const index = (start + i) % n;
    if (kinds[index] === 'empty') return index;
  }
  return -1;
}
