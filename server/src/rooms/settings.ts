/**
 * Server-side settings of the game room. Production uses the shared registry
 * and the environment; tests build a config with their own settings
 * (e.g. a fixture game and fast bots) through `createAppServer(settings)`.
 */
import { getGame, type AnyGame } from '@fireside/shared';
import { processLeases, type RoomLeases } from '../cluster/leases.js';
import { envInt } from '../config/env.js';
import { rootLogger, type Logger } from '../observe/logger.js';
import type { MatchStore } from '../store/types.js';

export type GameLookup = (id: string) => AnyGame | undefined;

export interface RoomSettings {
  /** Finds a game engine by id. */
  games: GameLookup;
  /** Delay before a bot acts, in ms. */
  botDelayMs: number;
  /** How long a dropped connection keeps its member and seat, in seconds. */
  reconnectSeconds: number;
  /** Where rooms and match logs are kept (server/src/store); opened by the entry point. */
  store: MatchStore | null;
  /** A room with nobody connected this long (ms) is unloaded from memory; it stays in the store. */
  idleMs: number;
  /**
   * A new room nobody joined this long after its creation (ms) is unloaded
   * (a script's table, or its creator never connected): strangers cannot fill
   * the server's cap on rooms with empty tables. Longer than the creator's
   * seat reservation (15 s), at most 60 s.
   */
  unjoinedMs: number;
  /** Spectators a room admits (players of free seats and members with their token always get in). */
  maxSpectators: number;
  /** A seated player away this long during a match (seconds) gets a bot stand-in; an away host hands the role on. */
  standInSeconds: number;
  /** Multiplies every clock budget (tests run clocks at a fraction of their real length). */
  clockScale: number;
  /**
   * How much later than the server a seat's clock may begin counting (ms):
   * its player's client reports the first frame that shows the step
   * (`shown`), and a reload gets its time back, each at most this much
   * (seat-clocks.ts). Not scaled by `clockScale`.
   */
  clockGraceMs: number;
  /** Structured logs (observe/logger.ts): room events, bot fallbacks, failures. */
  logger: Logger;
  /** Who runs which room (cluster/leases.ts): shared by the process's rooms and its restorer; Redis-backed in a cluster. */
  leases: RoomLeases;
}

/** FIRESIDE_IDLE_SECONDS (short idle times: the soak test) wins over FIRESIDE_IDLE_MINUTES. */
function idleMsFromEnv(): number {
  const seconds = envInt('FIRESIDE_IDLE_SECONDS', 0, 1, 7 * 24 * 3600);
  return seconds > 0 ? seconds * 1000 : envInt('FIRESIDE_IDLE_MINUTES', 10, 1, 7 * 24 * 60) * 60_000;
}

/** RoomSettings.clockGraceMs: how late a clock may start counting (a slow first frame, a reload). */
export const CLOCK_GRACE_MS = 3000;

/** How long a new room waits for its first member (RoomSettings.unjoinedMs). */
export const UNJOINED_MS = 30_000;

export function defaultSettings(): RoomSettings {
  return {
    games: getGame,
    botDelayMs: envInt('FIRESIDE_BOT_DELAY_MS', 700, 0, 60_000),
    reconnectSeconds: 60,
    store: null,
    idleMs: idleMsFromEnv(),
    unjoinedMs: UNJOINED_MS,
    maxSpectators: envInt('FIRESIDE_MAX_SPECTATORS', 30, 0, 1000),
    standInSeconds: envInt('FIRESIDE_STANDIN_SECONDS', 45, 1, 24 * 3600),
    clockScale: 1,
    clockGraceMs: CLOCK_GRACE_MS,
    logger: rootLogger(),
    leases: processLeases,
  };
}

export function resolveSettings(overrides: Partial<RoomSettings> = {}): RoomSettings {
  const base = defaultSettings();
  const out = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
