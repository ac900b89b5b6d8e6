/**
 * The match store with its writes timed for /metrics: how long until each
 * write is durable (with SQLite's group commit, the wait for the shared
 * commit included), and how many failed. Reads pass straight through.
 * Works for any store, SQLite or PostgreSQL.
 */
import type { MatchEvent, MatchSetup, MatchStore, RoomRecord } from './types.js';
import { storeWrite, type StoreOp } from '../observe/metrics.js';

type WriteCells = ReturnType<typeof storeWrite>;

/** `start` is read before the write is called (arguments are evaluated in order), so its synchronous part counts too. */
async function timed(cells: WriteCells, start: number, write: Promise<void>): Promise<void> {
  try {
    await write;
  } catch (e) {
    cells.errors.inc();
    throw e;
  }
  cells.seconds.since(start);
}

export function timedStore(inner: MatchStore): MatchStore {
  const cells = Object.fromEntries((['append_event', 'save_room', 'start_match', 'finish_match'] as const).map((op) => [op, storeWrite(op)])) as Record<
    StoreOp,
    WriteCells
  >;
  return {
    kind: inner.kind,
    migrate: () => inner.migrate(),
    saveRoom: (room: RoomRecord) => timed(cells.save_room, performance.now(), inner.saveRoom(room)),
    loadRoom: (roomId) => inner.loadRoom(roomId),
    listRestorable: (activeSince) => inner.listRestorable(activeSince),
    startMatch: (setup: MatchSetup) => timed(cells.start_match, performance.now(), inner.startMatch(setup)),
    appendEvent: (matchId: string, event: MatchEvent) => timed(cells.append_event, performance.now(), inner.appendEvent(matchId, event)),
    finishMatch: (matchId, result, at) => timed(cells.finish_match, performance.now(), inner.finishMatch(matchId, result, at)),
    loadMatch: (matchId) => inner.loadMatch(matchId),
    listMatches: (roomId) => inner.listMatches(roomId),
    deleteInactive: (before) => inner.deleteInactive(before),
    close: () => inner.close(),
  };
}
