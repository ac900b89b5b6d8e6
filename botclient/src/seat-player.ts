/**
 * Plays one seat through a connection until the match ends, choosing every
 * move from what that connection received (the public `view` and its own
 * seat's `secret`), by default with the game's `botAction`.
 */
import { getGame, rngFromSeed, type AcceptedMessage, type AnyGame, type ErrorMessage, type MatchResult, type RandomSource } from '@fireside/shared';
import { BotError } from './errors.js';
import { seatOf, type RoomSnapshot } from './state.js';

export interface PlayOptions {
  /** Seed of this bot's random choices. */
  seed?: string;
  /** Pause before each intent (ms). */
  delayMs?: number;
  /** Refused intents tolerated for one decision before giving up. */
  maxRetries?: number;
  /** Resend an unanswered intent after this long (ms). */
  resendMs?: number;
  /**
   * Chooses a move from what this client received. Default: the game's
   * `botAction(view, own, seat, rng, persona)`. Tests use it to vary the bots' play.
   */
  decide?: (ctx: DecideContext) => unknown;
}

export interface DecideContext {
  game: AnyGame;
  /** The parsed public view. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each game's own view type: AnyGame's botAction takes any
  view: any;
  /** The parsed seat view of this client's seat (null before the first). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each game's own seat view type, as above
  own: any;
  seat: number;
  rng: RandomSource;
  /**
   * This bot's personality for this match (its taste, in Gift Trap; see the
   * engine contract): stable for this client in one match, different in the
   * next, and not guessable by the other players (a secret of this client's
   * own, the seed when given, with its member id and the match number).
   */
  persona: string;
}

export const defaultDecide = ({ game, view, own, seat, rng, persona }: DecideContext): unknown => game.botAction(view, own, seat, rng, persona);

export interface MatchOutcome extends MatchResult {
  seat: number;
  /** Rounds played, when the game's view has a `round` field. */
  rounds: number | null;
  /** The final public view (parsed). */
  view: unknown;
}

/** What a SeatPlayer needs of its connection (BotConnection). */
export interface SeatLink {
  readonly name: string;
  readonly memberId: string;
  readonly state: RoomSnapshot;
  readonly inRoom: boolean;
  /** How many times it joined the room (a rejoin after a restart or a failover makes a new connection). */
  readonly joins?: number;
  sendIntent(action: unknown, id: number): void;
  onState(listener: (s: RoomSnapshot) => void): () => void;
  onAccepted(listener: (m: AcceptedMessage) => void): () => void;
  onError(listener: (e: ErrorMessage) => void): () => void;
  onLeave(listener: (code: number, reason?: string) => void): () => void;
}

/** After a refusal, decide again on the next patch, or after this long without one. */
const HOLD_AFTER_REFUSAL_MS = 500;
/** Re-examine the state this often (a lost patch, an intent to resend). */
const WATCHDOG_MS = 1000;

export class SeatPlayer {
  private readonly rng: RandomSource;
  /** The persona's secret part: never sent anywhere (the member id and match number are public). */
  private readonly personaSecret: string;
  private readonly maxRetries: number;
  private readonly resendMs: number;
  private readonly delayMs: number;
  private readonly choose: (ctx: DecideContext) => unknown;
  private game: AnyGame | undefined;
  /**
   * What we wait for before deciding again: an intent in flight (`id`, until
   * its `accepted` or `error`: patches about other seats' moves may arrive
   * first, and deciding on them would send the same move twice), or, with
   * no id, a state other than `sig`. Either way, after `resendMs` we look again.
   */
  private pending: { sig: string; at: number; id?: number; joins?: number } | null = null;
  private nextIntentId = 1;
  private refusals = 0;
  private refusedSig = '';
  private delayTimer: ReturnType<typeof setTimeout> | null = null;
  /** After a refusal: wait for the next patch (or a short timer) before deciding again. */
  private holdTimer: ReturnType<typeof setTimeout> | null = null;
  private seenPlaying = false;
  private settled = false;
  private readonly cleanup: (() => void)[] = [];
  private resolve!: (outcome: MatchOutcome) => void;
  private reject!: (e: BotError) => void;

  constructor(
    private readonly link: SeatLink,
    opts: PlayOptions = {},
  ) {
    this.rng = rngFromSeed(opts.seed ?? `${link.name}:${Date.now()}:${Math.random()}`);
    this.personaSecret = opts.seed ?? `${Math.random()}:${Math.random()}`;
    this.maxRetries = opts.maxRetries ?? 8;
    this.resendMs = opts.resendMs ?? 5000;
    this.delayMs = opts.delayMs ?? 0;
    this.choose = opts.decide ?? defaultDecide;
  }

