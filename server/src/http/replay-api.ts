/**
 * `GET /api/matches/<matchId>`: the whole log of a finished match, for the
 * web client's replay viewer. A log holds the seed and every seat's secrets,
 * so an unfinished match answers exactly like an unknown one (404): nobody
 * can learn a match in progress, or even that it exists.
 */
import type express from 'express';
import type { MatchSetup, MatchStore, RoomRecord } from '../store/types.js';
import { apiErrorLog } from '../observe/logger.js';

/** Match ids are UUIDs today; anything bounded and URL-safe is accepted, nothing else reaches the store. */
const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

const NOT_FOUND = { error: 'This replay does not exist or the match is not finished.' };

export interface MatchLog {
  setup: { matchId: string; roomId: string; matchNo: number; game: string; players: number; options: unknown; seed: string };
  events: unknown[];
  result: unknown;
  finishedAt: number;
  /**
   * Who sat at each seat when the match started (a seat without a name:
   * `#<n>`); a bot's name as the server gave it, e.g. "Dot (bot)". A match
   * stored before the store kept them (schema version 4): the room's seats now.
   */
  names: string[];
  /** Per seat: a bot sat there when the match started (same fallback). */
  bots: boolean[];
}

/** Names and bots of the match's seats: stored with it, or (older matches) the room's seats of today. */
function seatsOf(setup: MatchSetup, room: RoomRecord | null): { names: string[]; bots: boolean[] } {
  const seats = Array.from({ length: setup.players }, (_, i) => setup.seats?.[i] ?? { name: room?.seats[i]?.name ?? '', kind: room?.seats[i]?.kind });
  return { names: seats.map((seat, i) => seat.name || `#${i + 1}`), bots: seats.map((seat) => seat.kind === 'bot') };
}

export async function loadMatchLog(store: MatchStore, matchId: string): Promise<MatchLog | null> {
  if (!MATCH_ID.test(matchId)) return null;
  const rec = await store.loadMatch(matchId);
  if (!rec || rec.finishedAt === null) return null;
  const { setup } = rec;
  const room = setup.seats ? null : await store.loadRoom(setup.roomId);
  return {
    setup: {
      matchId: setup.matchId,
      roomId: setup.roomId,
      matchNo: setup.matchNo,
      game: setup.game,
      players: setup.players,
      options: setup.options,
      seed: setup.seed,
    },
    events: rec.events,
    result: rec.result,
    finishedAt: rec.finishedAt,
    ...seatsOf(setup, room),
  };
}

export function mountReplayApi(app: express.Application, store: MatchStore, log: (m: string) => void = apiErrorLog): void {
  app.get('/api/matches/:matchId', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const id = String(req.params.matchId ?? '');
    loadMatchLog(store, id)
      .then((body) => (body ? res.json(body) : res.status(404).json(NOT_FOUND)))
      .catch((e) => {
        log(`replay ${id.slice(0, 64)}: ${(e as Error)?.message ?? e}`);
        res.status(500).json({ error: 'The server could not read this match.' });
      });
  });
  // Any other /api path is an API miss, not a page of the web client.
  app.all('/api/{*rest}', (_req, res) => {
    res.status(404).json({ error: 'Not found.' });
  });
}
