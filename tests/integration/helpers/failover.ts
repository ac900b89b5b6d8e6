/**
 * Bot tables for the failover tests (cluster-failover.test.ts): three bot
 * clients (botclient/, the same code as `npx fireside-bot`) seated at a room
 * created through one process, and a spectator, all reaching the cluster
 * through the front door; every public view each of them sees is recorded,
 * so the test can check it against the stored match log afterwards.
 */
import { getGame, replaySteps, type AnyGame } from '@fireside/shared';
import type { BotConnection as BotConnectionType, MatchOutcome, RoomSnapshot } from '../../../botclient/src/index.js';
import type { FrontDoor } from './front-door.js';

const { BotConnection } = await import('../../../botclient/src/index.js');

/** JSON with sorted keys: the client's view and the engine's come from different code. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

interface Update {
  at: number;
  /** The SDK room (one per connection: a rejoin makes a new one). */
  room: unknown;
  /** A new public view. */
  moved: boolean;
}

/** What one connection saw: each new public view, and when each state update came, on which connection. */
export class Recorder {
  readonly views: string[] = [];
  readonly updates: Update[] = [];

  constructor(readonly conn: BotConnectionType) {
    conn.onState((s) => this.saw(s));
  }

  private saw(s: RoomSnapshot): void {
    const view = s.view ? canonical(JSON.parse(s.view)) : null;
    const moved = view !== null && view !== this.views[this.views.length - 1];
    if (moved) this.views.push(view);
    this.updates.push({ at: Date.now(), room: this.conn.room, moved });
  }

  /** Ms from `t` to the first update on another connection than `room` (a rejoin), or to the first new view there (`moved`). */
  since(t: number, room: unknown, moved = false): number {
    const u = this.updates.find((x) => x.at >= t && x.room !== room && (!moved || x.moved));
    return u === undefined ? Infinity : u.at - t;
  }
}

export interface BotTable {
  game: AnyGame;
  roomId: string;
  /** Index of the process it was created in. */
  home: number;
  seated: BotConnectionType[];
  watcher: BotConnectionType;
  recorders: Recorder[];
  plays: Promise<MatchOutcome>[];
  /** When its clients had all joined. */
  openedAt: number;
}

import fs from 'node:fs';
const quiet = process.env.FAILOVER_DEBUG ? (m: string) => fs.appendFileSync(process.env.FAILOVER_DEBUG!, `${Date.now()} ${m}\n`) : () => undefined;

/** A bot match of `gameId` created through process `home`; its players and spectator first reach the others. */
export async function openTable(door: FrontDoor, gameId: string, home: number, tag: string, delayMs: number): Promise<BotTable> {
  const game = getGame(gameId)!;
  const host = await BotConnection.create({ server: door.via(home), name: `${tag}-0`, game: gameId, log: quiet });
  const roomId = host.roomId;
  const others = [];
  for (const k of [1, 2]) others.push(await BotConnection.join({ server: door.via(home + k), roomId, name: `${tag}-${k}`, log: quiet }));
  const seated = [host, ...others];
  await host.request('configure', { players: 3 }, (s) => s.players === 3);
  for (const [i, b] of seated.entries()) await b.sit(i);
  const watcher = await BotConnection.join({ server: door.via(home + 1), roomId, name: `${tag}-w`, log: quiet });
  const recorders = [...seated, watcher].map((c) => new Recorder(c));
  const openedAt = Date.now();
  await host.request('start', {}, (s) => s.status === 'playing');
  const plays = seated.map((b, i) => b.play({ seed: `${tag}-${i}`, delayMs }));
  return { game, roomId, home, seated, watcher, recorders, plays, openedAt };
}

/**
 * The SDK reconnects by itself (to the same process) only a connection up
 * for 5 s: a crash after that is the usual case, and the slower one.
 */
const SDK_MIN_UPTIME_MS = 5000;

/** Resolves once every table's spectator has seen `views` views of its match, and its clients have been connected long enough for the SDK's own reconnection. */
export async function underway(tables: BotTable[], views: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (tables.some((t) => t.recorders[3].views.length < views || Date.now() - t.openedAt < SDK_MIN_UPTIME_MS + 500)) {
    if (Date.now() > deadline) throw new Error(`the matches did not get going: ${tables.map((t) => t.recorders[3].views.length).join(', ')} views`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const isSubsequence = (part: string[], whole: string[]): boolean => {
  let i = 0;
  for (const w of whole) if (i < part.length && part[i] === w) i++;
  return i === part.length;
};

/**
 * The match as stored, replayed by the engine from its seed and events,
 * went through every view each client saw, in order (nothing a client saw
 * was lost, nothing was invented), and ended with the result the bots got.
 */
export async function checkAgainstStore(door: FrontDoor, table: BotTable, outcomes: MatchOutcome[]): Promise<{ events: number }> {
  const { game } = table;
  const state = () => table.watcher.room.state as { lastMatchId: string };
  const deadline = Date.now() + 10_000;
  while (state().lastMatchId === '' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const res = await fetch(`${door.url}/api/matches/${state().lastMatchId}`);
  if (!res.ok) throw new Error(`the match log of ${table.roomId}: HTTP ${res.status}`);
  const log = (await res.json()) as { setup: never; events: never[]; result: unknown };
  const steps = replaySteps(game, log.setup, log.events);
  const views = steps.map((s) => canonical(game.publicView(s)));
  for (const r of table.recorders) {
    if (!isSubsequence(r.views, views))
      throw new Error(`${r.conn.name} saw views that are not in the stored match (${r.views.length} seen, ${views.length} stored)`);
  }
  const final = steps[steps.length - 1];
  const result = game.result(final)!;
  for (const o of outcomes) {
    if (canonical({ winners: o.winners, scores: o.scores }) !== canonical({ winners: result.winners, scores: result.scores })) {
      throw new Error(`${table.roomId}: a bot's result ${canonical(o)} is not the replayed ${canonical(result)}`);
    }
  }
  return { events: log.events.length };
}

/** How often each room was restored (`room.restored` lines) in these processes' logs. */
export function restoresIn(logs: string[], roomId: string): number {
  let n = 0;
  for (const log of logs) {
    for (const line of log.split('\n')) {
      if (line.startsWith('{') && line.includes('"room.restored"') && line.includes(`"roomId":"${roomId}"`)) n++;
    }
  }
  return n;
}
