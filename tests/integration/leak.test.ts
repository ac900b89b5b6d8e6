/**
 * The most important test of Fireside: hidden information never reaches a
 * client that may not see it, checked on the RAW BYTES every client received.
 *
 * Whole Gift Trap matches are played through the real server by the headless
 * bot client (one SDK connection per seat, every seat a bot over the wire),
 * watched by a spectator who joins in the lobby and a latecomer who joins in
 * the middle of a reveal (its first frame is a full-state encoding). Every
 * WebSocket message each of them receives is recorded before the SDK decodes
 * it (helpers/recording-ws.ts). helpers/leak-scan.ts then proves:
 *  - for each seat Y, every value its `secret` ever had, every `myGifts`
 *    array and every `myWants` object appears in NO frame received by any
 *    other client (spectators included), except wants that the public view
 *    has already revealed to that client (its reveal turn has begun) — and
 *    each DOES appear in Y's own frames (positive control);
 *  - no frame contains the deck order (a card id before it is laid out, a
 *    "decks" key), the generator ("rng"), a seed, or a full-state key;
 *  - every public view a client decoded shows wants only for seats whose
 *    reveal turn has begun and opened gifts only for gifts actually opened
 *    (cross-checked against the givers' and revealers' own secrets);
 *  - no client ever decodes another seat's `secret`.
 * Why a byte search is sound: see the comment at the top of leak-scan.ts; the
 * last test shows the scanner finds a secret in schema- and msgpack-encoded
 * bytes and in an injected frame.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { installRecordingWebSocket, linkRoomsToSockets, recordingSockets, socketsOf, type RecordedFrame } from './helpers/recording-ws.js';
import { collectSecrets, scanMatch, type ClientLog } from './helpers/leak-scan.js';
import { startFiresideServer, type RunningServer } from './helpers/server.js';

// Before the SDK is loaded (dynamic imports below): it picks globalThis.WebSocket once.
installRecordingWebSocket();
const sdk = await import('@colyseus/sdk');
linkRoomsToSockets(sdk.Room);
const { BotConnection, runMatch, defaultDecide } = await import('../../botclient/src/index.js');
type DecideContext = import('../../botclient/src/index.js').DecideContext;
type Bot = import('../../botclient/src/index.js').BotConnection;

const log = (m: string) => {
  if (process.env.FIRESIDE_TEST_VERBOSE) process.stderr.write(`${m}\n`);
};

interface Recorded {
  clients: ClientLog[];
  /** Each client's seat token (from its welcome), by client label. */
  tokens: Map<string, string>;
  winners: number[];
  scores: number[];
  rounds: number | null;
  ms: number;
  socketsPerClient: number[];
}

let srv: RunningServer;
const open: Bot[] = [];

async function recordMatch(players: number, options: Record<string, unknown>, seed: string): Promise<Recorded> {
  const watchers: { bot: Bot; label: string }[] = [];
  let latecomer: Promise<Bot> | null = null;
  const result = await runMatch({
    server: srv.url,
    game: 'gifttrap',
    players,
    options,
    seed,
    keepOpen: true,
    timeoutMs: 240_000,
    decide: distinctWantsChooser(),
    log,
    onRoomCreated: async (roomId) => {
      const watcher = await BotConnection.join({ server: srv.url, roomId, name: 'Watcher', log });
      watchers.push({ bot: watcher, label: 'spectator (from the lobby)' });
      watcher.onState((s) => {
        if (latecomer || !s.view) return;
        const v = JSON.parse(s.view) as { phase: string; revealer: number | null; revealOrder: number[] };
        // Join in the middle of a reveal: some wants public, others not yet.
        if (v.phase === 'reveal' && v.revealOrder.indexOf(v.revealer ?? -1) >= 1) {
          latecomer = BotConnection.join({ server: srv.url, roomId, name: 'Latecomer', log });
        }
      });
    },
  });
  expect(latecomer).not.toBeNull();
  watchers.push({ bot: await latecomer!, label: 'spectator (joined mid-reveal)' });
  for (const w of watchers) await w.bot.waitFor((s) => s.status === 'ended', 10_000, 'the end');
  open.push(...result.bots, ...watchers.map((w) => w.bot));

  const rooms = [
    ...result.bots.map((b) => ({ bot: b, label: `seat ${b.seat}`, seat: b.seat as number | null })),
    ...watchers.map((w) => ({ ...w, seat: null })),
  ];
  const clients: ClientLog[] = rooms.map(({ bot, label, seat }) => ({
    label,
    seat,
    frames: socketsOf(bot.room).flatMap((s) => s.frames),
  }));
  return {
    clients,
    tokens: new Map(rooms.map(({ bot, label }) => [label, bot.token])),
    winners: result.winners,
    scores: result.scores,
    rounds: result.rounds,
    ms: result.ms,
    socketsPerClient: rooms.map(({ bot }) => socketsOf(bot.room).length),
  };
}

