import { describe, expect, it } from 'vitest';
import { systemDifferences } from './system-differences.js';

describe('systemDifferences', () => {
  it('names each differing leaf by its dotted path, sorted', () => {
    const a = {
      agent: { kind: 'llm', options: { slip: 0.1 } },
      model: { id: 'a', temperature: 0 },
    };
    const b = {
      agent: { kind: 'llm', options: { slip: 0.3 } },
      model: { id: 'b', temperature: 0 },
    };
    expect(systemDifferences(a, b)).toEqual(['agent.options.slip', 'model.id']);
  });

  it('counts a value that is an object on one side only, or an array, as one leaf', () => {
    expect(
      systemDifferences({ model: null, tools: [1] }, { model: { id: 'x' }, tools: [2] }),
    ).toEqual(['model', 'tools']);
  });

  it('finds nothing between equal specs, whatever their key order', () => {
    expect(systemDifferences({ a: 1, b: { c: 2 } }, { b: { c: 2 }, a: 1 })).toEqual([]);
  });
});
