/**
 * Plays and records a whole match for the leak test, the same way for every
 * game: a host creates the room, a spectator joins in the lobby, every seat is
 * a bot client over the wire (botclient), and a latecomer joins as a
 * spectator when the game's director says (in the middle of a secret phase:
 * its first frame is a full-state encoding). Every WebSocket message each of
 * them receives is recorded before the SDK decodes it (helpers/recording-ws.ts).
 *
 * Import this module before anything that loads '@colyseus/sdk' or botclient:
 * the SDK picks `globalThis.WebSocket` once, when it is first loaded, so the
 * recorder is installed here and the SDK and botclient are loaded after it
 * (per-game modules take BotConnection and defaultDecide from here).
 */
import { installRecordingWebSocket, linkRoomsToSockets, socketsOf, type RecordedFrame } from '../helpers/recording-ws.js';
import { startFiresideServer, type RunningServer } from '../helpers/server.js';
import type { ClientLog } from './scan.js';

installRecordingWebSocket();
const sdk = await import('@colyseus/sdk');
linkRoomsToSockets(sdk.Room);
const botclient = await import('../../../botclient/src/index.js');
export const { BotConnection, defaultDecide, withTimeout } = botclient;
export type Bot = import('../../../botclient/src/index.js').BotConnection;
export type DecideContext = import('../../../botclient/src/index.js').DecideContext;
export type RoomSnapshot = import('../../../botclient/src/index.js').RoomSnapshot;
type Outcome = import('../../../botclient/src/index.js').MatchOutcome;
const { getGame } = await import('@fireside/shared');

export const log = (m: string) => {
  if (process.env.FIRESIDE_TEST_VERBOSE) process.stderr.write(`${m}\n`);
};

/** Waits sized for a busy 2-core CI machine (load averages of 10+ are seen there). */
export const WAIT = { seat: 30_000, latecomer: 60_000, end: 60_000 };

let srv: RunningServer | null = null;
const open: Bot[] = [];

/** One server for the whole leak test; `engines`: what it serves under some ids instead of the registry's. */
export async function startLeakServer(engines: Record<string, unknown>): Promise<void> {
  srv = await startFiresideServer({ botDelayMs: 20, games: (id) => (engines[id] ?? getGame(id)) as ReturnType<typeof getGame> });
}

export async function stopLeakServer(): Promise<void> {
  await Promise.all(open.splice(0).map((b) => b.leave().catch(() => {})));
  await srv?.stop();
}

const server = () => {
  if (!srv) throw new Error('the leak server is not started (startLeakServer in beforeAll)');
  return srv.url;
};

export const framesOf = (bot: Bot): RecordedFrame[] => socketsOf(bot.room).flatMap((s) => s.frames);

export interface MatchPlan {
  /** The game id the room is created with (a leaky variant's id, for a negative control). */
  game: string;
  players: number;
  options?: Record<string, unknown>;
  seed: string;
  /** How long the bots may take to play the whole match. */
  timeoutMs: number;
  /** Stop recording (and leave) once the lobby spectator's state satisfies this, rather than at the end. */
  stopWhen?: { done: (s: RoomSnapshot) => boolean; what: string };
}

/** How the bots play one match, and when the latecomer joins. */
export interface Director {
  decide(ctx: DecideContext): unknown;
  /** The latecomer joins as soon as the lobby spectator's state satisfies this (null: no latecomer). */
  latecomerWhen: ((s: RoomSnapshot) => boolean) | null;
  /** What the latecomer waits for, for its label and messages ("joined mid-reveal"). */
  latecomerLabel: string;
  latecomerJoined?(): void;
  stop?(): void;
}

export interface Recording {
  plan: MatchPlan;
  /** The director that played it (a game's own may keep notes on how it went). */
  director: Director;
  clients: ClientLog[];
  /** Each client's seat token (from its welcome), by client label. */
  tokens: Map<string, string>;
  /** Sockets each client opened (1: it never reconnected). */
  socketsPerClient: number[];
  /** The seats' outcomes (empty when the recording stopped before the end). */
  outcomes: Outcome[];
  ms: number;
  /** The first public view the latecomer decoded (parsed), null without a latecomer. */
  latecomerFirstView: any;
}

