/**
 * One room's life in the soak: a host creates it, players join and sit,
 * server bots take some seats, a spectator watches, and while the match is
 * played by bot clients (the botclient package, deciding from what their
 * own connection receives) its members come and go:
 *  - drop: the socket dies (no close frame); the SDK reconnects by itself;
 *  - reload: the socket closes without a leave; a new client joins with the
 *    member's token (BotConnection.join with `token`), as a reloaded page does,
 *    and plays on;
 *  - leave and come back: a consented leave (a stand-in may play the seat
 *    meanwhile), then a join with the token.
 * The observer spectator, never disturbed, sees the result; every seat's
 * current client must see the same. Then everyone leaves, and the room is
 * left to unload.
 */
import { Room } from '@colyseus/sdk';
import { BotConnection, type MatchOutcome } from '@fireside/botclient';
import { getGame, metaIds, metaOf, rngFromSeed, type RandomSource } from '@fireside/shared';
import { linkRoomsToSockets, recordingSockets, socketsOf } from '../integration/helpers/recording-ws.ts';
import type { ClientLog } from '../integration/leak/scan.ts';
import { scanRoom, type LeakFindings } from './secret-scan.ts';

linkRoomsToSockets(Room);

export const GAMES = metaIds;
/** The SDK reconnects by itself only a connection that has been up this long (its `minUptime`). */
const SDK_MIN_UPTIME_MS = 6000;
const MATCH_TIMEOUT_MS = 180_000;

export interface TableSpec {
  game: string;
  players: number;
  serverBots: number;
  /** Record raw frames and scan them for leaks. */
  record: boolean;
  /** Bot clients think this long before a move (ms): a match lasts long enough to be disturbed. */
  botDelayMs: number;
  seed: string;
}

export interface TableFigures {
  game: string;
  roomId: string;
  joins: number;
  drops: number;
  reloads: number;
  returns: number;
  ended: boolean;
  ms: number;
  leak: LeakFindings | null;
  problems: string[];
}

