import { describe, expect, it } from 'vitest';
import { findNonJsonValue, formatValuePath } from './find-non-json-value.js';

describe('findNonJsonValue', () => {
  it('accepts JSON, shared nodes included', () => {
    const shared = { id: 'O-1' };
    expect(findNonJsonValue({ a: shared, b: [shared, null, 1.5, 'x', true] })).toBeUndefined();
  });

  it.each([
    [{ total: NaN }, ['total'], 'NaN'],
    [{ items: [{ price: -Infinity }] }, ['items', 0, 'price'], '-Infinity'],
    [{ note: undefined }, ['note'], 'undefined'],
    [{ save: () => 1 }, ['save'], 'a function'],
    [{ id: 7n }, ['id'], 'the BigInt 7n'],
    [{ at: new Date(0) }, ['at'], 'a Date'],
    [[1, undefined, 3], [1], 'undefined'],
  ])('finds %o at its path', (value, path, found) => {
    expect(findNonJsonValue(value)).toEqual({ path, found });
  });

  it('finds a cycle, however deep, where it closes', () => {
    const loop: Record<string, unknown> = { a: [1] };
    (loop['a'] as unknown[]).push(loop);
    expect(findNonJsonValue({ root: loop })).toEqual({
      path: ['root', 'a', 1],
      found: 'a circular reference',
    });
    let deep: Record<string, unknown> = { end: true };
    for (let depth = 0; depth < 500; depth++) deep = { next: deep };
    expect(findNonJsonValue(deep)).toBeUndefined();
  });

  it('formats a path as a field path', () => {
    expect(formatValuePath(['items', 0, 'unit price', 'usd'])).toBe('items[0]["unit price"].usd');
  });
});
