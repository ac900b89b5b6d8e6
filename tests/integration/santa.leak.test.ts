/**
 * Hidden information on the wire, Santa Claus Is Comin' To Town: the only
 * secret of the game is each seat's face-down pick, from the moment it is
 * made until the last pick reveals all of them together (`played`). Checked
 * on the RAW BYTES every client received, like the Gift Trap leak test
 * (leak.test.ts; same recorder, helpers/recording-ws.ts, and the same
 * reasoning for why a byte search is sound, helpers/leak-scan.ts).
 *
 * Whole Santa games are played through the real server, every seat a bot
 * client over the wire (botclient), watched by a spectator who joins in the
 * lobby and a latecomer who joins in the middle of a pick phase with picks
 * already made (its first frame is a full-state encoding). The picks are
 * choreographed so that the interesting cases happen in every round (see
 * `choreograph`): each round one seat picks last (its pick reveals the round),
 * and one other seat changes its pick after its first pick went out, so a
 * seat's secret changes twice while the public view does not change at all.
 *
 * What is proved, per match (`scanSanta`):
 *  - bytes: every distinct value of each seat's `secret` (the JSON of its
 *    seat view: seat, role, myPick) appears in NO frame received by any other
 *    client, spectators included, neither as is nor escaped inside another
 *    JSON string — and each DOES appear in its owner's frames (positive
 *    control). A pick alone (a small number) is public after the reveal, so
 *    the needles are the whole secret strings, which only a seat view makes;
 *  - no frame contains the generator ("rng"), a seed, a long hex run, or the
 *    engine-only "picks" key;
 *  - decoded: every public view a client decoded has exactly the public
 *    fields; in the pick phase `played` is all null, `picked` holds booleans
 *    only, `pickCount` counts them, the hands still hold the picked cards,
 *    and nothing but `picked`/`pickCount` differs between the pick-phase views
 *    of one round (across all clients: no other field moves with the picks);
 *    outside the pick phase nobody has a face-down pick; the revealed cards
 *    are the picks each owner last saw in its own secret (ground truth for the
 *    scanner, and proof that a changed pick counts);
 *  - no client decodes another seat's `secret`; seat tokens reach only their owner.
 * Negative controls: frames injected into a recording (a schema-encoded
 * secret, a pick-phase view showing a card, a "picks" key) are reported,
 * and so are whole games of two deliberately leaky engines: `santa-leaky`
 * (seat views and picks in the public view: bytes and keys) and
 * `santa-leaky-played` (the picks shown in `played`: decoded checks only).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { installRecordingWebSocket, linkRoomsToSockets, recordingSockets, socketsOf, type RecordedFrame } from './helpers/recording-ws.js';
import { keyPattern, type ClientLog } from './helpers/leak-scan.js';
import { startFiresideServer, type RunningServer } from './helpers/server.js';
import type { SantaPublicView, SantaSeatView } from '../../shared/src/games/santa/types.js';

// Before the SDK is loaded (dynamic imports below): it picks globalThis.WebSocket once.
installRecordingWebSocket();
const sdk = await import('@colyseus/sdk');
linkRoomsToSockets(sdk.Room);
const { BotConnection, defaultDecide, withTimeout } = await import('../../botclient/src/index.js');
type Bot = import('../../botclient/src/index.js').BotConnection;
type DecideContext = import('../../botclient/src/index.js').DecideContext;
type RoomSnapshot = import('../../botclient/src/index.js').RoomSnapshot;
const { getGame, rngFromSeed } = await import('@fireside/shared');

const log = (m: string) => {
  if (process.env.FIRESIDE_TEST_VERBOSE) process.stderr.write(`${m}\n`);
};

const ROUNDS = 13;
/** The round in which the latecomer joins, during the pick phase. */
const LATECOMER_ROUND = 3;
/** How long the last picker waits for a choreographed event before picking anyway. */
const HOLD_MS = 10_000;

/** Every field of SantaPublicView (types.ts). A new public field must be reviewed here first. */
// prettier-ignore
const PUBLIC_KEYS = [
  'game', 'town', 'phase', 'players', 'options', 'santa', 'round', 'hands', 'picked', 'pickCount', 'played',
  'away', 'awayPlacer', 'awayLeft', 'starter', 'positions', 'present', 'supply', 'scores', 'tied', 'candidates',
  'orderBy', 'order', 'turn', 'mover', 'sighted', 'pendingGive', 'rounds', 'scoreLog', 'log', 'winners',
].sort();

// ---------------------------------------------------------------------------
// The scanner

