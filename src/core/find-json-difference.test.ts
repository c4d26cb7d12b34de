import { describe, expect, it } from 'vitest';
import { findJsonDifference } from './find-json-difference.js';

describe('findJsonDifference', () => {
  it('finds nothing between equal values, whatever their key order', () => {
    expect(findJsonDifference({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(
      undefined,
    );
  });

  it('finds the first differing path in sorted key order, and what each side holds', () => {
    expect(
      findJsonDifference({ z: 1, items: [{ id: 'O-1' }] }, { z: 2, items: [{ id: 'O-2' }] }),
    ).toEqual({ path: ['items', 0, 'id'], first: 'O-1', second: 'O-2' });
  });

  it('stops where one side is absent or of another kind', () => {
    expect(findJsonDifference({ a: { b: 1 } }, { a: {} })).toEqual({
      path: ['a', 'b'],
      first: 1,
      second: undefined,
    });
    expect(findJsonDifference({ a: [1] }, { a: { 0: 1 } })).toEqual({
      path: ['a'],
      first: [1],
      second: { 0: 1 },
    });
  });
});