const matches: Record<string, Recorded> = {};

/**
 * The engine's bots, except that no two wants of a match are the same (no
 * two seats in a round, no seat in two rounds). Sensible bots often want
 * exactly the same gifts, and the history re-sends every finished round's
 * wants: a seat's wants string could then also be a legitimately revealed
 * one, and the byte search could not tell a leak from a coincidence.
 * Distinct wants make every wants needle belong to one seat and one round.
 */
type Wants = { great: number; good: number; ok: number; noWay: number };

/** Every way to pick four distinct slots as (great, good, ok, noWay), shuffled. */
function shuffledOrderings(slots: number[], rng: { next(): number }): Wants[] {
  const all: Wants[] = [];
  for (const great of slots)
    for (const good of slots)
      for (const ok of slots) for (const noWay of slots) if (new Set([great, good, ok, noWay]).size === 4) all.push({ great, good, ok, noWay });
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all;
}

function distinctWantsChooser() {
  const chosen = new Map<string, string>(); // `${round}:${seat}` → wants JSON
  return (ctx: DecideContext): unknown => {
    const action = defaultDecide(ctx) as { type?: string } | null;
    if (!action || action.type !== 'want') return action;
    const key = `${ctx.view.round}:${ctx.seat}`;
    const mine = chosen.get(key);
    if (mine) return { type: 'want', wants: JSON.parse(mine) };
    const others = new Set([...chosen.values()]);
    // The bot's own choice if free, else the same three gifts in another
    // order (keeps the bots' play, and game length, close to normal), else random.
    const w = (action as unknown as { wants: Wants }).wants;
    const [a, b, c] = [w.great, w.good, w.ok];
    const candidates = [
      [a, b, c],
      [a, c, b],
      [b, a, c],
      [b, c, a],
      [c, a, b],
      [c, b, a],
    ].map(([great, good, ok]) => ({ great, good, ok, noWay: w.noWay }));
    // Then every ordering of four slots, in a shuffled order. A long game can
    // use them all (3 players: 4 slots, 24 orderings); then the bot's own
    // choice stands, a duplicate, rather than searching for ever.
    const free = (list: Wants[]) => list.find((x) => !others.has(JSON.stringify(x)));
    const wants = free(candidates) ?? free(shuffledOrderings([...Array(ctx.view.slotCount as number).keys()], ctx.rng)) ?? w;
    chosen.set(key, JSON.stringify(wants));
    return { type: 'want', wants };
  };
}

/**
 * A deliberately leaky Gift Trap for the negative control, reachable only
 * under the id 'gifttrap-leaky' (the room still reports game 'gifttrap', so
 * the bots play it with the real engine's botAction): its public view shows
 * everybody's gift assignment once the want phase begins, and every wants
 * from the start of the reveal phase.
 */
const { getGame } = await import('@fireside/shared');
const real = getGame('gifttrap')!;
const leaky = {
  ...real,
  publicView(state: any) {
    const v = real.publicView(state);
    return {
      ...v,
      peek: state.phase === 'want' ? state.gifts : null,
      revealedWants: state.phase === 'reveal' ? state.wants.map((w: unknown) => w && { ...(w as object) }) : v.revealedWants,
    };
  },
};

beforeAll(async () => {
  srv = await startFiresideServer({ botDelayMs: 20, games: (id) => (id === 'gifttrap-leaky' ? leaky : getGame(id)) });
}, 30_000);

afterAll(async () => {
  await Promise.all(open.map((b) => b.leave()));
  await srv?.stop();
}, 30_000);