interface SeatTruth {
  seat: number;
  /** Every distinct value of the seat's `secret` string its owner decoded. */
  secretValues: Set<string>;
  /** Per round: the last pick the owner saw in its own secret during the pick phase. */
  lastPick: Map<number, number>;
  /** Per round: every distinct pick the owner saw (more than one: the pick was changed). */
  picksSeen: Map<number, Set<number>>;
}

/** Ground truth from the seated clients' own decoded secrets. */
function collectTruth(clients: ClientLog[]): Map<number, SeatTruth> {
  const truth = new Map<number, SeatTruth>();
  for (const c of clients) {
    if (c.seat === null) continue;
    const t: SeatTruth = { seat: c.seat, secretValues: new Set(), lastPick: new Map(), picksSeen: new Map() };
    truth.set(c.seat, t);
    for (const f of c.frames) {
      const secret = f.secretsAfter?.[c.seat];
      if (!secret) continue;
      t.secretValues.add(secret);
      const sv = JSON.parse(secret) as SantaSeatView;
      const v = f.viewAfter ? (JSON.parse(f.viewAfter) as SantaPublicView) : null;
      if (v?.phase === 'pick' && sv.myPick !== null) {
        t.lastPick.set(v.round, sv.myPick);
        if (!t.picksSeen.has(v.round)) t.picksSeen.set(v.round, new Set());
        t.picksSeen.get(v.round)!.add(sv.myPick);
      }
    }
  }
  return truth;
}

interface ScanReport {
  problems: string[];
  missingPositives: string[];
  stats: {
    clients: number;
    frames: number;
    bytes: number;
    needles: number;
    viewsChecked: number;
    pickViewsChecked: number;
    revealsChecked: number;
    rounds: number;
  };
}

const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  { pattern: keyPattern('rng'), what: 'the rng key (generator state)' },
  { pattern: keyPattern('seed', 'i'), what: 'a seed key' },
  { pattern: keyPattern('picks'), what: 'the engine-only picks key' },
  // The server's seeds are randomBytes(32|16).toString('hex'): no long hex run may go out.
  { pattern: /[0-9a-f]{32,}/i, what: 'a long hex string (a seed?)' },
];

const enc = (t: string) => Buffer.from(t, 'utf8');
/** A string as is, and escaped as it would be inside another JSON string (smuggled into `view`). */
const forms = (t: string): [Buffer, Buffer] => [enc(t), enc(JSON.stringify(t).slice(1, -1))];
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Checks one decoded public view; `pickPhase` collects the pick-phase views of each round across clients. */
function checkView(
  v: SantaPublicView,
  truth: Map<number, SeatTruth>,
  pickPhase: Map<number, { text: string; where: string; view: Record<string, unknown> }>,
  where: string,
): string[] {
  const problems: string[] = [];
  const bad = (m: string) => problems.push(`${where}: ${m}`);
  const n = v.players;
  const keys = Object.keys(v).sort();
  if (!sameJson(keys, PUBLIC_KEYS))
    bad(
      `public view fields ${JSON.stringify(keys.filter((k) => !PUBLIC_KEYS.includes(k)))} extra, ${JSON.stringify(PUBLIC_KEYS.filter((k) => !keys.includes(k)))} missing`,
    );
  if (!Array.isArray(v.picked) || v.picked.length !== n || !v.picked.every((p) => p === true || p === false)) {
    bad(`picked is not ${n} booleans: ${JSON.stringify(v.picked)}`);
    return problems;
  }
  const count = v.picked.filter(Boolean).length;
  if (v.pickCount !== count) bad(`pickCount ${JSON.stringify(v.pickCount)} but ${count} picked flags`);
  if (!Array.isArray(v.played) || v.played.length !== n) bad(`played is not an array of ${n}`);

  if (v.phase === 'pick') {
    if (!v.played.every((p) => p === null)) bad(`a card is shown in the pick phase: played ${JSON.stringify(v.played)}`);
    if (count >= n) bad('every seat has picked but the picks are not revealed');
    v.hands.forEach((h, s) => {
      if (h.length !== ROUNDS + 1 - v.round) bad(`seat ${s} holds ${h.length} cards in the pick phase of round ${v.round} (a pick left the hand?)`);
    });
    if (v.rounds.length !== v.round - 1) bad(`${v.rounds.length} round records in the pick phase of round ${v.round}`);
    if (v.log.some((e) => e.kind === 'reveal' && e.round === v.round)) bad(`a reveal of round ${v.round} is logged in its pick phase`);
    if (v.tied.length || v.order.length || v.orderBy !== null) bad('tied/order/orderBy set before the reveal');
    // Nothing but who has picked may differ between the pick-phase views of one round.
    const { picked: _p, pickCount: _c, ...rest } = v as unknown as Record<string, unknown>;
    const text = JSON.stringify(rest);
    const first = pickPhase.get(v.round);
    if (!first) pickPhase.set(v.round, { text, where, view: rest });
    else if (first.text !== text) {
      const moved = Object.keys(rest).filter((k) => !sameJson(rest[k], first.view[k]));
      bad(`pick-phase view of round ${v.round} differs from ${first.where} in ${JSON.stringify(moved)}, not only in picked/pickCount`);
    }
  } else {
    if (count !== 0) bad(`picked flags ${JSON.stringify(v.picked)} outside the pick phase`);
  }

  const revealed = v.phase === 'chooser' || v.phase === 'order' || v.phase === 'move' || v.phase === 'give' || v.phase === 'over';
  if (revealed) {
    if (!v.played.every((p) => typeof p === 'number')) bad(`played ${JSON.stringify(v.played)} after the reveal`);
    v.played.forEach((card, s) => {
      const real = truth.get(s)?.lastPick.get(v.round);
      if (real !== undefined && card !== real) bad(`seat ${s} revealed ${card} in round ${v.round} but its last pick was ${real}`);
    });
  }
  if (v.phase === 'away' || v.phase === 'start') {
    if (!v.played.every((p) => p === null)) bad(`played ${JSON.stringify(v.played)} during setup`);
  }
  for (const r of v.rounds) {
    r.cards.forEach((card, s) => {
      const real = truth.get(s)?.lastPick.get(r.round);
      if (real !== undefined && card !== real) bad(`round record ${r.round}: seat ${s} played ${card} but its last pick was ${real}`);
    });
  }
  return problems;
}

