import { describe, expect, it } from '@jest/globals';
import { games } from '../games/registry.js';
import { rngFromSeed } from '../engine/rng.js';
import type { AnyGame } from '../engine/contract.js';
import { deepFreeze } from '../engine/testing.js';
import { ViewDecoder, ViewEncoder, viewParts, type ViewPartsLike } from './view-wire.js';
import { WireShapes, shapesIn } from './wire-shapes.js';

const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
const roundTrip = (shapes: WireShapes, v: unknown): unknown => shapes.decode(JSON.parse(JSON.stringify(shapes.encode(v))));

describe('keyless objects of declared shapes', () => {
  const shapes = new WireShapes([['kind', 'turn'], ['a'], ['owner', 'count']]);

  it('writes a declared shape as its tagged values, anything else with its keys', () => {
    expect(JSON.stringify(shapes.encode({ kind: 'coins', turn: 3 }))).toBe('["~0","coins",3]');
    expect(JSON.stringify(shapes.encode([{ a: { owner: 1, count: 2 } }, { turn: 3, kind: 'x' }]))).toBe('[["~1",["~2",1,2]],{"turn":3,"kind":"x"}]');
    // Arrays and numbers stay verbatim: a secret list is still its own JSON on the wire.
    expect(JSON.stringify(shapes.encode({ pile: [12, 5, 7, 31, 2] }))).toBe('{"pile":[12,5,7,31,2]}');
  });

  it('gives back exactly what JSON would carry', () => {
    const values = [
      { kind: 'coins', turn: 3 },
      [{ kind: 'a', turn: null }, null, 3, 'x'],
      ['~1', 2], // an array that looks tagged is escaped
      ['~'],
      [['~0', 'x', 1]],
      { a: undefined, b: 1 },
      { kind: 'k', turn: undefined }, // not the declared shape once JSON drops `turn`
      [undefined, 1],
      { owner: 0, count: -0 },
      { n: Number.NaN, inf: Infinity },
      JSON.parse('{"__proto__":{"polluted":1},"constructor":2}'),
      { nested: { deeper: [{ a: [{ owner: 1, count: 1 }] }] } },
      'plain',
      7,
      null,
      true,
    ];
    for (const v of values) expect(roundTrip(shapes, v)).toEqual(asJson(v));
    const proto = roundTrip(shapes, JSON.parse('{"__proto__":{"polluted":1}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('decodes an unknown shape as null rather than guessing', () => {
    expect(shapes.decode(['~z', 1])).toBeNull();
  });
});

/** The shapes of the objects inside the view's parts (the view and its split top-level objects are not encoded). */
function nestedShapes(view: Record<string, unknown>, into: Set<string>): void {
  for (const value of Object.values(view)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) Object.values(value).forEach((v) => shapesIn(v, into));
    else shapesIn(value, into);
  }
}

function botGame(game: AnyGame, players: number, seed: string, onView: (view: Record<string, unknown>, seatViews: unknown[]) => void): void {
  // Frozen: views share the state's log entries and records (the wire caches their JSON by identity), so neither the
  // engine nor a view's reader (the bots here) may change anything once written.
  let state = deepFreeze(game.setup(players, game.defaultOptions(players), seed));
  const rng = rngFromSeed(`bots-${seed}`);
  const seatViews = () => Array.from({ length: players }, (_, seat) => game.seatView(state, seat));
  onView(game.publicView(state), seatViews());
  while (!game.result(state)) {
    const seat = game.awaiting(state)[0];
    const next = game.apply(state, seat, game.botAction(game.publicView(state), game.seatView(state, seat), seat, rng));
    if (!next.ok) throw new Error(next.error.message);
    state = deepFreeze(next.value);
    onView(game.publicView(state), seatViews());
  }
}

const wire = (parts: ReturnType<ViewEncoder['parts']>): ViewPartsLike => {
  const m = new Map<string, { list: boolean; json: string; items: string[] }>();
  for (const [k, p] of parts) m.set(k, p.list ? { list: true, json: '', items: p.items } : { list: false, json: p.json, items: [] });
  return m;
};

describe.each(Object.values(games).map((g) => [g.id, g] as const))('%s: the declared shapes', (_id, game) => {
  it('cover every object of its public views in bot games, none a seat view holds, and the decoder rebuilds each view exactly', () => {
    const declared = new Set((game.wireShapes ?? []).map((keys) => JSON.stringify(keys)));
    const found = new Set<string>();
    const secret = new Set<string>();
    const encoder = new ViewEncoder(game.wireShapes);
    const decoder = new ViewDecoder();
    let plainBytes = 0;
    let keylessBytes = 0;
    for (const players of [game.minPlayers, game.maxPlayers]) {
      for (let i = 0; i < 2; i++) {
        botGame(game, players, `wire-${players}-${i}`, (view, seatViews) => {
          nestedShapes(view, found);
          for (const own of seatViews) shapesIn(own, secret);
          const parts = encoder.parts(view);
          expect(decoder.decode(wire(parts))).toEqual(asJson(view));
          for (const [key, p] of parts) if (key !== '~shapes') keylessBytes += p.list ? p.items.join('').length : p.json.length;
          for (const p of viewParts(view).values()) plainBytes += p.list ? p.items.join('').length : p.json.length;
        });
      }
    }
    // A secret's shape keeps its keys, where the raw-frame leak scans look for them; every other shape is declared.
    expect([...declared].filter((s) => secret.has(s))).toEqual([]);
    expect([...found].filter((s) => !declared.has(s) && !secret.has(s))).toEqual([]);
    // Keys are much of a view: the keyless parts are clearly smaller.
    expect(keylessBytes).toBeLessThan(plainBytes * 0.8);
  });
});
