import { describe, expect, it } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { AbuseGate, ADDRESS_HEADER, type RoomCensus } from './abuse-gate.js';
import { ConfigError } from '../config/env.js';
import { addressKey, clientAddress, compileTrust, trustListFromEnv } from './client-address.js';
import { OpenCounter, WindowCounter } from './counters.js';
import { limitsFromEnv, type AbuseLimits } from './settings.js';
import { renderMetrics } from '../observe/metrics.js';

function request(peer: string, headers: Record<string, string> = {}, method = 'GET', url = '/'): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers: { ...headers }, method, url } as unknown as IncomingMessage;
}

describe('client address', () => {
  const trust = (...list: string[]) => compileTrust(list);

  it('is the peer unless the peer is a trusted proxy, then the first untrusted address from the right of X-Forwarded-For', () => {
    const req = request('::ffff:10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.0.0.1' });
    expect(clientAddress(req, trust())).toBe('::ffff:10.0.0.2');
    // The peer is the proxy: the entry it appended is the client.
    expect(clientAddress(req, trust('10.0.0.2'))).toBe('10.0.0.1');
    // Two proxies in a row, both trusted: the address the outer one saw.
    expect(clientAddress(req, trust('10.0.0.0/8'))).toBe('203.0.113.5');
    // A client-written entry is never taken while a right-hand one is untrusted.
    expect(clientAddress(req, trust('10.0.0.0/8', '203.0.113.5'))).toBe('6.6.6.6');
    expect(clientAddress(request('10.0.0.2'), trust('10.0.0.2'))).toBe('10.0.0.2');
  });

  it('ignores X-Forwarded-For from a peer outside the trusted list, whatever it claims', () => {
    const spoofed = request('198.51.100.7', { 'x-forwarded-for': '10.0.0.1, 127.0.0.1' });
    expect(clientAddress(spoofed, trust('loopback', '10.0.0.0/8'))).toBe('198.51.100.7');
    // The names of proxy-addr: loopback covers 127/8 and ::1, IPv4-mapped too.
    const viaLoopback = request('::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(clientAddress(viaLoopback, trust('loopback'))).toBe('203.0.113.9');
    expect(clientAddress(request('::1', { 'x-forwarded-for': '2001:db8::1' }), trust('loopback'))).toBe('2001:db8::1');
    expect(clientAddress(request('fd00::5', { 'x-forwarded-for': '203.0.113.9' }), trust('uniquelocal'))).toBe('203.0.113.9');
  });

  it('reads FIRESIDE_TRUST_PROXY as a list of addresses, ranges and names, and refuses a count of proxies', () => {
    expect(trustListFromEnv({})).toEqual([]);
    expect(trustListFromEnv({ FIRESIDE_TRUST_PROXY: '0' })).toEqual([]);
    expect(trustListFromEnv({ FIRESIDE_TRUST_PROXY: 'false' })).toEqual([]);
    expect(trustListFromEnv({ FIRESIDE_TRUST_PROXY: ' loopback, 172.18.0.0/16 ,fd00::/8,10.1.2.3 ' })).toEqual([
      'loopback',
      '172.18.0.0/16',
      'fd00::/8',
      '10.1.2.3',
    ]);
    for (const old of ['1', '2', 'true', 'TRUE', 'yes']) {
      expect(() => trustListFromEnv({ FIRESIDE_TRUST_PROXY: old })).toThrow(ConfigError);
      expect(() => trustListFromEnv({ FIRESIDE_TRUST_PROXY: old })).toThrow(/no longer accepted.*FIRESIDE_TRUST_PROXY=loopback/);
    }
    for (const bad of ['nonsense', '10.0.0.0/33', '10.0.0.1/8/2', 'loopback,caddy']) {
      expect(() => trustListFromEnv({ FIRESIDE_TRUST_PROXY: bad })).toThrow(ConfigError);
    }
    expect(() => limitsFromEnv({ FIRESIDE_TRUST_PROXY: '1' })).toThrow(ConfigError);
  });

  it('folds addresses into the key the limits count: IPv4-mapped as IPv4, IPv6 by its /64', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::FFFF:cb00:7105')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey('not an address')).toBe('not an address');
  });
});

