/**
 * A room's log lines and metrics, in one place so the room itself makes
 * one-line calls: each event is a JSON line with a stable `event` name, the
 * room's `roomId` and `game`, the `matchId` while a match is on, and the
 * `memberId` it concerns (observe/logger.ts has the format and the settings).
 *
 * Only ids, counts and codes are logged here: never a token, the seed, a
 * seat's secret view or the room's state.
 */
import { errorField, type Logger } from '../observe/logger.js';
import { gameCounters, intentAccepted, intentRefused, intentSeconds, standInTaken, trackRoom, type LiveRoom, type StandInReason } from '../observe/metrics.js';
import type { RoomStatus } from './schema.js';

export class RoomTelemetry {
  private readonly roomLog: Logger;
  /** The room's logger; during a match, with its `matchId`. */
  log: Logger;
  private readonly counters: ReturnType<typeof gameCounters>;
  private untrack: (() => void) | null = null;

  constructor(parent: Logger, roomId: string, gameId: string) {
    this.roomLog = parent.child({ roomId, game: gameId });
    this.log = this.roomLog;
    this.counters = gameCounters(gameId);
  }

  /** The room is up (created or restored): counted in the rooms and clients gauges until disposed. */
  live(room: LiveRoom): void {
    this.untrack ??= trackRoom(room);
  }

  created(players: number): void {
    this.counters.created.inc();
    this.log.info({ event: 'room.created', players }, 'room created');
  }

  restored(status: RoomStatus, members: number): void {
    this.log.info({ event: 'room.restored', status, members }, 'room restored from the store');
  }

  disposed(): void {
    this.untrack?.();
    this.untrack = null;
    this.log.info({ event: 'room.disposed' }, 'room unloaded');
  }

  /** From now on the lines carry the match's id (a match starting, or restored). */
  forMatch(matchId: string): void {
    this.log = this.roomLog.child({ matchId });
  }

  matchStarted(matchId: string, matchNo: number, players: number, bots: number): void {
    this.counters.started.inc();
    this.forMatch(matchId);
    this.log.info({ event: 'match.started', matchNo, players, bots }, 'match started');
  }

  matchEnded(result: { winners: number[]; scores: number[] }, events: number): void {
    this.counters.ended.inc();
    this.log.info({ event: 'match.ended', winners: result.winners, scores: result.scores, events }, 'match ended');
  }

  backToLobby(): void {
    this.log = this.roomLog;
  }

  memberJoined(memberId: string, host: boolean): void {
    this.log.info({ event: 'member.joined', memberId, host }, 'member joined');
  }

  /** `how`: a new connection with the member's token (a reload, a comeback after a restart), or the SDK's own reconnection. */
  memberReconnected(memberId: string, how: 'token' | 'reconnect'): void {
    this.log.info({ event: 'member.reconnected', memberId, how }, 'member reconnected');
  }

  memberDropped(memberId: string): void {
    this.log.info({ event: 'member.dropped', memberId }, 'member’s connection dropped; it may reconnect');
  }

  /** `removed`: gone from the room (a seat held in a match stays theirs to reclaim). */
  memberLeft(memberId: string, removed: boolean): void {
    this.log.info({ event: 'member.left', memberId, removed }, 'member left');
  }

  standIn(memberId: string, seat: number, reason: StandInReason): void {
    standInTaken(reason).inc();
    this.log.info({ event: 'standin.took', memberId, seat, reason }, 'a bot stand-in took the seat');
  }

  handedBack(memberId: string, seat: number): void {
    this.log.info({ event: 'standin.handback', memberId, seat }, 'the seat is the player’s again');
  }

  /** An intent was answered: accepted (code null) or refused with `code`; `start` is its arrival (`performance.now()`). */
  intentAnswered(start: number, code: string | null): void {
    intentSeconds.since(start);
    (code === null ? intentAccepted : intentRefused(code)).inc();
  }

  error(event: string, e: unknown, fields: Record<string, unknown> = {}, message = event): void {
    this.log.error({ event, ...fields, err: errorField(e) }, message);
  }
}
