/**
 * No traffic marks a hidden action. Checked on the raw frames the other
 * clients receive (players and a spectator), through the real server:
 *
 * - Gift Trap (a give, a want) and Santa (a pick): a player revises a hidden
 *   submission again and again while another player still decides. Before the
 *   fix every revision sent every other client an empty state patch at that
 *   very moment; now the others receive nothing at all — the same bytes (none)
 *   as when nobody revises anything.
 * - Wind City's market: a buyer asks for insurance and is declined, or passes,
 *   while another buyer still decides: the others receive nothing either way
 *   (the public market shows only the accepted insurance; who asked, who
 *   passed and who was declined stays with the buyer and the seller).
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { getGame, rngFromSeed, type AnyGame } from '@fireside/shared';
import { createRoom, joinRoom, sleep, waitFor, type Player } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer({ botDelayMs: 5 });
const all = srv.players;

interface Table {
  game: AnyGame;
  humans: Player[]; // humans[i] sits on seat i
  spectator: Player;
}

/** A started match: `humans` people on the first seats, bots on the rest, one spectator. */
async function table(gameId: string, players: number, humans: number): Promise<Table> {
  const host = await createRoom(srv.url, { game: gameId, name: 'P0', players });
  const people = [host];
  for (let i = 1; i < humans; i++) people.push(await joinRoom(srv.url, host.room.roomId, { name: `P${i}` }));
  const spectator = await joinRoom(srv.url, host.room.roomId, { name: 'Watcher' });
  all.push(...people, spectator);
  people.forEach((p, i) => p.send('sit', { seat: i }));
  await host.until((s) => people.every((_, i) => s.seats[i].kind === 'human'), 'humans seated');
  host.send('fillBots');
  await host.until((s) => s.seats.every((seat: any) => seat.kind !== 'empty'), 'bots seated');
  host.send('start');
  await spectator.until((s) => s.status === 'playing', 'playing');
  return { game: getGame(gameId)!, humans: people, spectator };
}

const viewOf = (p: Player) => JSON.parse(p.state.view);
const ownOf = (p: Player, seat: number) => JSON.parse(p.state.seats[seat].secret);

/**
 * Plays every human seat with the game's own bot logic (from that seat's
 * views, as a bot client would) until `stop` holds for the public view.
 */
