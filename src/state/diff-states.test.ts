import { describe, expect, it } from 'vitest';
import { diffStates } from './diff-states.js';
import type { StateSnapshot } from './types.js';

const parse = (text: string): StateSnapshot => JSON.parse(text) as StateSnapshot;

// Regressions found by test/property: ids and collections named like
// Object.prototype's properties.
describe('diffStates', () => {
  it('sees a record with id "toString" deleted, not replaced by a function', () => {
    const diff = diffStates({ orders: { toString: { a: 1 } } }, { orders: {} });
    expect(diff).toEqual({ orders: { toString: { before: { a: 1 }, after: null } } });
  });

  it('keeps "__proto__" as an ordinary collection and id, never touching Object.prototype', () => {
    const after = parse('{"__proto__": {"__proto__": {"status": "refunded"}}}');
    const diff = diffStates({}, after);
    expect(Object.keys(diff)).toEqual(['__proto__']);
    expect(Object.keys(diff['__proto__']!)).toEqual(['__proto__']);
    expect(JSON.stringify(diff)).toBe(
      '{"__proto__":{"__proto__":{"before":null,"after":{"status":"refunded"}}}}',
    );
  });
});
