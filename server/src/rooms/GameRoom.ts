/**
 * The one generic room: hosts any game of the registry through the engine
 * contract (docs/protocol.md is the wire contract this implements). A thin
 * Colyseus layer: its hooks, handed to its parts (room-parts.ts builds them:
 * who comes and goes, membership.ts; the lobby, lobby.ts; the match,
 * room-match.ts over match/live-match.ts; who is away and the
 * bots standing in, stand-ins.ts; the store, room-record.ts), the first state (room-setup.ts)
 * and the messages' routes (message-routing.ts).
 *
 * Secrets: the engine state and the seed live only on the server. Each
 * seat's seat view goes into its view-only `secret` field, and a seat is in a
 * client's StateView only while that client's member holds the seat.
 *
 * Durable: the room's snapshot and every match event are in the store, so a
 * restarted server (or another process of a cluster) rebuilds the room under
 * the same id (cluster/restore.ts) and its members come back with their tokens. The
 * room holds its lease while loaded (room-lease.ts): it runs nowhere else.
 */
import { randomBytes } from 'node:crypto';
import { Room, type Client } from '@colyseus/core';
import { errorField } from '../observe/logger.js';
import { patchSendSeconds } from '../observe/metrics.js';
import { clearReservedSeatTimer } from './colyseus-internals.js';
import { newcomersGetStateOnce } from './full-state.js';
import { Members } from './members.js';
import { guardFrames, routeAll, sendTo, type RoutingHost } from './message-routing.js';
import { RoomLease } from './room-lease.js';
import { RoomParts } from './room-parts.js';
import { openNew, openStored, type StoredRoom } from './room-setup.js';
import { RoomTelemetry } from './room-telemetry.js';
import type { RoomState } from './schema.js';
import { resolveSettings, type RoomSettings } from './settings.js';
import { stateSummary } from './table-summary.js';

export { CLOSE_REPLACED } from './membership.js';

/** Only this process may ask for a room to be rebuilt from the store (cluster/restore.ts), not a client's create options. */
export const RESTORE_KEY = randomBytes(24).toString('hex');

export class GameRoom extends Room<{ state: RoomState }> {
  /** Overridden by `createAppServer(settings)`; production uses the defaults. */
  static settings: Partial<RoomSettings> = {};

  // No `maxClients`: Colyseus would count dropped connections and lock the
  // room for everyone, players reclaiming their seats included. Admission is
  // ours (onAuth, admission.ts). No auto-dispose either: an empty room stays
  // loaded for the idle time (idle-unload.ts), then unloads; the store keeps it.
  maxMessagesPerSecond = 40;
  autoDispose = false;

  private readonly members = new Members();
  /** The room's parts; null until onCreate has built them, and for good in a room whose onCreate failed. */
  private built: RoomParts | null = null;
  /** This room's log lines and metrics (room-telemetry.ts); null until its id and game are known. */
  private telemetry: RoomTelemetry | null = null;
  private logger: RoomSettings['logger'] | null = null;
  private readonly lease = new RoomLease();
  private patchQueued = false;

  async onCreate(options: unknown): Promise<void> {
    const settings = resolveSettings((this.constructor as typeof GameRoom).settings);
    if (!settings.store) throw new Error('GameRoom needs a match store (settings.store).');
    const store = settings.store;
    this.logger = settings.logger;
    newcomersGetStateOnce(this); // a newcomer's full state never also arrives as a patch (full-state.ts)
    const opts = options && typeof options === 'object' ? (options as Record<string, unknown>) : {};
    const restoring = opts.restore === RESTORE_KEY && typeof opts.roomId === 'string';
    let stored: StoredRoom | null = null;
    if (restoring) this.roomId = opts.roomId as string;
    const opened = restoring ? (stored = await openStored(store, settings, this.roomId, this.members)) : openNew(settings, opts);
    this.state = opened.state;
    const telemetry = (this.telemetry = new RoomTelemetry(settings.logger, this.roomId, opened.game.id));
    // Before its first write: no other process may run this room meanwhile.
    await this.lease.take(this, settings.leases);
    const chatSeq = stored?.chatSeq ?? 0;
    const parts = (this.built = new RoomParts(
      { state: opened.state, game: opened.game, settings, store, members: this.members, telemetry, chatSeq },
      {
        roomId: this.roomId,
        allowReconnection: (client, seconds) => this.allowReconnection(client, seconds),
        clearReservationTimer: (sessionId) => clearReservedSeatTimer(this, sessionId),
        patchSoon: () => this.patchSoon(),
        unload: () => void this.disconnect(),
      },
    ));
    if (stored) parts.resume(stored);
    else telemetry.created(opened.state.players);
    await parts.saver.flush();
    // Invite-only: reachable by id, never matched by joinOrCreate.
    await this.setPrivate(true);
    const listen: RoutingHost['listen'] = (type, callback) => this.onMessage(type, callback);
    routeAll({ members: this.members, telemetry, listen, handled: (patchNow) => parts.handled(patchNow) }, parts.routes());
    guardFrames(this);
    parts.idle.created(restoring);
    telemetry.live({ gameId: opened.game.id, status: () => this.state.status, clientCount: () => this.clients.length });
  }

