// One seated SDK client that plays its seat the moment it is awaited (the
// game's bot, on its own view, like a quick human) and measures each accepted
// intent's round trip: sent → the state update that shows it (the last update
// before the server's `accepted` for that intent, which follows that very
// patch). It can also count the bytes it receives per update.
import { meters } from './meter.mjs';
import { Client } from '@colyseus/sdk';
import { StateReader } from '@fireside/botclient';
import { getGame, rngFromSeed } from '@fireside/shared';
import { until } from './util.mjs';
import { followAnswers, sendBotMove } from './bot-seat.mjs';

const STATE_PATCH = 15; // Colyseus Protocol.ROOM_STATE_PATCH

export class MeasuredPlayer {
  /** Round trips of accepted intents, ms. */
  latencies = [];
  /** Intents refused by the server (a stale view), not measured. */
  refused = 0;
  /** Per state patch during the match: [bytes on the wire, bytes of the full public view's JSON]. */
  patches = [];
  /** Every byte received between the start and the end of the match. */
  matchBytes = 0;
  left = null;
  /** Connections the SDK lost and reconnected. */
  drops = 0;

  constructor(room, game, seed) {
    this.room = room;
    this.game = getGame(game);
    this.rng = rngFromSeed(seed);
    this.reader = new StateReader();
    this.pending = null;
    this.nextId = 1;
    this.changedAt = 0;
    this.metering = false;
    this.unsized = [];
    this.onEnd = null;
    room.onMessage('welcome', (m) => (this.memberId = m.memberId));
    followAnswers(room, this, (pending) => {
      if (this.changedAt > pending.at) this.latencies.push(this.changedAt - pending.at);
    });
    room.onMessage('*', () => {});
    room.onLeave((code) => (this.left = code));
    room.onDrop(() => this.drops++);
    room.onStateChange(() => {
      this.changedAt = performance.now();
      this.update();
    });
  }

  /** Creates a room of `game` for `players` with this client at seat 0 and bots elsewhere. */
  static async create(base, game, players, { seed = 'bench', meter = false } = {}) {
    let player = null;
    const frames = [];
    meters.next = meter ? (bytes, code) => (player ? player.frame(bytes, code) : frames.push([bytes, code])) : null;
    const room = await new Client(base).create('game', { game, name: 'M', players, clock: 'off' });
    meters.next = null;
    player = new MeasuredPlayer(room, game, seed);
    return player;
  }

  frame(bytes, code) {
    if (!this.metering) return;
    this.matchBytes += bytes;
    if (code === STATE_PATCH) this.unsized.push(bytes);
  }

  /** Seats itself, fills the other seats with bots, starts, and resolves when the match has ended. */
  async playMatch() {
    const send = (type, payload = {}) => this.room.send(type, payload);
    await until(() => this.memberId, 'welcome', 60_000);
    const s = this.room.state;
    if (s.seats[0]?.memberId !== this.memberId) send('sit', { seat: 0 });
    await until(() => this.room.state.seats[0]?.memberId === this.memberId, 'seated', 60_000);
    send('fillBots');
    await until(() => [...this.room.state.seats].every((x) => x.kind !== 'empty'), 'bots seated', 60_000);
    const ended = new Promise((resolve) => (this.onEnd = resolve));
    this.metering = true;
    send('start');
    await ended;
    this.metering = false;
  }

  /** Back to the lobby with the same seats, for the next match. */
  async again() {
    this.room.send('again', {});
    await until(() => this.room.state.status === 'lobby', 'back in the lobby', 60_000);
  }

  update() {
    const snap = this.reader.read(this.room.state);
    if (this.unsized.length > 0) {
      const viewBytes = Buffer.byteLength(snap.view);
      for (const bytes of this.unsized.splice(0)) this.patches.push([bytes, viewBytes]);
    }
    const seat = snap.seats.findIndex((x) => x.memberId === this.memberId && x.kind === 'human');
    if (snap.status === 'ended') {
      this.pending = null;
      this.onEnd?.();
      this.onEnd = null;
      return;
    }
    if (this.pending) return;
    sendBotMove(this, snap, seat, `bench:${seat}`, performance.now());
  }

  leave() {
    return this.room.leave(true).catch(() => undefined);
  }
}
