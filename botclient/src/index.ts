/**
 * @fireside/botclient: headless bots that play Fireside rooms over the wire
 * protocol (docs/protocol.md), one SDK connection per seat, deciding only from
 * what their connection receives.
 */

export { BotConnection } from './connection.js';
export { rejoinDelay } from './rejoin.js';
export type { ConnectOptions, Logger, RoomErrorMessage, WelcomeMessage } from './connection.js';
export { BotError } from './errors.js';
export { defaultDecide, SeatPlayer } from './seat-player.js';
export type { DecideContext, MatchOutcome, PlayOptions, SeatLink } from './seat-player.js';
export { runMatch, joinMatch, withTimeout } from './match.js';
export type { CreateMatchOptions, CreateMatchResult, JoinMatchOptions, MatchReport } from './match.js';
export { parseCliArgs, parseInviteLink, parseServerUrl, UsageError, USAGE, DEFAULT_TIMEOUT_S } from './args.js';
export type { Command, CreateCommand, JoinCommand, InviteLink } from './args.js';
export { StateReader, seatOf } from './state.js';
export type { RoomSnapshot, SeatSnapshot, MemberSnapshot } from './state.js';