/** Runs every check over the recorded clients of one match. */
function scanSanta(clients: ClientLog[], truth = collectTruth(clients)): ScanReport {
  const problems: string[] = [];
  const missingPositives: string[] = [];
  let frames = 0;
  let bytes = 0;
  let viewsChecked = 0;
  let pickViewsChecked = 0;
  let revealsChecked = 0;
  let rounds = 0;

  const needles: { owner: number; text: string; bufs: [Buffer, Buffer] }[] = [];
  for (const t of truth.values()) for (const s of t.secretValues) needles.push({ owner: t.seat, text: s, bufs: forms(s) });
  // Every needle (in either form) contains this marker (in the same form): frames without it are skipped.
  const marker = forms('"myPick"');

  for (const nd of needles) {
    const owner = clients.find((c) => c.seat === nd.owner)!;
    if (!owner.frames.some((f) => f.bytes.includes(nd.bufs[0]))) missingPositives.push(`seat ${nd.owner} secret ${nd.text}`);
  }

  const pickPhase = new Map<number, { text: string; where: string; view: Record<string, unknown> }>();
  for (const c of clients) {
    // Each client's views are checked (a leak is reported for everyone who got it), each distinct one once.
    const checkedViews = new Set<string>();
    let lastView = '';
    let lastPicked: { round: number; picked: boolean[] } | null = null;
    for (const f of c.frames) {
      frames++;
      bytes += f.bytes.length;
      const where = `${c.label} frame ${f.seq}`;

      const text = f.bytes.toString('latin1');
      for (const { pattern, what } of FORBIDDEN) {
        const m = pattern.exec(text);
        if (m) problems.push(`${where} contains ${what}: …${text.slice(Math.max(0, m.index - 40), m.index + 60)}…`);
      }
      if (f.bytes.includes(marker[0]) || f.bytes.includes(marker[1])) {
        for (const nd of needles) {
          if (nd.owner === c.seat) continue;
          if (f.bytes.includes(nd.bufs[0]) || f.bytes.includes(nd.bufs[1])) problems.push(`${where} carries seat ${nd.owner}'s secret ${nd.text}`);
        }
      }

      const secrets = f.secretsAfter ?? {};
      for (const seat of Object.keys(secrets)) {
        if (Number(seat) !== c.seat) problems.push(`${where}: ${c.label} decoded the secret of seat ${seat}`);
      }

      if (!f.viewAfter) continue;
      const v = JSON.parse(f.viewAfter) as SantaPublicView;
      // The owner's secret and the public view come from the same sync: they agree.
      if (c.seat !== null && secrets[c.seat]) {
        const sv = JSON.parse(secrets[c.seat]) as SantaSeatView;
        if (sv.seat !== c.seat) problems.push(`${where}: its secret names seat ${sv.seat}`);
        if (sv.role !== (v.santa === c.seat ? 'santa' : 'kid')) problems.push(`${where}: its secret says role ${sv.role}`);
        if (v.phase === 'pick' && Array.isArray(v.picked) && (sv.myPick !== null) !== v.picked[c.seat]) {
          problems.push(`${where}: own pick ${sv.myPick} but picked flag ${v.picked[c.seat]}`);
        }
        if (v.phase !== 'pick' && sv.myPick !== null) problems.push(`${where}: a face-down pick ${sv.myPick} outside the pick phase`);
      }
      if (f.viewAfter === lastView) continue;
      lastView = f.viewAfter;
      rounds = Math.max(rounds, v.round);
      // A pick can be changed but not taken back: within a pick phase the flags only turn on.
      if (v.phase === 'pick' && Array.isArray(v.picked)) {
        if (lastPicked && lastPicked.round === v.round && lastPicked.picked.some((p, s) => p && !v.picked[s])) {
          problems.push(`${where}: a picked flag turned off in round ${v.round}`);
        }
        lastPicked = { round: v.round, picked: v.picked.slice() };
      }
      if (checkedViews.has(f.viewAfter)) continue;
      checkedViews.add(f.viewAfter);
      viewsChecked++;
      if (v.phase === 'pick') pickViewsChecked++;
      if (v.phase !== 'pick' && v.phase !== 'away' && v.phase !== 'start') revealsChecked++;
      problems.push(...checkView(v, truth, pickPhase, where));
    }
  }
  return {
    problems,
    missingPositives,
    stats: { clients: clients.length, frames, bytes, needles: needles.length, viewsChecked, pickViewsChecked, revealsChecked, rounds },
  };
}

