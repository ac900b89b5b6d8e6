/**
 * One match being played: the engine state, its log, its time limit and its
 * bots, shown through a projection (projection.ts). No network and no
 * Colyseus here: the room hands intents in and writes the projection into
 * its synchronized state, so a match can be tested (and replayed) without a
 * server.
 *
 * Order of every accepted event (boardgame.io's master / storage split):
 * validate with the engine → persist the event (the store's append resolves
 * only once it is durable) → replace the engine state → project. Nothing is
 * projected (so nobody is told) before the event is stored; a failed write
 * changes nothing and is an `internal` error to the sender. Events are
 * processed one at a time, in arrival order, even while a write is pending.
 */
import { createHash } from 'node:crypto';
import { reject, ViewEncoder, type AnyGame, type ClockPace, type RandomSource, type Result } from '@fireside/shared';
import { errorField, type Logger } from '../observe/logger.js';
import { BotDriver } from './bots.js';
import type { MatchProjection } from './projection.js';
import { replayMatch } from './replay.js';
import { SeatClocks, type ClockRow } from './seat-clocks.js';
import type { MatchEvent, MatchSetup } from '../store/types.js';

export interface LiveMatchDeps {
  game: AnyGame;
  /** Where the match shows its view, seats' secrets, awaiting flags, clocks and result (the room's synchronized state). */
  projection: MatchProjection;
  /** Durable append of one event (the store); resolves once it is safely written. */
  persist: (matchId: string, event: MatchEvent) => Promise<void> | void;
  /**
   * The match ended (after its last event is stored and projected). The state
   * shows `ended` and the result once what this returns settles (the room
   * stores the end and names the replay first); at once without it.
   */
  onEnd?: (result: { winners: number[]; scores: number[] }) => Promise<void> | void;
  /** Does a bot play this seat right now (a bot seat, or a human's stand-in)? Timed-out seats are added here. */
  isBot: (seat: number) => boolean;
  botRng: RandomSource;
  botDelayMs: number;
  /** The table's clock pace and a factor on every budget (tests). */
  pace: ClockPace;
  clockScale?: number;
  /** How late a human seat's clock may begin counting: its client's first frame of the step, a reload (seat-clocks.ts). 0: at once. */
  clockGraceMs?: number;
  /** A seat's clock ran out: its stand-in plays the rest of the step (the room logs it). */
  onTimeout?: (seat: number) => void;
  /** The projection was rewritten from the engine (the room sends it at once). */
  projected?: () => void;
  /** The room's logger (room and match ids bound). */
  log: Logger;
  now?: () => number;
}

const internal = <T>(): Result<T> => reject('internal', 'The server could not save this move; nothing changed. Try again.');

export class LiveMatch {
  private engine: unknown;
  private readonly events: MatchEvent[];
  private readonly bots: BotDriver;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly clocks: SeatClocks;
  private disposed = false;
  private readonly now: () => number;
  /** The game's public view to parts, its declared object shapes keyless (shared/src/protocol/wire-shapes.ts). */
  private readonly encoder: ViewEncoder;

