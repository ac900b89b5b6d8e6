/**
 * The most important test of Fireside: hidden information never reaches a
 * client that may not see it, checked on the RAW BYTES every client received,
 * for every game of the registry (shared/src/games/metas.ts).
 *
 * For each game, whole matches are played through the real server by the
 * headless bot client (one SDK connection per seat, every seat a bot over the
 * wire), watched by a spectator who joins in the lobby and a latecomer who
 * joins in the middle of a secret phase (its first frame is a full-state
 * encoding); every WebSocket message each of them receives is recorded before
 * the SDK decodes it (leak/harness.ts). Then:
 *  - the generic scan (leak/scan.ts, the reasoning for why a byte search is
 *    sound is at its top): no client's frames carry another seat's secret, as
 *    is or inside another JSON string, while its owner's do; no frame carries
 *    the generator, a seed, or a key the game forbids; no client decodes
 *    another seat's secret; seat tokens reach only their owner; nobody reconnected;
 *  - the game's own scan (leak/<game>-scan.ts): the parts of its secrets and
 *    its server-side secrets on the wire, and every decoded public view
 *    against the truth;
 *  - the game's negative controls: frames injected into a recording and whole
 *    games of deliberately leaky engines are reported.
 * A game of the registry without a leak spec (leak/specs.ts) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { metaIds } from '../../shared/src/games/metas.js';
import { recordingSockets } from './helpers/recording-ws.js';
import { recordMatch, startLeakServer, stopLeakServer, type Recording } from './leak/harness.js';
import { expectWellFormed } from './leak/checks.js';
import { leakSpecs } from './leak/specs.js';

beforeAll(async () => {
  await startLeakServer(Object.assign({}, ...Object.values(leakSpecs).map((s) => s.engines)));
}, 30_000);

afterAll(async () => {
  await stopLeakServer();
}, 30_000);

it('every game of the registry has a leak spec, and every spec is a game of the registry', () => {
  const missing = metaIds.filter((id) => !leakSpecs[id]);
  expect({ 'games without a leak spec (add tests/integration/leak/<game>.ts to leak/specs.ts)': missing }).toEqual({
    'games without a leak spec (add tests/integration/leak/<game>.ts to leak/specs.ts)': [],
  });
  expect(Object.keys(leakSpecs).filter((id) => !(metaIds as string[]).includes(id))).toEqual([]);
});

for (const id of metaIds) {
  describe(`no hidden information on the wire: ${id} (raw frames)`, () => {
    const spec = leakSpecs[id];
    if (!spec) {
      it('has a leak spec', () => {
        throw new Error(`game "${id}" has no leak spec: its secrets are not scanned. Write tests/integration/leak/${id}.ts and list it in leak/specs.ts.`);
      });
      return;
    }
    const recordings = new Map<string, Recording>();
    afterAll(() => recordings.clear());
    for (const match of spec.matches) {
      it(
        match.title,
        async () => {
          const rec = await recordMatch(match.plan, (bots) => spec.director(bots, match.plan));
          expectWellFormed(rec);
          match.expectClean(rec);
          recordings.set(match.name, rec);
        },
        match.plan.timeoutMs + 60_000,
      );
    }
    for (const control of spec.controls) it(control.title, () => control.run(recordings), control.timeoutMs);
  });
}

it('recorded every socket the SDK opened', () => {
  expect(recordingSockets.length).toBeGreaterThan(0);
  expect(recordingSockets.every((s) => s.room !== null)).toBe(true);
});
