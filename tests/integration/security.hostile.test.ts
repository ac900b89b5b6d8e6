/**
 * Nothing a client sends can stop the server or another room.
 *
 * The defect this guards: `room.send('*', { toString: 1 })` made the room's
 * catch-all handler call `String()` on the payload (Colyseus passes the
 * payload there when the type is literally "*"); the exception left the
 * handler and Colyseus shut the whole process down. Here hostile payloads go
 * under every message type, "*" included, in a lobby and in matches of every
 * game, while a bystander room plays on; then both rooms must still answer.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { gameIds, getGame } from '@fireside/shared';
import { createRoom, startedMatch, sleep, type Player } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer();
const all = srv.players;

const TYPES: (string | number)[] = [
  '*',
  'sit',
  'stand',
  'configure',
  'addBot',
  'removeBot',
  'fillBots',
  'start',
  'intent',
  'chat',
  'rename',
  'again',
  'frobnicate',
  'toString',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  '',
  0,
  7,
];

/** Objects whose conversion to a string or number throws, and friends. */
function hostilePayloads(): unknown[] {
  const evil = { toString: 1, valueOf: 1 };
  return [
    { toString: 1 },
    { valueOf: 1 },
    evil,
    [evil],
    [[evil], { a: [evil] }],
    JSON.parse('{"__proto__": {"toString": 1, "polluted": true}}'),
    JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
    { seat: evil, players: evil, options: evil, action: evil, text: evil, name: evil },
    { action: { type: evil, tiles: [evil], wants: evil, card: evil, squares: [evil], path: evil } },
    { options: JSON.parse('{"__proto__": {"max": 5}}'), players: 3 },
    { name: evil, text: [evil] },
    // (Frames over the transport's limit, 4 KB, close the connection with 1009: by design.)
    'x'.repeat(1000),
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -0,
    true,
    null,
  ];
}

/** Sends every hostile payload under every type, paced under the room's 40 messages/s. */
async function barrage(p: Player): Promise<number> {
  let sent = 0;
  for (const type of TYPES) {
    for (const payload of hostilePayloads()) {
      (p.room.send as (t: string | number, m?: unknown) => void)(type, payload);
      sent++;
      await sleep(28);
    }
  }
  return sent;
}

/** The member still gets answers from its room (a chat line round trip). */
async function stillServed(p: Player, text: string): Promise<void> {
  p.send('chat', { text });
  await p.until((s) => s.chat.some((l: any) => l.text === text), `chat "${text}" echoed`, 8000);
}

describe('hostile payloads', () => {
  it('the crash of the audit: "*" with { toString: 1 } answers an error, the server lives', async () => {
    const a = await createRoom(srv.url, { game: 'secret', name: 'Mallory' });
    all.push(a);
    const before = a.errors.length;
    (a.room.send as (t: string, m: unknown) => void)('*', { toString: 1 });
    (a.room.send as (t: string, m: unknown) => void)('*', [{ toString: 1 }]);
    await a.until(() => a.errors.length >= before + 2, 'two errors');
    expect(a.errors.slice(before).map((e) => e.code)).toEqual(['bad-message', 'bad-message']);
    expect(a.errors.slice(before).every((e) => e.type === '?')).toBe(true);
    await stillServed(a, 'alive');
    expect((await fetch(`${srv.url}/healthz`)).ok).toBe(true);
  });

  it('every type × every hostile payload, in a lobby and in a match of every game, while another room plays on', async () => {
    // The bystanders: a match of the fixture game that must go on.
    const [b1, b2] = await startedMatch(srv.url, ['Bea', 'Ben']);
    all.push(b1, b2);

    // The attacker: a lobby of the fixture game, then a match of each real game.
    const lobby = await createRoom(srv.url, { game: 'secret', name: 'Mallory' });
    all.push(lobby);
    const attackers: Player[] = [lobby];
    for (const game of gameIds.map((id) => getGame(id)!)) {
      const m = await createRoom(srv.url, { game: game.id, name: 'Mallory', players: game.minPlayers });
      all.push(m);
      m.send('sit', { seat: 0 });
      m.send('fillBots');
      await m.until((s) => s.seats.every((seat: any) => seat.kind !== 'empty'), `${game.id} seats filled`);
      m.send('start');
      await m.until((s) => s.status === 'playing', `${game.id} playing`);
      attackers.push(m);
    }

    const sent = (await Promise.all(attackers.map((p) => barrage(p)))).reduce((x, y) => x + y, 0);
    expect(sent).toBeGreaterThan(1000);

    // Every attacker is still a connected member whose room answers.
    for (const [i, p] of attackers.entries()) {
      expect(p.room.connection.isOpen).toBe(true);
      await stillServed(p, `attacker ${i} still here`);
    }
    // The bystanders' match goes on.
    b1.send('intent', { action: { type: 'pick', n: 3 } });
    b2.send('intent', { action: { type: 'pick', n: 5 } });
    await b1.until((s) => JSON.parse(s.view).phase === 'reveal', 'bystanders revealed');
    await stillServed(b2, 'bystander still here');
    const health = (await (await fetch(`${srv.url}/healthz`)).json()) as { ok: boolean; rooms: number };
    expect(health.ok).toBe(true);
    expect(health.rooms).toBeGreaterThanOrEqual(attackers.length + 1);

    // Nothing escaped a handler, and validation refused the payloads without
    // failing inside (an `internal` error would mean a handler threw).
    expect(srv.logs.filter((l) => l.includes('threw'))).toEqual([]);
    const internal = attackers.flatMap((p) => p.errors.filter((e) => e.code === 'internal'));
    expect(internal).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);
});
