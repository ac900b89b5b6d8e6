/**
 * The table belongs to the friends who made it (docs/protocol.md, "Host"):
 * the host role goes to a seated, connected player before any spectator, and
 * comes back to the table's owner (its creator) the moment they return; the
 * host's powers have guard rails (no removal while a member may come back,
 * a connected player's seat is theirs to hand to a bot, stand-in switches
 * are rate limited); the host can kick and lock in the lobby.
 *
 * The test-only "secret" game; stand-ins (and a dropped host's hold) after
 * 1 s; a dropped connection's window 3 s.
 */
import '../../server/testing/ws-setup.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@colyseus/sdk';
import { CloseCodes } from '@fireside/shared';
import { createRoom, joinRoom, roomLogOf, sleep, startServer, type Player, type TestServer } from '../../server/testing/harness.js';

const RECONNECT_S = 3;
let srv: TestServer;
const players: Player[] = [];
beforeAll(async () => {
  srv = await startServer({ botDelayMs: 50, standInSeconds: 1, reconnectSeconds: RECONNECT_S });
});
afterAll(async () => {
  for (const p of players) await p.leave().catch(() => undefined);
  await srv.close();
});

const nameOfHost = (p: Player): string | undefined => p.state.members.get(p.state.hostId)?.name;
const idOf = (p: Player): string => p.welcome!.memberId;

/** A dropped connection that does not come back on its own (a closed laptop, a closed tab). */
function vanish(p: Player): void {
  p.room.reconnection.maxRetries = 0;
  p.dropSocket();
}

/**
 * Ann creates the table; Spec joins first (and watches), then Bo, who sits
 * beside Ann. In joining order Spec comes before Bo: the old rule gave Spec the role.
 */
async function table(opts: { start: boolean }): Promise<{ ann: Player; spec: Player; bo: Player }> {
  const ann = await createRoom(srv.url, { game: 'secret', name: 'Ann', players: 2 });
  const spec = await joinRoom(srv.url, ann.room.roomId, { name: 'Spec' });
  const bo = await joinRoom(srv.url, ann.room.roomId, { name: 'Bo' });
  players.push(ann, spec, bo);
  ann.send('sit', { seat: 0 });
  bo.send('sit', { seat: 1 });
  await ann.until((s) => s.seats[0].kind === 'human' && s.seats[1].kind === 'human', 'Ann and Bo seated');
  expect(ann.state.ownerId).toBe(idOf(ann));
  if (opts.start) {
    ann.send('start');
    await Promise.all([ann, spec, bo].map((p) => p.until((s) => s.status === 'playing', 'the match started')));
  }
  return { ann, spec, bo };
}

async function comeBack(p: Player): Promise<Player> {
  const back = await joinRoom(srv.url, p.room.roomId, { token: p.welcome!.token });
  players.push(back);
  return back;
}

describe('who is host', () => {
  for (const start of [false, true]) {
    const where = start ? 'mid-match' : 'in the lobby';
    it(`${where}: an away owner's role goes to the seated player, not the spectator who joined first; it comes back to the owner at once`, async () => {
      const { ann, spec, bo } = await table({ start });
      vanish(ann);
      await bo.until(() => nameOfHost(bo) === 'Bo', 'Bo (seated) is host after the hold', 8000);
      expect(roomLogOf(bo)).toContain('host Bo');
      expect(roomLogOf(bo)).not.toContain('host Spec');
      await spec.barrier();
      expect(nameOfHost(spec)).toBe('Bo');

      const back = await comeBack(ann); // a reload, "Your tables", a token
      expect(back.welcome!.memberId).toBe(idOf(ann));
      expect(nameOfHost(back)).toBe('Ann'); // in the very first state she gets
      await bo.until(() => roomLogOf(bo).includes('hostagain Ann'), '"Ann is host again"');
      expect(roomLogOf(bo).filter((l) => l.startsWith('host'))).toEqual(['host Bo', 'hostagain Ann']);
    });
  }

  it('an owner who leaves mid-match hands the role to the seated player at once (no hold)', async () => {
    const { ann, bo } = await table({ start: true });
    await ann.leave();
    await bo.until(() => nameOfHost(bo) === 'Bo', 'Bo is host', 3000);
  });

  it('goes to a spectator only when no seated player is connected, and back to a seated player as soon as one is', async () => {
    const { ann, spec, bo } = await table({ start: true });
    await ann.leave();
    await bo.until(() => nameOfHost(bo) === 'Bo', 'Bo is host');
    vanish(bo);
    await spec.until(() => nameOfHost(spec) === 'Spec', 'Spec is host: nobody seated is here', 8000);
    const boBack = await comeBack(bo);
    expect(nameOfHost(boBack)).toBe('Bo');
    await spec.until(() => nameOfHost(spec) === 'Bo', 'the role back with the seated player');
    const annBack = await comeBack(ann);
    expect(nameOfHost(annBack)).toBe('Ann');
  });

  it('a spectator host hands over to the seated player at once, in the lobby too', async () => {
    const ann = await createRoom(srv.url, { game: 'secret', name: 'Ann', players: 2 });
    const spec = await joinRoom(srv.url, ann.room.roomId, { name: 'Spec' });
    players.push(ann, spec);
    await ann.leave(); // the lobby: Ann is gone for good, Spec is the only one here
    await spec.until(() => nameOfHost(spec) === 'Spec', 'Spec is host');
    const bo = await joinRoom(srv.url, ann.room.roomId, { name: 'Bo' });
    players.push(bo);
    expect(nameOfHost(bo)).toBe('Spec'); // Bo watches: still Spec's
    bo.send('sit', { seat: 1 });
    await spec.until(() => nameOfHost(spec) === 'Bo', 'Bo sat: he is host');
  });
});

