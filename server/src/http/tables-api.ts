/**
 * Public table summaries, for the home page's "Your tables" and the preview
 * of an invite link:
 *
 * - `GET /api/tables/<roomId>` → one {@link TableSummary}, or 404;
 * - `GET /api/tables?ids=a,b,c` → `{ tables: TableSummary[], missing: string[] }`
 *   for at most {@link MAX_BATCH} ids.
 *
 * A summary says what the lobby shows anyone who opens the link (game, host,
 * who sits where, free seats, status, whose turn it is) and nothing more: no
 * member ids, tokens or token hashes, no options, no view, no secret, no seed.
 * A room loaded in this process is read from its live state; in a cluster, a
 * room loaded in another process is asked for its live state (Colyseus' IPC);
 * any other room is read from its stored snapshot, without waking it (a look
 * must not load a room into memory, nor restart its bots and clocks).
 */
import type express from 'express';
import { matchMaker } from '@colyseus/core';
import { MAX_TABLE_BATCH as MAX_BATCH, type TableSummary } from '@fireside/shared';
import type { MatchStore } from '../store/types.js';
import { apiErrorLog } from '../observe/logger.js';
import { stateSummary, storedSummary, type LiveState } from '../rooms/table-summary.js';

export { storedSummary };

/** Room ids are Colyseus' short ids; anything bounded and URL-safe is looked up, nothing else reaches the store. */
const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

const NOT_FOUND = 'This table does not exist or has expired.';
const MALFORMED = 'This is not a table id (1–64 letters, digits, "_" or "-").';

/** The summary of a room loaded in this process, or null when there is none (or it is still being built). */
export function liveSummary(roomId: string): TableSummary | null {
  return stateSummary(roomId, matchMaker.getLocalRoomById(roomId)?.state as LiveState | undefined);
}

/** The live summary of a room loaded in another process of the cluster, or null (not loaded, or no answer). */
export type RemoteSummary = (roomId: string) => Promise<TableSummary | null>;

/** How long a look at a table waits for the process that runs it; after that the stored snapshot answers. */
const REMOTE_SUMMARY_MS = 1000;

/** Asks the process the room is listed in (Redis driver) for its live summary (GameRoom.publicSummary), over Colyseus' IPC. */
export const clusterSummary: RemoteSummary = async (roomId) => {
  const listing = await matchMaker.getRoomById(roomId);
  if (!listing || listing.processId === matchMaker.processId) return null;
  try {
    return ((await matchMaker.remoteRoomCall(roomId, 'publicSummary', [], REMOTE_SUMMARY_MS)) as TableSummary | null) ?? null;
  } catch {
    return null; // a process that died, or is shutting down: the store answers
  }
};

/** Live state (this process's, else another's) first, else the store; null for an unknown or malformed id. Never wakes a room. */
export async function tableSummary(store: MatchStore, roomId: string, remote?: RemoteSummary): Promise<TableSummary | null> {
  if (!ROOM_ID.test(roomId)) return null;
  const live = liveSummary(roomId) ?? (remote ? await remote(roomId) : null);
  if (live) return live;
  const rec = await store.loadRoom(roomId);
  return rec ? storedSummary(rec) : null;
}

/** The ids of `?ids=a,b,c`, or why they are refused. */
export function parseIds(raw: unknown): { ids: string[] } | { error: string } {
  if (typeof raw !== 'string' || raw.trim() === '') return { error: `Give the table ids to look up: /api/tables?ids=a,b,c (at most ${MAX_BATCH}).` };
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_BATCH) return { error: `At most ${MAX_BATCH} table ids at once (${ids.length} given).` };
  const bad = ids.find((id) => !ROOM_ID.test(id));
  if (bad !== undefined) return { error: MALFORMED };
  return { ids };
}

/** `remote`: in a cluster, the live summary of a room another process runs (clusterSummary). */
export function mountTablesApi(app: express.Application, store: MatchStore, log: (m: string) => void = apiErrorLog, remote?: RemoteSummary): void {
  const failed = (res: express.Response, what: string, e: unknown) => {
    log(`tables ${what.slice(0, 200)}: ${(e as Error)?.message ?? e}`);
    res.status(500).json({ error: 'The server could not read its tables.' });
  };

  app.get('/api/tables', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const parsed = parseIds(req.query.ids);
    if ('error' in parsed) return void res.status(400).json({ error: parsed.error });
    Promise.all(parsed.ids.map((id) => tableSummary(store, id, remote)))
      .then((found) => {
        const tables = found.filter((s): s is TableSummary => s !== null);
        const missing = parsed.ids.filter((_, i) => found[i] === null);
        res.json({ tables, missing });
      })
      .catch((e) => failed(res, parsed.ids.join(','), e));
  });

  app.get('/api/tables/:roomId', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const id = String(req.params.roomId ?? '');
    if (!ROOM_ID.test(id)) return void res.status(404).json({ error: MALFORMED });
    tableSummary(store, id, remote)
      .then((body) => (body ? res.json(body) : res.status(404).json({ error: NOT_FOUND })))
      .catch((e) => failed(res, id, e));
  });
}
