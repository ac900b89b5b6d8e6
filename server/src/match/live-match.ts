/**
 * One match being played: the engine state, its log, its time limit and its
 * bots, projected into the room's synchronized state. No network here: the
 * room hands intents in and Colyseus sends what this writes into the state,
 * so a match can be tested (and replayed) without a server.
 *
 * Order of every accepted event (boardgame.io's master / storage split):
 * validate with the engine → persist the event (the store's append resolves
 * only once it is durable) → replace the engine state → project. Nothing is
 * projected (so nobody is told) before the event is stored; a failed write
 * changes nothing and is an `internal` error to the sender. Events are
 * processed one at a time, in arrival order, even while a write is pending.
 */
import { reject, type AnyGame, type RandomSource, type Result } from '@fireside/shared';
import { BotDriver } from '../rooms/bots.js';
import type { RoomState } from '../rooms/schema.js';
import { applyEvent, replayMatch } from './replay.js';
import type { MatchEvent, MatchSetup } from './types.js';

export interface LiveMatchDeps {
  game: AnyGame;
  /** The room's synchronized state: view, seats' secrets and awaiting flags, result, deadline. */
  state: RoomState;
  /** Durable append of one event (the store); resolves once it is safely written. */
  persist: (matchId: string, event: MatchEvent) => Promise<void> | void;
  /** The match ended (after its last event is stored and projected). */
  onEnd?: (result: { winners: number[]; scores: number[] }) => void;
  isBot: (seat: number) => boolean;
  botRng: RandomSource;
  botDelayMs: number;
  log: (message: string) => void;
  now?: () => number;
}

const internal = <T>(): Result<T> => reject('internal', 'The server could not save this move; nothing changed. Try again.');

export class LiveMatch {
  private engine: unknown;
  private readonly events: MatchEvent[];
  private readonly bots: BotDriver;
  private queue: Promise<unknown> = Promise.resolve();
  private limitTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private readonly now: () => number;

  private constructor(
    private readonly deps: LiveMatchDeps,
    readonly setup: MatchSetup,
    events: MatchEvent[],
  ) {
    this.now = deps.now ?? Date.now;
    this.events = events;
    this.engine = replayMatch(deps.game, setup, events);
    this.bots = new BotDriver(
      {
        game: deps.game,
        engineState: () => (this.disposed ? null : this.engine),
        applyFor: (seat, action) => this.submit(seat, action, true),
        isBot: deps.isBot,
        log: deps.log,
      },
      deps.botRng,
      deps.botDelayMs,
    );
  }

  /** A new match from its setup. */
  static start(deps: LiveMatchDeps, setup: MatchSetup): LiveMatch {
    const match = new LiveMatch(deps, setup, []);
    match.project();
    return match;
  }

  /** A match rebuilt from its log (a restart); `timeLeftMs` resumes a running time limit. */
  static restore(deps: LiveMatchDeps, setup: MatchSetup, events: MatchEvent[], timeLeftMs: number | null = null): LiveMatch {
    const match = new LiveMatch(deps, setup, events.slice());
    match.project(timeLeftMs);
    return match;
  }

  get engineState(): unknown {
    return this.engine;
  }

  get log(): readonly MatchEvent[] {
    return this.events;
  }

  get over(): boolean {
    return this.deps.game.result(this.engine) !== null;
  }

  /** Remaining ms of the running time limit, or null. */
  timeLeftMs(): number | null {
    return this.deps.state.deadline > 0 ? Math.max(0, this.deps.state.deadline - this.now()) : null;
  }

  /** A seat's intent (a human's or a bot's), queued behind any event still being stored. */
  submit(seat: number, input: unknown, bot = false): Promise<Result<unknown>> {
    return this.serially(() => this.accept(seat, input, bot));
  }

