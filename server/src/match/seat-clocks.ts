/**
 * One clock per seat (the engine contract's `stepClock`): a seat shown as
 * awaited gets the budget of its step at the room's pace; the clock keeps
 * running while the step's key stays the same and stops when the seat is no
 * longer shown as awaited. When it runs out the seat is "timed out" for the
 * rest of that step: its stand-in bot plays it (live-match.ts).
 *
 * Fair starts: a seat's clock counts from the moment its player has the
 * step on screen. A new clock of a human seat starts "pending" with its
 * deadline `graceMs` later than the budget; the client's `shown` (the first
 * frame that draws the step) within that grace moves the deadline to
 * shownAt + budget, so a slow machine still gets its whole budget and a
 * client can stretch its time by `graceMs` at most. A reload gives back the
 * time between the drop and the next `shown`, at most `graceMs`, once per
 * step. Bot seats and stand-ins start at once (nobody draws their frames).
 *
 * The clocks follow the publicly awaited seats, not the engine's secret
 * awaiting set: a Wind City buyer who has secretly passed keeps its
 * countdown, so the deadlines everybody sees say nothing secret.
 */
import type { AnyGame, ClockPace } from '@fireside/shared';

/** A running clock as stored in the room's snapshot (restarts resume it). */
export interface ClockRow {
  seat: number;
  key: string;
  leftMs: number;
}

interface Running {
  key: string;
  /** Names this clock on the wire (Seat.clockId, the `shown` message): unique per room process. */
  id: number;
  started: number;
  budgetMs: number;
  deadline: number;
  timer: ReturnType<typeof setTimeout>;
  /** Its player's client has drawn the step (or nobody will: a bot, a resumed clock). */
  shown: boolean;
  /** The player dropped (a reload) while this clock ran: the next `shown` gives the time back. */
  awayAt: number | null;
  /** The reload's time was given back already (once per step). */
  gaveBack: boolean;
}

export interface SeatClocksDeps {
  game: AnyGame;
  pace: ClockPace;
  /** Multiplies every budget (tests). */
  scale: number;
  now: () => number;
  /** How much later than its start a clock may begin counting (the client's first frame, a reload). */
  graceMs: number;
  /** A bot plays this seat now (a bot seat or a stand-in): its clock counts from the start. */
  immediate: (seat: number) => boolean;
  /** A seat's clock ran out (it is now timed out for its step). */
  onTimeout: (seat: number) => void;
}

export class SeatClocks {
  private readonly running = new Map<number, Running>();
  /** Seat → the key of the step it ran out of time in. */
  private readonly expired = new Map<number, string>();
  /** The next clock's id; from the clock of the process, so ids do not repeat across a restart. */
  private nextId: number;

  constructor(private readonly deps: SeatClocksDeps) {
    this.nextId = Math.floor(deps.now());
  }

  /**
   * Follows a new engine state: clocks start for newly shown seats (or a
   * new step), stop for seats no longer shown. `resume` holds the time left
   * of clocks saved before a restart.
   */
  update(engine: unknown, shown: ReadonlySet<number>, players: number, resume: readonly ClockRow[] = []): void {
    const { game, pace } = this.deps;
    // One instant for every clock started together: seats starting a step at once show the same deadline.
    const now = this.deps.now();
    for (let seat = 0; seat < players; seat++) {
      const step = shown.has(seat) ? (game.stepClock?.(engine, seat) ?? null) : null;
      if (this.expired.has(seat) && this.expired.get(seat) !== step?.key) this.expired.delete(seat);
      const current = this.running.get(seat);
      if (step === null || pace === 'off') {
        if (current) this.stop(seat);
        continue;
      }
      if (current?.key === step.key || this.expired.get(seat) === step.key) continue;
      if (current) this.stop(seat);
      const saved = resume.find((r) => r.seat === seat && r.key === step.key);
      const budgetMs = step.budget[pace] * 1000 * this.deps.scale;
      // A resumed clock (a restart) counts on from what it had left; everybody reconnects, as after a reload.
      if (saved) this.start(seat, step.key, budgetMs, now, now + saved.leftMs, { shown: true, awayAt: now });
      else if (this.deps.immediate(seat) || this.deps.graceMs <= 0) this.start(seat, step.key, budgetMs, now, now + budgetMs, { shown: true, awayAt: null });
      else this.start(seat, step.key, budgetMs, now, now + this.deps.graceMs + budgetMs, { shown: false, awayAt: null });
    }
  }

  private start(seat: number, key: string, budgetMs: number, now: number, deadline: number, how: { shown: boolean; awayAt: number | null }): void {
    const run: Running = { key, id: this.nextId++, started: now, budgetMs, deadline, timer: this.timer(seat, key, deadline - now), ...how, gaveBack: false };
    this.running.set(seat, run);
  }

  private timer(seat: number, key: string, ms: number): ReturnType<typeof setTimeout> {
    return setTimeout(
      () => {
        this.running.delete(seat);
        this.expired.set(seat, key);
        this.deps.onTimeout(seat);
      },
      Math.max(0, ms),
    );
  }

  private moveDeadline(seat: number, run: Running, deadline: number): void {
    clearTimeout(run.timer);
    run.deadline = deadline;
    run.timer = this.timer(seat, run.key, deadline - this.deps.now());
  }

  /**
   * The seat's client drew clock `id`'s step (its `shown`). The first one
   * within the grace starts the budget from now; after a reload, one gives
   * back the time since the drop, at most the grace. False: no such clock
   * runs for this seat (another step's, or one that ran out).
   */
  shown(seat: number, id: number): boolean {
    const run = this.running.get(seat);
    if (!run || run.id !== id) return false;
    const now = this.deps.now();
    const { graceMs } = this.deps;
    if (!run.shown) {
      run.shown = true;
      if (now < run.started + graceMs) this.moveDeadline(seat, run, now + run.budgetMs);
    } else if (run.awayAt !== null && !run.gaveBack) {
      run.gaveBack = true;
      this.moveDeadline(seat, run, run.deadline + Math.min(Math.max(0, now - run.awayAt), graceMs));
      run.awayAt = null;
    }
    return true;
  }

  /** The seat's player dropped at `since` (maybe a reload): its next `shown` may give that time back. */
  away(seat: number, since: number): void {
    const run = this.running.get(seat);
    if (run && run.shown && run.awayAt === null && !run.gaveBack) run.awayAt = since;
  }

  private stop(seat: number): void {
    const current = this.running.get(seat);
    if (current) clearTimeout(current.timer);
    this.running.delete(seat);
  }

  /** Has this seat run out of time in its current step? Its stand-in plays it until the step ends. */
  timedOut(seat: number): boolean {
    return this.expired.has(seat);
  }

  /** When each running clock runs out (ms since epoch), 0 for none. */
  deadline(seat: number): number {
    return this.running.get(seat)?.deadline ?? 0;
  }

  /** The full budget of the seat's running clock (ms), 0 for none: a countdown shows at most this. */
  budget(seat: number): number {
    return this.running.get(seat)?.budgetMs ?? 0;
  }

  /** The id of the seat's running clock, 0 for none. */
  clockId(seat: number): number {
    return this.running.get(seat)?.id ?? 0;
  }

  /** The running clocks with their time left, for the room's snapshot. */
  rows(): ClockRow[] {
    const now = this.deps.now();
    return [...this.running].map(([seat, r]) => ({ seat, key: r.key, leftMs: Math.max(0, Math.round(r.deadline - now)) }));
  }

  stopAll(): void {
    for (const seat of [...this.running.keys()]) this.stop(seat);
    this.expired.clear();
  }
}
