/**
 * Whole-match orchestration for the CLI and the tests: create a room and fill
 * every seat with a bot connection, or fill one seat of an existing room.
 */
import { getGame } from '@fireside/shared';
import { BotConnection, type Logger } from './connection.js';
import { BotError } from './errors.js';
import type { DecideContext, MatchOutcome } from './seat-player.js';

/** The one JSON line the CLI prints. */
export interface MatchReport {
  game: string;
  roomId: string;
  players: number;
  winners: number[];
  scores: number[];
  rounds: number | null;
  /** Wall time from the start message (create) or the match start (join) to the end. */
  ms: number;
  /** --join mode: the seat this bot played. */
  seat?: number;
}

export interface CreateMatchOptions {
  server: string;
  game: string;
  players: number;
  options?: Record<string, unknown>;
  seed?: string;
  delayMs?: number;
  timeoutMs?: number;
  log?: Logger;
  verbose?: boolean;
  /** Called once the room exists (e.g. to attach spectators in tests). */
  onRoomCreated?: (roomId: string, host: BotConnection) => void | Promise<void>;
  /** Called with every connection once all are seated, before the start. */
  onSeated?: (bots: BotConnection[]) => void | Promise<void>;
  /** Keep the connections open at the end (the caller leaves them). */
  keepOpen?: boolean;
  /** Move chooser for every bot (default: the game's botAction). */
  decide?: (ctx: DecideContext) => unknown;
}

export interface CreateMatchResult extends MatchReport {
  bots: BotConnection[];
  outcomes: MatchOutcome[];
}

/** Rejects after `ms` with a clear message; `work` gets a signal to clean up. */
export async function withTimeout<T>(ms: number, what: string, work: Promise<T>, onTimeout?: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new BotError(`timed out after ${Math.round(ms / 1000)} s ${what}`));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function checkGame(game: string, players: number): void {
  const def = getGame(game);
  if (!def) throw new BotError(`unknown game "${game}"`);
  if (players < def.minPlayers || players > def.maxPlayers) {
    throw new BotError(`${game} is for ${def.minPlayers} to ${def.maxPlayers} players, not ${players}`);
  }
}

/** Creates a room, seats one bot connection per player, starts and plays to the end. */
export async function runMatch(opts: CreateMatchOptions): Promise<CreateMatchResult> {
  checkGame(opts.game, opts.players);
  const log = opts.log ?? (() => {});
  const bots: BotConnection[] = [];
  const closeAll = () => Promise.all(bots.map((b) => b.leave()));
  const work = (async (): Promise<CreateMatchResult> => {
    const host = await BotConnection.create({ server: opts.server, game: opts.game, name: 'Bot 1', log, verbose: opts.verbose });
    bots.push(host);
    const roomId = host.roomId;
    log(`room ${roomId} created on ${opts.server}`);
    await opts.onRoomCreated?.(roomId, host);

    const optionsOk = (text: string) => {
      if (!opts.options) return true;
      try {
        const now = JSON.parse(text) as Record<string, unknown>;
        return Object.entries(opts.options).every(([k, v]) => JSON.stringify(now[k]) === JSON.stringify(v));
      } catch {
        return false;
      }
    };
    const payload: Record<string, unknown> = { players: opts.players };
    if (opts.options) payload.options = opts.options;
    await host.request('configure', payload, (s) => s.players === opts.players && s.seats.length === opts.players && optionsOk(s.options));

    await host.sit();
    for (let i = 1; i < opts.players; i++) {
      const bot = await BotConnection.join({ server: opts.server, roomId, name: `Bot ${i + 1}`, log, verbose: opts.verbose });
      bots.push(bot);
      await bot.sit();
    }
    await host.waitFor((s) => s.seats.length === opts.players && s.seats.every((seat) => seat.kind !== 'empty'), 10_000, 'every seat to be taken');
    log(`seats: ${bots.map((b) => `${b.name}=${b.seat}`).join(', ')}`);
    await opts.onSeated?.(bots);

    const plays = bots.map((b, i) => b.play({ seed: opts.seed === undefined ? undefined : `${opts.seed}:${i}`, delayMs: opts.delayMs, decide: opts.decide }));
    // A refused play must not leave others hanging: the first failure rejects.
    plays.forEach((p) => p.catch(() => {}));
    const t0 = Date.now();
    await host.request('start', {}, (s) => s.status !== 'lobby', 10_000);
    const outcomes = await Promise.all(plays);
    const ms = Date.now() - t0;
    const first = outcomes[0];
    for (const o of outcomes) {
      if (JSON.stringify(o.winners) !== JSON.stringify(first.winners) || JSON.stringify(o.scores) !== JSON.stringify(first.scores)) {
        throw new BotError('the bots disagree about the result');
      }
    }
    return {
      game: opts.game,
      roomId,
      players: opts.players,
      winners: first.winners,
      scores: first.scores,
      rounds: first.rounds,
      ms,
      bots,
      outcomes,
    };
  })();
  try {
    const result = await withTimeout(opts.timeoutMs ?? 600_000, `(room on ${opts.server})`, work);
    if (!opts.keepOpen) await closeAll();
    return result;
  } catch (e) {
    await closeAll();
    throw e;
  }
}

export interface JoinMatchOptions {
  server: string;
  roomId: string;
  name: string;
  seed?: string;
  delayMs?: number;
  timeoutMs?: number;
  log?: Logger;
  verbose?: boolean;
}

/** Takes one free seat of an existing room and plays it until the match ends. */
export async function joinMatch(opts: JoinMatchOptions): Promise<MatchReport> {
  const log = opts.log ?? (() => {});
  let bot: BotConnection | undefined;
  const work = (async (): Promise<MatchReport> => {
    bot = await BotConnection.join({ server: opts.server, roomId: opts.roomId, name: opts.name, log, verbose: opts.verbose });
    const seat = await bot.sit();
    log(`${opts.name}: seat ${seat} of room ${opts.roomId}; waiting for the host to start`);
    const play = bot.play({ seed: opts.seed, delayMs: opts.delayMs });
    play.catch(() => {});
    const started = await bot.waitFor((s) => s.status === 'playing' || s.status === 'ended', opts.timeoutMs ?? 600_000, 'the match to start');
    const t0 = Date.now();
    const outcome = await play;
    return {
      game: started.game,
      roomId: opts.roomId,
      players: started.players,
      winners: outcome.winners,
      scores: outcome.scores,
      rounds: outcome.rounds,
      ms: Date.now() - t0,
      seat: outcome.seat,
    };
  })();
  try {
    return await withTimeout(opts.timeoutMs ?? 600_000, `(room ${opts.roomId} on ${opts.server})`, work);
  } finally {
    await bot?.leave();
  }
}
