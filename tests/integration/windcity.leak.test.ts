/**
 * Wind City's hidden information never reaches a client that may not see it,
 * checked on the RAW BYTES every client received (the model is leak.test.ts,
 * for Gift Trap).
 *
 * Whole Wind City games are played through the real server by the headless
 * bot client (one SDK connection per seat, every seat a bot over the wire),
 * watched by a spectator who joins in the lobby and a latecomer who joins in
 * the middle of the game, during an insurance market (its first frame is a
 * full-state encoding). Every WebSocket message each of them receives is
 * recorded before the SDK decodes it (helpers/recording-ws.ts). The room
 * serves the real engine through a transparent spy (helpers/windcity-scan.ts
 * `spyEngine`: same calls, same results) that keeps the server's truth: the
 * seed, every draw pile and generator state, each turn's card and plan, each
 * market's requests and answers. helpers/windcity-scan.ts then proves:
 *  - each seat's seat view (`secret`: the drawn card and the plan while it is
 *    active, its own request as a buyer, the requests it receives as the
 *    seller) is in no frame of any other client, spectators included — and
 *    each value its client decoded is whole in its own frames, its
 *    `myRequest` in the buyer's frames and its `requests` in the seller's
 *    (positive control); the server's every card, plan and request was seen
 *    by its owners;
 *  - no frame carries a card + plan pair its client may not know yet (drawn
 *    or planned, not revealed), nor a request outside its buyer and seller;
 *  - no frame contains the draw pile (any remaining order of 5+ cards), the
 *    generator ("rng", its words), the seed ("seed", the seed itself, a long
 *    hex run) or the "drawPile" key;
 *  - every decoded public view: no reveal of the turn's card or plan before
 *    the act, every revealed card and plan the real one, no request field,
 *    accepted insurance only for requests the seller accepted (declined ones
 *    never), no key beyond WindCityPublicView.
 * The last tests show the scanner finds injected secrets and catches a
 * deliberately leaky Wind City served under another id.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { installRecordingWebSocket, linkRoomsToSockets, recordingSockets, socketsOf, type RecordedFrame } from './helpers/recording-ws.js';
import type { ClientLog } from './helpers/leak-scan.js';
import { checkWindCityView, scanWindCity, spyEngine, type MatchTruth } from './helpers/windcity-scan.js';
import { startFiresideServer, type RunningServer } from './helpers/server.js';

// Before the SDK is loaded (dynamic imports below): it picks globalThis.WebSocket once.
installRecordingWebSocket();
const sdk = await import('@colyseus/sdk');
linkRoomsToSockets(sdk.Room);
const { BotConnection, runMatch, defaultDecide } = await import('../../botclient/src/index.js');
type DecideContext = import('../../botclient/src/index.js').DecideContext;
type Bot = import('../../botclient/src/index.js').BotConnection;
const { getGame } = await import('@fireside/shared');
const { marketPrice } = await import('../../shared/src/games/windcity/index.js');

const log = (m: string) => {
  if (process.env.FIRESIDE_TEST_VERBOSE) process.stderr.write(`${m}\n`);
};

const SECRET_PHASES = new Set(['plan', 'renew', 'market']);

/**
 * The engine's bots, stirred so that every game has requests of both kinds:
 * a buyer whose bot would pass sometimes asks for one house it can afford;
 * the game's first answered request is declined and its second accepted,
 * later ones get the bot's answer, turned the other way now and then.
 */
