import { describe, expect, it } from '@jest/globals';
import { Decoder, Encoder } from '@colyseus/schema';
import { randomInt, rngFromSeed, ViewDecoder } from '@fireside/shared';
import { RoomState } from './schema.js';
import { syncView } from './view-sync.js';

/** Bytes of the next patch after `change`, as Colyseus would send it to every client. */
function patchBytes(encoder: Encoder, change: () => void): number {
  change();
  const bytes = encoder.encode().length;
  encoder.discardChanges();
  return bytes;
}

describe('syncView', () => {
  const log = Array.from({ length: 200 }, (_, i) => ({ kind: 'move', seat: i % 4, path: [i, i + 1, i + 2] }));
  const view = { phase: 'move', round: 7, coins: [5, 6, 7, 8], log };

  it('sends only what changed: one appended log entry costs bytes of that entry, not of the view', () => {
    const state = new RoomState();
    const encoder = new Encoder(state);
    syncView(state.view, view);
    const full = encoder.encodeAll().length;
    encoder.discardChanges();
    expect(full).toBeGreaterThan(JSON.stringify(view).length * 0.9);

    const next = { ...view, coins: [5, 6, 9, 8], log: [...log, { kind: 'give', seat: 2, path: [] }] };
    const bytes = patchBytes(encoder, () => syncView(state.view, next));
    expect(bytes).toBeLessThan(80);
    expect(patchBytes(encoder, () => syncView(state.view, next))).toBeLessThanOrEqual(1); // same view: nothing to send

    // The server's own state decodes back to the view (the client's decoder reads the same parts).
    expect(new ViewDecoder().decode(state.view)).toEqual(next);
  });

  it('an item inserted into a sorted list costs that item, not the items after it', () => {
    const state = new RoomState();
    const encoder = new Encoder(state);
    const closed = Array.from({ length: 30 }, (_, i) => ({ from: i % 5, to: (i + 1) % 5 }));
    syncView(state.view, { closed });
    encoder.encodeAll();
    encoder.discardChanges();
    const inserted = [...closed.slice(0, 3), { from: 0, to: 4 }, ...closed.slice(3)];
    expect(patchBytes(encoder, () => syncView(state.view, { closed: inserted }))).toBeLessThan(40);
    expect(patchBytes(encoder, () => syncView(state.view, { closed: inserted.slice(1) }))).toBeLessThan(10);
  });

  it('a client decoding the patches always rebuilds the view (random edits of lists and values)', () => {
    const rng = rngFromSeed('view-sync');
    const pick = (n: number) => randomInt(rng, n);
    const state = new RoomState();
    const encoder = new Encoder(state);
    const client = new Decoder(new RoomState());
    const views = new ViewDecoder();
    let list: number[] = [];
    let other: unknown = null;
    for (let step = 0; step < 400; step++) {
      const edit = pick(6);
      if (edit === 0)
        list.splice(pick(list.length + 1), 0, pick(100)); // insert anywhere
      else if (edit === 1 && list.length > 0)
        list.splice(pick(list.length), 1 + pick(2)); // remove some
      else if (edit === 2 && list.length > 0)
        list[pick(list.length)] = pick(100); // change one
      else if (edit === 3) list.push(pick(100), pick(100));
      else if (edit === 4)
        other = pick(3) === 0 ? [pick(9)] : pick(3) === 1 ? null : { n: pick(9) }; // value ↔ list
      else list = list.slice(pick(3));
      const view = step % 50 === 49 ? null : { list: [...list], other, step };
      syncView(state.view, view);
      client.decode(step === 0 ? encoder.encodeAll() : encoder.encode());
      encoder.discardChanges();
      expect(views.decode((client.state as RoomState).view)).toEqual(view);
    }
  });

  it('clears the view for the lobby', () => {
    const state = new RoomState();
    syncView(state.view, view);
    syncView(state.view, null);
    expect(state.view.size).toBe(0);
  });
});
