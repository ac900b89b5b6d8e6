/**
 * Bot scheduling: a bot seat the game awaits acts after the room's bot delay
 * give or take a quarter (at once for a step the game names in
 * `botMovesAtOnce`), deciding from what that seat may see
 * (`botAction(publicView, seatView, seat, rng)`); a null or illegal answer
 * falls back to the engine's `sampleAction`.
 */
import { randomInt } from 'node:crypto';
import type { AnyGame, RandomSource, Result } from '@fireside/shared';
import { errorField, type Logger } from '../observe/logger.js';

export interface BotHost {
  readonly game: AnyGame;
  /** The current engine state, or null outside a match. */
  engineState(): unknown | null;
  /** Applies an action for a seat through the same path as a human intent (stored first). */
  applyFor(seat: number, action: unknown): Promise<Result<unknown>>;
  /** Is the seat a bot right now? */
  isBot(seat: number): boolean;
  /** The seat's bot personality for this match (engine contract `botAction`'s `persona`). */
  persona?(seat: number): string;
  /** Does the seat's bot move now without the delay (engine contract `botMovesAtOnce`)? */
  atOnce?(seat: number): boolean;
  /** The room's logger (with its room and match ids). */
  readonly log: Logger;
}

/** How far a bot's delay strays from the room's bot delay, either way, as a fraction of it. */
export const BOT_DELAY_SPREAD = 0.25;

export class BotDriver {
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  /**
   * Seats whose move is decided and being stored: not armed again until it
   * is done (the projection of another seat's move still shows them awaited,
   * and a second decision would answer a state about to change).
   */
  private readonly inFlight = new Set<number>();
  private generation = 0;

  constructor(
    private readonly host: BotHost,
    private readonly rng: RandomSource,
    private readonly delayMs: number,
  ) {}

  /** Arms a timer for every awaited bot seat that has none. */
  schedule(awaiting: readonly number[]): void {
    for (const seat of awaiting) {
      if (!this.host.isBot(seat) || this.timers.has(seat) || this.inFlight.has(seat)) continue;
      const generation = this.generation;
      const timer = setTimeout(() => {
        this.timers.delete(seat);
        if (generation !== this.generation) return;
        // An engine bug must not take the process down.
        this.inFlight.add(seat);
        this.act(seat, generation)
          .catch((e) => this.host.log.error({ event: 'bot.failed', seat, err: errorField(e) }, 'bot move failed'))
          .finally(() => this.landed(seat, generation));
      }, this.delayFor(seat));
      this.timers.set(seat, timer);
    }
  }

  /**
   * The bot delay give or take a quarter (BOT_DELAY_SPREAD), except for a
   * step the game says is answered at once: one that exists only because of
   * a secret move, whose pause would show others that the move was made
   * (Wind City's seller answering a request). The spread drowns what a fixed
   * pace would let a stopwatch read: the few milliseconds of storing one more
   * secret move (the seller's answer) before a public one (the market's
   * close; docs/measurements.md, "Wind City's market pace").
   */
  private delayFor(seat: number): number {
    if (this.host.atOnce?.(seat)) return 0;
    const spread = Math.round(this.delayMs * BOT_DELAY_SPREAD);
    return this.delayMs + randomInt(-spread, spread + 1);
  }

  /** A seat's move is stored (or refused): arm it again if the game still awaits it (a step of several moves). */
  private landed(seat: number, generation: number): void {
    this.inFlight.delete(seat);
    if (generation !== this.generation) return;
    const state = this.host.engineState();
    if (state !== null && this.host.game.awaiting(state).includes(seat)) this.schedule([seat]);
  }

  /** Cancels every pending bot move (end of match, back to lobby, dispose). */
  cancelAll(): void {
    this.generation++;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.inFlight.clear();
  }

  private async act(seat: number, generation: number): Promise<void> {
    const { game } = this.host;
    const state = this.host.engineState();
    if (state === null || !this.host.isBot(seat)) return;
    if (!game.awaiting(state).includes(seat)) return;

    let chosen: unknown = null;
    try {
      chosen = game.botAction(game.publicView(state), game.seatView(state, seat), seat, this.rng, this.host.persona?.(seat));
    } catch (e) {
      this.host.log.warn({ event: 'bot.fallback', seat, err: errorField(e) }, 'botAction threw; falling back to sampleAction');
    }
    if (chosen === null || chosen === undefined) {
      this.host.log.warn({ event: 'bot.fallback', seat }, 'botAction returned null; falling back to sampleAction');
    } else if (await this.tryApply(seat, chosen, 'bot action', generation)) {
      return;
    }
    // The match ended, or moved on past this seat, while the bot's move was being refused.
    if (generation !== this.generation) return;
    const now = this.host.engineState();
    if (now === null || !game.awaiting(now).includes(seat)) return;

    let fallback: unknown = null;
    try {
      fallback = game.sampleAction(now, seat, this.rng);
    } catch (e) {
      this.host.log.warn({ event: 'bot.fallback', seat, err: errorField(e) }, 'sampleAction threw');
    }
    if (fallback === null || fallback === undefined) {
      this.host.log.error({ event: 'bot.stuck', seat }, 'no action for an awaited bot seat; the match is stuck');
      return;
    }
    await this.tryApply(seat, fallback, 'sampleAction', generation);
  }

  /** True when the move is done with: applied, or cancelled while it waited its turn (a shutdown, the match's end: nothing to report). */
  private async tryApply(seat: number, action: unknown, what: string, generation: number): Promise<boolean> {
    try {
      const res = await this.host.applyFor(seat, action);
      if (res.ok || generation !== this.generation) return true;
      // Only the action's type: in a hidden-information game the move itself may be secret.
      this.host.log.warn({ event: 'bot.refused', seat, code: res.error.code, reason: res.error.message, actionType: actionType(action) }, `${what} refused`);
    } catch (e) {
      this.host.log.error({ event: 'bot.failed', seat, err: errorField(e) }, `${what} threw`);
    }
    return false;
  }
}

function actionType(action: unknown): string {
  const type = action && typeof action === 'object' ? (action as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type.slice(0, 40) : typeof action;
}