function stirredDecide() {
  const answers = new Map<string, boolean>(); // `${turn}:${buyer}` → accept (one answer per request, even if asked again)
  return (ctx: DecideContext): unknown => {
    const a = defaultDecide(ctx) as { type?: string; accept?: boolean } | null;
    if (!a) return a;
    const v = ctx.view;
    if (a.type === 'pass' && ctx.rng.next() < 0.4) {
      const coins = v.coins[ctx.seat] as number;
      const mine = (v.houses as ({ owner: number; count: 1 | 2; insured: boolean } | null)[]).flatMap((h, sq) =>
        h && h.owner === ctx.seat && !h.insured && marketPrice(sq, h) <= coins - 6 ? [sq] : [],
      );
      if (mine.length) return { type: 'ask', squares: [mine[Math.floor(ctx.rng.next() * mine.length)]] };
    }
    if (a.type === 'answer') {
      const key = `${v.turn}:${(a as { buyer: number }).buyer}`;
      if (!answers.has(key)) answers.set(key, answers.size === 0 ? false : answers.size === 1 ? true : ctx.rng.next() < 0.3 ? !a.accept : !!a.accept);
      return { ...a, accept: answers.get(key) };
    }
    return a;
  };
}

interface Recorded {
  clients: ClientLog[];
  truth: MatchTruth;
  tokens: Map<string, string>;
  winners: number[];
  scores: number[];
  turns: number;
  ms: number;
  socketsPerClient: number[];
  /** The first public view the latecomer decoded. */
  latecomerFirstView: any;
}

// The real engine, watched: the room under test serves this for 'windcity'.
const real = getGame('windcity')!;
const spy = spyEngine(real);

/**
 * A deliberately leaky Wind City for the negative control, reachable only
 * under the id 'windcity-leaky' (the room still reports game 'windcity', so
 * the bots play it with the real engine's botAction): its public view shows
 * the active player's card and plan while they are secret, and the market's
 * requests. The card and plan leak twice: in an object (`peek`), which
 * travels field by field (view-wire.ts: no `"card":…,"plan":…` JSON on the
 * wire, so the decoded-view checks catch it) and as a list item (`peeks`),
 * which travels as one JSON string that the raw-frame search catches.
 */
const leaky = spyEngine({
  ...real,
  publicView(state: any) {
    const v = real.publicView(state) as object;
    return {
      ...v,
      peek: SECRET_PHASES.has(state.phase) ? { card: state.card, plan: state.plan } : null,
      peeks: SECRET_PHASES.has(state.phase) ? [{ card: state.card, plan: state.plan }] : [],
      requests: state.market ? state.market.requests : null,
    };
  },
});

let srv: RunningServer;
const open: Bot[] = [];

beforeAll(async () => {
  srv = await startFiresideServer({
    botDelayMs: 20,
    games: (id) => (id === 'windcity' ? spy.game : id === 'windcity-leaky' ? leaky.game : getGame(id)),
  });
}, 30_000);

afterAll(async () => {
  await Promise.all(open.map((b) => b.leave()));
  await srv?.stop();
}, 30_000);

const framesOf = (bot: Bot): RecordedFrame[] => socketsOf(bot.room).flatMap((s) => s.frames);

