/**
 * Who may come in (see docs/protocol.md, "Admission"). Colyseus' own
 * `maxClients` counts every connection, dropped ones waiting for their
 * reconnection window included, and locks the whole room when reached: a
 * crowd that opened links and vanished could lock out the players. So the
 * room leaves `maxClients` unbounded and admits here instead:
 *
 * - a member coming back with its token always gets in (a reload, a new device);
 * - a newcomer gets in while the spectators online number fewer than the
 *   room's spectator cap — plus, in the lobby, one place per free seat, so the
 *   friends invited to play always reach their seats;
 * - dropped spectators count for nothing here (see `spectatorToEvict`).
 */
export interface AdmissionCounts {
  /** The lobby: newcomers may still take seats. */
  lobby: boolean;
  /** Seats nobody (human or bot) holds. */
  freeSeats: number;
  /** Members without a seat who are connected now. */
  spectatorsOnline: number;
  /** The room's cap on spectators. */
  maxSpectators: number;
}

/** Why a newcomer is refused, or null when it may come in. */
export function refuseNewcomer(c: AdmissionCounts): string | null {
  const places = c.maxSpectators + (c.lobby ? c.freeSeats : 0);
  if (c.spectatorsOnline < places) return null;
  return c.lobby && c.freeSeats > 0
    ? 'This table is full of onlookers right now. Try again in a moment.'
    : `This table already has ${c.maxSpectators} spectators. Try again later.`;
}

/** A member without a seat whose connection dropped, and when. */
export interface DroppedSpectator {
  id: string;
  droppedAt: number;
}

/**
 * Dropped spectators keep their member for the reconnection window, but a
 * room never holds more members without a seat than twice its cap: the oldest
 * dropped one makes way (it can still come back as a newcomer).
 */
export function spectatorToEvict(withoutSeat: number, maxSpectators: number, dropped: DroppedSpectator[]): string | null {
  if (withoutSeat < 2 * maxSpectators || dropped.length === 0) return null;
  let oldest = dropped[0];
  for (const d of dropped) if (d.droppedAt < oldest.droppedAt) oldest = d;
  return oldest.id;
}
