import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonChunks } from './json-chunks.js';

const joined = (value: unknown, maxChunkChars?: number): string =>
  [...jsonChunks(value, maxChunkChars === undefined ? {} : { maxChunkChars })].join('');

describe('jsonChunks', () => {
  const sample = {
    run: { run_id: 'run-1', started_at: new Date(Date.UTC(2026, 9, 5)), skipped: undefined },
    scorecard: { rate: 0.5, empty: [], none: {}, nested: [[1, [2, {}]], { a: null }] },
    trials: [
      { id: 't1', text: 'é\u2028"quoted"\n😀', f: () => 1, gone: undefined, list: [undefined] },
      { id: 't2', toJSON: () => ({ replaced: true }) },
    ],
  };

  it('gives the text of JSON.stringify(value, null, 2), whole or in the smallest pieces', () => {
    const expected = JSON.stringify(sample, null, 2);
    expect(joined(sample)).toBe(expected);
    for (const max of [1, 2, 7, 64]) expect(joined(sample, max)).toBe(expected);
  });

  it('matches JSON.stringify on any JSON-like value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 40 }), (value, max) => {
        expect(joined(value, max)).toBe(JSON.stringify(value, null, 2));
      }),
      { numRuns: 300 },
    );
  });

  it('never gives a piece over the bound, whatever the size of the whole', () => {
    const bound = 4096;
    // 5,000 records of 2 KB: 10 MB of JSON, written with no piece over 4 KB.
    const trials = Array.from({ length: 5000 }, (_, index) => ({
      index,
      events: [{ kind: 'note', text: 'x'.repeat(2000) }],
    }));
    let total = 0;
    let pieces = 0;
    for (const chunk of jsonChunks({ run: { id: 'r' }, trials }, { maxChunkChars: bound })) {
      if (chunk.length > bound) throw new Error(`a piece of ${chunk.length} chars`);
      total += chunk.length;
      pieces++;
    }
    expect(total).toBe(JSON.stringify({ run: { id: 'r' }, trials }, null, 2).length);
    expect(pieces).toBeGreaterThan(5000);
  });

  it('splits a long string without parting a surrogate pair', () => {
    const value = { text: '😀'.repeat(100) };
    const chunks = [...jsonChunks(value, { maxChunkChars: 7 })];
    expect(chunks.join('')).toBe(JSON.stringify(value, null, 2));
    for (const chunk of chunks) expect(Buffer.from(chunk).toString()).toBe(chunk);
  });

  it('gives nothing for a value JSON.stringify gives undefined for', () => {
    expect([...jsonChunks(undefined)]).toEqual([]);
    expect([...jsonChunks(() => 1)]).toEqual([]);
  });
});