  /** Runs `task` after every task queued before it: events are stored and applied in arrival order. */
  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async accept(seat: number, input: unknown, bot: boolean): Promise<Result<unknown>> {
    if (this.disposed) return reject('not-playing', 'No match is being played.');
    const { game } = this.deps;
    const action = game.parseAction(input);
    if (!action.ok) return action;
    const next = game.apply(this.engine, seat, action.value);
    if (!next.ok) return next;
    const event: MatchEvent = { seq: this.events.length, kind: 'action', seat, action: action.value, bot, at: this.now() };
    if (!(await this.store(event))) return internal();
    this.commit(event, next.value);
    return next;
  }

  /** The time limit ran out: the engine's expiry rule, stored like any event. */
  private expire(): Promise<void> {
    return this.serially(async () => {
      if (this.disposed || !this.deps.game.expire || this.over) return;
      const event: MatchEvent = { seq: this.events.length, kind: 'expire', at: this.now() };
      const next = applyEvent(this.deps.game, this.engine, event);
      if (await this.store(event)) this.commit(event, next);
      else this.armTimeLimit(5_000); // try again shortly rather than stall the table
    }).catch((e) => this.deps.log(`expiry failed: ${(e as Error)?.message ?? e}`));
  }

  private async store(event: MatchEvent): Promise<boolean> {
    try {
      await this.deps.persist(this.setup.matchId, event);
      return true;
    } catch (e) {
      this.deps.log(`match ${this.setup.matchId}: storing event ${event.seq} failed: ${(e as Error)?.message ?? e}`);
      return false;
    }
  }

  private commit(event: MatchEvent, next: unknown): void {
    if (this.disposed) return;
    this.events.push(event);
    this.engine = next;
    this.project();
  }

  /** Projects the engine state into the synchronized state, then wakes bots and the time limit. */
  private project(timeLeftMs: number | null = null): void {
    const { game, state } = this.deps;
    const s = this.engine;
    state.view = JSON.stringify(game.publicView(s));
    const awaiting = game.awaiting(s);
    // What everybody sees as awaited may be coarser than whom the engine waits
    // on, when that itself is secret (Wind City's insurance market).
    const shown = new Set<number>(game.publicAwaiting ? game.publicAwaiting(s) : awaiting);
    state.seats.forEach((seat, i) => {
      seat.secret = JSON.stringify(game.seatView(s, i));
      seat.awaiting = shown.has(i);
    });
    const result = game.result(s);
    if (result) {
      state.status = 'ended';
      state.result = JSON.stringify({ winners: result.winners, scores: result.scores });
      state.seats.forEach((seat) => (seat.awaiting = false));
      this.bots.cancelAll();
      this.clearTimeLimit();
      this.deps.onEnd?.({ winners: result.winners, scores: result.scores });
      return;
    }
    state.status = 'playing';
    this.bots.schedule(awaiting);
    this.updateTimeLimit(timeLeftMs);
  }

  /**
   * Starts the step's timer when the engine sets a time limit, and stops it
   * when the limit goes away. A limit covers its whole step: actions inside
   * the step (one buyer asking) do not restart it. A restored match resumes
   * with the time it had left.
   */
  private updateTimeLimit(timeLeftMs: number | null): void {
    const seconds = this.deps.game.timeLimit?.(this.engine) ?? null;
    if (seconds === null) return this.clearTimeLimit();
    if (this.limitTimer !== null) return;
    this.armTimeLimit(timeLeftMs ?? seconds * 1000);
  }

  private armTimeLimit(ms: number): void {
    if (this.limitTimer !== null) clearTimeout(this.limitTimer);
    this.deps.state.deadline = this.now() + ms;
    this.limitTimer = setTimeout(() => {
      this.limitTimer = null;
      this.deps.state.deadline = 0;
      void this.expire();
    }, ms);
  }

  private clearTimeLimit(): void {
    if (this.limitTimer !== null) clearTimeout(this.limitTimer);
    this.limitTimer = null;
    this.deps.state.deadline = 0;
  }

  /** Stops bots and timers; later intents are refused. The synchronized state is left as is. */
  dispose(): void {
    this.disposed = true;
    this.bots.cancelAll();
    this.clearTimeLimit();
  }
}
