/**
 * Per-key counting for the abuse limits: hits in a fixed window (a minute)
 * and things open at once. Keys are client addresses, so entries are dropped
 * as soon as they count nothing: a crowd of passing addresses leaves no trace.
 */

/** Hits per key in a window that starts at the key's first hit. */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; hits: number }>();
  private lastSweep = 0;

  constructor(
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts a hit for `key` if it stays within `limit`; returns 0 when it
   * did, else the milliseconds until the key's window ends.
   */
  hit(key: string, limit: number): number {
    const now = this.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, hits: 0 };
      this.windows.set(key, w);
    }
    if (w.hits >= limit) return Math.max(1, w.start + this.windowMs - now);
    w.hits++;
    return 0;
  }

  get size(): number {
    return this.windows.size;
  }

  /** Forgets ended windows, at most once per window length. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}

/** How many things each key has open now. */
export class OpenCounter {
  private readonly open = new Map<string, number>();

  count(key: string): number {
    return this.open.get(key) ?? 0;
  }

  /** Counts one more for `key`; the returned function (call it once) counts it back. */
  add(key: string): () => void {
    this.open.set(key, this.count(key) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const n = this.count(key) - 1;
      if (n > 0) this.open.set(key, n);
      else this.open.delete(key);
    };
  }

  get size(): number {
    return this.open.size;
  }
}
