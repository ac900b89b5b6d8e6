/**
 * A live table for the fuzzer: one room of a game with a host (seat 0), the
 * other seats held by human members, and spectators, all real SDK clients.
 * Every seat is human and the clock is off, so nothing changes the room but
 * the messages its members send: any change that follows a refused message
 * is that message's doing.
 */
import { getGame, type AnyGame, type RandomSource } from '@fireside/shared';
import { Member, waitUntil } from './member.ts';
import type { Role, Status } from './arbitraries.ts';

export interface TableSpec {
  game: string;
  players: number;
  spectators: number;
}

export interface LegalOutcome {
  /** Messages sent for the step. */
  sent: number;
  /** A legal message the room refused (a finding), or null. */
  refused: string | null;
  what: string;
}

export class Table {
  readonly spec: TableSpec;
  readonly game: AnyGame;
  readonly label: string;
  readonly members: Member[];
  /** The members meant to play, by the seat they first took (host first). */
  readonly players: Member[];
  readonly spectators: Member[];
  private nextIntentId = 1;

  private constructor(spec: TableSpec, label: string, players: Member[], spectators: Member[]) {
    this.spec = spec;
    this.game = getGame(spec.game)!;
    this.label = label;
    this.players = players;
    this.spectators = spectators;
    this.members = [...players, ...spectators];
  }

  static async open(url: string, spec: TableSpec, label: string): Promise<Table> {
    const host = await Member.create(url, `${label}/host`, { game: spec.game, name: 'Host', players: spec.players, clock: 'off' });
    const players = [host];
    for (let i = 1; i < spec.players; i++) players.push(await Member.join(url, `${label}/p${i}`, host.room.roomId, { name: `P${i}` }));
    const spectators: Member[] = [];
    for (let i = 0; i < spec.spectators; i++) spectators.push(await Member.join(url, `${label}/s${i}`, host.room.roomId, { name: `S${i}` }));
    const table = new Table(spec, label, players, spectators);
    for (const [seat, m] of players.entries()) await m.send('sit', { seat });
    await waitUntil(() => players.every((m, seat) => host.state.seats[seat]?.memberId === m.memberId), `${label} seated`);
    return table;
  }

  get host(): Member {
    return this.players[0];
  }

  get roomId(): string {
    return this.host.room.roomId;
  }

  get status(): Status {
    return this.host.state.status as Status;
  }

  /** The game's phase as the host sees it: 'lobby', the view's phase, or 'ended'. */
  get phase(): string {
    if (this.status !== 'playing') return this.status;
    return String(this.host.view()?.phase ?? '?');
  }

  roleOf(m: Member): Role {
    if (m === this.host) return 'host';
    return m.seat >= 0 ? 'seated' : 'spectator';
  }

  newIntentId(): number {
    return this.nextIntentId++;
  }

  async barrierAll(): Promise<void> {
    await Promise.all(this.members.map((m) => m.barrier()));
  }

  fingerprints(): string[] {
    return this.members.map((m) => m.fingerprint());
  }

  /** The member holding `seat` now. */
  holder(seat: number): Member | undefined {
    const id = this.host.state.seats[seat]?.memberId;
    return this.members.find((m) => m.welcome?.memberId === id);
  }

  /** A legal action for an awaited seat, from that seat's own client (its view and secret), as the bots decide. */
  legalMove(rng: RandomSource): { seat: number; member: Member; action: Record<string, unknown> } | null {
    if (this.status !== 'playing') return null;
    const seats = this.host.state.seats;
    for (let seat = 0; seat < seats.length; seat++) {
      if (!seats[seat].awaiting) continue;
      const member = this.holder(seat);
      const own = member?.state.seats[seat]?.secret;
      if (!member || !own) continue;
      const action = this.game.botAction(member.view(), JSON.parse(own), seat, rng);
      if (action) return { seat, member, action };
    }
    return null;
  }

