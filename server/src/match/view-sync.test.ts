import { describe, expect, it } from '@jest/globals';
import { Encoder } from '@colyseus/schema';
import { ViewDecoder } from '@fireside/shared';
import { RoomState } from '../rooms/schema.js';
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

  it('clears the view for the lobby', () => {
    const state = new RoomState();
    syncView(state.view, view);
    syncView(state.view, null);
    expect(state.view.size).toBe(0);
  });
});
