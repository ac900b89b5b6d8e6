/**
 * The few metric kinds Fireside needs, written for its hot path: a counter
 * or histogram *cell* (one label combination) is bound once, and then
 * `inc()` / `observe()` only add to numbers: no label object, no hashing,
 * no allocation per call. (prom-client's bound children cost 0.2–0.5 µs a
 * call, hashing their labels each time; these cost a few ns.) Rendered in
 * the Prometheus text exposition format, version 0.0.4.
 */

export interface Renderable {
  render(out: string[]): void;
}

/** A label value as the exposition format quotes it. */
function quote(v: string): string {
  return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

function labelText(names: readonly string[], values: readonly string[], extra = ''): string {
  const parts = names.map((n, i) => `${n}=${quote(values[i])}`);
  if (extra) parts.push(extra);
  return parts.length ? `{${parts.join(',')}}` : '';
}

function num(v: number): string {
  return v === Infinity ? '+Inf' : Number.isNaN(v) ? 'NaN' : String(v);
}

/** Label combinations beyond this many share one `other` cell: a bug can never grow a family without bound. */
const MAX_CELLS = 64;

abstract class Family<C> implements Renderable {
  protected readonly cells = new Map<string, { values: string[]; cell: C }>();
  private overflow: C | null = null;

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}

  protected abstract make(): C;

  /** The cell of these label values: bind it once (at start, or the first time a value is seen) and keep it. */
  with(...values: string[]): C {
    if (values.length !== this.labelNames.length) throw new Error(`${this.name} takes labels ${this.labelNames.join(', ')}`);
    const key = values.join('\u0000');
    const found = this.cells.get(key);
    if (found) return found.cell;
    if (this.cells.size >= MAX_CELLS) {
      if (this.overflow === null) {
        this.overflow = this.make();
        this.cells.set('\u0000other', { values: values.map(() => 'other'), cell: this.overflow });
      }
      return this.overflow;
    }
    const cell = this.make();
    this.cells.set(key, { values, cell });
    return cell;
  }

  abstract render(out: string[]): void;
}

export class CounterCell {
  value = 0;
  inc(n = 1): void {
    this.value += n;
  }
}

export class Counter extends Family<CounterCell> {
  protected make(): CounterCell {
    return new CounterCell();
  }
  render(out: string[]): void {
    out.push(`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`);
    for (const { values, cell } of this.cells.values()) out.push(`${this.name}${labelText(this.labelNames, values)} ${num(cell.value)}`);
  }
}

export class HistogramCell {
  /** Per bucket (the last one is +Inf), not cumulative: summed when rendered. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }
  observe(value: number): void {
    const b = this.bounds;
    let i = 0;
    while (i < b.length && value > b[i]) i++;
    this.counts[i]++;
    this.sum += value;
    this.count++;
  }
  /** Observes the seconds since `startMs` (a `performance.now()` reading). */
  since(startMs: number): void {
    this.observe((performance.now() - startMs) / 1000);
  }
}

export class Histogram extends Family<HistogramCell> {
  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    readonly bounds: readonly number[],
  ) {
    super(name, help, labelNames);
  }
  protected make(): HistogramCell {
    return new HistogramCell(this.bounds);
  }
  render(out: string[]): void {
    out.push(`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`);
    for (const { values, cell } of this.cells.values()) {
      let cumulative = 0;
      for (let i = 0; i <= this.bounds.length; i++) {
        cumulative += cell.counts[i];
        const le = i < this.bounds.length ? this.bounds[i] : Infinity;
        out.push(`${this.name}_bucket${labelText(this.labelNames, values, `le="${num(le)}"`)} ${cumulative}`);
      }
      out.push(`${this.name}_sum${labelText(this.labelNames, values)} ${num(cell.sum)}`);
      out.push(`${this.name}_count${labelText(this.labelNames, values)} ${cell.count}`);
    }
  }
}

/** A gauge whose values are read when scraped (e.g. rooms by game and status). */
export class ScrapedGauge implements Renderable {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    private readonly read: () => Iterable<[values: string[], value: number]>,
  ) {}
  render(out: string[]): void {
    out.push(`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`);
    for (const [values, value] of this.read()) out.push(`${this.name}${labelText(this.labelNames, values)} ${num(value)}`);
  }
}
