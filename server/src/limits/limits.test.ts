import { describe, expect, it } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { AbuseGate, ADDRESS_HEADER, type RoomCensus } from './abuse-gate.js';
import { clientAddress, trustedProxies } from './client-address.js';
import { OpenCounter, WindowCounter } from './counters.js';
import { limitsFromEnv, type AbuseLimits } from './settings.js';

function request(peer: string, headers: Record<string, string> = {}, method = 'GET', url = '/'): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers: { ...headers }, method, url } as unknown as IncomingMessage;
}

describe('client address', () => {
  it('is the peer unless proxies are trusted, then the entry the outermost trusted proxy appended', () => {
    const req = request('::ffff:10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.0.0.1' });
    expect(clientAddress(req, 0)).toBe('10.0.0.2');
    expect(clientAddress(req, 1)).toBe('10.0.0.1');
    expect(clientAddress(req, 2)).toBe('203.0.113.5');
    // A client-written left-most entry is never taken, whatever it claims.
    expect(clientAddress(req, 5)).toBe('6.6.6.6');
    expect(clientAddress(request('10.0.0.2'), 1)).toBe('10.0.0.2');
  });

  it('reads FIRESIDE_TRUST_PROXY as a number of proxies', () => {
    expect(trustedProxies({})).toBe(0);
    expect(trustedProxies({ FIRESIDE_TRUST_PROXY: 'true' })).toBe(1);
    expect(trustedProxies({ FIRESIDE_TRUST_PROXY: '2' })).toBe(2);
    expect(trustedProxies({ FIRESIDE_TRUST_PROXY: 'false' })).toBe(0);
    expect(trustedProxies({ FIRESIDE_TRUST_PROXY: 'nonsense' })).toBe(0);
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
  const limits: AbuseLimits = { ...limitsFromEnv({}), roomsPerMinute: 100, openRoomsPerAddress: 2, maxOpenRooms: 3, trustProxy: 0 };
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

  it('warns once when requests carry X-Forwarded-For while no proxy is trusted', () => {
    const warnings: string[] = [];
    const gate = new AbuseGate(limits, { rooms: census, warn: (m) => warnings.push(m) });
    gate.address(request('1.1.1.1'));
    expect(warnings).toEqual([]);
    gate.address(request('1.1.1.1', { 'x-forwarded-for': '2.2.2.2' }));
    gate.address(request('1.1.1.1', { 'x-forwarded-for': '2.2.2.2' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/FIRESIDE_TRUST_PROXY/);
  });

  it('counts a WebSocket until its socket closes', () => {
    const gate = new AbuseGate({ ...limits, connectionsPerAddress: 1 }, { rooms: census });
    const socket = new EventEmitter() as unknown as Duplex;
    expect(gate.screenUpgrade(request('1.1.1.1'), socket)).toBeNull();
    expect(gate.screenUpgrade(request('1.1.1.1'), new EventEmitter() as unknown as Duplex)?.status).toBe(429);
    socket.emit('close');
    expect(gate.screenUpgrade(request('1.1.1.1'), new EventEmitter() as unknown as Duplex)).toBeNull();
  });
});
