/**
 * Chat in the generic room: trimmed, 1–200 characters, at most 5 lines per
 * 10 s per member, the last 50 lines kept in the state.
 */
import '../../server/testing/ws-setup.js';
import { describe, expect, it } from '@jest/globals';
import { createRoom, joinRoom, type Player } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';

const srv = useServer();
const all = srv.players;

/** A member's messages, without the room log's lines. */
const messages = (p: Player): any[] => [...p.state.chat].filter((l: any) => l.event === '');

describe('room chat', () => {
  it('trims, limits length and rate, errors to the sender only', async () => {
    const a = await createRoom(srv.url, { game: 'secret', name: 'Alice' });
    const b = await joinRoom(srv.url, a.room.roomId, { name: 'Bob' });
    all.push(a, b);
    const before = Date.now();
    // The room log's lines ("joined") come first.
    expect(messages(b).length).toBe(0);
    await b.until((s) => s.chat.length === 2, 'two joined lines');
    a.send('chat', { text: '  hello\u0007 there \n ' });
    await b.until(() => messages(b).length === 1);
    const line = messages(b)[0].toJSON();
    expect(line).toMatchObject({ id: 3, event: '', memberId: a.welcome!.memberId, name: 'Alice', text: 'hello there' });
    expect(line.at).toBeGreaterThanOrEqual(before - 1000);
    expect(line.at).toBeLessThanOrEqual(Date.now() + 1000);

    await a.expectError('chat', { text: '   ' }, 'bad-message');
    await a.expectError('chat', { text: 5 }, 'bad-message');
    await a.expectError('chat', {}, 'bad-message');
    await a.expectError('chat', { text: 'x'.repeat(201) }, 'too-long');
    a.send('chat', { text: '🔥'.repeat(200) }); // 200 characters (code points) is fine
    for (let i = 0; i < 3; i++) a.send('chat', { text: `line ${i}` });
    await b.until(() => messages(b).length === 5);
    // The sixth line within 10 s is refused...
    const err = await a.expectError('chat', { text: 'one too many' }, 'rate-limited');
    expect(err.message).toMatch(/5/);
    // ...for that member only.
    b.send('chat', { text: 'I can still talk' });
    await a.until(() => messages(a).length === 6 && messages(a)[5].text === 'I can still talk');
    await b.barrier();
    expect(b.errors).toEqual([]);
    expect(a.state.chat.map((l: any) => l.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(a.state.chat.map((l: any) => l.event)).toEqual(['joined', 'joined', '', '', '', '', '', '']);
  });

  it('keeps the last 50 lines', async () => {
    const host = await createRoom(srv.url, { game: 'secret', name: 'Host' });
    all.push(host);
    const talkers = [host];
    for (let i = 0; i < 10; i++) {
      const p = await joinRoom(srv.url, host.room.roomId, { name: `T${i}` });
      all.push(p);
      talkers.push(p);
    }
    // 11 "joined" lines, then 55 messages: 66 lines, the last 50 kept (ids 17–66).
    await host.until((s) => s.chat.length === 11, 'the joined lines');
    let n = 11;
    for (let round = 0; round < 5; round++) {
      for (const p of talkers) p.send('chat', { text: `msg ${++n}` });
      await host.until((s) => s.chat.length > 0 && s.chat[s.chat.length - 1].id === n, `chat ${n}`);
    }
    expect(n).toBe(66);
    expect(host.state.chat.length).toBe(50);
    expect(host.state.chat[0].id).toBe(17);
    expect(host.state.chat.map((l: any) => l.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 17));
    // A newcomer gets the same 50 lines.
    const late = await joinRoom(srv.url, host.room.roomId, { name: 'Late' });
    all.push(late);
    expect(late.state.chat.length).toBe(50);
    expect(late.state.chat[0].id).toBe(18); // its own "joined" line pushed one more out
  });
});
