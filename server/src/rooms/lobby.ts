/**
 * The lobby's messages (docs/protocol.md): seats, bots and options before a
 * match starts. Bookkeeping on the synced state and the members' views only;
 * the room wires these to message types.
 */
import { CLOCK_PACES, isClockPace, type AnyGame, type ClockPace } from '@fireside/shared';
import { fail } from './errors.js';
import type { MemberRecord, Members } from './members.js';
import type { RoomLog } from './room-log.js';
import type { RoomState, RoomStatus } from './schema.js';
import { allSeatsFilled, clearSeat, firstEmptySeat, resizeSeats, seatBot, seatHuman } from './seats.js';
import { isInt, payloadObject } from './validation.js';

export interface LobbyDeps {
  readonly state: RoomState;
  readonly game: AnyGame;
  readonly members: Members;
  readonly roomLog: RoomLog;
  /** Recounts the spectators after a seat change. */
  updateSpectators(): void;
}

export class Lobby {
  constructor(private readonly deps: LobbyDeps) {}

  private get state(): RoomState {
    return this.deps.state;
  }

  private get game(): AnyGame {
    return this.deps.game;
  }

  private get status(): RoomStatus {
    return this.state.status as RoomStatus;
  }

  private updateSpectators(): void {
    this.deps.updateSpectators();
  }

  requireHost(rec: MemberRecord): void {
    if (this.state.hostId !== rec.id) fail('not-host', 'Only the host can do that.');
  }

  requireLobby(): void {
    if (this.status !== 'lobby') fail('not-in-lobby', 'Only possible in the lobby.');
  }

  /** The options a match starts with: every seat filled, options still valid. */
  startingOptions(rec: MemberRecord, payload: unknown): unknown {
    payloadObject(payload);
    this.requireHost(rec);
    this.requireLobby();
    if (!allSeatsFilled(this.state)) fail('seats-empty', 'Every seat needs a player or a bot.');
    const parsed = this.game.parseOptions(JSON.parse(this.state.options), this.state.players);
    if (!parsed.ok) fail('bad-options', parsed.error.message);
    return parsed.value;
  }

  private seatIndex(value: unknown): number {
    if (!isInt(value) || value < 0 || value >= this.state.seats.length) {
      fail('bad-seat', `seat must be an integer from 0 to ${this.state.seats.length - 1}.`);
    }
    return value;
  }

  onSit(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    this.requireLobby();
    const index = this.seatIndex(p.seat);
    const seat = this.state.seats[index];
    const member = this.state.members.get(rec.id)!;
    if (seat.kind === 'human' && seat.memberId === rec.id) return;
    if (seat.kind !== 'empty') fail('seat-taken', `Seat ${index + 1} is taken.`);
    this.unseat(rec);
    seatHuman(seat, rec.id, member.name, member.connected);
    member.seat = index;
    rec.view.add(seat);
    this.deps.roomLog.event('sat', rec.id, member.name, String(index + 1));
    this.updateSpectators();
  }

  onStand(rec: MemberRecord, payload: unknown): void {
    payloadObject(payload);
    this.requireLobby();
    if (this.state.members.get(rec.id)!.seat < 0) fail('not-seated', 'You are not seated.');
    this.unseat(rec);
    this.deps.roomLog.event('stood', rec.id, this.state.members.get(rec.id)!.name);
    this.updateSpectators();
  }

  /** Frees the member's seat, if any, and takes it out of the member's view. */
  unseat(rec: MemberRecord): void {
    const member = this.state.members.get(rec.id)!;
    if (member.seat < 0) return;
    const seat = this.state.seats[member.seat];
    if (seat) {
      rec.view.remove(seat);
      if (seat.memberId === rec.id) clearSeat(seat);
    }
    member.seat = -1;
  }

  onConfigure(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    this.requireHost(rec);
    this.requireLobby();
    const game = this.game;
    let players = this.state.players;
    if (p.players !== undefined) {
      if (!isInt(p.players) || p.players < game.minPlayers || p.players > game.maxPlayers) {
        fail('bad-options', `players must be an integer from ${game.minPlayers} to ${game.maxPlayers}.`);
      }
      players = p.players;
    }
    const clock = p.clock === undefined ? this.state.clock : parseClock(p.clock);
    let options: unknown;
    if (p.options !== undefined) {
      const parsed = game.parseOptions(p.options, players);
      if (!parsed.ok) fail('bad-options', parsed.error.message);
      options = parsed.value;
    } else {
      // Keep the current options if they still fit the new player count.
      const parsed = game.parseOptions(JSON.parse(this.state.options), players);
      options = parsed.ok ? parsed.value : game.defaultOptions(players);
    }

    if (players !== this.state.players) {
      // Members seated on removed seats become spectators.
      for (let i = players; i < this.state.seats.length; i++) {
        const seat = this.state.seats[i];
        if (seat.kind === 'human') {
          const holder = this.deps.members.get(seat.memberId);
          if (holder) this.unseat(holder);
        }
      }
      resizeSeats(this.state, players);
    }
    this.state.options = JSON.stringify(options);
    this.state.clock = clock;
    this.updateSpectators();
  }

  onAddBot(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    this.requireHost(rec);
    this.requireLobby();
    let index: number;
    if (p.seat === undefined) {
      index = firstEmptySeat(this.state);
      if (index < 0) fail('no-empty-seat', 'Every seat is taken.');
    } else {
      index = this.seatIndex(p.seat);
      if (this.state.seats[index].kind !== 'empty') fail('seat-taken', `Seat ${index + 1} is taken.`);
    }
    seatBot(this.state.seats[index]);
  }

  onRemoveBot(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    this.requireHost(rec);
    this.requireLobby();
    const index = this.seatIndex(p.seat);
    if (this.state.seats[index].kind !== 'bot') fail('bad-seat', `Seat ${index + 1} has no bot.`);
    clearSeat(this.state.seats[index]);
  }

  onFillBots(rec: MemberRecord, payload: unknown): void {
    payloadObject(payload);
    this.requireHost(rec);
    this.requireLobby();
    for (const seat of this.state.seats) if (seat.kind === 'empty') seatBot(seat);
  }
}

/** A table's clock pace from the outside world (create options, `configure`). */
export function parseClock(input: unknown): ClockPace {
  if (isClockPace(input)) return input;
  fail('bad-options', `clock must be one of ${CLOCK_PACES.join(', ')}.`);
}
