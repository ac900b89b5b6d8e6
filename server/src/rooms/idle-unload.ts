/**
 * When a loaded room unloads from memory (the store keeps it; a join by id
 * wakes it): a room nobody has joined yet goes soon (`unjoinedMs`: a script
 * creating tables must not hold the server's cap on rooms); a room nobody is
 * in, and nobody may still come back to, after the idle time — an empty
 * lobby as soon as an unjoined table: whoever left it for good is no longer a
 * member, so nothing waits there.
 */
import type { RoomSettings } from './settings.js';

export class IdleUnload {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly settings: Pick<RoomSettings, 'idleMs' | 'unjoinedMs'>,
    private readonly unload: () => void,
  ) {}

  /** A new room waits `unjoinedMs` for its first member; a restored one the idle time (its members are coming back). */
  created(restored: boolean): void {
    this.arm(restored ? Math.max(this.settings.idleMs, 30_000) : this.settings.unjoinedMs);
  }

  /** After any change: `someone` is connected or may still reconnect; `lobby`: no match is running. */
  check(someone: boolean, lobby: boolean): void {
    if (someone) return this.stop();
    if (this.timer === null) this.arm(lobby ? Math.min(this.settings.unjoinedMs, this.settings.idleMs) : this.settings.idleMs);
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(ms: number): void {
    this.stop();
    this.timer = setTimeout(this.unload, ms);
  }
}