function expectClean(rec: Recorded, players: number) {
  // Every socket belongs to exactly one client, and nobody reconnected
  // (a reconnection would open a socket the recorder cannot attribute).
  expect(rec.socketsPerClient.every((n) => n === 1)).toBe(true);
  expect(
    rec.clients
      .filter((c) => c.seat !== null)
      .map((c) => c.seat)
      .sort(),
  ).toEqual([...Array(players).keys()]);

  // Seat tokens (they reclaim a member and its seat) reach only their owner.
  for (const [label, token] of rec.tokens) {
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    for (const c of rec.clients) {
      const found = c.frames.some((f) => f.bytes.includes(Buffer.from(token)));
      expect({ client: c.label, token: label, found }).toEqual({ client: c.label, token: label, found: c.label === label });
    }
  }

  const truth = collectSecrets(rec.clients);
  const report = scanMatch(rec.clients, truth);
  log(`scan: ${JSON.stringify(report.stats)}`);
  expect(report.problems.slice(0, 20)).toEqual([]);
  expect(report.missingPositives).toEqual([]);
  // The checks had something to check: every seat had secrets in every round.
  expect(rec.rounds).toBeGreaterThanOrEqual(1);
  for (const s of truth.values()) {
    expect(s.gifts.size).toBeGreaterThanOrEqual(rec.rounds!);
    expect(s.wants.size).toBeGreaterThanOrEqual(1);
    expect(s.byRound.size).toBeGreaterThanOrEqual(rec.rounds!);
  }
  expect(report.stats.viewsChecked).toBeGreaterThan(rec.rounds! * 5);
  // Each wants needle belongs to one seat and one round (see
  // distinctWantsChooser): the byte search cannot excuse a leak as a coincidence.
  const allWants = [...truth.values()].flatMap((s) => [...s.byRound.values()].filter((r) => r.wants).map((r) => JSON.stringify(r.wants)));
  expect(new Set(allWants).size).toBe(allWants.length);
  return report;
}