// ---------------------------------------------------------------------------
// Playing and recording a match

interface Recorded {
  clients: ClientLog[];
  /** Each client's seat token (from its welcome), by client label. */
  tokens: Map<string, string>;
  winners: number[];
  scores: number[];
  rounds: number | null;
  ms: number;
  socketsPerClient: number[];
  /** The latecomer's first decoded view. */
  latecomerFirstView: SantaPublicView | null;
  /** Rounds whose last picker waited for a choreographed event in vain. */
  holdsExpired: number[];
  finalView: SantaPublicView;
}

let srv: RunningServer;
const open: Bot[] = [];

/**
 * Drives the picks so that every round exercises the secret:
 *  - the last picker of round r is seat r mod n: the bots' own play never
 *    picks for it (its `decide` returns null in that pick phase); the test
 *    sends its pick (the engine bot's choice, from that client's own view) once
 *    every other seat shows as picked, and
 *  - seat (r+1) mod n changes its pick once its first pick has reached it
 *    (rounds 1–12: it still holds another card), and the last pick waits
 *    until the changed pick has reached its owner too;
 *  - in round LATECOMER_ROUND the last pick also waits until the latecomer
 *    has joined, so the latecomer's first frame (a full state) falls into a
 *    pick phase with picks made.
 * The waits are coordinated inside this test process, never over the wire.
 */
function choreograph(bots: Bot[], players: number, seed: string) {
  const lastPicker = (round: number) => round % players;
  const changer = (round: number) => (round + 1) % players;
  const game = getGame('santa')!;
  const rngs = bots.map((_, i) => rngFromSeed(`${seed}:last:${i}`));
  const changed = new Map<number, { from: number; to: number; arrived: boolean }>();
  const since = new Map<number, number>();
  const sentAt = new Map<number, number>();
  const holdsExpired = new Set<number>();
  let latecomerReady = false;
  const stops: (() => void)[] = [];

  const tryLastPick = () => {
    const probe = bots[0].state;
    if (probe.status !== 'playing' || !probe.view) return;
    const round = (JSON.parse(probe.view) as SantaPublicView).round;
    const seat = lastPicker(round);
    const bot = bots[seat];
    const s = bot.state;
    if (s.status !== 'playing' || !s.view) return;
    const v = JSON.parse(s.view) as SantaPublicView;
    if (v.phase !== 'pick' || v.round !== round || !s.seats[seat]?.awaiting) return;
    if (!v.picked.every((p, i) => i === seat || p)) return;
    const now = Date.now();
    if (!since.has(round)) since.set(round, now);
    const waited = now - since.get(round)!;
    const waiting = (round < ROUNDS && !changed.get(round)?.arrived) || (round === LATECOMER_ROUND && !latecomerReady);
    if (waiting && waited < HOLD_MS) return;
    if (waiting) holdsExpired.add(round);
    const sent = sentAt.get(round);
    if (sent !== undefined && now - sent < 3000) return;
    sentAt.set(round, now);
    const own = s.seats[seat].secret ? JSON.parse(s.seats[seat].secret!) : null;
    const action = defaultDecide({ game, view: v, own, seat, rng: rngs[seat], persona: `santa-leak:${seat}` });
    if (action) bot.send('intent', { action });
  };

  bots.forEach((bot, seat) => {
    stops.push(
      bot.onState((s: RoomSnapshot) => {
        if (s.status === 'playing' && s.view) {
          const v = JSON.parse(s.view) as SantaPublicView;
          const secret = s.seats[seat]?.secret;
          if (v.phase === 'pick' && changer(v.round) === seat && v.round < ROUNDS && secret) {
            const mine = (JSON.parse(secret) as SantaSeatView).myPick;
            const change = changed.get(v.round);
            if (mine !== null && !change) {
              const others = v.hands[seat].filter((c) => c !== mine);
              const to = others[(v.round * 5 + seat) % others.length];
              changed.set(v.round, { from: mine, to, arrived: false });
              bot.send('intent', { action: { type: 'pick', card: to } });
            } else if (change && mine === change.to) change.arrived = true;
          }
        }
        tryLastPick();
      }),
    );
  });
  const timer = setInterval(tryLastPick, 250);
  stops.push(() => clearInterval(timer));

  return {
    /** For every bot's play(): the engine's bot, except the last picker's pick. */
    decide: (ctx: DecideContext): unknown => (ctx.view.phase === 'pick' && ctx.seat === lastPicker(ctx.view.round) ? null : defaultDecide(ctx)),
    latecomerJoined() {
      latecomerReady = true;
      tryLastPick();
    },
    changed,
    holdsExpired,
    stop: () => stops.forEach((f) => f()),
  };
}