/** Creates the room with a lobby spectator, configures it and seats a bot in every seat, in order. */
async function seatBots(plan: MatchPlan): Promise<{ bots: Bot[]; watcher: Bot }> {
  // The server runs in this process: after a long synchronous scan, its expired
  // keep-alive timers have not run yet, and the SDK's next fetch would reuse an
  // idle HTTP socket the server is about to close ("fetch failed", seen before
  // Santa's leaky match). One turn of the event loop lets the server close it first.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const host = await BotConnection.create({ server: server(), game: plan.game, name: 'Bot 1', log });
  open.push(host);
  const watcher = await BotConnection.join({ server: server(), roomId: host.roomId, name: 'Watcher', log });
  open.push(watcher);
  const { players, options } = plan;
  const optionsOk = (text: string) =>
    !options || Object.entries(options).every(([k, v]) => JSON.stringify((JSON.parse(text) as Record<string, unknown>)[k]) === JSON.stringify(v));
  const configured = (s: RoomSnapshot) => s.players === players && s.seats.length === players && optionsOk(s.options);
  await host.request('configure', options ? { players, options } : { players }, configured, WAIT.seat, `room configured for ${players} players`);
  await host.sit(0, WAIT.seat);
  const bots: Bot[] = [host];
  for (let i = 1; i < players; i++) {
    const b = await BotConnection.join({ server: server(), roomId: host.roomId, name: `Bot ${i + 1}`, log });
    open.push(b);
    bots.push(b);
    await b.sit(i, WAIT.seat);
  }
  return { bots, watcher };
}

/** Joins the latecomer once the director's moment comes (watched through the lobby spectator). */
function watchForLatecomer(watcher: Bot, director: Director): { stop: () => void; joined: () => Promise<Bot | null> } {
  let latecomer: Promise<Bot> | null = null;
  const when = director.latecomerWhen;
  const stop = when
    ? watcher.onState((s) => {
        if (latecomer || s.status !== 'playing' || !s.view || !when(s)) return;
        latecomer = BotConnection.join({ server: server(), roomId: watcher.roomId, name: 'Latecomer', log });
        latecomer.then(
          () => director.latecomerJoined?.(),
          () => director.latecomerJoined?.(),
        );
      })
    : () => {};
  const joined = async () => {
    if (!when) return null;
    if (!latecomer) throw new Error(`the latecomer never joined: the match never reached its moment (${director.latecomerLabel})`);
    const bot = await withTimeout(WAIT.latecomer, `waiting for the latecomer to join (${director.latecomerLabel})`, latecomer);
    open.push(bot);
    return bot;
  };
  return { stop, joined };
}

/** Plays the match to its end (or to plan.stopWhen) while recording every client. */
export async function recordMatch(plan: MatchPlan, direct: (bots: Bot[]) => Director): Promise<Recording> {
  const { bots, watcher } = await seatBots(plan);
  const director = direct(bots);
  const late = watchForLatecomer(watcher, director);
  const plays = bots.map((b, i) => b.play({ seed: `${plan.seed}:${i}`, decide: (ctx) => director.decide(ctx) }));
  plays.forEach((p) => p.catch(() => {}));
  const t0 = Date.now();
  let outcomes: Outcome[] = [];
  try {
    await bots[0].request('start', {}, (s) => s.status !== 'lobby', WAIT.seat, 'the match to start');
    if (plan.stopWhen) {
      const { done, what } = plan.stopWhen;
      await watcher.waitFor((s) => s.status === 'ended' || done(s), plan.timeoutMs, what);
    } else outcomes = await withTimeout(plan.timeoutMs, `playing ${plan.game} room ${bots[0].roomId}`, Promise.all(plays));
  } finally {
    director.stop?.();
    late.stop();
  }
  const ms = Date.now() - t0;
  const latecomer = await late.joined();
  const watchers = [{ bot: watcher, label: 'spectator (from the lobby)' }];
  if (latecomer) watchers.push({ bot: latecomer, label: `spectator (${director.latecomerLabel})` });
  if (!plan.stopWhen) for (const w of watchers) await w.bot.waitFor((s) => s.status === 'ended', WAIT.end, `${w.label} to see the end`);
  const rec = collect(plan, director, bots, watchers, outcomes, ms);
  // Leave at once (the frames are kept): all games share one server, which admits 50 connections per address.
  const everyone = [...bots, ...watchers.map((w) => w.bot)];
  await withTimeout(WAIT.end, `the clients of ${plan.game} room ${bots[0].roomId} leaving`, Promise.all(everyone.map((bot) => bot.leave())));
  for (const bot of everyone) open.splice(open.indexOf(bot), 1);
  return rec;
}

/** The recording of each client, labelled, with what the checks need to know about the match. */
function collect(plan: MatchPlan, director: Director, bots: Bot[], watchers: { bot: Bot; label: string }[], outcomes: Outcome[], ms: number): Recording {
  const all = [...bots.map((b) => ({ bot: b, label: `seat ${b.seat}`, seat: b.seat as number | null })), ...watchers.map((w) => ({ ...w, seat: null }))];
  const clients: ClientLog[] = all.map(({ bot, label, seat }) => ({ label, seat, frames: framesOf(bot) }));
  const firstView = watchers.length > 1 ? clients[clients.length - 1].frames.find((f) => f.viewAfter)?.viewAfter : undefined;
  return {
    plan,
    director,
    clients,
    tokens: new Map(all.map(({ bot, label }) => [label, bot.token])),
    socketsPerClient: all.map(({ bot }) => socketsOf(bot.room).length),
    outcomes,
    ms,
    latecomerFirstView: firstView ? JSON.parse(firstView) : null,
  };
}
