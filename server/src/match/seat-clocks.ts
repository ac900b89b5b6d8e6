/**
 * One clock per seat (the engine contract's `stepClock`): a seat shown as
 * awaited gets the budget of its step at the room's pace; the clock keeps
 * running while the step's key stays the same and stops when the seat is no
 * longer shown as awaited. When it runs out the seat is "timed out" for the
 * rest of that step: its stand-in bot plays it (live-match.ts).
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
  deadline: number;
  timer: ReturnType<typeof setTimeout>;
}

export interface SeatClocksDeps {
  game: AnyGame;
  pace: ClockPace;
  /** Multiplies every budget (tests). */
  scale: number;
  now: () => number;
  /** A seat's clock ran out (it is now timed out for its step). */
  onTimeout: (seat: number) => void;
}

export class SeatClocks {
  private readonly running = new Map<number, Running>();
  /** Seat → the key of the step it ran out of time in. */
  private readonly expired = new Map<number, string>();

  constructor(private readonly deps: SeatClocksDeps) {}

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
      const ms = saved ? saved.leftMs : step.budget[pace] * 1000 * this.deps.scale;
      this.start(seat, step.key, ms, now);
    }
  }

  private start(seat: number, key: string, ms: number, now: number): void {
    const timer = setTimeout(
      () => {
        this.running.delete(seat);
        this.expired.set(seat, key);
        this.deps.onTimeout(seat);
      },
      Math.max(0, ms),
    );
    this.running.set(seat, { key, deadline: now + ms, timer });
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
