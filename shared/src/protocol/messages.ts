/**
 * The room protocol in one place (docs/protocol.md): every message type and
 * its payload in both directions, the error codes and the close codes. The
 * server, the web client and the bot client all type their messages from
 * here, so none of them can drift from the others; how the state and the
 * public view travel is in view-wire.ts.
 */
import type { ActionOf, ClockPace } from '../engine/contract.js';
import type { games } from '../games/registry.js';

/**
 * Each game's actions, by game id: what an `intent` of that game carries.
 * Read from the registry's engines, so a new game adds nothing here (and the
 * games import nothing of the protocol: no cycle).
 */
export type GameActions = { [G in keyof typeof games]: ActionOf<(typeof games)[G]> };

/**
 * A move for the sender's own seat. `id` (optional, a positive integer the
 * client chooses) is echoed by `accepted` or `error`, so a client knows when
 * its move has been dealt with.
 */
export interface IntentMessage<A = GameActions[keyof GameActions]> {
  action: A;
  id?: number;
}

/** Messages a client sends, by type. */
export interface ClientMessages {
  sit: { seat: number };
  stand: Record<string, never>;
  configure: { players?: number; options?: object; clock?: ClockPace };
  addBot: { seat?: number };
  removeBot: { seat: number };
  fillBots: Record<string, never>;
  start: Record<string, never>;
  intent: IntentMessage;
  /** The sender's client has drawn its first frame of the step of its seat's clock `clockId` (Seat.clockId). */
  shown: { clockId: number };
  chat: { text: string };
  rename: { name: string };
  standIn: { seat: number; on: boolean };
  remove: { memberId: string };
  lock: { locked: boolean };
  again: Record<string, never>;
}
export type ClientMessageType = keyof ClientMessages;

/**
 * The options of `joinById` (an invite link, a reload). `seat`: a newcomer in
 * the lobby takes this seat (0-based) in the same step as joining, or the
 * next free one after it if it was taken meanwhile; `'watch'` (or none) joins
 * as a spectator. A reclaim with `token` ignores it.
 */
export interface JoinOptions {
  name?: string;
  token?: string;
  seat?: number | 'watch';
}

/**
 * What became of a join's `seat` (sent in `welcome` when the join asked for a
 * seat number): `seat` is the seat taken (0-based) or -1, watching. `why`
 * (only when it is not the one asked): the seat was `taken` (or the table has
 * fewer seats now), or the match had `started`.
 */
export interface SeatingOutcome {
  asked: number;
  seat: number;
  why?: 'taken' | 'started';
}

/** Sent once per join, to that client only: the token takes the member's place back later (keep it secret). */
export interface WelcomeMessage {
  memberId: string;
  token: string;
  roomId: string;
  /** Only for a newcomer whose join asked for a seat number. */
  seating?: SeatingOutcome;
}

/** A refused message: nothing changed; sent to its sender only. `id`: the refused intent's, if it had one. */
export interface ErrorMessage {
  code: RoomErrorCode | (string & {});
  message: string;
  /** The refused message's type. */
  type: string;
  id?: number;
}

/** An intent with an `id` was accepted; sent to its sender right after the state patch that shows it. */
export interface AcceptedMessage {
  id: number;
}

/** Messages the server sends, by type. */
export interface ServerMessages {
  welcome: WelcomeMessage;
  error: ErrorMessage;
  accepted: AcceptedMessage;
  /** The server is shutting down; the room comes back from the store (rejoin with the token). */
  restarting: Record<string, never>;
}
export type ServerMessageType = keyof ServerMessages;

/**
 * Codes of a room's refusals; an `intent` may also be refused with the engine's
 * codes (`illegal`, `gifttrap/…`). Clients word each code in their reader's
 * language (the `message` is English, a last resort).
 */
export const ROOM_ERROR_CODES = [
  'not-host',
  'not-seated',
  'seat-taken',
  'bad-seat',
  'no-empty-seat',
  'bad-options',
  'not-in-lobby',
  'not-playing',
  'not-ended',
  'seats-empty',
  'rate-limited',
  'too-long',
  'bad-message',
  'bad-member',
  'still-here',
  'still-reconnecting',
  'player-here',
  'too-soon',
  'stale-step',
  'internal',
] as const;
export type RoomErrorCode = (typeof ROOM_ERROR_CODES)[number];

/**
 * The room log: system lines in the chat (a chat line with this `event`), each
 * worded by the client in its reader's language from the line's `name` (and
 * `text`, the seat, for `sat`). Facts about members and seats, never a secret.
 */
export const ROOM_LOG_EVENTS = [
  'joined', // name joined the room
  'left', // name left (or lost the connection for a while)
  'back', // name came back
  'sat', // name took seat text (1-based)
  'stood', // name left their seat
  'host', // name is now the host
  'hostagain', // name, the table's owner, is host again
  'locked', // name (the host) closed the table to newcomers
  'unlocked', // name (the host) opened the table to newcomers again
  'standin', // a bot plays name's seat
  'handback', // name plays their own seat again
  'timeout', // name's time ran out (and text's names, one per line: one line per step): the stand-in bot plays this step
  'removed', // the host removed name (a bot keeps their seat)
] as const;
export type RoomLogEvent = (typeof ROOM_LOG_EVENTS)[number];

/** WebSocket close codes the server uses. */
export const CloseCodes = {
  /** This member was taken over by another connection (a reload, another tab): do not reconnect. */
  REPLACED: 4000,
  /** The server is shutting down (after `restarting`): rejoin with the token. */
  RESTARTING: 4001,
  /** The host removed this member (a kick): its token no longer works; do not reconnect. */
  KICKED: 4002,
} as const;

/** A valid intent `id`: a positive safe integer. */
export const isIntentId = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x > 0;