  private constructor(
    private readonly deps: LiveMatchDeps,
    readonly setup: MatchSetup,
    events: MatchEvent[],
  ) {
    this.now = deps.now ?? Date.now;
    this.encoder = new ViewEncoder(deps.game.wireShapes);
    this.events = events;
    this.engine = replayMatch(deps.game, setup, events);
    this.clocks = new SeatClocks({
      game: deps.game,
      pace: deps.pace,
      scale: deps.clockScale ?? 1,
      now: this.now,
      graceMs: deps.clockGraceMs ?? 0,
      immediate: (seat) => deps.isBot(seat),
      onTimeout: (seat) => this.timedOut(seat),
    });
    this.bots = new BotDriver(
      {
        game: deps.game,
        engineState: () => (this.disposed ? null : this.engine),
        applyFor: (seat, action) => this.submit(seat, action, true),
        isBot: (seat) => deps.isBot(seat) || this.clocks.timedOut(seat),
        persona: (seat) => personaOf(setup.seed, seat),
        atOnce: (seat) => !this.disposed && (deps.game.botMovesAtOnce?.(this.engine, seat) ?? false),
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

  /** A match rebuilt from its log (a restart); `clocks` resumes the seats' running clocks. */
  static restore(deps: LiveMatchDeps, setup: MatchSetup, events: MatchEvent[], clocks: readonly ClockRow[] = []): LiveMatch {
    const match = new LiveMatch(deps, setup, events.slice());
    match.project(clocks);
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

  /** The seats' running clocks with their time left (the room's snapshot). */
  clockRows(): ClockRow[] {
    return this.clocks.rows();
  }

  /**
   * The seat's client has drawn the step of clock `clockId` (`shown`): its
   * countdown may start from now (seat-clocks.ts). False: that clock is not
   * this seat's running one.
   */
  shown(seat: number, clockId: number): boolean {
    if (this.disposed || !this.clocks.shown(seat, clockId)) return false;
    this.writeClock(seat);
    return true;
  }

  /** The seat's player dropped at `since` (maybe a reload): the time may be given back at its next `shown`. */
  seatAway(seat: number, since: number): void {
    if (!this.disposed) this.clocks.away(seat, since);
  }

  private writeClock(seat: number): void {
    const { clocks } = this;
    this.deps.projection.clock(seat, { deadline: clocks.deadline(seat), budget: clocks.budget(seat), clockId: clocks.clockId(seat) });
  }

  private get seatCount(): number {
    return this.setup.players;
  }

  /** Who plays a seat changed (a stand-in took over or handed back): wake the bots that now play. */
  refreshBots(): void {
    if (this.disposed || this.over) return;
    this.bots.schedule(this.deps.game.awaiting(this.engine));
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

  /** A seat's clock ran out: its stand-in bot plays the rest of the step, from the seat's own view. */
  private timedOut(seat: number): void {
    if (this.disposed) return;
    this.writeClock(seat);
    this.deps.log.debug({ event: 'seat.timeout', seat }, 'a seat ran out of time');
    this.deps.onTimeout?.(seat);
    this.refreshBots();
  }

  private async store(event: MatchEvent): Promise<boolean> {
    try {
      await this.deps.persist(this.setup.matchId, event);
      return true;
    } catch (e) {
      this.deps.log.error({ event: 'store.failed', op: 'append_event', seq: event.seq, err: errorField(e) }, 'storing a match event failed');
      return false;
    }
  }

  private commit(event: MatchEvent, next: unknown): void {
    if (this.disposed) return;
    this.events.push(event);
    this.engine = next;
    this.project();
  }

  /** Projects the engine state, then runs the clocks and wakes the bots. */
  private project(resume: readonly ClockRow[] = []): void {
    this.writeState(resume);
    this.deps.projected?.();
  }

  private writeState(resume: readonly ClockRow[]): void {
    const { game, projection } = this.deps;
    const s = this.engine;
    projection.view(this.encoder.parts(game.publicView(s) as object));
    const awaiting = game.awaiting(s);
    const result = game.result(s);
    // What everybody sees as awaited may be coarser than whom the engine waits
    // on, when that itself is secret (Wind City's insurance market).
    const shown = new Set<number>(result ? [] : game.publicAwaiting ? game.publicAwaiting(s) : awaiting);
    for (let i = 0; i < this.seatCount; i++) projection.seat(i, JSON.stringify(game.seatView(s, i)), shown.has(i));
    if (result) {
      this.bots.cancelAll();
      this.clocks.stopAll();
      for (let i = 0; i < this.seatCount; i++) this.writeClock(i);
      const end = { winners: result.winners, scores: result.scores };
      const stored = this.deps.onEnd?.(end);
      if (!stored) return this.showEnd(end);
      const show = () => {
        this.showEnd(end);
        this.deps.projected?.();
      };
      void stored.then(show, show);
      return;
    }
    projection.playing();
    this.clocks.update(s, shown, this.seatCount, resume);
    for (let i = 0; i < this.seatCount; i++) this.writeClock(i);
    this.bots.schedule(awaiting);
  }

  /** `ended` and the result, written together (the room has stored the end by now). */
  private showEnd(end: { winners: number[]; scores: number[] }): void {
    this.deps.projection.ended(JSON.stringify(end));
  }

  /** Resolves once every event submitted so far is stored (or failed). */
  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Stops bots and timers; later intents are refused. The synchronized state is left as is. */
  dispose(): void {
    this.disposed = true;
    this.bots.cancelAll();
    this.clocks.stopAll();
  }
}

/**
 * A bot seat's personality (its taste in Gift Trap), stable for the whole
 * match and through restarts. Derived from the seed, so it never leaves the
 * server: a bot's taste would tell what it wishes for.
 */
function personaOf(seed: string, seat: number): string {
  return createHash('sha256').update(`${seed}:persona:${seat}`).digest('hex').slice(0, 16);
}
