/**
 * One sequencer per table scene (OnDemandScene.timeline): beats played one
 * after the other on the scene's clock, i.e. its tweens, which the on-demand
 * frame loop advances only while frames are drawn (a hidden tab pauses them).
 * Santa plays its moves on it, Wind City the beats of an act, Gift Trap the
 * opened gifts' flights and then the pawns. What a beat shows is the owner's
 * business: the timeline only says when each one starts, how fast it goes,
 * and stops them all when the owner jumps to the end state (flush).
 */
import type { TweenOptions, Tweens } from './tween.js';

/** A beat's start function: given `done` to call when it is over (at once or later). */
export type Start = (done: () => void) => void;
/** A beat: a start function, or a plain wait of N ms. */
export type Beat = Start | number;

/** Something a beat put on the table (a flying gift, a value popping): a Pixi display object. */
export interface Prop {
  readonly destroyed: boolean;
  destroy(options?: { children: boolean }): void;
}

export class Timeline {
  /**
   * How fast the beats play, read as each wait or beat tween starts: their
   * durations are divided by it (Wind City catches up with a newer act this way).
   */
  speed: () => number = () => 1;
  /** Called when a beat ends and none is queued (not after a flush): the owner shows the end state. */
  onIdle: () => void = () => {};
  private queue: Beat[] = [];
  private running = false;
  /** Bumped by flush: the tweens started before it stop, the callbacks of the beat it cut do nothing. */
  private epoch = 0;
  /** The running beat's number: its `done` counts once, and only while it runs. */
  private beatNo = 0;
  /** Beats ending at once (done called inside their start) loop here instead of recursing. */
  private pumping = false;
  /** What the beats put on the table and have not taken away yet: a flush or a new round does. */
  private props = new Set<Prop>();
  /** The round (or act) whose beats are queued: see enterRound. */
  private round: string | null = null;

  constructor(
    private readonly tweens: Tweens,
    /** Asks the scene for frames (its requestRender). */
    private readonly wake: () => void = () => {},
  ) {}

  /** Is a beat queued or running (tests and the round summary wait for the table to settle)? */
  get busy(): boolean {
    return this.running || this.queue.length > 0;
  }

  /** How many beats wait behind the running one (an owner may raise the speed to catch up). */
  get backlog(): number {
    return this.queue.length;
  }

  /** Queue beats in this order; the first starts now if nothing runs. */
  add(...beats: Beat[]): void {
    this.queue.push(...beats);
    this.pump(false);
  }

  /** A beat's duration at the current speed. */
  ms(ms: number): number {
    return ms / this.speed();
  }

  /**
   * A tween that belongs to the beats: its duration and delay follow the
   * speed, and a flush stops it. If what it moves goes away (its own alive()
   * turns false) it ends there and still calls `done`, so no beat waits forever.
   */
  tween(opts: Omit<TweenOptions, 'cut'>): void {
    const epoch = this.epoch;
    const alive = opts.alive;
    this.tweens.add({
      ...opts,
      duration: this.ms(opts.duration),
      delay: this.ms(opts.delay ?? 0),
      alive: () => epoch === this.epoch && (alive?.() ?? true),
      cut: () => {
        if (epoch === this.epoch) opts.done?.();
      },
    });
    this.wake();
  }

  /** Call `done` after `ms` (at the current speed), within a beat. */
  wait(ms: number, done: () => void): void {
    this.tween({ duration: ms, step: () => {}, done });
  }

  /** One beat made of several started together: it is over when the last of them is. */
  together(beats: readonly Beat[]): Start {
    return (done) => {
      let left = beats.length;
      if (left === 0) return done();
      for (const beat of beats) {
        let over = false;
        this.run(beat, () => {
          if (over) return;
          over = true;
          if (--left === 0) done();
        });
      }
    };
  }

  /**
   * Drop the queue and cut the running beat short: its tweens stop where they
   * are, its `done` does nothing, and what the beats put on the table goes.
   * The owner then shows the end state.
   */
  flush(): void {
    this.epoch++;
    this.beatNo++;
    this.queue = [];
    this.running = false;
    for (const prop of this.props) if (!prop.destroyed) prop.destroy({ children: true });
    this.props.clear();
  }

  /**
   * A sprite or text that a beat puts on the table and that belongs to its
   * round: a flush (or the next round, see enterRound) takes it away even if
   * its own fade-out is still running.
   */
  own<P extends Prop>(prop: P): P {
    for (const old of this.props) if (old.destroyed) this.props.delete(old);
    this.props.add(prop);
    return prop;
  }

  /**
   * The owner is about to draw round `key` (a round, an act; any string that
   * changes with it). A round's animations stay in their round (issue 23):
   * when the key changes, the beats of the round before that are still queued
   * or running are cut and what they put on the table goes, so none of them
   * plays over the new round's layout. True if beats were cut: the owner shows
   * their end state (and may queue the new round's own beats after this).
   */
  enterRound(key: string): boolean {
    if (key === this.round) return false;
    const first = this.round === null;
    this.round = key;
    if (first) return false;
    const cut = this.busy;
    this.flush();
    return cut;
  }

  private run(beat: Beat, done: () => void): void {
    if (typeof beat === 'number') this.wait(beat, done);
    else beat(done);
  }

  private pump(afterBeat: boolean): void {
    if (this.pumping) return;
    this.pumping = true;
    const epoch = this.epoch;
    let started = false;
    let dry = false;
    try {
      while (!this.running) {
        const beat = this.queue.shift();
        if (beat === undefined) {
          dry = true;
          break;
        }
        started = true;
        this.start(beat);
      }
    } finally {
      this.pumping = false;
    }
    // A flush meanwhile means the owner has shown the end state itself.
    if (dry && epoch === this.epoch && (afterBeat || started)) this.onIdle();
  }

  private start(beat: Beat): void {
    this.running = true;
    const no = ++this.beatNo;
    this.wake();
    this.run(beat, () => {
      if (no !== this.beatNo || !this.running) return;
      this.running = false;
      this.pump(true);
    });
  }
}