describe("the host's powers have guard rails", () => {
  it('refuses to remove a member whose reconnection window is open (250 ms after a blip), allows it once it is over', async () => {
    const { ann, bo } = await table({ start: true });
    vanish(bo);
    await ann.until((s) => !s.seats[1].connected, 'Bo dropped');
    await sleep(250);
    const err = await ann.expectError('remove', { memberId: idOf(bo) }, 'still-reconnecting');
    expect(err.message).toMatch(/may still come back/);
    expect(ann.state.members.has(idOf(bo))).toBe(true);
    await sleep(RECONNECT_S * 1000 + 300);
    ann.send('remove', { memberId: idOf(bo) });
    await ann.until((s) => s.seats[1].kind === 'bot' && !s.members.has(idOf(bo)), 'Bo removed once his window is over', 4000);
  });

  it("a connected player's seat goes to a bot only by that player; an away player's by the host", async () => {
    const { ann, bo } = await table({ start: true });
    const err = await ann.expectError('standIn', { seat: 1, on: true }, 'player-here');
    expect(err.message).toMatch(/Bo is here/);
    expect(ann.state.seats[1].standIn).toBe(false);
    bo.send('standIn', { seat: 1, on: true }); // his own: fine
    await ann.until((s) => s.seats[1].standIn === true, 'Bo handed his own seat to a bot');
    ann.send('standIn', { seat: 1, on: false }); // giving it back is fine
    await ann.until((s) => s.seats[1].standIn === false, 'the host gave it back');
    vanish(bo);
    await ann.until((s) => !s.seats[1].connected, 'Bo away');
    ann.send('standIn', { seat: 1, on: true });
    await ann.until((s) => s.seats[1].standIn === true, 'the host hands an away seat to a bot');
  });

  it('rate limits stand-in switches: one log line per change, no flood', async () => {
    const { ann, bo } = await table({ start: true });
    const before = roomLogOf(ann).length;
    for (let i = 0; i < 10; i++) bo.send('standIn', { seat: 1, on: i % 2 === 0 });
    await bo.barrier();
    await ann.barrier();
    // 4 switches go through; of the 6 after them, the 3 that would change the seat are refused (the others change nothing).
    const tooSoon = bo.errors.filter((e) => e.code === 'too-soon');
    expect(tooSoon.length).toBe(3);
    const lines = roomLogOf(ann).slice(before);
    expect(lines).toEqual(['standin Bo', 'handback Bo', 'standin Bo', 'handback Bo']);
  });
});

describe('kick and lock (lobby)', () => {
  it('the host kicks a connected member: their connection closes, their token is void, the invite link makes them a newcomer', async () => {
    const { ann, spec, bo } = await table({ start: false });
    const closed = new Promise<number>((resolve) => bo.room.onLeave((code: number) => resolve(code)));
    ann.send('remove', { memberId: idOf(bo) });
    expect(await closed).toBe(CloseCodes.KICKED);
    await ann.until((s) => !s.members.has(idOf(bo)) && s.seats[1].kind === 'empty', 'Bo gone, his seat free');
    expect(roomLogOf(spec)).toContain('removed Bo');
    const again = await joinRoom(srv.url, ann.room.roomId, { token: bo.welcome!.token, name: 'Bo' });
    players.push(again);
    expect(again.welcome!.memberId).not.toBe(idOf(bo));
    expect(again.state.members.get(again.welcome!.memberId).seat).toBe(-1);
  });

  it('a seated player cannot be kicked mid-match; a spectator can', async () => {
    const { ann, spec, bo } = await table({ start: true });
    await ann.expectError('remove', { memberId: idOf(bo) }, 'still-here');
    const closed = new Promise<number>((resolve) => spec.room.onLeave((code: number) => resolve(code)));
    ann.send('remove', { memberId: idOf(spec) });
    expect(await closed).toBe(CloseCodes.KICKED);
  });

  it('a locked table refuses newcomers with a clear message; members with their token still get in; only the host locks', async () => {
    const { ann, spec, bo } = await table({ start: false });
    await spec.expectError('lock', { locked: true }, 'not-host');
    await ann.expectError('lock', { locked: 'yes' }, 'bad-message');
    ann.send('lock', { locked: true });
    await ann.until((s) => s.locked === true, 'locked');
    const refused = await new Client(srv.url).joinById(ann.room.roomId, { name: 'Zed' }).then(
      () => null,
      (e: Error) => e,
    );
    expect(refused?.message).toMatch(/closed to newcomers/);
    const summary = await (await fetch(`${srv.url}/api/tables/${ann.room.roomId}`)).json();
    expect(summary.locked).toBe(true);
    // Bo's connection drops and he reloads: his token still opens the table.
    vanish(bo);
    const boBack = await comeBack(bo);
    expect(boBack.welcome!.memberId).toBe(idOf(bo));
    ann.send('lock', { locked: false });
    await ann.until((s) => s.locked === false, 'open again');
    const zed = await joinRoom(srv.url, ann.room.roomId, { name: 'Zed' });
    players.push(zed);
    expect(roomLogOf(zed)).toEqual(expect.arrayContaining(['locked Ann', 'unlocked Ann']));
  });
});
