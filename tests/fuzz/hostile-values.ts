/**
 * The fuzzer's raw material: values no field of the protocol accepts (bad
 * numbers, oversized text, objects with prototype-breaking own keys, deep
 * nesting, anything at all), as fast-check arbitraries. arbitraries.ts builds
 * the messages from them.
 */
import fc from 'fast-check';

const nonFinite = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
const fractional = fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((x) => !Number.isInteger(x));
const negativeInt = fc.integer({ min: -(2 ** 31), max: -1 });
const hugeNumber = fc.constantFrom(2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e21, 1e300, Number.MAX_VALUE, -Number.MAX_VALUE);
const tinyNumber = fc.constantFrom(Number.MIN_VALUE, -Number.MIN_VALUE, Number.EPSILON);
/** A number no integer field in range accepts (never -0, which is 0). */
export const badNumber = fc.oneof(nonFinite, fractional, negativeInt, hugeNumber, tinyNumber);
const bigInt = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
/** Text of 201 to a few thousand characters (over the chat's 200), within a 4 KB frame (the transport closes bigger frames). */
export const oversizedString = fc.constantFrom('x', 'é', '🎁', 'ab').chain((unit) => {
  const max = Math.floor(3500 / Buffer.byteLength(unit));
  return fc.integer({ min: 201, max }).map((n) => unit.repeat(n));
});

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'toJSON', 'then', 'length', '__defineGetter__'];

/** An object whose own keys are the names that break naive code (`__proto__` included, as an own key). */
export function withOwnKeys(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

const leaf = fc.oneof(badNumber, fc.integer({ min: -3, max: 10 }), fc.string({ maxLength: 12 }), fc.boolean(), fc.constant(null), fc.constant(-0));
export const hostileObject = fc
  .array(fc.tuple(fc.constantFrom(...PROTO_KEYS), fc.oneof(leaf, fc.dictionary(fc.constantFrom(...PROTO_KEYS), leaf))), { minLength: 1, maxLength: 4 })
  .map(withOwnKeys);

/** Arrays and objects nested 10 to 1,000 deep (msgpack: one to three bytes a level). */
export const deepValue = fc.tuple(fc.integer({ min: 10, max: 1000 }), fc.boolean()).map(([depth, objects]) => {
  let v: unknown = objects ? {} : [];
  for (let i = 0; i < depth; i++) v = objects && depth <= 1000 ? { a: v } : [v];
  return v;
});

export const structured = fc.anything({
  maxDepth: 3,
  maxKeys: 4,
  withNullPrototype: true,
  withMap: true,
  withSet: true,
  withDate: true,
  withTypedArray: true,
  withSparseArray: true,
});

/** Any value at all, weird ones first. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(badNumber, leaf, bigInt, hostileObject, deepValue, oversizedString, structured);

/** A value that is not a plain object (what `payloadObject` refuses): no null/undefined, which count as `{}`. */
export const nonObject = fc.oneof(
  badNumber,
  fc.integer(),
  fc.constant(-0),
  fc.string({ maxLength: 30 }),
  oversizedString,
  fc.boolean(),
  bigInt,
  fc.array(anyValue, { maxLength: 4 }),
  deepValue.filter(Array.isArray),
);

/** Junk keys that may ride along on any payload. */
export const junk = fc.option(hostileObject, { nil: undefined });
export const withJunk = (base: Record<string, unknown>, extra: Record<string, unknown> | undefined) =>
  extra ? withOwnKeys([...Object.entries(extra), ...Object.entries(base)]) : base;
