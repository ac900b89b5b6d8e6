/**
 * Whole Wind City games through the real server (server/src/app.config.ts,
 * the shared registry's engine), played by real SDK clients: headless bot
 * clients (botclient, one @colyseus/sdk connection per seat) on some seats
 * and the room's own bots (`addBot`) on the others, to the end. The final
 * public view is checked against the result: winners, scores = points of the
 * houses left (recomputed here), places, coins (every coin movement of the
 * log adds up), houses + stock. Reports how long a whole bot game takes.
 *
 * The clocks (run at a tenth of their length here): in a 2-player game at
 * the normal pace with a 10 s market, a human buyer (an SDK client) never
 * answers in the market; its seat's countdown is shown, and when it runs out
 * the seat's stand-in bot decides for it (a bot event, a "timeout" line in
 * the room log), the market closes and the game goes on to the end.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFiresideServer, type RunningServer } from './helpers/server.js';

const { BotConnection, defaultDecide } = await import('../../botclient/src/index.js');
type Bot = import('../../botclient/src/index.js').BotConnection;
type DecideContext = import('../../botclient/src/index.js').DecideContext;
type RoomSnapshot = import('../../botclient/src/index.js').RoomSnapshot;
const { COLS, BEACH_ROW } = await import('../../shared/src/games/windcity/index.js');
type View = import('../../shared/src/games/windcity/index.js').WindCityPublicView;

const log = (m: string) => {
  if (process.env.FIRESIDE_TEST_VERBOSE) process.stderr.write(`${m}\n`);
};

const START_COINS = 40;
const HOUSES_EACH = 12;

let srv: RunningServer;
const open: Bot[] = [];

beforeAll(async () => {
  srv = await startFiresideServer({ botDelayMs: 0, clockScale: 0.1 });
}, 30_000);

afterAll(async () => {
  await Promise.all(open.map((b) => b.leave()));
  await srv?.stop();
}, 30_000);

const viewOf = (s: RoomSnapshot): View => JSON.parse(s.view) as View;

/** Independent of the engine: 10 per house, 20 per beach-row or double house. */
function pointsFromHouses(v: View): number[] {
  const points = Array(v.players).fill(0);
  v.houses.forEach((h, sq) => {
    if (h) points[h.owner] += h.count === 2 || Math.floor(sq / COLS) === BEACH_ROW ? 20 : 10;
  });
  return points;
}

/** The final view tells the same story as the result. */
function expectConsistentEnd(s: RoomSnapshot): { view: View; result: { winners: number[]; scores: number[] } } {
  expect(s.status).toBe('ended');
  const result = JSON.parse(s.result) as { winners: number[]; scores: number[] };
  const v = viewOf(s);
  const n = v.players;
  expect(v.phase).toBe('over');
  expect(result.scores).toHaveLength(n);
  expect(result.winners.length).toBeGreaterThan(0);
  expect(v.winners).toEqual(result.winners);

  // Scores are the houses left on the board.
  expect(pointsFromHouses(v)).toEqual(result.scores);
  expect(v.points).toEqual(result.scores);
  // Houses: on the board + in stock = 12 for a player still in; nothing for a bankrupt one.
  for (let seat = 0; seat < n; seat++) {
    const pieces = v.houses.reduce((sum, h) => sum + (h && h.owner === seat ? h.count : 0), 0);
    if (v.out[seat]) expect({ seat, pieces, stock: v.stock[seat] }).toEqual({ seat, pieces: 0, stock: 0 });
    else expect({ seat, total: pieces + v.stock[seat] }).toEqual({ seat, total: HOUSES_EACH });
  }
  // Coins: 40 each at the start, then exactly the movements of the log; never negative.
  const coins = Array(n).fill(START_COINS);
  for (const e of v.log) if (e.kind === 'coins') coins[e.seat] += e.delta;
  expect(coins).toEqual(v.coins);
  expect(v.coins.every((c) => c >= 0)).toBe(true);
  expect(v.records[v.records.length - 1].coins).toEqual(v.coins);
  expect(v.records[v.records.length - 1].points).toEqual(result.scores);
  // Winners: first place; among the players still in, the most points, then coins.
  const live = [...Array(n).keys()].filter((seat) => !v.out[seat]);
  const best = (a: number, b: number) => result.scores[a] - result.scores[b] || v.coins[a] - v.coins[b];
  const top = live.reduce((a, b) => (best(a, b) >= 0 ? a : b));
  expect(result.winners).toEqual(live.filter((seat) => best(seat, top) === 0));
  expect(v.places!.flatMap((p, seat) => (p === 1 ? [seat] : []))).toEqual(result.winners);
  // The end: the hurricane left the north edge, or one player is left.
  const end = v.log[v.log.length - 1];
  expect(end.kind).toBe('end');
  if (end.kind === 'end') {
    expect(end.winners).toEqual(result.winners);
    expect(end.scores).toEqual(result.scores);
    if (end.reason === 'exit') expect(v.hurricane).toBeNull();
    else expect(live).toHaveLength(1);
  }
  return { view: v, result };
}

