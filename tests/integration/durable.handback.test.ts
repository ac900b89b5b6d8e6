/**
 * A room unloading while its members come back: it is loaded again only
 * once its last snapshot is written (its lease goes back after its last
 * write, server/src/rooms/room-lease.ts), never from the snapshot before.
 * The store here writes slowly (600 ms a snapshot), so the room's members
 * ask for it while its last write is still on its way.
 */
import '../../server/testing/ws-setup.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { createRoom, joinRoom } from '../../server/testing/harness.js';
import { useServer } from '../../server/testing/use-server.js';
import { SqliteStore } from '../../server/src/store/sqlite.js';
import type { RoomRecord } from '../../server/src/store/types.js';

const slow = { ms: 0 };
class SlowStore extends SqliteStore {
  override async saveRoom(room: RoomRecord): Promise<void> {
    if (slow.ms > 0) await new Promise((r) => setTimeout(r, slow.ms));
    return super.saveRoom(room);
  }
}

const srv = useServer({}, '/nonexistent', { idleMs: 200, store: new SlowStore(mkdtempSync(join(tmpdir(), 'fireside-handback-'))) });
const all = srv.players;

async function rooms(): Promise<number> {
  return ((await (await fetch(`${srv.url}/healthz`)).json()) as { rooms: number }).rooms;
}

describe('a room unloading while its members come back', () => {
  it('is loaded again as last written, not from the snapshot before', async () => {
    const base = await rooms();
    const alice = await createRoom(srv.url, { game: 'secret', name: 'Alice', players: 2 });
    const roomId = alice.room.roomId;
    slow.ms = 600;
    alice.send('chat', { text: 'last words' });
    await alice.until((s) => [...s.chat].some((l: { text: string }) => l.text === 'last words'), 'the chat line');
    await alice.leave();
    // Unloaded from memory (the idle time), its last write still on its way: Bob opens the link at once.
    const deadline = Date.now() + 5000;
    while ((await rooms()) !== base && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(await rooms()).toBe(base);
    const bob = await joinRoom(srv.url, roomId, { name: 'Bob' });
    all.push(bob);
    slow.ms = 0;
    expect([...bob.state.chat].map((l: { text: string }) => l.text)).toContain('last words');
  }, 30_000);
});
