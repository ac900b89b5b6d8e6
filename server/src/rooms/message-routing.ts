/**
 * How a room's messages reach their handlers, and how the answers go back:
 * every frame is guarded first (frames.ts), every message type goes through
 * one route (a member check, the handler, and whatever it throws becomes an
 * `error` to its sender only), and every send is typed by the protocol
 * (shared/src/protocol/messages.ts).
 */
import type { Client } from '@colyseus/core';
import { isIntentId, type ClientMessageType, type ErrorMessage, type ServerMessages } from '@fireside/shared';
import { guardRoomFrames } from './colyseus-internals.js';
import { guardFrame, UNDECODABLE_TYPE } from './frames.js';
import { RoomError, fail } from './errors.js';
import type { Members, MemberRecord } from './members.js';
import type { RoomTelemetry } from './room-telemetry.js';

export type Handler = (member: MemberRecord, payload: unknown) => void | Promise<void>;
export type RoutedType = ClientMessageType | '*' | typeof UNDECODABLE_TYPE;

export interface RoutingHost {
  readonly members: Members;
  readonly telemetry: RoomTelemetry;
  /** Colyseus' onMessage of the room. */
  listen(type: RoutedType, callback: (client: Client, payload: unknown) => void): void;
  /**
   * A message was handled: `patchNow` when its handler was synchronous. An
   * intent or a start answers once stored (live-match.ts), which sends its patch.
   */
  handled(patchNow: boolean): void;
}

/**
 * The type of an unknown message, safe to echo. Colyseus calls the catch-all
 * with (client, type, payload) — but for a message whose type is literally
 * "*", with (client, payload, context): then this is client data of any shape
 * (`{ toString: 1 }` makes `String()` throw), so only short strings and
 * numbers are echoed.
 */
export function shownType(type: unknown): string {
  if (typeof type === 'number' && Number.isFinite(type)) return String(type);
  return typeof type === 'string' && type.length <= 40 ? type : '?';
}

/** The `id` of an intent payload, if it has a valid one (never trusting its shape). */
export function intentId(payload: unknown): number | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const id = (payload as { id?: unknown }).id;
  return isIntentId(id) ? id : undefined;
}

/** A typed send (shared/src/protocol/messages.ts). */
export function sendTo<T extends keyof ServerMessages>(client: Client, type: T, message: ServerMessages[T], options?: { afterNextPatch: boolean }): void {
  client.send(type, message, options);
}

function sendError(client: Client, type: string, e: RoomError, id?: number): void {
  const msg: ErrorMessage = { code: e.code, message: e.message, type };
  if (id !== undefined) msg.id = id;
  sendTo(client, 'error', msg);
}

/**
 * Routes one message type to `handler`. `replyType` names the type in an
 * error reply (the catch-all's real type).
 */
export function route(host: RoutingHost, type: RoutedType, handler: Handler, replyType: (payload: unknown) => string = () => type): void {
  const isIntent = type === 'intent';
  host.listen(type, (client: Client, payload: unknown) => {
    const arrived = isIntent ? performance.now() : 0;
    const refuse = (e: unknown) => {
      const shown = replyType(payload);
      const id = isIntent ? intentId(payload) : undefined;
      const error = e instanceof RoomError ? e : new RoomError('internal', 'The server failed to handle this message.');
      if (error !== e) {
        const memberId = host.members.ofSession(client.sessionId)?.id;
        host.telemetry.error('message.failed', e, { type: shown, memberId }, `"${shown}" failed`);
      }
      if (isIntent) host.telemetry.intentAnswered(arrived, error.code);
      sendError(client, shown, error, id);
    };
    try {
      const rec = host.members.ofSession(client.sessionId);
      if (!rec || rec.client !== client) fail('bad-message', 'You are not a member of this room.');
      const done = handler(rec, payload);
      if (done instanceof Promise)
        done.then(() => {
          if (isIntent) host.telemetry.intentAnswered(arrived, null);
          host.handled(false);
        }, refuse);
      else host.handled(true);
    } catch (e) {
      refuse(e);
    }
  });
}

/** Routes every type of `routes` to its handler, and refuses every other type (refuseUnknown). */
export function routeAll(host: RoutingHost, routes: Partial<Record<ClientMessageType, Handler>>): void {
  for (const [type, handler] of Object.entries(routes)) route(host, type as ClientMessageType, handler);
  refuseUnknown(host);
}

/** The catch-alls: an unknown type, and a frame that is not MessagePack. */
export function refuseUnknown(host: RoutingHost): void {
  route(host, '*', (_m, type) => fail('bad-message', `Unknown message type "${shownType(type)}".`), shownType);
  route(host, UNDECODABLE_TYPE, () => fail('bad-message', 'The message could not be decoded (not valid MessagePack).'), shownType);
}

/** Every frame of the room's clients passes guardFrame (frames.ts) first. */
export function guardFrames(room: object): void {
  guardRoomFrames(room, guardFrame);
}