describe('Wind City through the room', () => {
  it('plays a whole 4-player game to the end: 2 bot clients over the wire, 2 room bots (addBot), and a spectator', async () => {
    const host = await BotConnection.create({ server: srv.url, game: 'windcity', name: 'Host', log });
    open.push(host);
    await host.request('configure', { players: 4 }, (s) => s.seats.length === 4);
    await host.sit(0);
    const guest = await BotConnection.join({ server: srv.url, roomId: host.roomId, name: 'Guest', log });
    open.push(guest);
    await guest.sit(1);
    await host.request('addBot', { seat: 2 }, (s) => s.seats[2].kind === 'bot');
    await host.request('addBot', { seat: 3 }, (s) => s.seats[3].kind === 'bot');
    const watcher = await BotConnection.join({ server: srv.url, roomId: host.roomId, name: 'Watcher', log });
    open.push(watcher);
    expect(host.state.seats.map((s) => s.kind)).toEqual(['human', 'human', 'bot', 'bot']);

    const logsBefore = srv.logs.length;
    const plays = [host.play({ seed: 'wc-game:0' }), guest.play({ seed: 'wc-game:1' })];
    plays.forEach((p) => p.catch(() => {}));
    const t0 = Date.now();
    await host.request('start', {}, (s) => s.status === 'playing');
    const outcomes = await Promise.all(plays);
    const end = await watcher.waitFor((s) => s.status === 'ended', 10_000, 'the end');
    const ms = Date.now() - t0;

    const { view, result } = expectConsistentEnd(end);
    process.stderr.write(`windcity game: 4-player game (2 bot clients + 2 room bots, bot delay 0) through the server: ${view.turn} turns in ${ms} ms\n`);
    for (const o of outcomes) {
      expect(o.winners).toEqual(result.winners);
      expect(o.scores).toEqual(result.scores);
    }
    expect(outcomes.map((o) => o.seat)).toEqual([0, 1]);
    // Both clients saw the same end, and nobody needed the room's fallback moves.
    expect(host.state.result).toBe(end.result);
    expect(guest.state.view).toBe(end.view);
    expect(srv.logs.slice(logsBefore)).toEqual([]);
    // The spectator never holds a seat view.
    for (const seat of watcher.state.seats) expect(seat.secret ?? '').toBe('');
  }, 180_000);

  it('plays a whole 5-player game of room bots (fillBots) to the end', async () => {
    const host = await BotConnection.create({ server: srv.url, game: 'windcity', name: 'Host', log });
    open.push(host);
    await host.request('configure', { players: 5 }, (s) => s.seats.length === 5);
    await host.request('fillBots', {}, (s) => s.seats.every((x) => x.kind === 'bot'));
    const t0 = Date.now();
    await host.request('start', {}, (s) => s.status !== 'lobby');
    const end = await host.waitFor((s) => s.status === 'ended', 120_000, 'the end');
    const ms = Date.now() - t0;
    const { view } = expectConsistentEnd(end);
    process.stderr.write(`windcity game: 5-player game of room bots (bot delay 0) through the server: ${view.turn} turns in ${ms} ms\n`);
  }, 150_000);

  it("a stalling buyer's clock runs out in the market: its stand-in decides, the log says so, and the game goes on", async () => {
    const human = await BotConnection.create({ server: srv.url, game: 'windcity', name: 'Slow', log });
    open.push(human);
    await expect(human.request('configure', { clock: 'sometimes' }, () => false, 5000)).rejects.toThrow(/bad-options/);
    await human.request(
      'configure',
      { players: 2, clock: 'normal', options: { marketSeconds: 10 } },
      (s) => s.players === 2 && JSON.parse(s.options).marketSeconds === 10 && human.room.state.clock === 'normal',
    );
    await human.sit(0);
    await human.request('addBot', { seat: 1 }, (s) => s.seats[1].kind === 'bot');

    // The human's client plays like a bot, except that it never asks nor passes
    // in the first market where it may buy.
    let stalling = true;
    let stalls = 0;
    const decide = (ctx: DecideContext): unknown => {
      if (stalling && ctx.view.phase === 'market' && ctx.own?.deciding) {
        stalls++;
        return null;
      }
      return defaultDecide(ctx);
    };
    const play = human.play({ seed: 'wc-stall', decide });
    play.catch(() => {});
    await human.request('start', {}, (s) => s.status === 'playing');

    // The first market of the bot's turn in which the human may buy.
    const opened = await human.waitFor(
      (s) => s.status !== 'playing' || (viewOf(s).phase === 'market' && JSON.parse(s.seats[0].secret || '{}').deciding === true),
      90_000,
      'a market where the human buys',
    );
    const seen = Date.now();
    const market = viewOf(opened);
    expect(market.phase).toBe('market');
    expect(market.active).toBe(1);
    const T = market.turn;
    // 10 s at the normal pace, run at a tenth: the human's seat shows about 1 s.
    const deadline = human.room.state.seats[0].deadline as number;
    expect(deadline).toBeGreaterThan(seen);
    expect(deadline).toBeLessThanOrEqual(seen + 1_000);

    // Nobody answers for the human: when its clock runs out its stand-in decides.
    const closed = await human.waitFor((s) => viewOf(s).turn > T || s.status === 'ended', 15_000, 'the market to close');
    const closedAt = Date.now();
    stalling = false;
    expect(closedAt).toBeGreaterThanOrEqual(deadline - 50);
    expect(stalls).toBeGreaterThan(0);
    const after = viewOf(closed);
    expect(after.log).toContainEqual({ kind: 'market-closed', turn: T, expired: false });
    expect(after.log.some((e) => e.kind === 'reveal' && e.turn === T)).toBe(true);
    const chat = [...(human.room.state.chat as Iterable<{ event: string; name: string }>)];
    expect(chat.filter((l) => l.event === 'timeout').map((l) => l.name)).toContain('Slow');
    log(`market of turn ${T} closed ${closedAt - seen} ms after it opened (the stand-in decided)`);

    // The game goes on (the human now plays normally) to the end.
    const outcome = await play;
    const end = human.state;
    const { view, result } = expectConsistentEnd(end);
    expect(outcome.winners).toEqual(result.winners);
    expect(view.turn).toBeGreaterThan(T);
    expect([...human.room.state.seats].map((s: { deadline: number }) => s.deadline)).toEqual([0, 0]);
    // Rooms no longer expire markets: the stand-in decides instead.
    expect(view.log.filter((e) => e.kind === 'market-closed' && e.expired)).toEqual([]);
  }, 180_000);

  it('a market shows one countdown on every seat of the market: a buyer who has secretly decided keeps it', async () => {
    const human = await BotConnection.create({ server: srv.url, game: 'windcity', name: 'Watcher', log });
    open.push(human);
    await human.request('configure', { players: 3, clock: 'relaxed' }, (s) => s.players === 3 && human.room.state.clock === 'relaxed');
    await human.sit(0);
    await human.request('fillBots', {}, (s) => s.seats[1].kind === 'bot' && s.seats[2].kind === 'bot');
    // The human plays like a bot but never decides in a market where it may buy.
    let stalling = true;
    const play = human.play({
      seed: 'wc-clock',
      decide: (ctx: DecideContext) => (stalling && ctx.view.phase === 'market' && ctx.own?.deciding ? null : defaultDecide(ctx)),
    });
    play.catch(() => {});
    await human.request('start', {}, (s) => s.status === 'playing');
    // A market of a bot's turn where the human buys and the other bot (a buyer too) has already decided, secretly.
    const seen = await human.waitFor(
      (s) => {
        const v = viewOf(s);
        return s.status !== 'playing' || (v.phase === 'market' && v.active !== 0 && JSON.parse(s.seats[0].secret || '{}').deciding === true);
      },
      90_000,
      'a market where the human buys',
    );
    expect(viewOf(seen).phase).toBe('market');
    const active = viewOf(seen).active;
    // Give the other buyer, if any (a bot, no delay), time to decide.
    await new Promise((r) => setTimeout(r, 300));
    const seats = [...human.room.state.seats] as { deadline: number; awaiting: boolean }[];
    const shown = seats.filter((x) => x.awaiting);
    expect(seats[active].awaiting).toBe(true); // the seller
    expect(seats[0].awaiting).toBe(true); // the stalling buyer
    expect(seats[0].deadline).toBeGreaterThan(Date.now());
    for (const x of shown) expect(x.deadline).toBe(seats[0].deadline);
    stalling = false;
    await play;
  }, 180_000);
});