describe('no hidden information on the wire (Gift Trap, raw frames)', () => {
  it("5 players: no client receives another seat's gifts or wants before they are revealed", async () => {
    const rec = await recordMatch(5, { goal: 30 }, 'leak-5p');
    matches.five = rec;
    process.stderr.write(`leak test: 5-player Gift Trap (goal 30) through the server: ${rec.rounds} rounds in ${rec.ms} ms\n`);
    expect(rec.winners.length).toBeGreaterThan(0);
    expect(rec.scores).toHaveLength(5);
    expectClean(rec, 5);
  }, 240_000);

  it('3 players with doubleGifts: same guarantees', async () => {
    const rec = await recordMatch(3, { goal: 20, doubleGifts: true }, 'leak-3p-double');
    matches.three = rec;
    process.stderr.write(`leak test: 3-player doubleGifts Gift Trap through the server: ${rec.rounds} rounds in ${rec.ms} ms\n`);
    expect(rec.scores).toHaveLength(3);
    const report = expectClean(rec, 3);
    // doubleGifts: two tiles per recipient in each give assignment.
    const truth = collectSecrets(rec.clients);
    const tiles = [...truth.get(0)!.gifts].map((g) => JSON.parse(g) as unknown[]);
    expect(tiles.every((t) => t.length === 4)).toBe(true);
    expect(report.stats.rounds).toBe(rec.rounds);
  }, 240_000);

  it('the scanner is not blind: it finds a secret encoded by @colyseus/schema, by msgpackr, and injected into a frame', async () => {
    const rec = matches.five;
    expect(rec).toBeDefined();
    const truth = collectSecrets(rec.clients);
    const seat1 = truth.get(1)!;
    const secret = [...seat1.secretValues].find((s) => s.includes('"myWants":{'))!;
    expect(secret).toBeDefined();

    // 1. Schema encoding writes the string inline, as UTF-8 (the claim the byte search relies on).
    const { schema, t, Encoder } = await import('@colyseus/schema');
    const Probe = schema({ secret: t.string(), other: t.uint8() }, 'Probe');
    const probe = new Probe();
    probe.secret = secret;
    probe.other = 7;
    const encoded = Buffer.from(new Encoder(probe).encodeAll());
    expect(encoded.includes(Buffer.from(secret, 'utf8'))).toBe(true);
    // 2. So does msgpackr (room messages).
    const { pack } = await import('msgpackr');
    expect(Buffer.from(pack({ type: 'x', secret })).includes(Buffer.from(secret, 'utf8'))).toBe(true);

    // 3. A spectator frame carrying seat 1's secret is reported; so are its gifts
    //    alone, and its wants before its reveal turn.
    const spectator = rec.clients.find((c) => c.seat === null)!;
    const sv = JSON.parse(secret) as { myGifts: unknown; myWants: unknown };
    const inject = (payload: Buffer, at = 5): ClientLog[] => {
      const frames: RecordedFrame[] = spectator.frames.slice();
      const before = frames[at];
      frames.splice(at + 1, 0, { seq: -1, bytes: payload, viewAfter: before.viewAfter, secretsAfter: {} });
      return rec.clients.map((c) => (c === spectator ? { ...c, frames } : c));
    };
    const withSecret = scanMatch(inject(encoded), truth);
    expect(withSecret.problems.some((p) => p.includes("seat 1's secret"))).toBe(true);
    const withGifts = scanMatch(inject(Buffer.from(pack({ g: JSON.stringify(sv.myGifts) }))), truth);
    expect(withGifts.problems.some((p) => p.includes("seat 1's gifts"))).toBe(true);
    const withWants = scanMatch(inject(Buffer.from(`\xa0${JSON.stringify(sv.myWants)}`, 'latin1')), truth);
    expect(withWants.problems.some((p) => p.includes("seat 1's wants"))).toBe(true);
    // A secret smuggled inside another JSON string (escaped quotes) is found too.
    const smuggled = scanMatch(inject(Buffer.from(JSON.stringify({ x: secret }))), truth);
    expect(smuggled.problems.some((p) => p.includes("seat 1's secret"))).toBe(true);
    // ...and the untouched recording is clean (the difference is the injection).
    expect(scanMatch(rec.clients, truth).problems).toEqual([]);
    // 4. Forbidden keys and a not-yet-laid card are caught too.
    const withDeck = scanMatch(inject(Buffer.from('{"decks":{"black":["black-42"]}}')), truth);
    expect(withDeck.problems.some((p) => p.includes('deck order'))).toBe(true);
    expect(withDeck.problems.some((p) => p.includes('names card black-42'))).toBe(true);
  }, 60_000);

  it('a deliberately leaky engine is caught end to end', async () => {
    // Same wire, same bots, same scanner; only the public view leaks.
    const bots: Bot[] = [];
    const host = await BotConnection.create({ server: srv.url, game: 'gifttrap-leaky', name: 'Host', log });
    bots.push(host);
    const watcher = await BotConnection.join({ server: srv.url, roomId: host.roomId, name: 'Watcher', log });
    open.push(host, watcher);
    await host.request('configure', { players: 3, options: { goal: 20 } }, (s) => s.seats.length === 3);
    await host.sit();
    for (let i = 1; i < 3; i++) {
      const b = await BotConnection.join({ server: srv.url, roomId: host.roomId, name: `Bot ${i + 1}`, log });
      open.push(b);
      bots.push(b);
      await b.sit();
    }
    const decide = distinctWantsChooser();
    const plays = bots.map((b, i) => b.play({ seed: `leaky:${i}`, decide }));
    await host.request('start', {}, (s) => s.status === 'playing');
    await Promise.all(plays);
    await watcher.waitFor((s) => s.status === 'ended', 10_000, 'the end');
    const clients: ClientLog[] = [
      ...bots.map((b) => ({ label: `seat ${b.seat}`, seat: b.seat as number | null, frames: socketsOf(b.room).flatMap((s) => s.frames) })),
      { label: 'spectator', seat: null, frames: socketsOf(watcher.room).flatMap((s) => s.frames) },
    ];
    const report = scanMatch(clients);
    expect(report.missingPositives).toEqual([]);
    const problems = report.problems.join('\n');
    for (let seat = 0; seat < 3; seat++) {
      expect(problems).toContain(`spectator frame`);
      expect(problems).toMatch(new RegExp(`spectator frame \\d+ carries seat ${seat}'s gifts`));
      expect(problems).toMatch(new RegExp(`spectator frame \\d+ carries seat ${seat}'s wants`));
      expect(problems).toMatch(new RegExp(`seat \\d frame \\d+ carries seat ${seat}'s gifts`));
    }
    expect(problems).toMatch(/wants of seat \d are public before its reveal turn/);
  }, 120_000);

  it('recorded every socket the SDK opened', () => {
    expect(recordingSockets.length).toBeGreaterThan(0);
    expect(recordingSockets.every((s) => s.room !== null)).toBe(true);
  });
});
