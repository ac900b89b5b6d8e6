import { describe, expect, it } from '@jest/globals';
import { SHAPES_PART, ViewDecoder, viewParts, type ViewPartsLike } from './view-wire.js';

/** What a client decodes from the server's parts (a Map of plain parts). */
const wire = (view: object, shapes: string[][] = []): ViewPartsLike => {
  const m = new Map<string, { list: boolean; json: string; items: string[] }>();
  for (const [k, p] of viewParts(view, shapes)) m.set(k, p.list ? { list: true, json: '', items: p.items } : { list: false, json: p.json, items: [] });
  return m;
};

describe('the public view on the wire', () => {
  const v1 = { phase: 'pick', round: 1, hands: [[1, 2], [3]], log: [{ kind: 'start' }], winners: null, town: { houses: 9 } };

  it('rebuilds exactly the view it was split from', () => {
    expect(new ViewDecoder().decode(wire(v1))).toEqual(v1);
    expect(new ViewDecoder().decode(new Map())).toBeNull();
    expect(new ViewDecoder().decode(undefined)).toBeNull();
  });

  it('splits lists item by item and other values whole', () => {
    const parts = viewParts(v1);
    expect(parts.get('log')).toEqual({ list: true, items: ['{"kind":"start"}'] });
    expect(parts.get('town.houses')).toEqual({ list: false, json: '9' });
    expect(parts.get('winners')).toEqual({ list: false, json: 'null' });
  });

  it('keeps the identity of what did not change, and of the whole view while nothing changed', () => {
    const d = new ViewDecoder();
    const a = d.decode(wire(v1))!;
    expect(d.decode(wire(v1))).toBe(a);
    const v2 = { ...v1, round: 2, log: [...v1.log, { kind: 'reveal' }], hands: [[1, 2], []] };
    const b = d.decode(wire(v2))!;
    expect(b).toEqual(v2);
    expect(b).not.toBe(a);
    expect(b.town).toBe(a.town);
    expect((b.log as unknown[])[0]).toBe((a.log as unknown[])[0]);
    expect((b.hands as unknown[])[0]).toBe((a.hands as unknown[])[0]);
    expect((b.hands as unknown[])[1]).not.toBe((a.hands as unknown[])[1]);
  });

  it('splits a top-level object by field, and follows it becoming null and back', () => {
    const d = new ViewDecoder();
    const act = { turn: 3, segments: [{ to: 1 }, { to: 2 }], paid: 0 };
    const v1 = { phase: 'act', act, market: null, empty: {} };
    const parts = viewParts(v1);
    expect(parts.get('act')).toEqual({ list: false, json: '{}' });
    expect(parts.get('act.segments')).toEqual({ list: true, items: ['{"to":1}', '{"to":2}'] });
    const a = d.decode(wire(v1))!;
    expect(a).toEqual(v1);
    const v2 = { ...v1, phase: 'market', act: { ...act, segments: [...act.segments, { to: 3 }] } };
    const b = d.decode(wire(v2))!;
    expect(b).toEqual(v2);
    expect((b.act as { segments: unknown[] }).segments[0]).toBe((a.act as { segments: unknown[] }).segments[0]);
    const v3 = { ...v2, phase: 'x' };
    expect(d.decode(wire(v3))!.act).toBe(b.act); // unchanged object: same identity
    for (const v of [{ ...v3, act: null }, { ...v3, act: { turn: 4 } }, { ...v3, act: [1] }, v1]) expect(d.decode(wire(v))).toEqual(v);
    expect(() => viewParts({ 'a.b': 1 })).toThrow(/dot/);
    expect(d.decode(wire({ odd: { 'x.y': 1 } }))).toEqual({ odd: { 'x.y': 1 } }); // a dotted field: sent whole
  });

  it('follows lists that shrink, values that become lists and back, and keys that go', () => {
    const d = new ViewDecoder();
    d.decode(wire(v1));
    const v2 = { phase: 'end', round: 1, hands: [[1, 2]], log: [], winners: [0, 2] };
    expect(d.decode(wire(v2))).toEqual(v2);
    const v3 = { ...v2, winners: null };
    expect(d.decode(wire(v3))).toEqual(v3);
    expect(d.decode(new Map())).toBeNull();
  });

  it('sends declared shapes keyless, with the shapes as a part, and follows new shapes', () => {
    const shapes = [['kind', 'turn']];
    const v = { log: [{ kind: 'a', turn: 1 }, { kind: 'b' }], act: { last: { kind: 'c', turn: 2 } } };
    const parts = viewParts(v, shapes);
    expect(parts.get(SHAPES_PART)).toEqual({ list: true, items: ['["kind","turn"]'] });
    expect(parts.get('log')).toEqual({ list: true, items: ['["~0","a",1]', '{"kind":"b"}'] });
    expect(parts.get('act.last')).toEqual({ list: false, json: '["~0","c",2]' });
    const d = new ViewDecoder();
    expect(d.decode(wire(v, shapes))).toEqual(v);
    // The same parts under other shapes (another game in the room): everything decodes afresh.
    const other = [['turn', 'kind']];
    const w = { log: [{ turn: 5, kind: 'x' }], act: { last: null } };
    expect(d.decode(wire(w, other))).toEqual(w);
    expect(d.decode(wire(v))).toEqual(v);
    expect(d.decode(wire(v, shapes))).toEqual(v);
    expect(d.decode(new Map())).toBeNull(); // back to the lobby
    expect(d.decode(wire(v, shapes))).toEqual(v);
    expect(() => viewParts({ '~x': 1 })).toThrow(/start with ~/);
  });
});
