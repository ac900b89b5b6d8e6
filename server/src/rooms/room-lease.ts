/**
 * A room's side of its lease (cluster/leases.ts): taken before the room first
 * writes to the store; handed back once its last writes are done. Marked as
 * going back from the first moment of the disposal, before the matchmaker
 * forgets the room: a wake of the room meanwhile (its members coming back at
 * once) waits, and loads it as last written.
 */
import type { Room } from '@colyseus/core';
import { roomEvents } from './colyseus-internals.js';
import type { RoomLeases } from '../cluster/leases.js';

export class RoomLease {
  private settle: ((writes: Promise<unknown>) => void) | null = null;

  /** Takes the room's lease (throws if another process holds it) and hands it back when the room is disposed. */
  async take(room: Room, leases: RoomLeases): Promise<void> {
    const { roomId } = room;
    if (!(await leases.acquire(roomId))) throw new Error(`room "${roomId}" is run by another process`);
    const writes = new Promise<unknown>((resolve) => (this.settle = resolve));
    // Colyseus' own events of the room: the disposal starts, and its very last one (even if onDispose failed).
    const events = roomEvents(room);
    events.once('dispose', () => void leases.release(roomId, writes));
    events.once('disconnect', () => this.settle?.(Promise.resolve()));
  }

  /** The room's last writes (onDispose): the lease goes back once they are done. */
  lastWrites(writes: Promise<unknown>): void {
    this.settle?.(writes);
  }
}