async function recordMatch(gameId: string, players: number, options: Record<string, unknown> | undefined, seed: string): Promise<Recorded> {
  const host = await BotConnection.create({ server: srv.url, game: gameId, name: 'Bot 1', log });
  open.push(host);
  const roomId = host.roomId;
  const watcher = await BotConnection.join({ server: srv.url, roomId, name: 'Watcher', log });
  open.push(watcher);
  const optionsOk = (text: string) => !options || Object.entries(options).every(([k, v]) => sameJson((JSON.parse(text) as Record<string, unknown>)[k], v));
  await host.request(
    'configure',
    options ? { players, options } : { players },
    (s) => s.players === players && s.seats.length === players && optionsOk(s.options),
  );
  await host.sit(0);
  const bots: Bot[] = [host];
  for (let i = 1; i < players; i++) {
    const b = await BotConnection.join({ server: srv.url, roomId, name: `Bot ${i + 1}`, log });
    open.push(b);
    bots.push(b);
    await b.sit(i);
  }
  expect(bots.map((b) => b.seat)).toEqual([...Array(players).keys()]);

  const choreo = choreograph(bots, players, seed);
  let latecomer: Promise<Bot> | null = null;
  const stopWatching = watcher.onState((s) => {
    if (latecomer || s.status !== 'playing' || !s.view) return;
    const v = JSON.parse(s.view) as SantaPublicView;
    if (v.phase === 'pick' && v.round === LATECOMER_ROUND && v.pickCount >= 1) {
      latecomer = BotConnection.join({ server: srv.url, roomId, name: 'Latecomer', log });
      latecomer.then(
        () => choreo.latecomerJoined(),
        () => choreo.latecomerJoined(),
      );
    }
  });

  const plays = bots.map((b, i) => b.play({ seed: `${seed}:${i}`, decide: choreo.decide }));
  plays.forEach((p) => p.catch(() => {}));
  const t0 = Date.now();
  let outcomes;
  try {
    await host.request('start', {}, (s) => s.status !== 'lobby');
    outcomes = await withTimeout(240_000, `playing ${gameId} room ${roomId}`, Promise.all(plays));
  } finally {
    choreo.stop();
    stopWatching();
  }
  const ms = Date.now() - t0;
  expect(latecomer).not.toBeNull();
  const late = await latecomer!;
  open.push(late);
  const watchers = [
    { bot: watcher, label: 'spectator (from the lobby)' },
    { bot: late, label: 'spectator (joined mid-pick)' },
  ];
  for (const w of watchers) await w.bot.waitFor((s) => s.status === 'ended', 10_000, 'the end');
  for (const o of outcomes) expect({ winners: o.winners, scores: o.scores }).toEqual({ winners: outcomes[0].winners, scores: outcomes[0].scores });

  const all = [...bots.map((b) => ({ bot: b, label: `seat ${b.seat}`, seat: b.seat as number | null })), ...watchers.map((w) => ({ ...w, seat: null }))];
  const clients: ClientLog[] = all.map(({ bot, label, seat }) => ({ label, seat, frames: socketsOf(bot.room).flatMap((s) => s.frames) }));
  const lateFrames = clients[clients.length - 1].frames;
  const firstView = lateFrames.find((f) => f.viewAfter)?.viewAfter;
  return {
    clients,
    tokens: new Map(all.map(({ bot, label }) => [label, bot.token])),
    winners: outcomes[0].winners,
    scores: outcomes[0].scores,
    rounds: outcomes[0].rounds,
    ms,
    socketsPerClient: all.map(({ bot }) => socketsOf(bot.room).length),
    latecomerFirstView: firstView ? (JSON.parse(firstView) as SantaPublicView) : null,
    holdsExpired: [...choreo.holdsExpired],
    finalView: outcomes[0].view as SantaPublicView,
  };
}

