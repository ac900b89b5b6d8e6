/**
 * One table's fuzzing loop (see fuzzer.ts for what is sent and checked):
 * rounds of invalid messages checked together, probes, bare-socket visits
 * and legal steps, then the finishing stage that plays a game to its end.
 */
import fc from 'fast-check';
import { rngFromSeed, type RandomSource } from '@fireside/shared';
import { invalidMessage, probeMessage, rawFrame, shownType, type Context, type FuzzMessage } from './arbitraries.ts';
import { changedMember, describe, firstDifference, frameOf } from './checks.ts';
import type { Finding, Run } from './fuzz-run.ts';
import { sleep, waitUntil, type Member, type Received } from './member.ts';
import { RawClient } from './raw-client.ts';
import type { Table } from './table.ts';

/** Invalid messages sent at a finished table in the finishing stage. */
const FINISHING_INVALID = 12;
/** The transport closes frames over 4 KB (code 1009): those go through the raw socket only. */
const SDK_FRAME_LIMIT = 4000;

/** One table's loop. */
export class TableFuzzer {
  private readonly run: Run;
  private readonly t: Table;
  private readonly url: string;
  private readonly rng: RandomSource;
  private seedCounter: number;
  private snapshot: string[] = [];
  /** Refused messages since the last comparison. */
  private batch: string[] = [];
  private readonly actionTypes = new Set<string>();
  private lastStatus: string;

  constructor(run: Run, t: Table, url: string, seed: number) {
    this.run = run;
    this.t = t;
    this.url = url;
    this.rng = rngFromSeed(`fuzz-${seed}-${t.label}`);
    this.seedCounter = seed * 1_000_003 + t.label.length * 7919 + t.label.charCodeAt(t.label.length - 1);
    this.lastStatus = t.status;
  }

  /** One value of an arbitrary, from this table's seeded sequence. */
  private draw<T>(arb: fc.Arbitrary<T>): T {
    return fc.sample(arb, { seed: this.seedCounter++ | 0, numRuns: 1 })[0];
  }

  private find(kind: Finding['kind'], detail: string): void {
    this.run.find({ kind, table: this.t.label, phase: this.t.phase, detail });
  }

  /**
   * Rounds of: a few legal steps, then a run of invalid messages checked
   * together (one round trip of every member before and after), then maybe a
   * probe and maybe a bare-socket visit. Runs keep the round trips that every
   * comparison needs to a fraction of the messages.
   */
  async loop(): Promise<void> {
    const round = fc.record({
      legal: fc.integer({ min: 1, max: 3 }),
      invalid: fc.integer({ min: 6, max: 40 }),
      probe: fc.boolean(),
      raw: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    });
    while (!this.run.done) {
      const r = this.draw(round);
      this.run.notePhase(this.t);
      await this.resnapshot();
      await this.timed('invalid', async () => {
        for (let i = 0; i < r.invalid && !this.run.done; i++) await this.invalidStep();
        await this.verify();
      });
      if (r.probe) await this.timed('probe', () => this.probeStep());
      if (r.raw) await this.timed('raw', () => this.rawStep());
      // Legal steps until the table changes status, so each status (the lobby, after `again`, the end) gets its own run.
      await this.timed('legal', async () => {
        const status = this.t.status;
        for (let i = 0; i < r.legal && this.t.status === status; i++) {
          // The next move is decided from the members' views: every patch of the last one must be in.
          if (i > 0) await this.t.barrierAll();
          await this.legalStep();
        }
      });
    }
    await this.finishMatch();
  }

  /**
   * The finishing stage: if no table of this game has ended a match yet, this
   * one plays its match to the end (legal steps only), notes the ended phase
   * and sends one batch of invalid messages there.
   */
  private async finishMatch(): Promise<void> {
    const game = this.t.spec.game;
    if (this.run.gameEnded(game) || this.run.stopped) return;
    const startedAt = Date.now();
    await this.timed('finishing', async () => {
      while (this.t.status !== 'ended' && !this.run.gameEnded(game) && !this.run.finishingOverdue(startedAt)) {
        await this.t.barrierAll();
        this.run.notePhase(this.t);
        await this.legalStep();
      }
    });
    if (this.t.status !== 'ended' || this.run.gameEnded(game)) return;
    this.run.notePhase(this.t);
    await this.resnapshot();
    for (let i = 0; i < FINISHING_INVALID && !this.run.stopped; i++) await this.invalidStep();
    await this.verify();
  }

