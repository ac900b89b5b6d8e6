/** The process's bookkeeping of its room leases (leases.ts), over a backend in memory. */
import { describe, expect, it } from '@jest/globals';
import { RoomLeases, type LeaseBackend } from './leases.js';

/** Leases in a map; `lose(id)`: another process takes the room. */
function memoryBackend(me = 'me') {
  const owners = new Map<string, string>();
  const backend: LeaseBackend = {
    take: async (id, dead) => {
      const cur = owners.get(id);
      if (cur !== undefined && cur !== me && cur !== dead) return false;
      owners.set(id, me);
      return true;
    },
    drop: async (id) => void (owners.get(id) === me && owners.delete(id)),
    renew: async (ids) => ids.filter((id) => owners.get(id) !== me),
    owner: async (id) => owners.get(id) ?? null,
  };
  return { backend, owners, lose: (id: string) => owners.set(id, 'other') };
}

describe('RoomLeases', () => {
  it('hands a room back only once its last writes are done; taking it again waits for that', async () => {
    const { backend, owners } = memoryBackend();
    const leases = new RoomLeases(backend);
    expect(await leases.acquire('r1')).toBe(true);
    let written!: () => void;
    const release = leases.release('r1', new Promise<void>((r) => (written = r)));
    let again = false;
    const taking = leases.acquire('r1').then((ok) => (again = ok));
    await new Promise((r) => setTimeout(r, 20));
    expect(owners.get('r1')).toBe('me'); // still held: the last write is on its way
    expect(again).toBe(false);
    written();
    await release;
    await taking;
    expect(again).toBe(true);
    expect(leases.holds('r1')).toBe(true);
  });

  it('a lease another process took is reported once, and a renewal about an earlier taking of a room is ignored', async () => {
    const { backend, lose } = memoryBackend();
    const leases = new RoomLeases(backend);
    const lost: string[] = [];
    leases.onLost((id) => lost.push(id));
    await leases.acquire('r2');
    await leases.acquire('r3');
    lose('r2');
    await leases.renew();
    expect(lost).toEqual(['r2']);
    expect(leases.holds('r2')).toBe(false);
    await leases.renew();
    expect(lost).toEqual(['r2']);

    // r3 released and taken again while a renewal (that saw it released) is on its way.
    let answer!: (lostIds: string[]) => void;
    backend.renew = () => new Promise((r) => (answer = r));
    const renewal = leases.renew();
    await leases.release('r3');
    expect(await leases.acquire('r3')).toBe(true);
    answer(['r3']);
    await renewal;
    expect(lost).toEqual(['r2']);
    expect(leases.holds('r3')).toBe(true);
  });

  it('without a backend (one process) every room is free to take', async () => {
    const leases = new RoomLeases();
    expect(await leases.acquire('r4')).toBe(true);
    expect(await leases.owner('r4')).toBeNull();
    await leases.release('r4');
    expect(leases.holds('r4')).toBe(false);
  });
});
