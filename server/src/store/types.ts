/**
 * The durable match store: a room's snapshot plus, per match, its setup and
 * the append-only log of accepted events. Engines are pure and seeded, so the
 * setup and the events in order rebuild a match exactly.
 */
export type RoomStatus = 'lobby' | 'playing' | 'ended';
export interface MemberRow {
  id: string;
  name: string;
  tokenHash: string;
  seat: number;
  joinedAt: number;
}
export interface SeatRow {
  kind: 'empty' | 'human' | 'bot';
  memberId: string;
  name: string;
  /** A bot plays this human's seat (rows saved before stand-ins have no such field). */
  standIn?: boolean;
}
export interface ChatRow {
  id: number;
  memberId: string;
  name: string;
  text: string;
  at: number;
  /** A room-log event ('' or absent: a member's message). */
  event?: string;
}
export interface RoomRecord {
  roomId: string;
  game: string;
  hostId: string;
  players: number;
  options: unknown;
  status: RoomStatus;
  matchNo: number;
  matchId: string | null; // the current/last match of the room
  members: MemberRow[];
  seats: SeatRow[];
  chat: ChatRow[];
  /** The table's clock pace. */
  clock: 'off' | 'relaxed' | 'normal' | 'fast';
  /** The seats' running clocks when saved: a restart resumes each with the time it had left. */
  clocks: { seat: number; key: string; leftMs: number }[];
  updatedAt: number; // ms since epoch: last activity
  /** The member who created the table: the host role comes back to them ('' in rooms stored before owners). */
  ownerId: string;
  /** Closed to newcomers (members with their token still get in). */
  locked: boolean;
}
/** Who sat at a seat when the match started: the replay names them (not the room's seats of today). */
export interface MatchSeat {
  /** As the room showed it; a bot's as the server names it (e.g. "Dot (bot)"). */
  name: string;
  kind: 'human' | 'bot';
}
export interface MatchSetup {
  matchId: string;
  roomId: string;
  matchNo: number;
  game: string;
  players: number;
  options: unknown;
  seed: string;
  startedAt: number;
  /** One per seat, in seat order. Absent for matches stored before schema version 4. */
  seats?: MatchSeat[];
}
/** `seq` is 0-based: the first event of a match has seq 0. */
export type MatchEvent = { seq: number; kind: 'action'; seat: number; action: unknown; bot: boolean; at: number } | { seq: number; kind: 'expire'; at: number };
export interface MatchRecord {
  setup: MatchSetup;
  events: MatchEvent[];
  result: unknown | null;
  finishedAt: number | null;
}
/** One line of listMatches. */
export interface MatchListItem {
  matchId: string;
  matchNo: number;
  finishedAt: number | null;
}
export interface MatchStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Versioned migrations, idempotent, applied on start. */
  migrate(): Promise<void>;
  /** Upserts the whole snapshot. */
  saveRoom(room: RoomRecord): Promise<void>;
  loadRoom(roomId: string): Promise<RoomRecord | null>;
  /** Rooms whose current match (RoomRecord.matchId) is unfinished, or with updatedAt >= activeSince; sorted. */
  listRestorable(activeSince: number): Promise<string[]>;
  /** Rejects if the room was never saved (matches belong to a room) or the matchId exists. */
  startMatch(setup: MatchSetup): Promise<void>;
  /**
   * Durable when resolved. Rejects (StoreError) unless the match exists, is
   * unfinished and event.seq === number of events so far (0-based).
   */
  appendEvent(matchId: string, event: MatchEvent): Promise<void>;
  /** Rejects if the match is unknown or already finished. */
  finishMatch(matchId: string, result: unknown, at: number): Promise<void>;
  /** Events in seq order. */
  loadMatch(matchId: string): Promise<MatchRecord | null>;
  /** Ordered by matchNo. */
  listMatches(roomId: string): Promise<{ matchId: string; matchNo: number; finishedAt: number | null }[]>;
  /** Deletes rooms (with their matches and events) whose updatedAt < before; returns rooms deleted. */
  deleteInactive(before: number): Promise<number>;
  close(): Promise<void>;
}
