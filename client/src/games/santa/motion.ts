/**
 * The moves of the log played out on the table for everyone: counters placed
 * and moved along their routes one after the other (anims.ts says what to
 * play), a beat each on the scene's timeline, captions and score pops as their
 * moment comes. Counters are shown where the animation has got to, behind the
 * view, until the timeline is done.
 */
import type { HouseId, LogEntry } from '@fireside/shared/games/santa/types';
import { reducedMotion } from '../common/pixi-scene.js';
import { easeInOutQuad, easeOutBack } from '../common/tween.js';
import type { Timeline } from '../common/timeline.js';
import type { Pt } from '../common/geometry.js';
import { alongPolyline } from './layout.js';
import type { Model } from './model.js';
import type { TownGeometry } from './town-geometry.js';
import { animsFromLog, displayedPresents, lastMoveOf, type Anim, type LastMove } from './anims.js';
import { isCaption } from './events.js';
import type { Counter } from './widgets/counter.js';
import type { Counters } from './widgets/counters.js';
import type { Effects } from './widgets/effects.js';

/** What the motion moves: the scene's widgets, on its timeline. */
export interface MotionHost {
  readonly timeline: Timeline;
  readonly counters: Counters;
  readonly effects: Effects;
  readonly geo: TownGeometry;
  /** A seat's counter, made if needed. */
  counter(seat: number): Counter;
  /** Show the counters, the presents and the caption as they now stand, and draw a frame. */
  refresh(): void;
  model(): Model;
  cell(): number;
}

/** Milliseconds a step takes. */
const STEP_MS = { flight: 900, bike: 230, walk: 330 };

export class Motion {
  /** Where each counter is shown: behind the view while moves are animated. */
  shown: (HouseId | null)[] = [];
  /** Seats between two houses: no spot at a house for them. */
  readonly inFlight = new Set<number>();
  /** The latest events for the caption strip (described when drawn, so they follow the language). */
  captions: LogEntry[] = [];
  /** The moves on the timeline that have not started yet, and the one playing (what the presents and a flush need to know). */
  private queued: Anim[] = [];
  private running: Anim | null = null;
  private logSeen = 0;
  private lastMove: LastMove | null = null;

  constructor(private host: MotionHost) {
    host.timeline.onIdle = () => this.settle();
  }

  /** The seat whose move is being animated (its tween places its counter). */
  get mover(): number | null {
    return this.running?.kind === 'move' ? this.running.seat : null;
  }

  presents(present: boolean[]): boolean[] {
    return displayedPresents(present, [...(this.running ? [this.running] : []), ...this.queued], this.running);
  }

  /** A new match, or a table opened mid-game: everything where the view says, the last caption up. */
  reset(m: Model): void {
    const v = m.view;
    this.cutShort();
    this.queued = [];
    this.running = null;
    this.shown = v.positions.slice();
    this.logSeen = v.log.length;
    this.lastMove = lastMoveOf(v);
    this.captions = v.log.filter(isCaption).slice(-1);
  }

  /** New log entries: queue the moves to animate and the captions to show. */
  follow(m: Model): void {
    const v = m.view;
    if (v.log.length < this.logSeen) return this.reset(m);
    const { anims, lastMove } = animsFromLog(v, this.logSeen, this.lastMove);
    this.logSeen = v.log.length;
    this.lastMove = lastMove;
    this.queued.push(...anims);
    // Less motion asked, a hidden tab, or a long backlog: show where things are now.
    if (reducedMotion() || document.hidden || this.queued.length > 8) this.flush();
    else this.host.timeline.add(...anims.map((a) => (done: () => void) => this.play(a, done)));
    if (!this.host.timeline.busy) this.settle();
  }

  /** Every move jumps to its end; the captions it would have shown are shown. */
  flush(): void {
    for (const a of [...(this.running ? [this.running] : []), ...this.queued]) {
      for (const e of a.entries) if (!a.fired?.has(e)) this.captions.push(e);
    }
    this.captions = this.captions.slice(-2);
    this.running = null;
    this.queued = [];
    this.shown = this.host.model().view.positions.slice();
    this.cutShort();
  }

