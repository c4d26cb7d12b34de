import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneJson, deepFreeze, getOwn, jsonEqual, setOwn } from './json.js';

describe('cloneJson', () => {
  it('copies any JSON value deeply, equal and independent', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = cloneJson(value);
        expect(copy).toStrictEqual(value);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives a mutable copy of a frozen record', () => {
    const frozen = deepFreeze({ items: [{ price: 1 }], status: 'pending' });
    const copy = cloneJson(frozen);
    copy.items[0]!.price = 2;
    expect(frozen.items[0]!.price).toBe(1);
  });

  it('keeps "__proto__" as an ordinary key', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const copy = cloneJson(parsed);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(jsonEqual(copy, parsed)).toBe(true);
  });
});

describe('jsonEqual', () => {
  it('agrees with comparing canonical forms on any pair of JSON values', () => {
    const canonical = (value: unknown): string =>
      JSON.stringify(value, (_key, inner: unknown) =>
        inner !== null && typeof inner === 'object' && !Array.isArray(inner)
          ? Object.fromEntries(
              Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
            )
          : inner,
      );
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(jsonEqual(a, b)).toBe(canonical(a) === canonical(b));
        expect(jsonEqual(a, cloneJson(a))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('ignores key order and undefined values but not array order', () => {
    expect(jsonEqual({ a: 1, b: [1, 2], c: undefined }, { b: [1, 2], a: 1 })).toBe(true);
    expect(jsonEqual({ b: [2, 1], a: 1 }, { a: 1, b: [1, 2] })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
  });
});

describe('getOwn and setOwn', () => {
  it('read and write own properties only, "__proto__" included', () => {
    const object: Record<string, number> = {};
    setOwn(object, '__proto__', 1);
    setOwn(object, 'a', 2);
    expect(Object.keys(object)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(getOwn(object, '__proto__')).toBe(1);
    expect(getOwn(object, 'toString')).toBeUndefined();
    expect(getOwn(undefined, 'a')).toBeUndefined();
  });
});