  private async timed(kind: string, step: () => Promise<void>): Promise<void> {
    const t0 = performance.now();
    await step();
    const time = (this.run.figures.stepMs[kind] ??= { steps: 0, ms: 0 });
    time.steps++;
    time.ms += performance.now() - t0;
  }

  private async resnapshot(): Promise<void> {
    await this.t.barrierAll();
    this.snapshot = this.t.fingerprints();
  }

  /** Compares every member's state with the snapshot taken before the batch of refused messages. */
  private async verify(): Promise<void> {
    if (this.batch.length === 0) return;
    await this.t.barrierAll();
    const now = this.t.fingerprints();
    this.run.figures.comparisons++;
    const changed = changedMember(this.snapshot, now);
    if (changed >= 0) {
      this.run.figures.stateChanges++;
      this.find(
        'state-changed',
        `${this.t.members[changed].label} saw a change after refused messages [${this.batch.join(' | ')}]: ${firstDifference(this.snapshot[changed], now[changed])}`,
      );
    }
    this.snapshot = now;
    this.batch = [];
  }

  private context(sender: Member): Context {
    const state = this.t.host.state;
    const move = this.t.legalMove(this.rng);
    if (move) this.actionTypes.add(String(move.action.type));
    const seat = sender.seat;
    return {
      status: this.t.status,
      players: state.players,
      minPlayers: this.t.game.minPlayers,
      maxPlayers: this.t.game.maxPlayers,
      role: this.t.roleOf(sender),
      awaited: seat >= 0 && state.seats[seat]?.awaiting === true,
      legal: move?.action ?? null,
      actionTypes: [...this.actionTypes],
      nextId: this.t.newIntentId(),
    };
  }

  private pickSender(): Member {
    return this.t.members[this.draw(fc.nat(this.t.members.length - 1))];
  }

  /** Sends a generated message; null when it cannot travel as one SDK frame. */
  private async send(sender: Member, msg: FuzzMessage): Promise<number | null> {
    const frame = frameOf(msg.type, msg.payload);
    if (frame === null || frame.size > SDK_FRAME_LIMIT) {
      this.run.figures.skipped++;
      return null;
    }
    if (!frame.decodable) {
      // The room answers it as a message it cannot read: `bad-message`, with no id (it cannot see one).
      msg.undecodable = true;
      msg.invalid = true;
      msg.id = undefined;
    }
    const mark = sender.mark();
    await sender.send(msg.type, msg.payload);
    this.run.count(msg.kind);
    return mark;
  }

  private isReply(msg: FuzzMessage, r: Received): boolean {
    if (r.type === 'accepted') return msg.id !== undefined && r.payload?.id === msg.id;
    if (r.type !== 'error') return false;
    // An empty type does not survive Colyseus' decoding as a string: the room sees a type it cannot show.
    const typeShown = r.payload?.type === shownType(msg.type) || (msg.type === '' && r.payload?.type === '?');
    if (msg.undecodable) return r.payload?.code === 'bad-message' && typeShown;
    if (msg.type === 'intent' && msg.id !== undefined) return r.payload?.id === msg.id;
    return typeShown;
  }

  private async invalidStep(): Promise<void> {
    const sender = this.pickSender();
    const msg = this.draw(invalidMessage(this.context(sender)));
    const mark = await this.send(sender, msg);
    if (mark === null) return;
    this.run.figures.invalid++;
    const shown = `${sender.label} ${msg.kind} ${String(msg.type)} ${describe(msg.payload)}`;
    try {
      await waitUntil(() => sender.since(mark).some((r) => this.isReply(msg, r)), 'error reply', 5000);
    } catch {
      this.find('no-error', `no error for ${shown}; received ${describe(sender.since(mark))}`);
      this.batch.push(shown);
      return;
    }
    const reply = sender.since(mark).find((r) => this.isReply(msg, r))!;
    this.checkError(reply, msg, shown);
    this.batch.push(shown);
  }

  private checkError(reply: Received, msg: FuzzMessage, shown: string): void {
    if (reply.type !== 'error') return this.find('wrong-reply', `${shown} was accepted: ${describe(reply)}`);
    this.run.figures.errorsAnswered++;
    const e = reply.payload;
    if (e.code === 'internal') this.find('internal-error', `${shown} → ${describe(e)}`);
    else if (typeof e.code !== 'string' || !e.code || typeof e.message !== 'string') this.find('wrong-reply', `${shown} → ${describe(e)}`);
    else if (msg.type === 'intent' && (msg.id === undefined ? 'id' in e : e.id !== msg.id))
      this.find('wrong-reply', `${shown}: the error's id is not the intent's: ${describe(e)}`);
  }