async function playUntil(t: Table, stop: (view: any) => boolean, label: string): Promise<void> {
  const rng = rngFromSeed(`drive-${label}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`never reached ${label}: ${t.humans[0].state.view}`);
    const view = viewOf(t.humans[0]);
    if (stop(view)) return;
    let acted = false;
    for (const [seat, p] of t.humans.entries()) {
      if (!p.state.seats[seat].awaiting || !p.state.seats[seat].secret) continue;
      const action = t.game.botAction(viewOf(p), ownOf(p, seat), seat, rng);
      if (!action) continue;
      const before = p.state.view + p.state.seats[seat].secret;
      const errors = p.errors.length;
      p.send('intent', { action });
      await waitFor(() => p.state.view + p.state.seats[seat].secret !== before || p.errors.length > errors, `${label}: seat ${seat} acted`);
      acted = true;
      break;
    }
    if (!acted) await sleep(20);
  }
}

/** Frames each observer has received so far. */
const mark = (observers: Player[]) => observers.map((o) => o.sockets.reduce((n, s) => n + s.frames.length, 0));
/** The frames each observer received since `m`, as hex. */
const since = (observers: Player[], m: number[]) =>
  observers.map((o, i) =>
    o.sockets
      .flatMap((s) => s.frames)
      .slice(m[i])
      .map((f) => f.toString('hex')),
  );

/** Sends an intent and waits until the sender's own secret changes. */
async function submit(p: Player, seat: number, action: unknown): Promise<void> {
  const before = p.state.seats[seat].secret;
  const errors = p.errors.length;
  p.send('intent', { action });
  await waitFor(() => p.state.seats[seat].secret !== before || p.errors.length > errors, 'own secret updated');
  expect(p.errors.slice(errors)).toEqual([]);
}

/** Two different bot actions for `seat` from its views (revisions of each other). */
function twoChoices(t: Table, p: Player, seat: number): [unknown, unknown] {
  const first = t.game.botAction(viewOf(p), ownOf(p, seat), seat, rngFromSeed('choice-0'));
  for (let k = 1; k < 200; k++) {
    const other = t.game.botAction(viewOf(p), ownOf(p, seat), seat, rngFromSeed(`choice-${k}`));
    if (JSON.stringify(other) !== JSON.stringify(first)) return [first, other];
  }
  const revised = revisionOf(first);
  if (revised) return [first, revised];
  throw new Error(`the bot always makes the same choice here: ${JSON.stringify(first)}`);
}

/** Where the bot is deterministic (Gift Trap): the same submission, rearranged. */
function revisionOf(action: any): unknown | null {
  if (action?.type === 'give' && action.tiles.length >= 2) {
    const tiles = action.tiles as { to: number; slot: number }[];
    return { type: 'give', tiles: tiles.map((tile, i) => ({ to: tiles[(i + 1) % tiles.length].to, slot: tile.slot })) };
  }
  if (action?.type === 'want') {
    const w = action.wants;
    return { type: 'want', wants: { great: w.good, good: w.great, ok: w.noWay, noWay: w.ok } };
  }
  return null;
}

/** Seat 0 submits, then revises three times; everybody else must receive nothing meanwhile. */
async function revisionsAreSilent(t: Table): Promise<void> {
  const [a, b] = twoChoices(t, t.humans[0], 0);
  await submit(t.humans[0], 0, a);
  await sleep(200); // the public consequences of the first submission (if any) arrive
  const observers = [...t.humans.slice(1), t.spectator];
  const m = mark(observers);
  for (const action of [b, a, b]) {
    await submit(t.humans[0], 0, action);
    await sleep(120); // more than two patch ticks (50 ms)
  }
  expect(since(observers, m)).toEqual(observers.map(() => []));
}

describe('hidden revisions send nothing to others', () => {
  it('Gift Trap: revising a give, then a want', async () => {
    const t = await table('gifttrap', 3, 3);
    await playUntil(t, (v) => v.phase === 'give', 'give');
    await revisionsAreSilent(t);
    // Everybody else gives too; then the wants.
    await playUntil(t, (v) => v.phase === 'want', 'want');
    await revisionsAreSilent(t);
  }, 60_000);

  it('Santa: revising a pick', async () => {
    const t = await table('santa', 3, 3);
    await playUntil(t, (v) => v.phase === 'pick', 'pick');
    await revisionsAreSilent(t);
  }, 60_000);
});

describe("Wind City's market keeps requests and declines between buyer and seller", () => {
  it('asking and being declined, or passing, sends the others nothing while the market is open', async () => {
    const t = await table('windcity', 3, 3);
    await playUntil(t, (v) => v.phase === 'market', 'market');
    const seller: number = viewOf(t.spectator).market.seller;
    const [buyer, other] = [0, 1, 2].filter((s) => s !== seller);
    const observers = [t.humans[other], t.spectator];
    const houses = (viewOf(t.spectator).houses as ({ owner: number; insured: boolean } | null)[]).flatMap((h, sq) =>
      h && h.owner === buyer && !h.insured ? [sq] : [],
    );
    expect(houses.length).toBeGreaterThan(0);

    // The buyer asks; the seller declines. `other` has not decided: the market stays open.
    const m1 = mark(observers);
    await submit(t.humans[buyer], buyer, { type: 'ask', squares: [houses[0]] });
    await waitFor(() => ownOf(t.humans[seller], seller).requests.length === 1, 'the seller sees the request');
    await submit(t.humans[seller], seller, { type: 'answer', buyer, accept: false });
    await sleep(200);
    expect(since(observers, m1)).toEqual(observers.map(() => []));
    expect(viewOf(t.spectator).phase).toBe('market');

    // Next market where the same buyer can act: it passes instead.
    const turn1: number = viewOf(t.spectator).turn;
    t.humans[other].send('intent', { action: { type: 'pass' } });
    await playUntil(t, (v) => v.turn !== turn1 && v.phase === 'market' && v.market.seller !== buyer, 'next market');
    const seller2: number = viewOf(t.spectator).market.seller;
    const waiting = [0, 1, 2].find((s) => s !== seller2 && s !== buyer)!;
    const observers2 = [t.humans[waiting], t.spectator];
    const m2 = mark(observers2);
    await submit(t.humans[buyer], buyer, { type: 'pass' });
    await sleep(200);
    expect(since(observers2, m2)).toEqual(observers2.map(() => []));
    expect(viewOf(t.spectator).phase).toBe('market');
  }, 90_000);
});