/**
 * A deliberately leaky Santa for the negative control, reachable only under
 * the id 'santa-leaky' (the room still reports game 'santa', so the bots play
 * it with the real engine's botAction): its public view carries the engine's
 * face-down picks and every seat's seat view.
 */
const real = getGame('santa')!;
const leaky = {
  ...real,
  publicView(state: any) {
    return { ...real.publicView(state), picks: state.picks.slice(), peek: state.picks.map((_: unknown, s: number) => real.seatView(state, s)) };
  },
};

/**
 * A subtler one, 'santa-leaky-played': no new field and no seat view in the
 * public view, but `played` shows the face-down picks during the pick phase
 * (as if picks were written straight to the table). Only the decoded-view
 * checks can catch it.
 */
const leakyPlayed = {
  ...real,
  publicView(state: any) {
    const v = real.publicView(state) as unknown as Record<string, unknown>;
    return state.phase === 'pick' ? { ...v, played: state.picks.slice() } : v;
  },
};
const leakyGames: Record<string, unknown> = { 'santa-leaky': leaky, 'santa-leaky-played': leakyPlayed };

beforeAll(async () => {
  srv = await startFiresideServer({ botDelayMs: 20, games: (id) => leakyGames[id] ?? getGame(id) });
}, 30_000);

afterAll(async () => {
  await Promise.all(open.map((b) => b.leave()));
  await srv?.stop();
}, 30_000);

const matches: Record<string, Recorded> = {};

function expectClean(rec: Recorded, players: number) {
  // Every socket belongs to exactly one client, and nobody reconnected.
  expect(rec.socketsPerClient.every((n) => n === 1)).toBe(true);
  expect(
    rec.clients
      .filter((c) => c.seat !== null)
      .map((c) => c.seat)
      .sort(),
  ).toEqual([...Array(players).keys()]);
  // The choreography happened as planned (no event waited for in vain).
  expect(rec.holdsExpired).toEqual([]);

  // Seat tokens reach only their owner.
  for (const [label, token] of rec.tokens) {
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    for (const c of rec.clients) {
      const found = c.frames.some((f) => f.bytes.includes(Buffer.from(token)));
      expect({ client: c.label, token: label, found }).toEqual({ client: c.label, token: label, found: c.label === label });
    }
  }

  // The latecomer's first frame (a full state) fell into a pick phase with picks made, the last picker's not.
  const lv = rec.latecomerFirstView;
  expect(lv && { phase: lv.phase, round: lv.round, lastPicked: lv.picked[LATECOMER_ROUND % players] }).toEqual({
    phase: 'pick',
    round: LATECOMER_ROUND,
    lastPicked: false,
  });
  expect(lv!.pickCount).toBeGreaterThanOrEqual(1);

  const truth = collectTruth(rec.clients);
  const report = scanSanta(rec.clients, truth);
  log(`scan: ${JSON.stringify(report.stats)}`);
  expect(report.problems.slice(0, 20)).toEqual([]);
  expect(report.missingPositives).toEqual([]);

  // The checks had something to check.
  expect(rec.rounds).toBe(ROUNDS);
  expect(report.stats.rounds).toBe(ROUNDS);
  for (const t of truth.values()) {
    // Each seat's pick was on the wire (to its owner) in every round it did not pick last...
    const notLast = [...Array(ROUNDS).keys()].map((i) => i + 1).filter((r) => r % players !== t.seat);
    expect([...t.lastPick.keys()].sort((a, b) => a - b)).toEqual(notLast);
    // ...and the last pick of a round never was (it revealed the round at once).
    for (let r = 1; r <= ROUNDS; r++) if (r % players === t.seat) expect(t.lastPick.has(r)).toBe(false);
    // null and at least one pick.
    expect(t.secretValues.size).toBeGreaterThanOrEqual(2);
  }
  // Every round 1–12 had a changed pick, seen by its owner, and the reveal showed the new card.
  const changes = [...truth.values()].flatMap((t) => [...t.picksSeen].filter(([, seen]) => seen.size > 1).map(([r]) => r));
  expect(changes.sort((a, b) => a - b)).toEqual([...Array(ROUNDS - 1).keys()].map((i) => i + 1));
  // At least the empty pick phase and the one waiting for the last pick, in every round.
  expect(report.stats.pickViewsChecked).toBeGreaterThanOrEqual(ROUNDS * 2);
  expect(report.stats.revealsChecked).toBeGreaterThanOrEqual(ROUNDS);
  // The final view agrees with the truth and the result.
  expect(rec.finalView.phase).toBe('over');
  expect(rec.finalView.scores).toEqual(rec.scores);
  return { report, truth };
}