  /**
   * One legal step of the table's life: in the lobby, set the table back
   * (seats, player count, clock off) and start; in a match, an awaited seat's
   * move; after the end, `again`.
   */
  async legalStep(rng: RandomSource): Promise<LegalOutcome> {
    if (this.status === 'playing') {
      const move = this.legalMove(rng);
      if (!move) return { sent: 0, refused: `no awaited seat has a move (phase ${this.phase})`, what: 'stalled' };
      const id = this.newIntentId();
      const lastMatch = this.host.state.lastMatchId;
      const mark = move.member.mark();
      await move.member.send('intent', { action: move.action, id });
      await waitUntil(
        () => move.member.since(mark).some((r) => (r.type === 'accepted' || r.type === 'error') && r.payload?.id === id),
        `${this.label} intent ${id} answered`,
        10_000,
      );
      const reply = move.member.since(mark).find((r) => r.payload?.id === id)!;
      const refused = reply.type === 'error' ? `seat ${move.seat} ${JSON.stringify(move.action)} refused: ${JSON.stringify(reply.payload)}` : null;
      // The match's last move (nobody is awaited any more): the room shows 'ended' only once the match is
      // stored, a moment after this reply — wait for it, or the next step would find the table in between.
      if (!refused && this.status === 'playing' && move.member.state.seats.every((s: any) => !s.awaiting)) {
        await waitUntil(() => (this.status as string) === 'ended', `${this.label} the match's end shown`, 10_000).catch(() => undefined);
      }
      // A match that ended is stored, then named as the room's last match: wait for that too, or the next comparison would see it land.
      if (!refused && (this.status as string) === 'ended') {
        await waitUntil(() => this.host.state.lastMatchId !== lastMatch, `${this.label} the finished match stored`, 10_000);
      }
      return { sent: 1, refused, what: `move ${String(move.action.type)}` };
    }
    if (this.status === 'ended') return this.expectAccepted(this.host, 'again', {}, () => this.status === 'lobby');
    return this.lobbyStep();
  }

  private async lobbyStep(): Promise<LegalOutcome> {
    const state = this.host.state;
    if (state.players !== this.spec.players || state.clock !== 'off') {
      return this.expectAccepted(this.host, 'configure', { players: this.spec.players, clock: 'off' }, () => this.host.state.players === this.spec.players);
    }
    const bot = state.seats.findIndex((s: any) => s.kind === 'bot');
    if (bot >= 0) return this.expectAccepted(this.host, 'removeBot', { seat: bot }, () => this.host.state.seats[bot].kind !== 'bot');
    // A spectator who sat down (a probe) makes way for the table's players.
    const intruder = this.spectators.find((m) => m.seat >= 0);
    if (intruder) return this.expectAccepted(intruder, 'stand', {}, () => intruder.seat < 0);
    const unseated = this.players.find((m) => m.seat < 0);
    if (unseated) {
      const empty = state.seats.findIndex((s: any) => s.kind === 'empty');
      if (empty < 0) return { sent: 0, refused: 'a player has no seat and no seat is free', what: 'stalled' };
      return this.expectAccepted(unseated, 'sit', { seat: empty }, () => unseated.seat === empty);
    }
    return this.expectAccepted(this.host, 'start', {}, () => this.status === 'playing');
  }

  /**
   * The host tries to remove a bare-socket visitor the server closed on: it
   * is away, keeping its place for a minute, so the server must refuse
   * (`still-reconnecting`: a blip never costs anyone their place) and keep it.
   */
  async removeVisitor(memberId: string): Promise<LegalOutcome> {
    await waitUntil(
      () => this.host.state.members.get(memberId)?.connected === false || !this.host.state.members.has(memberId),
      `${this.label} visitor away`,
      5000,
    ).catch(() => undefined);
    if (!this.host.state.members.has(memberId)) return { sent: 0, refused: null, what: 'remove' };
    const mark = this.host.mark();
    await this.host.send('remove', { memberId });
    try {
      await waitUntil(() => this.host.since(mark).some((r) => r.type === 'error' && r.payload?.type === 'remove'), `${this.label} remove refused`, 10_000);
    } catch {
      return { sent: 1, refused: `remove of an away visitor was not refused`, what: 'remove' };
    }
    const error = this.host.since(mark).find((r) => r.type === 'error' && r.payload?.type === 'remove');
    const kept = this.host.state.members.has(memberId);
    const wrong = error?.payload?.code !== 'still-reconnecting' || !kept;
    return { sent: 1, refused: wrong ? `remove of an away visitor: ${JSON.stringify(error?.payload)}, kept: ${kept}` : null, what: 'remove' };
  }

  /** Sends a message that must be accepted: it must bring `done` about, with no error. */
  private async expectAccepted(m: Member, type: string, payload: unknown, done: () => boolean): Promise<LegalOutcome> {
    const mark = m.mark();
    await m.send(type, payload);
    try {
      await waitUntil(() => done() || m.since(mark).some((r) => r.type === 'error' && r.payload?.type === type), `${this.label} ${type}`, 10_000);
    } catch {
      return { sent: 1, refused: `${type} ${JSON.stringify(payload)} had no effect`, what: type };
    }
    const error = m.since(mark).find((r) => r.type === 'error' && r.payload?.type === type);
    return { sent: 1, refused: error ? `${type} ${JSON.stringify(payload)} refused: ${JSON.stringify(error.payload)}` : null, what: type };
  }

  async close(): Promise<void> {
    await Promise.all(this.members.map((m) => m.leave()));
  }
}
