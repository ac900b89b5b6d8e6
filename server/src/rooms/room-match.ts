/**
 * The room's match: starting one from the lobby, playing intents into it,
 * storing its end, going back to the lobby for another, and taking it up
 * again after a restore. The match itself (engine, clocks, bots, views) is
 * match/live-match.ts; this is what the room does around it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rngFromSeed, type AnyGame, type RandomSource } from '@fireside/shared';
import { LiveMatch, type LiveMatchDeps } from '../match/live-match.js';
import type { ClockRow } from '../match/seat-clocks.js';
import { syncView } from './view-sync.js';
import { SchemaProjection } from './schema-projection.js';
import type { MatchEvent, MatchSeat, MatchSetup, MatchStore } from '../store/types.js';
import { RoomError, fail } from './errors.js';
import { parseClock, type Lobby } from './lobby.js';
import type { Members, MemberRecord } from './members.js';
import type { Membership } from './membership.js';
import { intentId, sendTo } from './message-routing.js';
import type { StandIns } from './stand-ins.js';
import type { RoomSaver } from './room-record.js';
import type { RoomTelemetry } from './room-telemetry.js';
import type { RoomState } from './schema.js';
import { allSeatsFilled } from './seats.js';
import type { RoomSettings } from './settings.js';
import { payloadObject } from './validation.js';

const isClockId = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x > 0;

export interface RoomMatchDeps {
  readonly roomId: string;
  readonly state: RoomState;
  readonly game: AnyGame;
  readonly store: MatchStore;
  readonly settings: RoomSettings;
  readonly members: Members;
  readonly lobby: Lobby;
  readonly membership: Membership;
  readonly standIns: StandIns;
  readonly telemetry: RoomTelemetry;
  readonly saver: RoomSaver;
  changed(): void;
  patchSoon(): void;
}

export class RoomMatch {
  /** The match being played or just ended; null in the lobby. */
  private live: LiveMatch | null = null;
  /** The store's answer about the last match's end, while it is being written. */
  private finishing: Promise<void> = Promise.resolve();
  /** The bots' randomness: per room, never the match's seed (which must stay secret and replayable). */
  private readonly botRng: RandomSource = rngFromSeed(randomBytes(16).toString('hex'));

  constructor(private readonly deps: RoomMatchDeps) {}

  get current(): LiveMatch | null {
    return this.live;
  }

  private get status(): string {
    return this.deps.state.status;
  }

  /** The host's `start`: the match is stored before it begins, and begins only if the table is still as it was. */
  async start(rec: MemberRecord, payload: unknown): Promise<void> {
    const { deps } = this;
    const options = deps.lobby.startingOptions(rec, payload);
    deps.membership.matchStarted();
    const setup: MatchSetup = {
      matchId: randomUUID(),
      roomId: deps.roomId,
      matchNo: deps.state.matchNo,
      game: deps.game.id,
      players: deps.state.players,
      options,
      // The seed never leaves the server.
      seed: randomBytes(32).toString('hex'),
      startedAt: Date.now(),
      // Who plays: the replay names them, whoever sits there later.
      seats: matchSeats(deps.state),
    };
    try {
      await deps.saver.flush();
      await deps.store.startMatch(setup);
    } catch (e) {
      deps.telemetry.error('store.failed', e, { op: 'start_match' }, 'starting a match failed');
      fail('internal', 'The server could not start the match; nothing changed. Try again.');
    }
    // Nothing else started it or changed the table while the store was written.
    deps.lobby.requireLobby();
    const sameTable = deps.state.players === setup.players && allSeatsFilled(deps.state) && sameSeats(matchSeats(deps.state), setup.seats!);
    if (!sameTable) fail('seats-empty', 'The table changed; start again.');
    deps.state.result = '';
    deps.telemetry.matchStarted(setup.matchId, setup.matchNo, setup.players, deps.state.seats.filter((seat) => seat.kind === 'bot').length);
    this.live = LiveMatch.start(this.liveDeps(true), setup);
    deps.standIns.matchStarted();
  }

  /** A match taken up again after a restore; `finished` if it had already ended. */
  restore(setup: MatchSetup, events: MatchEvent[], clocks: readonly ClockRow[], finished: boolean): void {
    this.live = LiveMatch.restore(this.liveDeps(!finished), setup, events, clocks);
  }

  /** A seated member's move: answered `accepted` once stored, after the patch that shows it. */
  async intent(rec: MemberRecord, payload: unknown): Promise<void> {
    const p = payloadObject(payload);
    if (this.status === 'ended') fail('game-over', 'The match is over.');
    if (this.status !== 'playing' || this.live === null) fail('not-playing', 'No match is being played.');
    // Its last move is in, its end is being stored: 'ended' is shown once it is (finish).
    if (this.live.over) fail('game-over', 'The match is over.');
    const seat = this.deps.state.members.get(rec.id)!.seat;
    if (seat < 0) fail('not-seated', 'Spectators cannot play.');
    const res = await this.live.submit(seat, p.action);
    if (!res.ok) throw new RoomError(res.error.code, res.error.message);
    // After the patch that shows the move, so a client that waits for it also has the state it made.
    const id = intentId(p);
    if (id !== undefined && rec.client) sendTo(rec.client, 'accepted', { id }, { afterNextPatch: true });
  }

  /**
   * A seated player's client drew the step of its seat's clock `clockId`
   * (`shown`): the countdown counts from now, within the grace (seat-clocks.ts).
   * Only the seat's holder counts; another step's clock is refused (`stale-step`).
   */
  shown(rec: MemberRecord, payload: unknown): void {
    const p = payloadObject(payload);
    if (this.status !== 'playing' || this.live === null) fail('not-playing', 'No match is being played.');
    const seat = this.deps.state.members.get(rec.id)!.seat;
    if (seat < 0) fail('not-seated', 'Spectators have no clock.');
    if (!isClockId(p.clockId)) fail('bad-message', 'clockId must be a positive integer.');
    if (!this.live.shown(seat, p.clockId)) fail('stale-step', "This is not your seat's running clock (the step is over).");
  }

  /** A seated player dropped mid-match (maybe a reload): its clock may give that time back (seat-clocks.ts). */
  seatAway(seat: number, since: number): void {
    this.live?.seatAway(seat, since);
  }

  /** The host's `again` after a match: back to the lobby, same seats, the next match number. */
  again(rec: MemberRecord, payload: unknown): void {
    const { deps } = this;
    payloadObject(payload);
    deps.lobby.requireHost(rec);
    if (this.status !== 'ended') fail('not-ended', 'The match is not over.');
    this.dispose();
    deps.telemetry.backToLobby();
    deps.standIns.backToLobby();
    // Members who left for good during the match free their seats now.
    for (const r of deps.members.all()) {
      if (r.sessionId === null) deps.membership.remove(r);
    }
    for (const seat of deps.state.seats) {
      seat.awaiting = false;
      seat.secret = '';
    }
    syncView(deps.state.view, null);
    deps.state.result = '';
    deps.state.matchNo += 1;
    deps.state.status = 'lobby';
    deps.membership.updateSpectators();
  }

  /** Who plays a seat changed (a stand-in took over or handed back): the match wakes its bots. */
  botsChanged(): void {
    this.live?.refreshBots();
  }

  /** Resolves once the match's writes so far (its events, its end) are in the store. */
  async settled(): Promise<void> {
    await this.live?.settled();
    await this.finishing;
  }

  dispose(): void {
    this.live?.dispose();
    this.live = null;
  }

  /** `live`: the match can still end here (a restored, already finished match cannot end again). */
  private liveDeps(live: boolean): LiveMatchDeps {
    const { deps } = this;
    return {
      game: deps.game,
      projection: new SchemaProjection(deps.state),
      persist: (matchId, event) => deps.store.appendEvent(matchId, event),
      onEnd: live ? (result) => (this.finishing = this.finish(result)) : undefined,
      isBot: (seat: number) => deps.state.seats[seat]?.kind === 'bot' || deps.state.seats[seat]?.standIn === true,
      botRng: this.botRng,
      botDelayMs: deps.settings.botDelayMs,
      pace: parseClock(deps.state.clock),
      clockScale: deps.settings.clockScale,
      clockGraceMs: deps.settings.clockGraceMs,
      onTimeout: (seat) => {
        deps.standIns.timedOut(seat);
        deps.changed();
      },
      projected: () => deps.patchSoon(),
      log: deps.telemetry.log,
    };
  }

  /**
   * Stores the end of the match, then names its replay: LiveMatch shows
   * `ended` once this resolves, in the same patch as the new lastMatchId, so
   * no client ever sees a finished match next to the previous match's replay.
   */
  private async finish(result: { winners: number[]; scores: number[] }): Promise<void> {
    const { deps } = this;
    const id = this.live?.setup.matchId;
    if (!id) return;
    deps.telemetry.matchEnded(result, this.live?.log.length ?? 0);
    try {
      await deps.store.finishMatch(id, result, Date.now());
      // Only once stored: the replay API serves finished matches only. Kept through `again`.
      deps.state.lastMatchId = id;
    } catch (e) {
      deps.telemetry.error('store.failed', e, { op: 'finish_match' }, 'storing the end of the match failed');
      // No replay of this match; the previous match's is not this one's.
      deps.state.lastMatchId = '';
    }
    deps.saver?.soon();
  }
}

/** The seats as a match stores them: each one's name and whether a bot plays it. */
function matchSeats(state: RoomState): MatchSeat[] {
  return state.seats.map((seat) => ({ name: seat.name, kind: seat.kind === 'bot' ? 'bot' : 'human' }));
}

function sameSeats(a: MatchSeat[], b: MatchSeat[]): boolean {
  return a.length === b.length && a.every((seat, i) => seat.name === b[i].name && seat.kind === b[i].kind);
}
