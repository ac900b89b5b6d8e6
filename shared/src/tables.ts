/**
 * The public table summary (GET /api/tables…, docs/protocol.md): its wire
 * shape, written once for the server that builds it (server/src/http/tables-api.ts)
 * and the web client that shows it (home page "Your tables", invite preview).
 * Types and one constant only: no engine code, so the home page can import it.
 */

export interface SeatSummary {
  name: string;
  kind: 'empty' | 'human' | 'bot';
  connected: boolean;
}

export interface TableSummary {
  roomId: string;
  game: string;
  status: 'lobby' | 'playing' | 'ended';
  /** The host's name, or null when the room has no host right now. */
  host: string | null;
  players: number;
  seats: SeatSummary[];
  freeSeats: number;
  /** Names of the seats the game waits for now; [] in the lobby, once ended, and for a room not loaded. */
  awaiting: string[];
  matchNo: number;
  /** The host closed the table to newcomers: an invite link no longer lets anyone new in. */
  locked: boolean;
}

/** One home page asks for every table it holds a token for; more than this per request is refused. */
export const MAX_TABLE_BATCH = 20;