describe('no hidden information on the wire (Santa, raw frames)', () => {
  it("4 players, default options: no client receives another seat's pick before the reveal", async () => {
    const rec = await recordMatch('santa', 4, undefined, 'santa-leak-4p');
    matches.four = rec;
    const { report } = expectClean(rec, 4);
    expect(rec.finalView.options).toMatchObject({ awayMarkers: 'round', tieBreak: 'lowest-card' });
    expect(rec.scores).toHaveLength(4);
    expect(rec.winners.length).toBeGreaterThan(0);
    process.stderr.write(
      `santa leak test: 4-player Santa (default options) through the server: ${rec.rounds} rounds in ${rec.ms} ms; ${report.stats.frames} frames, ${report.stats.needles} secret values, ${report.stats.viewsChecked} views checked\n`,
    );
  }, 300_000);

  it('3 players, awayMarkers six and tieBreak lowest-score: same guarantees', async () => {
    const rec = await recordMatch('santa', 3, { awayMarkers: 'six', tieBreak: 'lowest-score' }, 'santa-leak-3p');
    matches.three = rec;
    const { report } = expectClean(rec, 3);
    expect(rec.finalView.options).toMatchObject({ awayMarkers: 'six', tieBreak: 'lowest-score' });
    expect(rec.finalView.away).toHaveLength(6);
    expect(rec.scores).toHaveLength(3);
    process.stderr.write(
      `santa leak test: 3-player Santa (six, lowest-score) through the server: ${rec.rounds} rounds in ${rec.ms} ms; ${report.stats.frames} frames, ${report.stats.needles} secret values, ${report.stats.viewsChecked} views checked\n`,
    );
  }, 300_000);

  it('the scanner is not blind: injected frames are reported', async () => {
    const rec = matches.four;
    expect(rec).toBeDefined();
    const truth = collectTruth(rec.clients);
    const secret = [...truth.get(1)!.secretValues].find((s) => !s.includes('"myPick":null'))!;
    expect(secret).toBeDefined();

    // Schema encoding and msgpackr write the string inline, as UTF-8 (the claim the byte search relies on).
    const { schema, t, Encoder } = await import('@colyseus/schema');
    const Probe = schema({ secret: t.string(), other: t.uint8() }, 'SantaProbe');
    const probe = new Probe();
    probe.secret = secret;
    probe.other = 7;
    const encoded = Buffer.from(new Encoder(probe).encodeAll());
    expect(encoded.includes(Buffer.from(secret, 'utf8'))).toBe(true);
    const { pack } = await import('msgpackr');
    expect(Buffer.from(pack({ type: 'x', secret })).includes(Buffer.from(secret, 'utf8'))).toBe(true);

    const spectator = rec.clients.find((c) => c.seat === null)!;
    const pickAt = spectator.frames.findIndex((f) => f.viewAfter && (JSON.parse(f.viewAfter) as SantaPublicView).phase === 'pick');
    expect(pickAt).toBeGreaterThan(0);
    const inject = (frame: Partial<RecordedFrame>, at = pickAt): ClientLog[] => {
      const frames: RecordedFrame[] = spectator.frames.slice();
      const before = frames[at];
      frames.splice(at + 1, 0, { seq: -1, bytes: Buffer.alloc(0), viewAfter: before.viewAfter, secretsAfter: {}, ...frame });
      return rec.clients.map((c) => (c === spectator ? { ...c, frames } : c));
    };
    const found = (clients: ClientLog[], what: string) => scanSanta(clients, truth).problems.some((p) => p.includes(what));

    // The untouched recording is clean (the difference is the injection).
    expect(scanSanta(rec.clients, truth).problems).toEqual([]);
    // Seat 1's secret in a spectator frame: schema-encoded, msgpack-encoded, smuggled inside a JSON string.
    expect(found(inject({ bytes: encoded }), "carries seat 1's secret")).toBe(true);
    expect(found(inject({ bytes: Buffer.from(pack({ s: secret })) }), "carries seat 1's secret")).toBe(true);
    expect(found(inject({ bytes: Buffer.from(JSON.stringify({ x: secret })) }), "carries seat 1's secret")).toBe(true);
    // Forbidden keys and a seed-like hex run.
    expect(found(inject({ bytes: Buffer.from('{"picks":[3,null,7,null]}') }), 'engine-only picks key')).toBe(true);
    expect(found(inject({ bytes: Buffer.from('{"rng":[1,2,3,4]}') }), 'rng key')).toBe(true);
    expect(found(inject({ bytes: Buffer.from(`{"s":"${'ab12'.repeat(16)}"}`) }), 'long hex')).toBe(true);
    // Decoded: a pick-phase view showing a card, one with a picks field, one whose board moved with the picks.
    const pv = JSON.parse(spectator.frames[pickAt].viewAfter!) as SantaPublicView;
    const withCard = { ...pv, played: pv.played.map((p, s) => (s === 1 ? 5 : p)) };
    expect(found(inject({ viewAfter: JSON.stringify(withCard) }), 'a card is shown in the pick phase')).toBe(true);
    expect(found(inject({ viewAfter: JSON.stringify({ ...pv, picks: [null, 5, null, null] }) }), 'public view fields ["picks"] extra')).toBe(true);
    const hands = pv.hands.map((h, s) => (s === 1 ? h.filter((c) => c !== h[0]) : h));
    expect(found(inject({ viewAfter: JSON.stringify({ ...pv, hands }) }), 'a pick left the hand?')).toBe(true);
    const moved = { ...pv, supply: pv.supply - 1 };
    expect(found(inject({ viewAfter: JSON.stringify(moved) }), 'differs from')).toBe(true);
    // Another seat's secret decoded by a spectator.
    expect(found(inject({ secretsAfter: { 1: secret } }), 'decoded the secret of seat 1')).toBe(true);
  }, 60_000);

  it('a deliberately leaky engine is caught end to end', async () => {
    // Same wire, same bots, same choreography, same scanner; only the public view leaks.
    const rec = await recordMatch('santa-leaky', 3, undefined, 'santa-leaky');
    const truth = collectTruth(rec.clients);
    const report = scanSanta(rec.clients, truth);
    expect(report.missingPositives).toEqual([]);
    const problems = report.problems.join('\n');
    log(`leaky: ${report.problems.length} problems, e.g.\n${report.problems.slice(0, 5).join('\n')}`);
    for (let seat = 0; seat < 3; seat++) {
      // Every seat's secret, with a pick in it, reaches the spectators and the other seats.
      expect(problems).toMatch(
        new RegExp(`spectator \\(from the lobby\\) frame \\d+ carries seat ${seat}'s secret \\{"seat":${seat},"role":"\\w+","myPick":\\d+\\}`),
      );
      expect(problems).toMatch(new RegExp(`spectator \\(joined mid-pick\\) frame \\d+ carries seat ${seat}'s secret`));
      expect(problems).toMatch(new RegExp(`seat (?!${seat})\\d frame \\d+ carries seat ${seat}'s secret \\{"seat":${seat},"role":"\\w+","myPick":\\d+\\}`));
    }
    expect(problems).toContain('contains the engine-only picks key');
    expect(problems).toMatch(/public view fields \["peek","picks"\] extra/);
    expect(problems).toMatch(/pick-phase view of round \d+ differs from .* in \["(picks","peek|peek","picks)"\]/);
  }, 300_000);

  it('a leak through an existing public field (played during the pick phase) is caught end to end', async () => {
    const rec = await recordMatch('santa-leaky-played', 3, undefined, 'santa-leaky-played');
    const truth = collectTruth(rec.clients);
    const report = scanSanta(rec.clients, truth);
    expect(report.missingPositives).toEqual([]);
    const problems = report.problems.join('\n');
    log(`leaky-played: ${report.problems.length} problems, e.g.\n${report.problems.slice(0, 5).join('\n')}`);
    // Nothing for the byte search or the key checks: the leak is in the meaning of a public field.
    expect(problems).not.toContain('carries seat');
    expect(problems).not.toContain('picks key');
    expect(problems).not.toContain('public view fields');
    // Every client, spectators included, is reported for a card shown in a pick phase...
    for (const c of rec.clients) expect(problems).toContain(`${c.label} frame`);
    expect(problems).toMatch(/spectator \(from the lobby\) frame \d+: a card is shown in the pick phase: played \[/);
    expect(problems).toMatch(/spectator \(joined mid-pick\) frame \d+: a card is shown in the pick phase/);
    // ...and the pick-phase views moved with the picks.
    expect(problems).toMatch(/pick-phase view of round \d+ differs from .* in \["played"\]/);
  }, 300_000);

  it('recorded every socket the SDK opened', () => {
    expect(recordingSockets.length).toBeGreaterThan(0);
    expect(recordingSockets.every((s) => s.room !== null)).toBe(true);
  });
});
