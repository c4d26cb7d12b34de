import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from './json.js';
import { jsonWithRecords, rememberRecordJson } from './record-json.js';

/** Values the engine's stringify treats specially, mixed into JSON values. */
const oddValue = fc.constantFrom(
  undefined,
  () => 1,
  Symbol('s'),
  new Date(Date.UTC(2026, 10, 30)),
  { toJSON: () => 'from toJSON' },
  { toJSON: () => undefined },
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
);

const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    oddValue,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 4 }),
    // A remembered record (frozen, as the state module's records are).
    fc
      .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
      .map((record) => {
        deepFreeze(record);
        rememberRecordJson(record);
        return record;
      }),
  ),
})).node;

describe('jsonWithRecords', () => {
  it('writes what JSON.stringify writes, at every depth, records remembered or not', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 5 }), (input, depth) => {
        expect(jsonWithRecords(input, depth)).toBe(JSON.stringify(input));
        // Again, now with the records' text kept.
        expect(jsonWithRecords(input, depth)).toBe(JSON.stringify(input));
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps a remembered record's text and writes it once", () => {
    let reads = 0;
    const record = Object.freeze({
      id: 'o1',
      get price() {
        reads++;
        return 137.32;
      },
    });
    rememberRecordJson(record);
    const diff = { orders: { o1: { before: record, after: null } } };
    expect(jsonWithRecords(diff, 3)).toBe(
      '{"orders":{"o1":{"before":{"id":"o1","price":137.32},"after":null}}}',
    );
    expect(jsonWithRecords([record, { again: record }], 2)).toBe(
      '[{"id":"o1","price":137.32},{"again":{"id":"o1","price":137.32}}]',
    );
    expect(reads).toBe(1);
    // Below the given depth the engine writes the rest, record or not.
    expect(jsonWithRecords(diff, 2)).toBe(
      '{"orders":{"o1":{"before":{"id":"o1","price":137.32},"after":null}}}',
    );
    expect(reads).toBe(2);
  });

  it('uses the text the caller wrote for an object, at any depth it reaches', () => {
    const order = { id: 'o1', total: 12.5 };
    const written = new Map<object, string>([[order, JSON.stringify(order)]]);
    const event = { kind: 'tool_result', result: order };
    expect(jsonWithRecords(event, 1, written)).toBe(JSON.stringify(event));
    // The caller's text is taken as it is: nothing reads the object again.
    const marked = new Map<object, string>([[order, '"written"']]);
    expect(jsonWithRecords([event], 2, marked)).toBe('[{"kind":"tool_result","result":"written"}]');
    expect(jsonWithRecords([event], 1, marked)).toBe(JSON.stringify([event]));
  });

  it('does not keep the text of values nobody remembered', () => {
    const open = { n: 1 };
    expect(jsonWithRecords({ open }, 2)).toBe('{"open":{"n":1}}');
    open.n = 2;
    expect(jsonWithRecords({ open }, 2)).toBe('{"open":{"n":2}}');
  });
});
