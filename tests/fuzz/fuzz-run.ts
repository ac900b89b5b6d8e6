/**
 * A fuzzing run's bookkeeping: the options, the figures it reports (counts,
 * findings, phases seen, time per kind of step) and when it is done. The
 * fuzzer (fuzzer.ts) makes one Run and hands it to every table's loop.
 */
import type { Table, TableSpec } from './table.ts';

export interface Finding {
  kind: 'no-error' | 'internal-error' | 'wrong-reply' | 'state-changed' | 'legal-refused' | 'harness';
  table: string;
  phase: string;
  detail: string;
}

export interface FuzzFigures {
  seed: number;
  /** Fuzz messages sent: invalid, probes, legal steps and raw frames (not the barriers). */
  messages: number;
  byKind: Record<string, number>;
  /** `error` replies to invalid messages and refused probes. */
  errorsAnswered: number;
  invalid: number;
  probesAccepted: number;
  probesRefused: number;
  legalSteps: number;
  /** Raw frames: answered by an error, closed by the server (by close code), or neither. */
  raw: { frames: number; answered: number; closed: Record<string, number>; silent: number };
  /** Batches of refused messages after which some member's state differed. */
  stateChanges: number;
  /** State comparisons made (each covers a batch of refused messages). */
  comparisons: number;
  matchesEnded: number;
  /** Phases each game went through (lobby, the view's phases, ended). */
  phases: Record<string, string[]>;
  /** Messages the SDK could not send within a 4 KB frame (the transport's limit) and were skipped. */
  skipped: number;
  /** Time spent in each kind of step. */
  stepMs: Record<string, { steps: number; ms: number }>;
  findings: Finding[];
  findingCount: number;
  durationMs: number;
}

export interface FuzzOptions {
  url: string;
  seed: number;
  messages: number;
  tables: TableSpec[];
  /** Stop after this long even if fewer messages were sent (CI on a loaded machine). */
  timeLimitMs?: number;
  /** Stop early (e.g. the server died). */
  shouldStop?: () => boolean;
  /** The cap on the finishing stage, after the budget is spent (default FINISHING_LIMIT_MS). */
  finishingLimitMs?: number;
  progress?: (figures: FuzzFigures) => void;
}

const MAX_KEPT_FINDINGS = 40;
/**
 * Once the budget is spent, a game that has not yet ended on any of its
 * tables is played to its end with legal steps only (then fuzzed there once),
 * for at most this long: a long game (Wind City at four) may need more legal
 * steps than a 20,000-message budget gives it, and CI checks every game's end.
 */
const FINISHING_LIMIT_MS = 45_000;

export class Run {
  readonly figures: FuzzFigures;
  private readonly opts: FuzzOptions;
  private readonly t0 = Date.now();

  constructor(opts: FuzzOptions) {
    this.opts = opts;
    this.figures = {
      seed: opts.seed,
      messages: 0,
      byKind: {},
      errorsAnswered: 0,
      invalid: 0,
      probesAccepted: 0,
      probesRefused: 0,
      legalSteps: 0,
      raw: { frames: 0, answered: 0, closed: {}, silent: 0 },
      stateChanges: 0,
      comparisons: 0,
      matchesEnded: 0,
      phases: {},
      skipped: 0,
      stepMs: {},
      findings: [],
      findingCount: 0,
      durationMs: 0,
    };
  }

  get done(): boolean {
    if (this.opts.timeLimitMs !== undefined && Date.now() - this.t0 > this.opts.timeLimitMs) return true;
    return this.figures.messages >= this.opts.messages || this.stopped;
  }

  /** The server died: nothing more is worth sending. */
  get stopped(): boolean {
    return this.opts.shouldStop?.() ?? false;
  }

  /** The finishing stage (TableFuzzer.finishMatch) is over its own time cap. */
  finishingOverdue(startedAt: number): boolean {
    return this.stopped || Date.now() - startedAt > (this.opts.finishingLimitMs ?? FINISHING_LIMIT_MS);
  }

  /** A match of this game has ended on some table (and the ended table was fuzzed). */
  gameEnded(game: string): boolean {
    return this.figures.phases[game]?.includes('ended') ?? false;
  }

  count(kind: string, n = 1): void {
    this.figures.messages += n;
    this.figures.byKind[kind] = (this.figures.byKind[kind] ?? 0) + n;
  }

  find(f: Finding): void {
    this.figures.findingCount++;
    if (this.figures.findings.length < MAX_KEPT_FINDINGS) this.figures.findings.push(f);
  }

  notePhase(t: Table): void {
    const list = (this.figures.phases[t.spec.game] ??= []);
    const phase = t.phase;
    if (!list.includes(phase)) list.push(phase);
  }

  finish(): FuzzFigures {
    this.figures.durationMs = Date.now() - this.t0;
    return this.figures;
  }
}
