/**
 * Presence and stand-ins through the real room (the test-only "secret"
 * game; stand-ins after 1 s): the room log's lines, away markers, a bot
 * standing in for a player who left mid-match and handing the seat back when
 * the player returns with their token, the host role moving on from an away
 * host, the host handing seats to bots and back, and removing a member who
 * has gone.
 */
import '../../server/testing/ws-setup.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRoom, joinRoom, roomLogOf, sleep, startedMatch, startServer, waitFor, type Player, type TestServer } from '../../server/testing/harness.js';

let srv: TestServer;
const players: Player[] = [];
beforeAll(async () => {
  srv = await startServer({ botDelayMs: 50, standInSeconds: 1, reconnectSeconds: 2 });
});
afterAll(async () => {
  for (const p of players) await p.leave().catch(() => undefined);
  await srv.close();
});

async function match(names: string[]): Promise<Player[]> {
  const ps = await startedMatch(srv.url, names);
  players.push(...ps);
  return ps;
}

describe('presence', () => {
  it('logs who joined, sat, stood and left, and lists the spectators by name', async () => {
    const host = await createRoom(srv.url, { game: 'secret', name: 'Ann', players: 2 });
    const bo = await joinRoom(srv.url, host.room.roomId, { name: 'Bo' });
    const cy = await joinRoom(srv.url, host.room.roomId, { name: 'Cy' });
    players.push(host, bo, cy);
    host.send('sit', { seat: 0 });
    bo.send('sit', { seat: 1 });
    await host.until((s) => s.seats[1].kind === 'human', 'seated');
    bo.send('stand');
    await host.until((s) => s.seats[1].kind === 'empty', 'stood');
    await cy.leave();
    await host.until(() => roomLogOf(host).includes('left Cy'), 'Cy left');
    expect(roomLogOf(host)).toEqual(['joined Ann', 'joined Bo', 'joined Cy', 'sat Ann 1', 'sat Bo 2', 'stood Bo', 'left Cy']);
    // Who watches, by name: members without a seat who are connected.
    const watching = [...host.state.members.values()]
      .filter((m: { seat: number; connected: boolean }) => m.seat < 0 && m.connected)
      .map((m: { name: string }) => m.name);
    expect(watching).toEqual(['Bo']);
  });

  it('a player who leaves mid-match is marked away, a bot stands in after the delay and plays; back with the token, the seat and its secrets are theirs again', async () => {
    const [ann, bo] = await match(['Ann', 'Bo']);
    const { token } = bo.welcome!;
    const roomId = ann.room.roomId;
    ann.send('intent', { action: { type: 'pick', n: 5 } });
    await ann.until((s) => JSON.parse(s.view).picked[0] === true, 'Ann picked');
    const left = Date.now();
    await bo.leave();
    await ann.until((s) => s.seats[1].awaySince > 0 && s.seats[1].standInAt > 0, 'Bo away, countdown shown');
    const seat = ann.state.seats[1];
    expect(seat.connected).toBe(false);
    expect(seat.standInAt - left).toBeGreaterThanOrEqual(900);
    expect(seat.standInAt - left).toBeLessThanOrEqual(1500);
    expect(seat.standIn).toBe(false);

    // The stand-in takes over and picks for Bo (from Bo's own view).
    await ann.until((s) => s.seats[1].standIn === true, 'the stand-in', 5000);
    const tookOver = Date.now() - left;
    await ann.until((s) => JSON.parse(s.view).picked[1] === true, 'the stand-in picked', 5000);
    expect(roomLogOf(ann)).toEqual(expect.arrayContaining(['left Bo', 'standin Bo']));
    process.stderr.write(`presence: stand-in took over ${tookOver} ms after the player left (delay 1 s)\n`);

    // Bo comes back with the token: the seat is his again, with his secret.
    const back = await joinRoom(srv.url, roomId, { token });
    players.push(back);
    await back.until((s) => s.seats[1].standIn === false && s.seats[1].connected && s.seats[1].secret !== '', 'Bo back in his seat');
    expect(JSON.parse(back.state.seats[1].secret).marker).toMatch(/^SEKRIT-1-/);
    expect(back.state.seats[1].awaySince).toBe(0);
    await ann.until(() => roomLogOf(ann).includes('handback Bo') && roomLogOf(ann).includes('back Bo'), 'the log says so');
    // And plays: his reveal turn is his to take (no bot takes it any more).
    ann.send('intent', { action: { type: 'reveal' } });
    await back.until((s) => s.seats[1].awaiting === true, "Bo's turn");
    await new Promise((r) => setTimeout(r, 300));
    expect(back.state.seats[1].awaiting).toBe(true); // nobody played it for him
    back.send('intent', { action: { type: 'reveal' } });
    await back.until((s) => s.status === 'ended', 'the end');
  });

  it('an away host hands the role on after the same delay', async () => {
    const [ann, bo] = await match(['Ann', 'Bo']);
    // A dropped connection (no goodbye) that does not come back, as a closed laptop.
    ann.room.reconnection.maxRetries = 0;
    ann.dropSocket();
    await bo.until((s) => s.members.get(s.hostId)?.name === 'Ann' && s.members.get(s.hostId)?.connected === false, 'Ann away, still host');
    await bo.until((s) => s.members.get(s.hostId)?.name === 'Bo', 'Bo is host', 5000);
    await bo.until(() => roomLogOf(bo).includes('host Bo'), 'logged');
  });

  it('a player hands their own seat to a bot, the host gives it back; others are refused', async () => {
    const [ann, bo] = await match(['Ann', 'Bo']);
    bo.send('standIn', { seat: 0, on: true });
    await bo.until(() => bo.errors.some((e) => e.code === 'not-host'), 'refused');
    // Bo is here: his seat is his to hand over (room.host.test.ts has the rest of that rule).
    await ann.expectError('standIn', { seat: 1, on: true }, 'player-here');
    bo.send('standIn', { seat: 1, on: true });
    await ann.until((s) => s.seats[1].standIn === true, 'handed to a bot');
    await ann.until((s) => JSON.parse(s.view).picked[1] === true, 'the bot picked for Bo');
    bo.send('standIn', { seat: 1, on: false });
    await ann.until((s) => s.seats[1].standIn === false, 'Bo took it back');
    ann.send('standIn', { seat: 5, on: true });
    ann.send('standIn', { seat: 0, on: 'yes' });
    await ann.until(() => ann.errors.length >= 3, 'bad input refused');
    expect(ann.errors.map((e) => e.code)).toEqual(['player-here', 'bad-seat', 'bad-message']);
    expect(roomLogOf(ann)).toEqual(expect.arrayContaining(['standin Bo', 'handback Bo']));
  });

  it('the host removes a member who has gone: in a match a bot keeps the seat; a connected member cannot be removed', async () => {
    const [ann, bo, cy] = await match(['Ann', 'Bo', 'Cy']);
    const boId = bo.welcome!.memberId;
    const { token } = cy.welcome!;
    ann.send('remove', { memberId: boId });
    await ann.until(() => ann.errors.some((e) => e.code === 'still-here'), 'Bo is still here');
    const cyId = cy.welcome!.memberId;
    await cy.leave();
    // Not before the reconnection window (2 s here) is over: a reload must not cost Cy her seat.
    await ann.expectError('remove', { memberId: cyId }, 'still-reconnecting');
    await sleep(2300);
    ann.send('remove', { memberId: cyId });
    await ann.until((s) => s.seats[2].kind === 'bot' && !s.members.has(cyId), 'Cy removed, a bot in seat 3');
    expect(roomLogOf(ann)).toContain('removed Cy');
    // Cy's token no longer opens anything of this room: a newcomer without a seat.
    const again = await joinRoom(srv.url, ann.room.roomId, { token, name: 'Cy' });
    players.push(again);
    expect(again.welcome!.memberId).not.toBe(cyId);
    expect(again.state.members.get(again.welcome!.memberId).seat).toBe(-1);
    await waitFor(() => JSON.parse(ann.state.view).picked[2] === true, 'the bot plays seat 3');
  });
});