  /** Colyseus runs no other hook of the room before onCreate resolves. */
  private get parts(): RoomParts {
    if (!this.built) throw new Error(`room "${this.roomId}" was used before it was created`);
    return this.built;
  }

  /**
   * The last guard: Colyseus routes every exception of a handler, timer or
   * lifecycle method here instead of letting it reach the process (where an
   * uncaught exception shuts the whole server down, every room with it).
   */
  onUncaughtException(error: Error, methodName: string): void {
    const log = this.telemetry?.log ?? this.logger?.child({ roomId: this.roomId });
    log?.error({ event: 'room.exception', method: methodName, err: errorField(error) }, `${methodName} threw`);
  }

  // ---------------------------------------------------------------- joining (membership.ts)

  onAuth(_client: Client, options: unknown): boolean {
    return this.parts.membership.admit(options);
  }

  onJoin(client: Client, options: unknown): void {
    const { rec, token, seating } = this.parts.membership.join(client, options);
    sendTo(client, 'welcome', { memberId: rec.id, token, roomId: this.roomId, ...(seating && { seating }) });
  }

  onDrop(client: Client): void {
    this.parts.membership.drop(client);
  }

  onReconnect(client: Client): void {
    this.parts.membership.reconnect(client);
  }

  onLeave(client: Client): void {
    this.parts.membership.leave(client);
  }

  // ---------------------------------------------------------------- the end of a room

  /** Unloaded (idle) or shut down: the last snapshot, timers stopped; the lease goes back once every write is done. */
  async onDispose(): Promise<void> {
    // A room whose onCreate threw (an unknown game, a lease held elsewhere) has no parts.
    const writes = this.built?.dispose() ?? Promise.resolve();
    this.telemetry?.disposed();
    this.lease.lastWrites(writes);
    await writes;
  }

  /** Another process took this room (this one stalled past its lease): stop, write nothing more; the clients rejoin it there. */
  leaseLost(): void {
    this.built?.saver.freeze();
    this.built?.match.dispose();
    this.onBeforeShutdown();
  }

  /** Graceful shutdown (shutdown.ts), the room locked: clients told the server restarts (they rejoin, the room rebuilt from the store), then closed. */
  onBeforeShutdown(): void {
    // The snapshot as it is now: the disconnections of the shutdown itself
    // must not free seats in the store (the members are coming back).
    void this.built?.saver.flush();
    this.built?.saver.freeze();
    this.broadcast('restarting', {});
    try {
      super.onBeforeShutdown();
    } catch (e) {
      // disconnect() throws while onCreate() is still running; the matchmaker discards that room.
      this.telemetry?.log.warn({ event: 'room.shutdown', err: errorField(e) }, 'closing the room for the shutdown failed');
    }
  }

  /** The public summary of this table, for `GET /api/tables` of another process of a cluster (http/tables-api.ts). */
  publicSummary() {
    return stateSummary(this.roomId, this.state);
  }

  // ---------------------------------------------------------------- patches

  /**
   * Sends the state patch at the end of this event-loop turn instead of at
   * Colyseus' next 50 ms tick (which stays as the safety net for timers):
   * a move reaches every screen as fast as the socket carries it, and all
   * the changes of one turn (an intent and the bots it wakes) still travel
   * as one patch.
   */
  private patchSoon(): void {
    if (this.patchQueued) return;
    this.patchQueued = true;
    setImmediate(() => {
      this.patchQueued = false;
      this.broadcastPatch();
    });
  }

  /** Every patch, ours and Colyseus' 50 ms tick's, timed for /metrics when it carried changes. */
  override broadcastPatch(): boolean {
    const start = performance.now();
    const sent = super.broadcastPatch();
    if (sent) patchSendSeconds.since(start);
    return sent;
  }
}