describe('counters', () => {
  it('a window counter refuses past its limit until the window ends, per key', () => {
    let now = 0;
    const c = new WindowCounter(60_000, () => now);
    expect([c.hit('a', 2), c.hit('a', 2)]).toEqual([0, 0]);
    expect(c.hit('a', 2)).toBe(60_000);
    expect(c.hit('b', 2)).toBe(0);
    now = 59_000;
    expect(c.hit('a', 2)).toBe(1000);
    now = 60_000;
    expect(c.hit('a', 2)).toBe(0);
    // Ended windows are forgotten.
    now = 200_000;
    c.hit('c', 2);
    expect(c.size).toBe(1);
  });

  it('an open counter counts back once per release and forgets keys at zero', () => {
    const c = new OpenCounter();
    const r1 = c.add('a');
    c.add('a');
    expect(c.count('a')).toBe(2);
    r1();
    r1();
    expect(c.count('a')).toBe(1);
    expect(c.size).toBe(1);
  });
});

describe('abuse gate', () => {
  const limits: AbuseLimits = { ...limitsFromEnv({}), roomsPerMinute: 100, openRoomsPerAddress: 2, maxOpenRooms: 3, trustProxy: [] };
  const open = new Set<string>();
  const census: RoomCensus = { open: () => open.size, isOpen: (id) => open.has(id) };
  const create = (peer: string) => request(peer, { [ADDRESS_HEADER]: 'forged' }, 'POST', '/matchmake/create/game');

  it('stamps the address it resolved over any client-sent one', () => {
    const req = create('1.1.1.1');
    new AbuseGate(limits, { rooms: census }).screenRequest(req, () => undefined);
    expect(req.headers[ADDRESS_HEADER]).toBe('1.1.1.1');
  });

  it('counts creations under way and open rooms per address, and the global cap', () => {
    open.clear();
    const gate = new AbuseGate(limits, { rooms: census });
    const done: (() => void)[] = [];
    const onDone = (fn: () => void) => done.push(fn);
    expect(gate.screenRequest(create('1.1.1.1'), onDone)).toBeNull();
    expect(gate.screenRequest(create('1.1.1.1'), onDone)).toBeNull();
    // Two creations under way: the third is refused before either room exists.
    expect(gate.screenRequest(create('1.1.1.1'), onDone)?.status).toBe(429);
    gate.roomCreated('r1', '1.1.1.1');
    gate.roomCreated('r2', '1.1.1.1');
    open.add('r1').add('r2');
    done.splice(0).forEach((fn) => fn());
    expect(gate.openRoomsOf('1.1.1.1')).toBe(2);
    expect(gate.screenRequest(create('1.1.1.1'), onDone)?.error).toMatch(/already has 2 open tables/);
    open.delete('r1');
    expect(gate.screenRequest(create('1.1.1.1'), onDone)).toBeNull();
    // r2 and that creation under way: one more room reaches the global cap of 3.
    expect(gate.screenRequest(create('2.2.2.2'), onDone)).toBeNull();
    expect(gate.screenRequest(create('3.3.3.3'), onDone)?.status).toBe(503);
  });

  it('warns once, naming the peer, when a peer that is not a trusted proxy sends X-Forwarded-For', () => {
    const warnings: string[] = [];
    const gate = new AbuseGate(limits, { rooms: census, warn: (_f, m) => warnings.push(m) });
    gate.address(request('1.1.1.1'));
    expect(warnings).toEqual([]);
    gate.address(request('1.1.1.1', { 'x-forwarded-for': '2.2.2.2' }));
    gate.address(request('1.1.1.1', { 'x-forwarded-for': '2.2.2.2' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^requests from 1\.1\.1\.1 carry X-Forwarded-For but FIRESIDE_TRUST_PROXY is not set/);

    // A list that leaves the proxy out: the same line, naming the address to add; none for a listed proxy.
    const listed: string[] = [];
    const gate2 = new AbuseGate({ ...limits, trustProxy: ['10.0.0.1'] }, { rooms: census, warn: (_f, m) => listed.push(m) });
    gate2.address(request('10.0.0.1', { 'x-forwarded-for': '2.2.2.2' }));
    expect(listed).toEqual([]);
    gate2.address(request('::ffff:172.18.0.1', { 'x-forwarded-for': '2.2.2.2' }));
    expect(listed).toEqual([
      expect.stringMatching(/^requests from ::ffff:172\.18\.0\.1 carry X-Forwarded-For but ::ffff:172\.18\.0\.1 is not in FIRESIDE_TRUST_PROXY/),
    ]);
  });

  it('counts a WebSocket until its socket closes', () => {
    const gate = new AbuseGate({ ...limits, connectionsPerAddress: 1 }, { rooms: census });
    const socket = new EventEmitter() as unknown as Duplex;
    expect(gate.screenUpgrade(request('1.1.1.1'), socket)).toBeNull();
    expect(gate.screenUpgrade(request('1.1.1.1'), new EventEmitter() as unknown as Duplex)?.status).toBe(429);
    socket.emit('close');
    expect(gate.screenUpgrade(request('1.1.1.1'), new EventEmitter() as unknown as Duplex)).toBeNull();
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped one as its IPv4 address', () => {
    open.clear();
    const gate = new AbuseGate({ ...limits, roomsPerMinute: 2, maxOpenRooms: 100, openRoomsPerAddress: 100 }, { rooms: census });
    const ok = (peer: string) => gate.screenRequest(create(peer), (fn) => fn()) === null;
    expect([ok('2001:db8:1:2::1'), ok('2001:db8:1:2:ffff::9')]).toEqual([true, true]);
    // A third address of the same /64: the same client.
    expect(ok('2001:db8:1:2:1234:5678:9abc:def0')).toBe(false);
    expect(ok('2001:db8:1:3::1')).toBe(true);
    expect([ok('::ffff:192.0.2.1'), ok('192.0.2.1'), ok('::ffff:192.0.2.1')]).toEqual([true, true, false]);
    const req = create('2001:db8:7:8::1');
    gate.screenRequest(req, (fn) => fn());
    expect(req.headers[ADDRESS_HEADER]).toBe('2001:db8:7:8::/64');
  });

  it('a woken room takes a place under the cap until it is loaded; creations and wakes share the places', () => {
    open.clear();
    const gate = new AbuseGate(limits, { rooms: census });
    const done: (() => void)[] = [];
    expect(gate.screenRequest(create('1.1.1.1'), (fn) => done.push(fn))).toBeNull();
    const wake1 = gate.reserveRoom();
    const wake2 = gate.reserveRoom();
    expect(wake1 && wake2).toBeTruthy();
    // Three places taken (of 3): no fourth wake, no creation.
    expect(gate.reserveRoom()).toBeNull();
    expect(gate.screenRequest(create('2.2.2.2'), () => undefined)?.reason).toBe('server_full');
    wake2!();
    wake2!(); // given back once only
    const wake3 = gate.reserveRoom();
    expect(wake3).not.toBeNull();
    expect(gate.reserveRoom()).toBeNull();
    wake1!();
    wake3!();
    done.forEach((fn) => fn());
    open.add('a').add('b').add('c');
    expect(gate.reserveRoom()).toBeNull();
    open.clear();
  });

  it('counts each refusal in /metrics by reason and logs it as one warning line, once a minute per address and reason', async () => {
    open.clear();
    let now = 0;
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const gate = new AbuseGate({ ...limits, roomsPerMinute: 1 }, { rooms: census, now: () => now, warn: (fields, message) => lines.push({ fields, message }) });
    const before = refusalCount(await renderMetrics(), 'rooms_per_minute');
    gate.screenRequest(create('1.1.1.1'), (fn) => fn());
    for (let i = 0; i < 3; i++) expect(gate.screenRequest(create('1.1.1.1'), (fn) => fn())?.status).toBe(429);
    expect(refusalCount(await renderMetrics(), 'rooms_per_minute')).toBe(before + 3);
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toMatchObject({ event: 'limits.refused', reason: 'rooms_per_minute', status: 429, address: '1.1.1.1' });
    expect(lines[0].fields).not.toHaveProperty('err');
    expect(lines[0].message).toMatch(/^refused POST \/matchmake\/create\/game from 1\.1\.1\.1: Too many tables created/);
    // Another reason, and the next minute: a line each.
    expect(gate.refuseFull(create('1.1.1.1')).reason).toBe('server_full');
    now = 61_000;
    gate.screenRequest(create('1.1.1.1'), (fn) => fn());
    gate.screenRequest(create('1.1.1.1'), (fn) => fn());
    expect(lines.map((l) => l.fields.reason)).toEqual(['rooms_per_minute', 'server_full', 'rooms_per_minute']);
  });
});

function refusalCount(metrics: string, reason: string): number {
  const m = new RegExp(`^fireside_limit_refusals_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(metrics);
  return m ? Number(m[1]) : 0;
}
