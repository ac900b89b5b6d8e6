/**
 * How a bot connection comes back after losing its room (connection.ts's
 * rejoin): the wait between attempts and the bound on each one.
 */
import type { Room } from '@colyseus/sdk';

/**
 * The library rejoins by itself, whatever WebSocket the SDK uses. After a
 * drop the SDK first reconnects to the same process (SDK_RECONNECT_TRIES:
 * 200 ms, then 400 ms later); then rejoin() joins again by id with the member
 * token, through `server` (with several processes the room may be loaded
 * again elsewhere), until the room is back or `rejoinMs` has passed.
 *
 * The SDK retries only from a WebSocket `close`, and Node's built-in
 * WebSocket (undici) fires `error` but never `close` for a connection that
 * cannot be opened (nothing listening, a proxy's 502 while a process is
 * down): after a server was killed the SDK's retry stayed CONNECTING for ever
 * and the bot never came back. So a reconnection that has neither succeeded
 * nor given up after SDK_RECONNECT_STALL_MS is abandoned for rejoin(), and
 * each join attempt is bounded (ATTEMPT_MS), with backoff and jitter between.
 */
export const SDK_RECONNECT_TRIES = 2;
/** Its two tries take under a second when they end at all. */
export const SDK_RECONNECT_STALL_MS = 2500;
export const ATTEMPT_MS = 15_000;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 2000;

/**
 * The wait before rejoin attempt `attempt` (0-based): 250 ms doubling up to
 * 2 s, each drawn between half and all of that, so that the many bots a
 * restart dropped at once do not knock all together.
 */
export function rejoinDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(FIRST_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** `connect()`, or a rejection after `ms`; a room that answers later is left at once (it is nobody's). */
export function within(connect: () => Promise<Room>, ms: number): Promise<Room> {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new Error(`no answer within ${Math.round(ms / 1000)} s`));
    }, ms);
    connect().then(
      (room) => {
        clearTimeout(timer);
        if (late) void room.leave(true).catch(() => undefined);
        else resolve(room);
      },
      (e: unknown) => {
        clearTimeout(timer);
        if (!late) reject(e);
      },
    );
  });
}
