/**
 * The abuse limits (docs/self-hosting.md, "Settings"): what one address may
 * do, and how many rooms the server keeps open. The defaults are far above
 * what a person at a table does, and far below what a script does (one
 * anonymous client created 761 rooms in 10 seconds before these existed).
 */
import { envInt } from '../config/env.js';
import { trustListFromEnv } from './client-address.js';

export interface AbuseLimits {
  /** Rooms one address may create per minute (`create` / `joinOrCreate` requests). */
  roomsPerMinute: number;
  /** Rooms created by one address that are still open (loaded) on this server. */
  openRoomsPerAddress: number;
  /** Rooms open on this server in all; past it no new room is created (existing rooms still wake up). */
  maxOpenRooms: number;
  /** WebSocket connections open at once from one address. */
  connectionsPerAddress: number;
  /** Matchmaking requests (create, join, reconnect) from one address per minute. */
  joinsPerMinute: number;
  /**
   * The reverse proxies trusted to report the client address in
   * `X-Forwarded-For`: addresses, CIDR ranges and proxy-addr's names
   * (client-address.ts); empty: the header is ignored.
   */
  trustProxy: readonly string[];
}

const MAX = 1_000_000;

/** ConfigError (config/env.ts) for a FIRESIDE_TRUST_PROXY it cannot read, so that the server does not start with it. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): AbuseLimits {
  return {
    roomsPerMinute: envInt('FIRESIDE_ROOMS_PER_MINUTE', 30, 1, MAX, env),
    openRoomsPerAddress: envInt('FIRESIDE_OPEN_ROOMS_PER_ADDRESS', 20, 1, MAX, env),
    maxOpenRooms: envInt('FIRESIDE_MAX_ROOMS', 1000, 1, MAX, env),
    connectionsPerAddress: envInt('FIRESIDE_CONNECTIONS_PER_ADDRESS', 50, 1, MAX, env),
    joinsPerMinute: envInt('FIRESIDE_JOINS_PER_MINUTE', 120, 1, MAX, env),
    trustProxy: trustListFromEnv(env),
  };
}