/** One member of the table (a seat's player or a spectator) and every client it has used. */
interface Identity {
  label: string;
  seat: number | null;
  conn: BotConnection;
  joinedAt: number;
  history: BotConnection[];
  play: Promise<MatchOutcome> | null;
  /** Churn on this member is under way: its play may fail on purpose. */
  busy: boolean;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class TableLife {
  private readonly rng: RandomSource;
  private readonly people: Identity[] = [];
  private observer!: BotConnection;
  private roomId = '';
  readonly figures: TableFigures;
  private readonly server: string;
  private readonly spec: TableSpec;

  constructor(server: string, spec: TableSpec) {
    this.server = server;
    this.spec = spec;
    this.rng = rngFromSeed(spec.seed);
    this.figures = { game: spec.game, roomId: '', joins: 0, drops: 0, reloads: 0, returns: 0, ended: false, ms: 0, leak: null, problems: [] };
  }

  private pick<T>(items: T[]): T {
    return items[Math.floor(this.rng.next() * items.length)];
  }

  private async join(label: string, token?: string): Promise<BotConnection> {
    this.figures.joins++;
    return BotConnection.join({ server: this.server, roomId: this.roomId, name: label, token, rejoinMs: 0 });
  }

  private problem(what: string): void {
    this.figures.problems.push(`${this.spec.game} room ${this.roomId}: ${what}`);
  }

  async run(): Promise<TableFigures> {
    const start = Date.now();
    try {
      await this.setUp();
      await this.playWithChurn();
    } catch (e) {
      this.problem((e as Error).message);
    } finally {
      await this.leaveAll();
      this.figures.ms = Date.now() - start;
    }
    if (this.spec.record) this.figures.leak = scanRoom(this.spec.game, this.clientLogs());
    this.forgetSockets();
    return this.figures;
  }

  private async setUp(): Promise<void> {
    const { game, players, serverBots } = this.spec;
    const host = await BotConnection.create({ server: this.server, game, name: 'Host', rejoinMs: 0 });
    this.figures.joins++;
    this.roomId = this.figures.roomId = host.roomId;
    // Short matches: each game's quick options (e.g. Gift Trap to 20 points, Wind City's market open 10 s).
    const options = metaOf(game)!.testing.quickOptions;
    await host.request('configure', options ? { players, options } : { players }, (s) => s.players === players && s.seats.length === players);
    this.people.push({ label: 'host', seat: 0, conn: host, joinedAt: Date.now(), history: [host], play: null, busy: false });
    await host.sit(0);
    this.observer = await this.join('Observer');
    this.people.push({ label: 'observer', seat: null, conn: this.observer, joinedAt: Date.now(), history: [this.observer], play: null, busy: true });
    const spectator = await this.join('Spectator');
    this.people.push({ label: 'spectator', seat: null, conn: spectator, joinedAt: Date.now(), history: [spectator], play: null, busy: false });

    // A passer-by looks in and leaves (in the lobby it is gone for good).
    const passer = await this.join('Passer-by');
    await passer.leave();
    // The spectator reloads in the lobby: same member again, by its token.
    await this.reload(this.people[2]);

    const humans = players - serverBots;
    for (let seat = 1; seat < humans; seat++) {
      const conn = await this.join(`P${seat}`);
      await conn.sit(seat);
      this.people.push({ label: `p${seat}`, seat, conn, joinedAt: Date.now(), history: [conn], play: null, busy: false });
    }
    for (let seat = humans; seat < players; seat++) await host.request('addBot', { seat }, (s) => s.seats[seat]?.kind === 'bot');
  }

  private seated(): Identity[] {
    return this.people.filter((p) => p.seat !== null);
  }

  private startPlaying(p: Identity): void {
    const play = p.conn.play({ delayMs: this.spec.botDelayMs });
    p.play = play;
    play.catch((e: Error) => {
      // A client replaced on purpose fails its play; any other failure is a finding.
      if (p.play === play && !p.busy) this.problem(`${p.label}: ${e.message}`);
    });
  }

  private async playWithChurn(): Promise<void> {
    for (const p of this.seated()) this.startPlaying(p);
    await this.people[0].conn.request('start', {}, (s) => s.status !== 'lobby');
    const ended = this.observer.waitFor((s) => s.status === 'ended' && s.result !== '', MATCH_TIMEOUT_MS, 'the end of the match');
    let over = false;
    const churn = (async () => {
      while (!over) {
        await sleep(500 + this.rng.next() * 2000);
        if (over) break;
        const candidates = this.people.filter((p) => !p.busy);
        if (candidates.length > 0) await this.churnOnce(this.pick(candidates));
      }
    })();
    try {
      const final = await ended;
      this.figures.ended = true;
      over = true;
      await churn;
      // Every seat's client (the latest one) sees the same result.
      for (const p of this.seated()) {
        const outcome = await Promise.race([p.play!, sleep(20_000).then(() => null)]);
        if (!outcome) this.problem(`${p.label}: no result 20 s after the end`);
        else if (
          JSON.stringify({ winners: outcome.winners, scores: outcome.scores }) !==
          JSON.stringify({ winners: JSON.parse(final.result).winners, scores: JSON.parse(final.result).scores })
        ) {
          this.problem(`${p.label} saw a different result`);
        }
      }
    } finally {
      over = true;
      await churn;
    }
  }

  private async churnOnce(p: Identity): Promise<void> {
    p.busy = true;
    try {
      const roll = this.rng.next();
      if (roll < 0.35 && Date.now() - p.joinedAt > SDK_MIN_UPTIME_MS) await this.drop(p);
      else if (roll < 0.7) await this.reload(p);
      else await this.leaveAndReturn(p);
    } catch (e) {
      this.problem(`${p.label}: ${(e as Error).message}`);
    } finally {
      p.busy = p === this.people[1];
    }
  }

  /** The socket dies without a close frame; the SDK reconnects (server: onDrop, then onReconnect). */
  private async drop(p: Identity): Promise<void> {
    this.figures.drops++;
    const transport = (p.conn.room.connection as unknown as { transport: { ws: { terminate(): void } } }).transport;
    transport.ws.terminate();
    const deadline = Date.now() + 15_000;
    while (!p.conn.room.connection.isOpen) {
      if (!p.conn.inRoom || Date.now() > deadline) throw new Error('the SDK did not reconnect after a drop');
      await sleep(50);
    }
  }

  /** The socket closes without a leave (a reloaded page); a new client comes back with the token. */
  private async reload(p: Identity): Promise<void> {
    this.figures.reloads++;
    const old = p.conn;
    (old.room.connection as unknown as { transport: { ws: { close(code: number): void } } }).transport.ws.close(4999);
    const deadline = Date.now() + 10_000;
    while (old.inRoom && Date.now() < deadline) await sleep(20);
    await this.comeBack(p, old, true);
  }

  /** A consented leave; back a moment later with the token (a stand-in may have played meanwhile). */
  private async leaveAndReturn(p: Identity): Promise<void> {
    this.figures.returns++;
    const old = p.conn;
    await old.leave();
    await sleep(300 + this.rng.next() * 1700);
    // A spectator who left is gone (a new member when it comes back); a player keeps its seat in a match.
    await this.comeBack(p, old, p.seat !== null);
  }

  private async comeBack(p: Identity, old: BotConnection, sameMember: boolean): Promise<void> {
    const conn = await this.join(old.name, old.token);
    if (sameMember && conn.memberId !== old.memberId) this.problem(`${p.label} came back as another member`);
    p.conn = conn;
    p.joinedAt = Date.now();
    p.history.push(conn);
    if (p.seat === null) return;
    if (conn.seat !== p.seat) throw new Error(`${p.label} came back without its seat ${p.seat} (has ${conn.seat})`);
    if (conn.state.status !== 'lobby') this.startPlaying(p);
  }

  private async leaveAll(): Promise<void> {
    for (const p of this.people) p.busy = true;
    await Promise.all(this.people.map((p) => p.conn.leave()));
  }

  /** One log per member: the frames of every client it used, in arrival order. */
  private clientLogs(): ClientLog[] {
    return this.people.map((p) => ({
      label: p.label,
      seat: p.seat,
      frames: p.history.flatMap((c) => socketsOf(c.room).flatMap((s) => s.frames)).sort((a, b) => a.seq - b.seq),
    }));
  }

  /** The recorder keeps every socket: let go of this room's, or a long soak would keep every frame. */
  private forgetSockets(): void {
    const rooms = new Set<unknown>(this.people.flatMap((p) => p.history.map((c) => c.room)));
    for (let i = recordingSockets.length - 1; i >= 0; i--) if (rooms.has(recordingSockets[i].room)) recordingSockets.splice(i, 1);
  }
}

/** A table of a game, seats and server bots drawn from the seed. */
export function drawTable(game: string, rng: RandomSource, record: boolean, seed: string, botDelayMs: number): TableSpec {
  const def = getGame(game)!;
  const players = def.minPlayers + Math.floor(rng.next() * (Math.min(def.maxPlayers, 5) - def.minPlayers + 1));
  // At least two seats are played by bot clients (the host's and one more): the churn needs players to disturb.
  const serverBots = Math.floor(rng.next() * (players - 1));
  return { game, players, serverBots, record, seed, botDelayMs };
}
