/**
 * Who may come in (see docs/protocol.md, "Admission"). Colyseus' own
 * `maxClients` counts every connection, dropped ones waiting for their
 * reconnection window included, and locks the whole room when reached: a
 * crowd that opened links and vanished could lock out the players. So the
 * room leaves `maxClients` unbounded and admits here instead:
 *
 * - a member coming back with its token always gets in (a reload, a new device);
 * - a newcomer gets in as a spectator while the spectators online number
 *   fewer than the room's spectator cap;
 * - past the cap, a newcomer to a lobby with a free seat gets in and is
 *   seated at once: spectators never hold the places of the free seats, so
 *   the friends invited to play always reach them (and if such a newcomer
 *   drops in the lobby, its seat is freed at once: `seatedOnArrival` in membership.ts);
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

export type Admission = { admitted: true; takeSeat: boolean } | { admitted: false; reason: string };

/** Whether a newcomer gets in, and if so whether it must take a free seat (it is past the spectator cap). */
export function admitNewcomer(c: AdmissionCounts): Admission {
  if (c.spectatorsOnline < c.maxSpectators) return { admitted: true, takeSeat: false };
  if (c.lobby && c.freeSeats > 0) return { admitted: true, takeSeat: true };
  return { admitted: false, reason: `This table already has ${c.maxSpectators} spectators, and no free seat. Try again later.` };
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
