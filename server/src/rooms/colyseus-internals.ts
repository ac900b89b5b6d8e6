/**
 * Every place where Fireside reaches into Colyseus beyond its public API, in
 * one module: the rest of the server calls these functions and never touches
 * a private field itself. Each one says what Fireside needs it for.
 * `colyseus-internals.test.ts` checks, against the installed
 * `@colyseus/core` (pinned to an exact version in server/package.json), that
 * what each relies on is still there: after an upgrade, a failure there
 * names the function to look at again.
 */
import type { EventEmitter } from 'node:events';
import type { Client, Room } from '@colyseus/core';

type Timer = ReturnType<typeof setTimeout>;
type RawSend = (data: Uint8Array | Buffer, ...rest: unknown[]) => void;

/** The private members of a Colyseus 0.18 Room used below. */
interface RoomInternals {
  /** Handles one frame of a client; Room binds it to each client as that client joins. */
  _onMessage(client: Client, frame: Buffer): void;
  /** The room's own events: 'dispose' as its disposal starts, 'disconnect' as its very last one. */
  _events: EventEmitter;
  /** The timer of each seat reserved for a reconnection, by session id. */
  _reservedSeatTimeouts?: Record<string, Timer>;
  /** Encodes and sends a joining client's full state (Room's join handling calls it on the instance). */
  sendFullState(client: Client): void;
}

const internalsOf = (room: Room | object) => room as unknown as RoomInternals;

/**
 * Passes every frame of the room's clients through `guard` first (frames.ts):
 * set on the instance before any client joins, the wrapper is what Room binds
 * to each joining client.
 */
export function guardRoomFrames(room: Room | object, guard: (frame: Buffer) => Buffer): void {
  const r = internalsOf(room);
  const onMessage = r._onMessage;
  r._onMessage = function (this: unknown, client: Client, frame: Buffer) {
    onMessage.call(this, client, Buffer.isBuffer(frame) ? guard(frame) : frame);
  };
}

/** The room's own events (room-lease.ts hands its lease back on them). */
export function roomEvents(room: Room): EventEmitter {
  return internalsOf(room)._events;
}

/**
 * Clears the timer of a seat reserved for a reconnection: Colyseus 0.18
 * leaves it running when the reconnection is rejected by hand, and it would
 * fire 60 s later for nothing.
 */
export function clearReservedSeatTimer(room: Room, sessionId: string): void {
  const timers = internalsOf(room)._reservedSeatTimeouts;
  if (timers?.[sessionId]) clearTimeout(timers[sessionId]);
}

/** Runs `before(client)` each time the room is about to encode a joining client's full state (full-state.ts). */
export function beforeFullState(room: Room, before: (client: Client) => void): void {
  const r = internalsOf(room);
  const sendFullState = r.sendFullState.bind(room);
  r.sendFullState = (client: Client) => {
    before(client);
    sendFullState(client);
  };
}

/** Makes `client` drop the frames `drop` picks before they reach its socket (quiet-patches.ts). */
export function dropOutgoing(client: Client, drop: (data: Uint8Array | Buffer) => boolean): void {
  const c = client as unknown as { raw: RawSend };
  const raw = c.raw.bind(client);
  c.raw = (data, ...rest) => {
    if (drop(data)) return;
    raw(data, ...rest);
  };
}
