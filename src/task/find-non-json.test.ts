import { describe, expect, it } from 'vitest';
import { findNonJson } from './find-non-json.js';

describe('findNonJson', () => {
  it('accepts a node shared by two aliases, which is not circular', () => {
    const shared = { order_id: '8842' };
    expect(findNonJson({ a: shared, b: [shared, shared] })).toBeUndefined();
  });

  it('finds a circular value and where it closes', () => {
    const loop: Record<string, unknown> = { a: [1] };
    (loop['a'] as unknown[]).push(loop);
    expect(findNonJson({ root: loop })).toMatchObject({ path: ['root', 'a', 1] });
  });

  it('finds NaN, a Set and a Uint8Array', () => {
    expect(findNonJson([0, NaN])?.path).toEqual([1]);
    expect(findNonJson({ tags: new Set(['a']) })?.message).toMatch(/a Set is not a JSON value/);
    expect(findNonJson({ bytes: new Uint8Array(2) })?.path).toEqual(['bytes']);
  });
});
