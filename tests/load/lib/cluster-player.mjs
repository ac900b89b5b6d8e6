// One seated SDK client of the cluster benchmark (cluster-clients.mjs): it
// creates its room through one process, plays seat 0 the moment it is
// awaited (the game's bot, on its own view), keeps its room playing match
// after match (sit, fill the other seats with server bots, start, again),
// and times each accepted intent (sent → the last state update before its
// `accepted`, as measured-player.mjs does).
//
// Unlike measured-player.mjs it survives the death of its room's process the
// way the bot client does (botclient/src/connection.ts): the SDK's own two
// reconnections (to the dead process), then a join by id with its member
// token, through the other processes in turn, with 0.25 s → 3 s backoff.
// It is driven by the state it sees (not by a script of awaits), so a kill
// at any moment of a match or between two matches leaves nothing waiting.
import { Client } from '@colyseus/sdk';
import { StateReader } from '@fireside/botclient';
import { getGame, rngFromSeed } from '@fireside/shared';
import { matchmake } from './raw-spectator.mjs';
import { followAnswers, sendBotMove } from './bot-seat.mjs';

const SDK_RECONNECT_TRIES = 2; // as the bot client
/** A control message (sit, fillBots, start, again) not followed by its effect is sent again after this. */
const RESEND_MS = 1000;
const now = () => performance.timeOrigin + performance.now();

export class ClusterPlayer {
  /** [when (epoch ms), round trip ms] of each accepted intent. */
  latencies = [];
  /** [when (epoch ms), public address of the process] of each accepted intent. */
  accepts = [];
  /** [when, matchNo] of each match seen ending. */
  ends = [];
  refused = 0;
  /** Connections the SDK lost (it reconnects to the same process first). */
  drops = 0;
  /** Joins by id after losing the room (each one a new connection, possibly to another process). */
  rejoins = 0;
  /** Set when the room was lost for good (the reason). */
  lost = null;
  stopping = false;

  constructor(bases, home, game, players, seed) {
    this.bases = bases;
    this.home = home;
    this.gameId = game;
    this.players = players;
    this.game = getGame(game);
    this.rng = rngFromSeed(seed);
    this.client = new Client(bases[home]);
    this.token = '';
    this.memberId = '';
    this.pending = null;
    this.nextId = 1;
    this.sentAt = new Map();
    this.snap = null;
  }

  /** Creates a room through process `home` (it lives there: app.config.ts selectProcessIdToCreateRoom). */
  async open() {
    const seat = await matchmake(this.bases[this.home], 'create/game', { game: this.gameId, name: 'M', players: this.players, clock: 'off' });
    await this.attach(seat);
    this.watchdog = setInterval(() => this.update(), RESEND_MS);
    this.watchdog.unref();
  }

  get roomId() {
    return this.room.roomId;
  }

  async attach(seat) {
    // The SDK's join never settles when the socket closes before the room's JOIN: give up after a while.
    let timer;
    const joining = this.client.consumeSeatReservation(seat);
    const room = await Promise.race([joining, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('join timed out')), 15_000)))]).finally(
      () => clearTimeout(timer),
    );
    this.room = room;
    this.address = seat.publicAddress;
    this.reader = new StateReader(); // a new connection's state is a new object: decode it from scratch
    this.pending = null; // an intent sent on the lost connection is never answered
    this.sentAt.clear();
    room.reconnection.maxRetries = SDK_RECONNECT_TRIES;
    room.onMessage('welcome', (m) => {
      this.memberId = m.memberId;
      this.token = m.token;
      this.update();
    });
    followAnswers(room, this, (pending) => {
      const t = now();
      if (this.changedAt > pending.at) this.latencies.push([t, this.changedAt - pending.at]);
      this.accepts.push([t, this.address]);
    });
    room.onMessage('*', () => {});
    room.onDrop(() => this.drops++);
    room.onLeave((code) => {
      if (room !== this.room || this.stopping) return;
      void this.rejoin(code);
    });
    room.onStateChange(() => {
      this.changedAt = now();
      this.update();
    });
  }

  /** Joins the room again with the member token, through each process in turn (a dead one refuses at once). */
  async rejoin(code) {
    const roomId = this.room.roomId;
    const until = Date.now() + 60_000;
    for (let attempt = 0; Date.now() < until && !this.stopping; attempt++) {
      await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** attempt, 3000)));
      const base = this.bases[(this.home + 1 + attempt) % this.bases.length];
      try {
        await this.attach(await matchmake(base, `joinById/${roomId}`, { name: 'M', token: this.token }));
        this.rejoins++;
        return;
      } catch {
        /* not back yet: the next process, a little later */
      }
    }
    if (!this.stopping) this.lost = `left (${code}) and could not rejoin`;
  }

  /** Sends a control message unless the same one went out less than RESEND_MS ago. */
  control(type, payload = {}) {
    const last = this.sentAt.get(type) ?? 0;
    if (now() - last < RESEND_MS) return;
    this.sentAt.set(type, now());
    this.room.send(type, payload);
  }

  update() {
    if (this.stopping || !this.room || !this.memberId) return;
    const snap = this.reader.read(this.room.state);
    if (!snap.game) return; // not decoded yet (a new connection)
    this.snap = snap;
    const seat = snap.seats.findIndex((x) => x.memberId === this.memberId && x.kind === 'human');
    if (snap.status === 'lobby') {
      this.pending = null;
      if (seat !== 0) return this.control('sit', { seat: 0 });
      if (snap.seats.some((x) => x.kind === 'empty')) return this.control('fillBots');
      return this.control('start');
    }
    if (snap.status === 'ended') {
      this.pending = null;
      if (this.ends.at(-1)?.[1] !== snap.matchNo) this.ends.push([now(), snap.matchNo]);
      return this.control('again');
    }
    if (this.pending && now() - this.pending.at < 5000) return;
    sendBotMove(this, snap, seat, `bench:${seat}:${snap.matchNo}`, now());
  }

  /** Leaves for good; does not wait more than 2 s (a connection being replaced may never answer). */
  async leave() {
    this.stopping = true;
    clearInterval(this.watchdog);
    let timer;
    await Promise.race([this.room?.leave(true).catch(() => undefined), new Promise((r) => (timer = setTimeout(r, 2000)))]);
    clearTimeout(timer);
  }
}
