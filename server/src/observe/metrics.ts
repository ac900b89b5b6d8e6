/**
 * What `GET /metrics` reports (metrics-route.ts): Fireside's own metrics,
 * then the process's defaults from prom-client (CPU, memory, heap, GC,
 * event-loop lag, handles), in the Prometheus text format.
 *
 * The hot path (an intent accepted, a patch sent, an event stored) uses
 * cells bound here once (metric-types.ts): a call adds to a number.
 * Rooms and clients are counted only when scraped, from the live rooms.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';
import { Counter, Histogram, ScrapedGauge, type CounterCell, type Renderable } from './metric-types.js';

/** Seconds, from 0.1 ms (a patch to a few clients) to 5 s (a store in trouble). */
const LATENCY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const intents = new Counter('fireside_intents_total', 'Intents from players, by result: accepted, or the error code they were refused with.', ['result']);
export const intentAccepted = intents.with('accepted');
const intentRefusals = new Map<string, CounterCell>();
/** The refusal counter of an error code (bound the first time the code is seen). */
export function intentRefused(code: string): CounterCell {
  let cell = intentRefusals.get(code);
  if (!cell) intentRefusals.set(code, (cell = intents.with(code)));
  return cell;
}

const intentTimes = new Histogram('fireside_intent_seconds', 'From an intent’s arrival to its answer: accepted once stored, or refused.', [], LATENCY_BUCKETS);
export const intentSeconds = intentTimes.with();
const patchTimes = new Histogram('fireside_patch_send_seconds', 'Time to encode and send one state patch of a room to all its clients.', [], LATENCY_BUCKETS);
export const patchSendSeconds = patchTimes.with();

const storeWrites = new Histogram('fireside_store_write_seconds', 'Time until a store write is durable, by operation.', ['op'], LATENCY_BUCKETS);
const storeWriteErrors = new Counter('fireside_store_write_errors_total', 'Store writes that failed, by operation.', ['op']);
export type StoreOp = 'append_event' | 'save_room' | 'start_match' | 'finish_match';
export const storeWrite = (op: StoreOp) => ({ seconds: storeWrites.with(op), errors: storeWriteErrors.with(op) });

const restores = new Counter('fireside_room_restores_total', 'Rooms rebuilt from the store (at start, or woken by a link or a reconnection), by result.', [
  'result',
]);
export const restoreOk = restores.with('ok');
export const restoreFailed = restores.with('failed');

export type StandInReason = 'away' | 'asked' | 'timeout';
const standIns = new Counter(
  'fireside_standins_total',
  'Bot stand-ins that took over a player’s seat, by reason: away too long, asked (by the host or the player), or the seat’s clock ran out (timeout).',
  ['reason'],
);
export const standInTaken = (reason: StandInReason) => standIns.with(reason);

const roomsCreated = new Counter('fireside_rooms_created_total', 'Rooms created (not restored), by game.', ['game']);
const matchesStarted = new Counter('fireside_matches_started_total', 'Matches started, by game.', ['game']);
const matchesEnded = new Counter('fireside_matches_ended_total', 'Matches that reached their result, by game.', ['game']);
export const gameCounters = (game: string) => ({ created: roomsCreated.with(game), started: matchesStarted.with(game), ended: matchesEnded.with(game) });

/** Why the abuse limits (limits/abuse-gate.ts) refused a matchmaking request or a WebSocket upgrade. */
export type RefusalReason = 'joins_per_minute' | 'connections' | 'open_rooms' | 'rooms_per_minute' | 'server_full' | 'other';
const limitRefusals = new Counter(
  'fireside_limit_refusals_total',
  'Matchmaking requests and WebSocket upgrades refused by the abuse limits, by reason: joins_per_minute, connections, open_rooms, rooms_per_minute, server_full (no room may be created or woken).',
  ['reason'],
);
/** The refusal counter of a reason (a handful of fixed values). */
export const limitRefused = (reason: RefusalReason) => limitRefusals.with(reason);

const logErrors = new Counter('fireside_log_errors_total', 'Lines logged at level error or above.', []);
export const logErrorsCounter = logErrors.with();

/** What the gauges read from a live room. */
export interface LiveRoom {
  readonly gameId: string;
  status(): string;
  clientCount(): number;
}
const liveRooms = new Set<LiveRoom>();

/** Counts a room in the gauges until the returned function is called (its disposal). */
export function trackRoom(room: LiveRoom): () => void {
  liveRooms.add(room);
  return () => void liveRooms.delete(room);
}

function byGameAndStatus(pick: (r: LiveRoom) => number): [string[], number][] {
  const sums = new Map<string, [string[], number]>();
  for (const room of liveRooms) {
    const status = room.status();
    const key = `${room.gameId}\u0000${status}`;
    const entry = sums.get(key) ?? sums.set(key, [[room.gameId, status], 0]).get(key)!;
    entry[1] += pick(room);
  }
  return [...sums.values()];
}

const families: Renderable[] = [
  new ScrapedGauge('fireside_rooms', 'Rooms loaded in this process, by game and status (lobby, playing, ended).', ['game', 'status'], () =>
    byGameAndStatus(() => 1),
  ),
  new ScrapedGauge('fireside_clients', 'Connected clients (players and spectators), by game and room status.', ['game', 'status'], () =>
    byGameAndStatus((r) => r.clientCount()),
  ),
  intents,
  intentTimes,
  patchTimes,
  storeWrites,
  storeWriteErrors,
  restores,
  standIns,
  limitRefusals,
  roomsCreated,
  matchesStarted,
  matchesEnded,
  logErrors,
];

let processMetrics: Registry | null = null;

/** Starts the process metrics (prom-client's defaults keep an event-loop monitor running): once, when /metrics is mounted. */
export function startProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = new Registry();
  collectDefaultMetrics({ register: processMetrics });
}

/** The exposition text of every metric. */
export async function renderMetrics(): Promise<string> {
  const out: string[] = [];
  for (const family of families) family.render(out);
  const defaults = processMetrics ? await processMetrics.metrics() : '';
  return `${out.join('\n')}\n${defaults}`;
}