  private async probeStep(): Promise<void> {
    await this.verify();
    const sender = this.pickSender();
    const msg = this.draw(probeMessage(this.context(sender)));
    const mark = await this.send(sender, msg);
    if (mark === null) return;
    const shown = `${sender.label} probe ${msg.kind} ${String(msg.type)} ${describe(msg.payload)}`;
    if (msg.id !== undefined) await waitUntil(() => sender.since(mark).some((r) => this.isReply(msg, r)), 'intent reply', 10_000);
    else await sender.barrier();
    const reply = sender.since(mark).find((r) => this.isReply(msg, r));
    if (reply?.type === 'error') {
      this.run.figures.probesRefused++;
      this.checkError(reply, msg, shown);
      this.batch.push(shown);
      await this.verify();
    } else {
      this.run.figures.probesAccepted++;
      await this.resnapshot();
    }
  }

  private async legalStep(): Promise<void> {
    const outcome = await this.t.legalStep(this.rng);
    this.run.count(`legal-${outcome.what.split(' ')[0]}`, outcome.sent);
    this.run.figures.legalSteps++;
    if (outcome.refused) this.find('legal-refused', outcome.refused);
    if (this.lastStatus !== 'ended' && this.t.status === 'ended') this.run.figures.matchesEnded++;
    this.lastStatus = this.t.status;
  }

  /**
   * A visitor on a bare socket sends garbage the moment its socket opens
   * (before the server has attached it), then after the handshake (half the
   * time without acknowledging it), one frame at a time.
   */
  private async rawStep(): Promise<void> {
    await this.verify();
    const frames = this.draw(fc.array(rawFrame(), { minLength: 1, maxLength: 8 }));
    const early = this.draw(fc.array(rawFrame(), { maxLength: 2 }));
    const ack = this.draw(fc.boolean());
    const before = new Set<string>(this.t.host.state.members.keys());
    const raw = this.run.figures.raw;
    const visitor = await RawClient.join(this.url, this.t.roomId, { name: 'Raw' }, (c) => {
      for (const f of early) {
        c.send(f.bytes, typeof f.bytes !== 'string');
        this.run.count(`${f.kind}-before-join`);
        raw.frames++;
      }
    });
    try {
      await waitUntil(() => visitor.joined || visitor.closed !== null, 'raw join', 3000).catch(() => undefined);
      if (ack) visitor.ack();
      await this.t.barrierAll();
      const visitorId = [...(this.t.host.state.members.keys() as Iterable<string>)].find((k) => !before.has(k));
      const base = this.t.fingerprints();
      const shown: string[] = [];
      for (const f of frames) {
        if (visitor.closed) break;
        const n = visitor.received.length;
        visitor.send(f.bytes, typeof f.bytes !== 'string');
        this.run.count(f.kind);
        raw.frames++;
        shown.push(`${f.kind} ${describe(typeof f.bytes === 'string' ? f.bytes : Buffer.from(f.bytes).toString('hex'), 80)}`);
        await waitUntil(() => visitor.received.length > n || visitor.closed !== null, 'raw reply', 50).catch(() => undefined);
        const replies = visitor.received.slice(n);
        const error = replies.find((r) => r.type === 'error');
        if (error) {
          raw.answered++;
          this.run.figures.errorsAnswered++;
          if (error.payload?.code === 'internal') this.find('internal-error', `raw ${f.kind} → ${describe(error.payload)}`);
        } else {
          // (Set by the socket while this loop awaited.)
          const closed = visitor.closed as { code: number } | null;
          if (closed) raw.closed[closed.code] = (raw.closed[closed.code] ?? 0) + 1;
          else raw.silent++;
        }
      }
      await sleep(5);
      await this.t.barrierAll();
      const now = this.t.fingerprints();
      this.run.figures.comparisons++;
      const changed = changedMember(base, now);
      if (changed >= 0) {
        this.run.figures.stateChanges++;
        this.find(
          'state-changed',
          `${this.t.members[changed].label} saw a change after raw frames [${shown.join(' | ')}]: ${firstDifference(base[changed], now[changed])}`,
        );
      }
      await visitor.leave();
      // A visitor the server closed on is away, keeping its place for a minute: the host may not remove it yet.
      if (visitorId && this.t.host.state.members.has(visitorId)) {
        await this.t.barrierAll();
        const removed = await this.t.removeVisitor(visitorId);
        this.run.count('away-remove-refused', removed.sent);
        if (removed.refused) this.find('legal-refused', removed.refused);
      }
    } finally {
      await visitor.leave();
    }
    await this.resnapshot();
  }
}
