/**
 * A deploy, a crash or a power cut never loses a game. For each game, a real
 * server process (server/dist, SQLite store in a temp dir) is stopped in the
 * middle of a match — SIGTERM (a deploy: `docker compose up -d`) or SIGKILL
 * (a crash) — and started again on the same port and data dir. The room is
 * back under the same id; the players reclaim their seats with their tokens
 * and get their own secrets back; the public view and every secret are
 * byte-identical to what the clients last saw; the match plays on to its end.
 */
import '../../server/testing/ws-setup.js';
import { afterAll, describe, expect, it } from '@jest/globals';
import { getGame, metaIds } from '@fireside/shared';
import { createRoom, joinRoom, sleep, waitFor, type Player } from '../../server/testing/harness.js';
import { restartableServers } from './helpers/restartable.js';
import { playUntil, viewOf } from './helpers/drive.js';

const players: Player[] = [];
afterAll(async () => {
  await Promise.all(players.map((p) => p.leave().catch(() => undefined)));
});
// (Declared after the players' hook: the players leave before the servers go.)
const start = restartableServers();

/** Waits until nothing has changed for `ms` (bots are quick; only humans are awaited then). */
async function quiet(p: Player, ms = 400): Promise<void> {
  let last = p.state.view;
  let since = Date.now();
  await waitFor(
    () => {
      if (p.state.view !== last) {
        last = p.state.view;
        since = Date.now();
      }
      return Date.now() - since >= ms;
    },
    'a quiet table',
    15_000,
  );
}

const cases: [string, 'SIGTERM' | 'SIGKILL'][] = [];
for (const id of metaIds) for (const how of ['SIGTERM', 'SIGKILL'] as const) cases.push([id, how]);

describe('a match survives its server', () => {
  it.each(cases)(
    '%s, %s in the middle of a match',
    async (id, how) => {
      const game = getGame(id)!;
      const players3 = 3;
      const first = await start();
      const alice = await createRoom(first.base, { game: id, name: 'Alice', players: players3 });
      const bob = await joinRoom(first.base, alice.room.roomId, { name: 'Bob' });
      players.push(alice, bob);
      const roomId = alice.room.roomId;
      alice.send('sit', { seat: 0 });
      bob.send('sit', { seat: 1 });
      await alice.until((s) => s.seats[1].kind === 'human');
      alice.send('fillBots');
      await alice.until((s) => s.seats[2].kind === 'bot');
      alice.send('start');
      await alice.until((s) => s.status === 'playing');
      const humans = new Map([
        [0, alice],
        [1, bob],
      ]);

      // Half a game: a good number of moves, then a quiet moment.
      let moves = 0;
      await playUntil(game, humans, () => ++moves > 40, `${id} first half`);
      await quiet(alice);
      const seen = { view: alice.state.view, secrets: [alice.state.seats[0].secret, bob.state.seats[1].secret] };
      await waitFor(() => bob.state.view === seen.view, 'Bob saw the same view');
      const tokens = [alice.welcome!, bob.welcome!];
      for (const p of [alice, bob]) p.room.reconnection.enabled = false;
      const restarting = alice.messages.length;

      if (how === 'SIGTERM') {
        await first.stop();
        expect(first.process.exitCode).toBe(0);
        expect(alice.messages.slice(restarting).some((m) => m.type === 'restarting')).toBe(true);
      } else {
        await first.kill();
        expect(first.process.signalCode).toBe('SIGKILL');
      }

      const second = await start(first.port, first.dataDir);
      const alice2 = await joinRoom(second.base, roomId, { name: 'Alice', token: tokens[0].token });
      const bob2 = await joinRoom(second.base, roomId, { name: 'Bob', token: tokens[1].token });
      const watcher = await joinRoom(second.base, roomId, { name: 'Watcher' });
      players.push(alice2, bob2, watcher);
      expect(alice2.welcome!.memberId).toBe(tokens[0].memberId);
      expect(bob2.welcome!.memberId).toBe(tokens[1].memberId);
      await alice2.until((s) => s.seats[0].memberId === tokens[0].memberId && s.seats[0].connected && !!s.seats[0].secret);
      await bob2.until((s) => !!s.seats[1].secret);
      // Exactly what the clients last saw: nothing lost, nothing invented.
      expect(alice2.state.view).toBe(seen.view);
      expect(alice2.state.seats[0].secret).toBe(seen.secrets[0]);
      expect(bob2.state.seats[1].secret).toBe(seen.secrets[1]);
      expect(alice2.state.hostId).toBe(tokens[0].memberId);
      expect(watcher.state.seats[0].secret ?? '').toBe(''); // a newcomer sees no secret

      // The match goes on to its end.
      await playUntil(
        game,
        new Map([
          [0, alice2],
          [1, bob2],
        ]),
        () => false,
        `${id} second half`,
        120_000,
      );
      await watcher.until((s) => s.status === 'ended', 'the end', 10_000);
      expect(JSON.parse(watcher.state.result).winners.length).toBeGreaterThan(0);
      expect(viewOf(watcher)).toBeTruthy();
      await sleep(50);
    },
    240_000,
  );

  it('bot clients come back by themselves after a crash and finish their match', async () => {
    const { BotConnection } = await import('../../botclient/src/index.js');
    const first = await start();
    const host = await BotConnection.create({ server: first.base, name: 'B0', game: 'santa' });
    const others = [
      await BotConnection.join({ server: first.base, roomId: host.roomId, name: 'B1' }),
      await BotConnection.join({ server: first.base, roomId: host.roomId, name: 'B2' }),
    ];
    const bots = [host, ...others];
    await host.request('configure', { players: 3 }, (s) => s.players === 3);
    for (const [i, b] of bots.entries()) await b.sit(i);
    await host.request('start', {}, (s) => s.status === 'playing');
    const plays = bots.map((b, i) => b.play({ seed: `restart-${i}`, delayMs: 20 }));
    const progressed = (s: { view: string }) => !!s.view && JSON.parse(s.view).phase !== 'away' && JSON.parse(s.view).phase !== 'start';
    await host.waitFor(progressed, 30_000, 'the first picks');

    await first.kill();
    await start(first.port, first.dataDir);
    const outcomes = await Promise.all(plays);
    for (const o of outcomes) expect(o.winners.length).toBeGreaterThan(0);
    expect(new Set(outcomes.map((o) => JSON.stringify(o.winners))).size).toBe(1);
    await Promise.all(bots.map((b) => b.leave()));
  }, 180_000);
});
