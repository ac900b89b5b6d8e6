/**
 * A finished match's log (GET /api/matches/<id>) turned into what the replay
 * viewer shows: every engine state (shared replaySteps), and for a step and a
 * chosen seat a synthetic room snapshot, shaped exactly like the live ones
 * (net/snapshot.ts), so each game's own table draws it. The match is over, so
 * any seat's secrets may be shown.
 */
import { replaySteps, type ReplayEvent } from '@fireside/shared/engine/replay';
import type { AnyGame } from '@fireside/shared/engine/contract';
import type { RoomSnapshot, SeatSnap } from '../net/snapshot.js';
import type { DescribeStep, Translate } from '../games/types.js';
import { botDisplayName } from '../util/bot-name.js';

export interface MatchLog {
  setup: { matchId: string; roomId: string; matchNo: number; game: string; players: number; options: unknown; seed: string };
  events: ReplayEvent[];
  result: unknown;
  finishedAt: number;
  /** Who sat at each seat when the match started (a bot's as the server names it). */
  names: string[];
  /** Per seat: a bot sat there at the start (absent from servers before it was sent). */
  bots?: boolean[];
}

export type LoadFailure = { kind: 'not-found' } | { kind: 'failed'; message: string };

export async function fetchLog(matchId: string): Promise<MatchLog | LoadFailure> {
  try {
    const res = await fetch(`/api/matches/${encodeURIComponent(matchId)}`, { headers: { accept: 'application/json' } });
    if (res.status === 404) return { kind: 'not-found' };
    if (!res.ok) return { kind: 'failed', message: `HTTP ${res.status}` };
    return (await res.json()) as MatchLog;
  } catch (e) {
    return { kind: 'failed', message: (e as Error).message };
  }
}

/** Through JSON like the wire: tables get plain data they may keep, never engine state. */
function plain(x: unknown): unknown {
  return x === undefined ? null : JSON.parse(JSON.stringify(x));
}

export class ReplayModel {
  readonly states: unknown[];
  /** Bot seats: a bot sat there at the start, or (an older server) some of its moves were a bot's. */
  private bots: Set<number>;

  constructor(
    readonly log: MatchLog,
    readonly engine: AnyGame,
  ) {
    this.states = replaySteps(engine, log.setup, log.events);
    this.bots = log.bots
      ? new Set(log.bots.flatMap((bot, seat) => (bot ? [seat] : [])))
      : new Set(log.events.flatMap((e) => (e.kind === 'action' && e.bot ? [e.seat] : [])));
  }

  /** The last step (steps run from 0, the deal, to the number of events). */
  get last(): number {
    return this.states.length - 1;
  }

  get players(): number {
    return this.log.setup.players;
  }

  /** A seat's name as the page shows it: a bot's marked in the page's language, as in a live table. */
  name(seat: number): string {
    const name = this.log.names[seat] || `#${seat + 1}`;
    return this.bots.has(seat) ? botDisplayName(name) : name;
  }

  /** The action that led to step k in words (null for the deal and for a timeout). */
  describe(k: number, describeStep: DescribeStep, tr: Translate, lang: string): string | null {
    const ev = this.eventAt(k);
    if (!ev || ev.kind !== 'action') return null;
    const g = this.engine;
    const before = this.states[k - 1];
    const names = Array.from({ length: this.players }, (_, i) => this.name(i));
    return describeStep({ action: ev.action, seat: ev.seat, names, before: g.publicView(before), mine: g.seatView(before, ev.seat), lang }, tr);
  }

  /** The event that led to step k (null for step 0). */
  eventAt(k: number): ReplayEvent | null {
    return k > 0 ? (this.log.events[k - 1] ?? null) : null;
  }

  /** Step k as seen by `seat`: the public view, that seat's own view, who was awaited. */
  snapshotAt(k: number, seat: number): RoomSnapshot {
    const g = this.engine;
    const state = this.states[k];
    const awaiting = new Set<number>(g.awaiting(state));
    const result = g.result(state);
    const memberId = 'replay';
    const seats: SeatSnap[] = Array.from({ length: this.players }, (_, i) => ({
      index: i,
      kind: this.bots.has(i) ? 'bot' : 'human',
      memberId: i === seat ? memberId : '',
      name: this.name(i),
      connected: true,
      awaiting: awaiting.has(i),
      deadline: 0,
      budget: 0,
      clockId: 0,
      awaySince: 0,
      standInAt: 0,
      standIn: false,
      secret: i === seat ? plain(g.seatView(state, i)) : null,
    }));
    const { setup } = this.log;
    return {
      roomId: setup.roomId,
      game: setup.game,
      status: result ? 'ended' : 'playing',
      hostId: '',
      ownerId: '',
      locked: false,
      players: setup.players,
      options: (setup.options ?? {}) as Record<string, unknown>,
      seats,
      members: { [memberId]: { id: memberId, name: this.name(seat), seat, connected: true, awaySince: 0 } },
      spectators: 0,
      clock: 'off',
      matchNo: setup.matchNo,
      view: plain(g.publicView(state)),
      result: result ? { winners: [...result.winners], scores: [...result.scores] } : null,
      chat: [],
      lastMatchId: '',
      replay: true,
      me: { memberId, seat, isHost: false },
    };
  }
}
