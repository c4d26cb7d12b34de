import { describe, expect, it } from 'vitest';
import { buildRunRecord } from '../../testing/index.js';
import { checkComparable } from './check-comparable.js';

const judge = (id: string, temperature = 0) => ({ provider: 'openai', id, temperature });

describe('checkComparable and judges', () => {
  it('refuses runs whose rubrics were graded by different judge models', () => {
    const a = {
      run: buildRunRecord(['t'], { run_id: 'a', system: { judge: judge('gpt-4o') } }),
      trials: [],
    };
    const b = {
      run: buildRunRecord(['t'], { run_id: 'b', system: { judge: judge('gpt-4o-mini') } }),
      trials: [],
    };
    expect(() => checkComparable(a, b)).toThrow(
      'their rubrics were graded by different judges (openai:gpt-4o, openai:gpt-4o-mini)',
    );
    const warm = {
      run: buildRunRecord(['t'], { run_id: 'c', system: { judge: judge('gpt-4o', 0.7) } }),
      trials: [],
    };
    expect(() => checkComparable(a, warm)).toThrow('openai:gpt-4o at temperature 0.7');
  });

  it('pairs runs with the same judge, and runs where one side judged nothing', () => {
    const a = {
      run: buildRunRecord(['t'], { run_id: 'a', system: { judge: judge('gpt-4o') } }),
      trials: [],
    };
    const same = {
      run: buildRunRecord(['t'], { run_id: 'b', system: { judge: judge('gpt-4o') } }),
      trials: [],
    };
    const none = { run: buildRunRecord(['t'], { run_id: 'c' }), trials: [] };
    expect([...checkComparable(a, same).keys()]).toEqual(['t']);
    expect([...checkComparable(a, none).keys()]).toEqual(['t']);
  });
});
