/**
 * The tripwire for colyseus-internals.ts: what each of its functions relies
 * on in Colyseus, checked against the installed `@colyseus/core` — the
 * members on a real Room and a real client, and the lines of Room's own code
 * that make them work (a wrapper set on the instance is only useful if Room
 * calls the member through `this`). After an upgrade, a failure here names
 * the function of colyseus-internals.ts to look at again.
 */
import fs from 'node:fs';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it, jest } from '@jest/globals';
import { Room, type Client } from '@colyseus/core';
import { WebSocketClient } from '@colyseus/ws-transport';
import { beforeFullState, clearReservedSeatTimer, dropOutgoing, guardRoomFrames, roomEvents } from './colyseus-internals.js';

const require = createRequire(import.meta.url);
const coreDir = path.dirname(require.resolve('@colyseus/core/package.json'));
const roomSource = fs.readFileSync(path.join(coreDir, 'build', 'Room.mjs'), 'utf8');
const squeezed = roomSource.replace(/\s+/g, ' ');

class BareRoom extends Room {
  onCreate(): void {}
}

/** Room's own code contains this (whitespace aside). */
const roomCalls = (code: string) => expect(squeezed).toContain(code.replace(/\s+/g, ' '));

describe('the Colyseus internals Fireside relies on (colyseus-internals.ts)', () => {
  it('is the version they were checked against (server/package.json pins it)', () => {
    const pinned = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).dependencies['@colyseus/core'];
    const installed = JSON.parse(fs.readFileSync(path.join(coreDir, 'package.json'), 'utf8')).version;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(pinned);
  });

  it('guardRoomFrames: Room binds this._onMessage to each client as it joins', () => {
    roomCalls('client.ref.on("message", this._onMessage.bind(this, client))');
    const room = new BareRoom();
    const seen: Buffer[] = [];
    const r = room as unknown as { _onMessage(client: Client, frame: Buffer): void };
    r._onMessage = (_c, frame) => void seen.push(frame);
    guardRoomFrames(room, () => Buffer.from('guarded'));
    r._onMessage({} as Client, Buffer.from('raw'));
    expect(seen.map(String)).toEqual(['guarded']);
    expect(typeof Object.getPrototypeOf(Object.getPrototypeOf(room))._onMessage).toBe('function');
  });

  it("roomEvents: the room's emitter, with 'dispose' and 'disconnect' emitted by Room", () => {
    roomCalls('this._events.emit("dispose")');
    roomCalls('this._events.emit("disconnect")');
    expect(roomEvents(new BareRoom())).toBeInstanceOf(EventEmitter);
  });

  it("clearReservedSeatTimer: Room keeps each reservation's timer by session id", () => {
    roomCalls('this._reservedSeatTimeouts[sessionId] = setTimeout(');
    const room = new BareRoom();
    const timers = (room as unknown as { _reservedSeatTimeouts: Record<string, ReturnType<typeof setTimeout>> })._reservedSeatTimeouts;
    expect(typeof timers).toBe('object');
    jest.useFakeTimers();
    try {
      const fired = jest.fn();
      timers.s1 = setTimeout(fired, 60_000);
      clearReservedSeatTimer(room, 's1');
      jest.advanceTimersByTime(61_000);
      expect(fired).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('beforeFullState: Room sends a joining client its full state through this.sendFullState', () => {
    roomCalls('this.sendFullState(client)');
    const room = new BareRoom();
    const order: string[] = [];
    (room as unknown as { sendFullState(c: Client): void }).sendFullState = () => void order.push('full state');
    beforeFullState(room, () => void order.push('before'));
    (room as unknown as { sendFullState(c: Client): void }).sendFullState({} as Client);
    expect(order).toEqual(['before', 'full state']);
  });

  it("dropOutgoing: a client's frames all leave through raw", () => {
    const sent: string[] = [];
    const socket = Object.assign(new EventEmitter(), { readyState: 1, send: (d: unknown) => void sent.push(String(d)) });
    const client = new WebSocketClient('s1', socket as never) as unknown as Client;
    dropOutgoing(client, (d) => String(d) === 'drop');
    client.raw(Buffer.from('keep'));
    client.raw(Buffer.from('drop'));
    expect(sent).toEqual(['keep']);
  });
});