  /** The timeline's beats stop where they are (their tweens too); the counters go back to their spots. */
  private cutShort(): void {
    this.host.timeline.flush();
    this.inFlight.clear();
    this.host.effects.clearAll();
    this.host.counters.settle();
  }

  /** Nothing left to show: counters sit where the view says. */
  private settle(): void {
    this.inFlight.clear();
    this.shown = this.host.model().view.positions.slice();
    this.host.refresh();
  }

  /** The beat of one animation: `done` once it is over. */
  private play(a: Anim, done: () => void): void {
    this.queued.shift();
    this.running = a;
    // Captions for houses off the path (a present taken where Santa stopped to choose) show at once.
    for (const e of a.entries) if (e.kind !== 'score' || !a.path.includes(e.house)) this.fire(a, e);
    if (a.kind === 'caption') this.host.timeline.wait(350, () => this.finish(a, done));
    else if (a.kind === 'start') this.drop(a, done);
    else this.move(a, done);
  }

  /** A counter placed at the start: it drops onto its house. */
  private drop(a: Anim, done: () => void): void {
    this.shown[a.seat] = a.path[0];
    this.host.refresh();
    const c = this.host.counter(a.seat);
    const y = c.y;
    this.host.timeline.tween({
      duration: 420,
      ease: easeOutBack,
      alive: () => !c.destroyed,
      step: (k) => {
        c.y = y - (1 - k) * 30;
        c.alpha = Math.min(1, k * 1.5);
      },
      done: () => this.finish(a, done),
    });
  }

  /** A move: step by step along streets, curves along paths, an arc for a flight, leaving a trail. */
  private move(a: Anim, done: () => void): void {
    const from = a.from ?? this.shown[a.seat];
    if (from === null) return this.finish(a, done);
    const legs: Pt[][] = [];
    let at = from;
    for (const h of a.path) {
      legs.push(this.host.geo.stepPoints(at, h, a.how));
      at = h;
    }
    const c = this.host.counter(a.seat);
    this.host.counters.raise(c);
    const trail = this.host.effects.trail(a.seat, this.host.cell());
    const runLeg = (leg: number): void => {
      if (leg >= legs.length) {
        trail.fade();
        return this.finish(a, done);
      }
      const pts = legs[leg];
      trail.addLeg(pts);
      this.host.timeline.tween({
        duration: STEP_MS[a.how],
        ease: easeInOutQuad,
        alive: () => !c.destroyed,
        step: (k) => {
          const p = alongPolyline(pts, k);
          this.inFlight.add(a.seat);
          c.position.set(p.x, p.y - (a.how === 'flight' ? 0 : Math.sin(k * Math.PI) * 5));
          c.scale.set(a.how === 'flight' ? 1 + Math.sin(k * Math.PI) * 0.5 : 1);
        },
        done: () => {
          const house = a.path[leg];
          a.reached = leg + 1;
          this.shown[a.seat] = house;
          for (const e of a.entries) if (e.kind === 'score' && e.house === house) this.fire(a, e);
          this.host.refresh();
          runLeg(leg + 1);
        },
      });
    };
    runLeg(0);
  }

  private fire(a: Anim, e: LogEntry): void {
    a.fired ??= new Set();
    if (a.fired.has(e)) return;
    a.fired.add(e);
    this.captions = [...this.captions, e].slice(-2);
    if (e.kind === 'score' && !reducedMotion()) this.host.effects.scorePop(this.host.geo.housePx(e.house), e.delta, e.seat, this.host.cell());
    this.host.refresh();
  }

  private finish(a: Anim, done: () => void): void {
    if (this.running !== a) return;
    a.reached = a.path.length;
    for (const e of a.entries) this.fire(a, e);
    if (a.path.length && a.kind !== 'caption') this.shown[a.seat] = a.path[a.path.length - 1];
    this.inFlight.delete(a.seat);
    this.running = null;
    this.host.counters.get(a.seat)?.scale.set(1);
    this.host.refresh();
    done();
  }
}