  /** Plays until the match ends (resolves with its result) or cannot go on (rejects with a BotError). */
  run(): Promise<MatchOutcome> {
    return new Promise<MatchOutcome>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      const { link } = this;
      this.cleanup.push(
        link.onState((s) => {
          this.releaseHold(); // a patch after the refusal: the state is current again
          this.decide(s);
        }),
        link.onAccepted((m) => this.accepted(m)),
        link.onError((e) => this.refused(e)),
        link.onLeave((code, reason) => this.fail(`left the room (${code}${reason ? `: ${reason}` : ''}) before the match ended`)),
      );
      const watchdog = setInterval(() => this.decide(link.state), WATCHDOG_MS);
      this.cleanup.push(() => clearInterval(watchdog));
      if (!link.inRoom) return this.fail('not in the room');
      this.decide(link.state);
    });
  }

  private decide(now: RoomSnapshot, fromTimer = false): void {
    if (this.settled || this.holdTimer) return;
    // Not decoded yet (a rejoin after a restart, before the full state arrives).
    if (!now.game) return;
    if (now.status === 'playing') this.seenPlaying = true;
    if (now.status === 'ended' && now.result) return this.ended(now, now.result);
    if (now.status === 'lobby' && this.seenPlaying) return this.fail('the match was stopped before it ended');
    if (now.status !== 'playing') return;
    const seat = seatOf(now, this.link.memberId);
    if (seat < 0) return this.fail('lost its seat during the match');
    const mine = now.seats[seat];
    if (!mine?.awaiting || !now.view) {
      this.pending = null;
      return;
    }
    const sig = `${now.view}\u0000${mine.secret ?? ''}`;
    // An intent sent on a connection that is gone (a restart, a failover) is never answered: decide again now.
    if (this.pending?.id !== undefined && this.pending.joins !== this.link.joins) this.pending = null;
    const { pending } = this;
    if (pending && (pending.id !== undefined || pending.sig === sig) && Date.now() - pending.at < this.resendMs) return;
    if (this.delayMs > 0 && !fromTimer) {
      this.delayTimer ??= setTimeout(() => {
        this.delayTimer = null;
        this.decide(this.link.state, true);
      }, this.delayMs);
      return;
    }
    this.game ??= getGame(now.game);
    if (!this.game) return this.fail(`unknown game "${now.game}"`);
    let action: unknown;
    try {
      const view = JSON.parse(now.view);
      const own = mine.secret ? JSON.parse(mine.secret) : null;
      const persona = `${this.personaSecret}:${this.link.memberId}:${now.matchNo}`;
      action = this.choose({ game: this.game, view, own, seat, rng: this.rng, persona });
    } catch (e) {
      return this.fail(`botAction failed: ${(e as Error).message}`, e);
    }
    if (action === null || action === undefined) {
      // The server awaits us but the public view says otherwise: a patch is
      // probably in flight. Look again a little later.
      this.pending = { sig, at: Date.now() };
      return;
    }
    const id = this.nextIntentId++;
    this.pending = { sig, at: Date.now(), id, joins: this.link.joins };
    this.link.sendIntent(action, id);
  }

  private ended(now: RoomSnapshot, resultJson: string): void {
    let result: MatchResult;
    try {
      result = JSON.parse(resultJson) as MatchResult;
    } catch {
      return this.fail(`unreadable result ${resultJson}`);
    }
    let view: unknown = null;
    try {
      view = now.view ? JSON.parse(now.view) : null;
    } catch {
      /* keep null */
    }
    const round = (view as { round?: unknown } | null)?.round;
    const outcome = { ...result, seat: seatOf(now, this.link.memberId), rounds: typeof round === 'number' ? round : null, view };
    this.finish(() => this.resolve(outcome));
  }

  private accepted(m: AcceptedMessage): void {
    if (this.settled || this.pending?.id !== m.id) return;
    this.pending = null;
    this.decide(this.link.state);
  }

  private refused(e: ErrorMessage): void {
    if (e.type !== 'intent' || this.settled) return;
    if (this.pending?.id !== undefined && e.id === this.pending.id) this.pending = null;
    const now = this.link.state;
    const seat = seatOf(now, this.link.memberId);
    if (now.status !== 'playing' || seat < 0 || !now.seats[seat]?.awaiting) return; // stale: the game moved on
    const sig = `${now.view}\u0000${now.seats[seat].secret ?? ''}`;
    if (sig !== this.refusedSig) {
      this.refusedSig = sig;
      this.refusals = 0;
    }
    this.refusals++;
    if (this.refusals > this.maxRetries) {
      return this.fail(`seat ${seat}: ${this.refusals} intents refused in a row, last: ${e.code}: ${e.message}`);
    }
    // Try again with fresh random choices, but only once the state is
    // current: the refusal often means our view was one patch behind
    // (e.g. the phase moved on), and the next patch will show it.
    this.pending = null;
    this.releaseHold();
    this.holdTimer = setTimeout(() => {
      this.holdTimer = null;
      this.decide(this.link.state);
    }, HOLD_AFTER_REFUSAL_MS);
  }

  private releaseHold(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = null;
  }

  private fail(why: string, cause?: unknown): void {
    this.finish(() => this.reject(new BotError(`${this.link.name}: ${why}`, cause === undefined ? undefined : { cause })));
  }

  private finish(settle: () => void): void {
    if (this.settled) return;
    this.settled = true;
    for (const c of this.cleanup) c();
    if (this.delayTimer) clearTimeout(this.delayTimer);
    this.releaseHold();
    settle();
  }
}
