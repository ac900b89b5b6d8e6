/**
 * Frames a client may send that Colyseus cannot read (found by the fuzzer,
 * tests/fuzz). A payload that is not valid MessagePack — here a map with
 * object keys, which the SDK packs and msgpackr cannot read back, and plain
 * garbage — is answered `bad-message` and the connection stays open
 * (Colyseus alone closed it with 4002 and logged a stack trace). A frame
 * over the 4 KB limit still closes the connection with 1009, but logs
 * nothing: any client could otherwise fill the server's log. So does a
 * message type that is not UTF-8 (1007): Colyseus' decoder printed a line
 * for each (found by the fuzzer, seed 20783).
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it, jest } from '@jest/globals';
import { createRoom, waitFor, type Player } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer();
const all = srv.players;

async function stillServed(p: Player, text: string): Promise<void> {
  p.send('chat', { text });
  await p.until((s) => s.chat.some((l: any) => l.text === text), `chat "${text}" echoed`);
}

function socketOf(p: Player): { send(b: Uint8Array): void } {
  return (p.room.connection.transport as unknown as { ws: { send(b: Uint8Array): void } }).ws;
}

describe('undecodable and oversized frames', () => {
  it('a payload msgpackr cannot read back is a bad-message, and the member stays', async () => {
    const a = await createRoom(srv.url, { game: 'secret', name: 'Mallory' });
    all.push(a);
    const before = a.errors.length;
    a.send('intent', new Map<unknown, unknown>([[{ a: 1 }, 1]]));
    await a.until(() => a.errors.length > before, 'an error');
    expect(a.errors[before]).toMatchObject({ code: 'bad-message', type: 'intent' });
    expect(a.errors[before].message).toMatch(/decoded/);

    // Garbage after a valid type, on the member's own socket, as a message and as a request.
    socketOf(a).send(Buffer.from([13, 0xa4, ...Buffer.from('chat'), 0xc1, 0xc1]));
    socketOf(a).send(Buffer.from([21, 3, 0xa3, ...Buffer.from('sit'), 0xdb, 0xff]));
    await a.until(() => a.errors.length >= before + 3, 'two more errors');
    expect(a.errors.slice(before + 1).map((e) => [e.code, e.type])).toEqual([
      ['bad-message', 'chat'],
      ['bad-message', 'sit'],
    ]);
    expect(a.room.connection.isOpen).toBe(true);
    await stillServed(a, 'still here');
    expect(srv.logs).toEqual([]);
  });

  it('a frame over 4 KB closes with 1009 and logs nothing', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const b = await createRoom(srv.url, { game: 'secret', name: 'Big' });
      all.push(b);
      let code = 0;
      b.room.onLeave((c: number) => (code = c));
      b.room.reconnection.maxRetries = 0;
      socketOf(b).send(Buffer.concat([Buffer.from([13, 0xa4, ...Buffer.from('chat')]), Buffer.alloc(5000, 0x61)]));
      await waitFor(() => code !== 0, 'closed');
      expect(code).toBe(1009);
      const bystander = await createRoom(srv.url, { game: 'secret', name: 'Bea' });
      all.push(bystander);
      await stillServed(bystander, 'served');
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('a message type that is not UTF-8 closes with 1007 and logs nothing', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const frame of [
        [13, 0xa4, 0x63, 0xf8, 0x61, 0x74], // "c?at": 0xf8 never starts a UTF-8 sequence
        [21, 3, 0xa3, 0x73, 0x80, 0x74], // a request, a lone continuation byte
        [17, 0xd9, 2, 0xc3, 0x28], // bytes, a broken two-byte sequence
      ]) {
        const c = await createRoom(srv.url, { game: 'secret', name: 'Byte' });
        all.push(c);
        let code = 0;
        c.room.onLeave((x: number) => (code = x));
        c.room.reconnection.maxRetries = 0;
        socketOf(c).send(Buffer.from(frame));
        await waitFor(() => code !== 0, 'closed');
        expect(code).toBe(1007);
      }
      const bystander = await createRoom(srv.url, { game: 'secret', name: 'Bo' });
      all.push(bystander);
      await stillServed(bystander, 'served');
      expect(errors).not.toHaveBeenCalled();
      expect(srv.logs).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
