/** Seat bookkeeping on the synchronized state (no views, no clients). */
import { Seat, type RoomState } from './schema.js';

const BOT_NAMES = ['Ada', 'Basil', 'Cleo', 'Dot', 'Emil', 'Fern', 'Gus', 'Hana', 'Ivo', 'Juno', 'Kit', 'Lale'];

export function botName(index: number): string {
  return `${BOT_NAMES[index % BOT_NAMES.length]} (bot)`;
}

/** A seat's away marker, stand-in and clock, cleared (a new holder, or back in the lobby). */
export function resetPresence(seat: Seat): void {
  seat.awaySince = 0;
  seat.standInAt = 0;
  seat.standIn = false;
  seat.deadline = 0;
  seat.budget = 0;
  seat.clockId = 0;
}

export function clearSeat(seat: Seat): void {
  seat.kind = 'empty';
  seat.memberId = '';
  seat.name = '';
  seat.connected = false;
  seat.awaiting = false;
  seat.secret = '';
  resetPresence(seat);
}

export function seatHuman(seat: Seat, memberId: string, name: string, connected: boolean): void {
  seat.kind = 'human';
  seat.memberId = memberId;
  seat.name = name;
  seat.connected = connected;
  seat.awaiting = false;
  seat.secret = '';
  resetPresence(seat);
}

export function seatBot(seat: Seat): void {
  seat.kind = 'bot';
  seat.memberId = '';
  seat.name = botName(seat.index);
  seat.connected = true;
  seat.awaiting = false;
  seat.secret = '';
  resetPresence(seat);
}

/**
 * Grows or shrinks the table to `players` seats. Returns the member ids of the
 * humans whose seats were removed (they become spectators).
 */
export function resizeSeats(state: RoomState, players: number): string[] {
  const unseated: string[] = [];
  while (state.seats.length > players) {
    const seat = state.seats[state.seats.length - 1];
    if (seat.kind === 'human') unseated.push(seat.memberId);
    state.seats.pop();
  }
  while (state.seats.length < players) {
    const seat = new Seat();
    seat.index = state.seats.length;
    clearSeat(seat);
    state.seats.push(seat);
  }
  state.players = players;
  return unseated;
}

/** The seat a member holds (its member's `seat` and the seat's `memberId` agree), or undefined. */
export function heldSeat(state: RoomState, memberId: string): Seat | undefined {
  const member = state.members.get(memberId);
  if (!member || member.seat < 0) return undefined;
  const seat = state.seats[member.seat];
  return seat && seat.memberId === memberId ? seat : undefined;
}

export function firstEmptySeat(state: RoomState): number {
  return state.seats.findIndex((s) => s.kind === 'empty');
}

export function allSeatsFilled(state: RoomState): boolean {
  return state.seats.length > 0 && state.seats.every((s) => s.kind !== 'empty');
}
