/** A tiny tween runner, advanced by each scene's on-demand frame loop. */
export type Ease = (t: number) => number;
export const easeOutCubic: Ease = (t) => 1 - Math.pow(1 - t, 3);
export const easeInOutQuad: Ease = (t) => (t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2);
export const easeOutBack: Ease = (t) => {
  const c1 = 1.70158;
  const c3 = c1 + 1;
  return 1 + c3 * Math.pow(t - 1, 3) + c1 * Math.pow(t - 1, 2);
};

interface Tween {
  delay: number;
  duration: number;
  elapsed: number;
  ease: Ease;
  step: (k: number) => void;
  done?: () => void;
  alive: () => boolean;
  cut?: () => void;
}

export interface TweenOptions {
  duration: number;
  delay?: number;
  ease?: Ease;
  step: (k: number) => void;
  done?: () => void;
  /** False once what it moves has gone: the tween stops there (its step and done are not called again). */
  alive?: () => boolean;
  /** Called when the tween stops because alive() turned false. */
  cut?: () => void;
}

export class Tweens {
  private list: Tween[] = [];

  add(opts: TweenOptions): void {
    this.list.push({
      delay: opts.delay ?? 0,
      duration: Math.max(1, opts.duration),
      elapsed: 0,
      ease: opts.ease ?? easeOutCubic,
      step: opts.step,
      done: opts.done,
      alive: opts.alive ?? (() => true),
      cut: opts.cut,
    });
  }

  /** Advance by `ms` milliseconds. */
  tick(ms: number): void {
    if (this.list.length === 0) return;
    const current = this.list;
    this.list = [];
    const next: Tween[] = [];
    for (const tw of current) {
      if (!tw.alive()) {
        tw.cut?.();
        continue;
      }
      tw.elapsed += ms;
      const t = (tw.elapsed - tw.delay) / tw.duration;
      if (t < 0) {
        next.push(tw);
        continue;
      }
      tw.step(tw.ease(Math.min(1, t)));
      if (t >= 1) tw.done?.();
      else next.push(tw);
    }
    this.list = next.concat(this.list); // tweens added during the loop are kept
  }

  get busy(): boolean {
    return this.list.length > 0;
  }

  clear(): void {
    this.list = [];
  }
}