async function recordMatch(players: number, seed: string): Promise<Recorded> {
  const watchers: { bot: Bot; label: string }[] = [];
  let latecomer: Promise<Bot> | null = null;
  const before = spy.matches.length;
  const result = await runMatch({
    server: srv.url,
    game: 'windcity',
    players,
    seed,
    keepOpen: true,
    timeoutMs: 300_000,
    decide: stirredDecide(),
    log,
    onRoomCreated: async (roomId) => {
      const watcher = await BotConnection.join({ server: srv.url, roomId, name: 'Watcher', log });
      watchers.push({ bot: watcher, label: 'spectator (from the lobby)' });
      watcher.onState((s) => {
        if (latecomer || !s.view || s.status !== 'playing') return;
        const v = JSON.parse(s.view) as { phase: string; turn: number };
        // Join in the middle of a market with a request waiting (else later, in a secret phase).
        // Nobody's public view says so (that is the point): the server's truth does.
        const truth = spy.matches[before]?.turns.get(v.turn);
        const waiting = [...(truth?.requests.values() ?? [])].some((r) => r.answer === null);
        if ((v.phase === 'market' && waiting && v.turn >= 3) || (v.turn >= 5 && SECRET_PHASES.has(v.phase))) {
          latecomer = BotConnection.join({ server: srv.url, roomId, name: 'Latecomer', log });
        }
      });
    },
  });
  expect(latecomer).not.toBeNull();
  watchers.push({ bot: await latecomer!, label: 'spectator (joined mid-game)' });
  for (const w of watchers) await w.bot.waitFor((s) => s.status === 'ended', 10_000, 'the end');
  open.push(...result.bots, ...watchers.map((w) => w.bot));
  expect(spy.matches.length).toBe(before + 1);

  const rooms = [
    ...result.bots.map((b) => ({ bot: b, label: `seat ${b.seat}`, seat: b.seat as number | null })),
    ...watchers.map((w) => ({ ...w, seat: null })),
  ];
  const clients: ClientLog[] = rooms.map(({ bot, label, seat }) => ({ label, seat, frames: framesOf(bot) }));
  const late = clients[clients.length - 1];
  const firstView = late.frames.find((f) => f.viewAfter)?.viewAfter;
  const finalView = JSON.parse(result.bots[0].state.view) as { turn: number };
  return {
    clients,
    truth: spy.matches[before],
    tokens: new Map(rooms.map(({ bot, label }) => [label, bot.token])),
    winners: result.winners,
    scores: result.scores,
    turns: finalView.turn,
    ms: result.ms,
    socketsPerClient: rooms.map(({ bot }) => socketsOf(bot.room).length),
    latecomerFirstView: firstView ? JSON.parse(firstView) : null,
  };
}

function expectClean(rec: Recorded, players: number) {
  // Every socket belongs to exactly one client, and nobody reconnected.
  expect(rec.socketsPerClient.every((n) => n === 1)).toBe(true);
  expect(
    rec.clients
      .filter((c) => c.seat !== null)
      .map((c) => c.seat)
      .sort(),
  ).toEqual([...Array(players).keys()]);
  // The latecomer's first frame (a full state) came in the middle of the game, in a secret phase.
  expect(rec.latecomerFirstView).not.toBeNull();
  expect(rec.latecomerFirstView.turn).toBeGreaterThanOrEqual(3);
  expect(SECRET_PHASES.has(rec.latecomerFirstView.phase)).toBe(true);

  // Seat tokens reach only their owner.
  for (const [label, token] of rec.tokens) {
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    for (const c of rec.clients) {
      const found = c.frames.some((f) => f.bytes.includes(Buffer.from(token)));
      expect({ client: c.label, token: label, found }).toEqual({ client: c.label, token: label, found: c.label === label });
    }
  }

  const t0 = Date.now();
  const report = scanWindCity(rec.clients, rec.truth);
  log(`scan (${Date.now() - t0} ms): ${JSON.stringify(report.stats)}`);
  expect(report.problems.slice(0, 20)).toEqual([]);
  expect(report.missingPositives.slice(0, 20)).toEqual([]);
  // The checks had something to check.
  expect(rec.truth.seed).toMatch(/^[0-9a-f]{64}$/);
  expect(report.stats.turns).toBeGreaterThanOrEqual(Math.min(rec.turns, 10));
  expect(report.stats.accepted).toBeGreaterThanOrEqual(1);
  expect(report.stats.declined).toBeGreaterThanOrEqual(1);
  expect(report.stats.cardPlanPairsSeen).toBeGreaterThan(rec.turns);
  expect(report.stats.viewsChecked).toBeGreaterThan(rec.turns * 3);
  expect(rec.truth.piles.size).toBeGreaterThan(0);
  return report;
}

const matches: Record<string, Recorded> = {};

describe('no hidden information on the wire (Wind City, raw frames)', () => {
  it("5 players: no client receives another seat's card, plan or insurance request before it may", async () => {
    const rec = await recordMatch(5, 'wc-leak-5p');
    process.stderr.write(`windcity leak test: 5-player Wind City through the server: ${rec.turns} turns in ${rec.ms} ms\n`);
    expect(rec.winners.length).toBeGreaterThan(0);
    expect(rec.scores).toHaveLength(5);
    const report = expectClean(rec, 5);
    process.stderr.write(`windcity leak test: 5 players scanned: ${JSON.stringify(report.stats)}\n`);
    // Free the recording (the later tests use the 2-player one).
    for (const c of rec.clients) c.frames.length = 0;
  }, 420_000);

  it('2 players: same guarantees', async () => {
    const rec = await recordMatch(2, 'wc-leak-2p');
    matches.two = rec;
    process.stderr.write(`windcity leak test: 2-player Wind City through the server: ${rec.turns} turns in ${rec.ms} ms\n`);
    expect(rec.scores).toHaveLength(2);
    const report = expectClean(rec, 2);
    process.stderr.write(`windcity leak test: 2 players scanned: ${JSON.stringify(report.stats)}\n`);
  }, 420_000);

  it('the scanner is not blind: injected secrets, pile, generator and seed are found; doctored views are refused', async () => {
    const rec = matches.two;
    expect(rec).toBeDefined();
    const { truth } = rec;
    const seat1 = rec.clients.find((c) => c.seat === 1)!;
    const secrets = [...new Set(seat1.frames.map((f) => f.secretsAfter?.[1]).filter((s): s is string => !!s))].map((s) => JSON.parse(s));
    const drawn = secrets.find((sv) => sv.card !== null && sv.plan === null)!;
    const planned = secrets.find((sv) => sv.card !== null && sv.plan !== null)!;
    const asked =
      [...truth.turns.values()].flatMap((t) => [...t.requests.values()]).find((r) => r.buyer === 1) ??
      [...truth.turns.values()].flatMap((t) => [...t.requests.values()])[0];
    expect(drawn && planned && asked).toBeTruthy();

    // 1. Schema encoding and msgpackr write the string inline, as UTF-8.
    const { schema, t, Encoder } = await import('@colyseus/schema');
    const Probe = schema({ secret: t.string(), other: t.uint8() }, 'Probe');
    const probe = new Probe();
    probe.secret = JSON.stringify(drawn);
    probe.other = 7;
    const encoded = Buffer.from(new Encoder(probe).encodeAll());
    expect(encoded.includes(Buffer.from(JSON.stringify(drawn), 'utf8'))).toBe(true);
    const { pack } = await import('msgpackr');

    const spectator = rec.clients.find((c) => c.label.startsWith('spectator (from'))!;
    // Inject early: before any of this game's reveals (and into the mid-game latecomer too).
    const inject = (payload: Buffer, into = spectator, at = 3): ClientLog[] => {
      const frames = into.frames.slice();
      frames.splice(at + 1, 0, { seq: -1, bytes: payload, viewAfter: frames[at].viewAfter, secretsAfter: {} });
      return rec.clients.map((c) => (c === into ? { ...c, frames } : c));
    };
    const problemsWith = (payload: Buffer, into?: ClientLog, at?: number) => scanWindCity(inject(payload, into, at), truth).problems.join('\n');

    // The untouched recording is clean (the difference is the injection).
    expect(scanWindCity(rec.clients, truth).problems).toEqual([]);
    expect(problemsWith(encoded)).toMatch(/spectator \(from the lobby\) frame -1 carries seat 1's seat view/);
    // Into seat 0's own frames: another seat's view.
    expect(
      problemsWith(
        encoded,
        rec.clients.find((c) => c.seat === 0),
      ),
    ).toMatch(/seat 0 frame -1 carries seat 1's seat view/);
    // The card and plan alone, as msgpack, and smuggled inside another JSON string.
    const pair = (sv: any) => `"card":${sv.card},"plan":${JSON.stringify(sv.plan)}`;
    expect(problemsWith(Buffer.from(pack({ x: `{${pair(drawn)}}` })))).toMatch(/carries an unrevealed card and plan/);
    expect(problemsWith(Buffer.from(JSON.stringify({ x: `{${pair(planned)}}` })))).toMatch(/carries an unrevealed card and plan/);
    // A request, whole.
    const request = JSON.stringify({ buyer: asked.buyer, squares: asked.squares, price: asked.price, answer: null });
    expect(problemsWith(Buffer.from(pack({ r: request })))).toMatch(new RegExp(`carries seat ${asked.buyer}'s insurance request`));
    expect(problemsWith(Buffer.from(`{"answer":"declined"}`))).toMatch(/request answer/);
    // The pile, the generator, the seed.
    const pile = [...truth.piles][0];
    expect(problemsWith(Buffer.from(`{"next":${pile}}`))).toMatch(/contains a draw pile/);
    expect(problemsWith(Buffer.from(`{"drawPile":[]}`))).toMatch(/drawPile key/);
    const rngState = [...truth.rngStates][0];
    expect(problemsWith(Buffer.from(`{"g":${rngState}}`))).toMatch(/generator word/);
    expect(problemsWith(Buffer.from(`{"rng":0}`))).toMatch(/rng key/);
    expect(problemsWith(Buffer.from(pack({ s: truth.seed })))).toMatch(/the match seed/);
    expect(problemsWith(Buffer.from(`{"seed":1}`))).toMatch(/seed key/);

    // 2. Doctored public views (decoded side).
    const views = spectator.frames
      .map((f) => f.viewAfter)
      .filter((v): v is string => !!v)
      .map((v) => JSON.parse(v));
    const market = views.find((v) => v.phase === 'market' && v.act)!;
    expect(market).toBeDefined();
    const now = truth.turns.get(market.turn)!;
    const early = { ...market, act: { ...market.act, turn: market.turn, seat: now.seat, card: now.card, plan: now.plan } };
    expect(checkWindCityView(early, truth, 'doctored').join('\n')).toMatch(/the act of turn \d+ is public before the act/);
    const withReveal = { ...market, log: [...market.log, { kind: 'reveal', turn: market.turn, seat: now.seat, card: now.card, plan: now.plan }] };
    expect(checkWindCityView(withReveal, truth, 'doctored').join('\n')).toMatch(/a reveal of turn \d+ is public before the act/);
    const wrongCard = { ...market, act: { ...market.act, card: (market.act.card % 25) + 1 } };
    expect(checkWindCityView(wrongCard, truth, 'doctored').join('\n')).toMatch(/the server had/);
    const declined = [...truth.turns.values()].flatMap((tt) => [...tt.requests.values()].map((r) => ({ tt, r }))).find(({ r }) => r.answer === 'declined')!;
    expect(declined).toBeDefined();
    const final = views[views.length - 1];
    const withDeclined = {
      ...final,
      log: [
        ...final.log,
        { kind: 'insured', turn: declined.tt.turn, buyer: declined.r.buyer, seller: declined.tt.seat, squares: declined.r.squares, price: declined.r.price },
      ],
    };
    expect(checkWindCityView(withDeclined, truth, 'doctored').join('\n')).toMatch(/the seller did not accept/);
    // An accepted request shown before the seller accepted it (in a view of that turn's plan phase).
    const yes = [...truth.turns.values()].flatMap((tt) => [...tt.requests.values()].map((r) => ({ tt, r }))).find(({ r }) => r.answer === 'accepted')!;
    const planView = views.find((v) => v.turn === yes.tt.turn && v.phase === 'plan')!;
    expect(planView).toBeDefined();
    const early2 = {
      ...planView,
      log: [...planView.log, { kind: 'insured', turn: yes.tt.turn, buyer: yes.r.buyer, seller: yes.tt.seat, squares: yes.r.squares, price: yes.r.price }],
    };
    expect(checkWindCityView(early2, truth, 'doctored').join('\n')).toMatch(/shown before the seller accepted/);
    const withPlanned = { ...market, planned: now.plan };
    expect(checkWindCityView(withPlanned, truth, 'doctored').join('\n')).toMatch(/not plain booleans/);
    expect(checkWindCityView({ ...market, market: { ...market.market, requests: [] } }, truth, 'doctored').join('\n')).toMatch(/"requests"/);
    for (const v of views) expect(checkWindCityView(v, truth, 'as received')).toEqual([]);
  }, 120_000);

  it('a deliberately leaky engine is caught end to end', async () => {
    // Same wire, same bots, same scanner; only the public view leaks.
    const bots: Bot[] = [];
    const host = await BotConnection.create({ server: srv.url, game: 'windcity-leaky', name: 'Host', log });
    bots.push(host);
    const watcher = await BotConnection.join({ server: srv.url, roomId: host.roomId, name: 'Watcher', log });
    open.push(host, watcher);
    await host.request('configure', { players: 3 }, (s) => s.seats.length === 3);
    await host.sit();
    for (let i = 1; i < 3; i++) {
      const b = await BotConnection.join({ server: srv.url, roomId: host.roomId, name: `Bot ${i + 1}`, log });
      open.push(b);
      bots.push(b);
      await b.sit();
    }
    const before = leaky.matches.length;
    const decide = stirredDecide();
    const plays = bots.map((b, i) => b.play({ seed: `leaky:${i}`, decide }));
    plays.forEach((p) => p.catch(() => {}));
    await host.request('start', {}, (s) => s.status === 'playing');
    const truth = () => leaky.matches[before];
    // Enough of the game: a few turns and at least one request of each kind (or the end).
    await watcher.waitFor(
      (s) => {
        if (s.status === 'ended') return true;
        const m = truth();
        if (!m || !s.view) return false;
        const reqs = [...m.turns.values()].flatMap((t) => [...t.requests.values()]);
        return (JSON.parse(s.view) as { turn: number }).turn >= 6 && reqs.some((r) => r.answer === 'accepted') && reqs.some((r) => r.answer === 'declined');
      },
      240_000,
      'enough of the leaky game',
    );
    const clients: ClientLog[] = [
      ...bots.map((b) => ({ label: `seat ${b.seat}`, seat: b.seat as number | null, frames: framesOf(b) })),
      { label: 'spectator', seat: null, frames: framesOf(watcher) },
    ];
    await Promise.all([...bots, watcher].map((b) => b.leave()));
    // (Stopped in the middle of a turn: the owners' controls cover the turns before it.)
    const report = scanWindCity(clients, truth(), Math.max(...truth().turns.keys()) - 1);
    const problems = report.problems.join('\n');
    log(`leaky: ${report.problems.length} problems, e.g.\n${report.problems.slice(0, 8).join('\n')}`);
    expect(report.missingPositives).toEqual([]);
    // Raw frames: the card and plan before the act, and the requests, to everyone.
    expect(problems).toMatch(/spectator frame \d+ carries an unrevealed card and plan \("card":\d+,"plan":null\)/);
    expect(problems).toMatch(/spectator frame \d+ carries an unrevealed card and plan \("card":\d+,"plan":\[/);
    expect(problems).toMatch(/spectator frame \d+ carries seat \d's insurance request/);
    expect(problems).toMatch(/seat \d frame \d+ carries an unrevealed card and plan/);
    expect(problems).toMatch(/seat \d frame \d+ carries seat \d's insurance request/);
    expect(problems).toMatch(/spectator frame \d+ contains requests it does not sell/);
    // Decoded views: extra keys and the request field.
    expect(problems).toMatch(/keys beyond the public view: peek, peeks, requests/);
    expect(problems).toMatch(/the key "answer" at \$\.requests\[0\]\.answer/);
    expect(problems).toMatch(/"card" at \$\.peek\.card/);
    process.stderr.write(`windcity leak test: the leaky engine was caught (${report.problems.length} problems)\n`);
  }, 300_000);

  it('recorded every socket the SDK opened', () => {
    expect(recordingSockets.length).toBeGreaterThan(0);
    expect(recordingSockets.every((s) => s.room !== null)).toBe(true);
  });
});
