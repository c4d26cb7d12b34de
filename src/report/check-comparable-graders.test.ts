import { describe, expect, it } from 'vitest';
import { buildRunRecord } from '../testing/index.js';
import { checkComparable } from './check-comparable.js';

describe('checkComparable across grader versions', () => {
  it('refuses runs graded by different grader versions and names the way out', () => {
    const run = (id: string, graderVersion: string) => ({
      run: buildRunRecord(['t'], { run_id: id, system: { grader_version: graderVersion } }),
      trials: [],
    });
    expect(() => checkComparable(run('a', '3'), run('b', '4'))).toThrow(
      'they were graded by different grader versions (3, 4)',
    );
    expect(() => checkComparable(run('a', '3'), run('b', '4'))).toThrow(
      expect.objectContaining({ code: 'E_NOT_COMPARABLE' }),
    );
    expect([...checkComparable(run('a', '4'), run('b', '4')).keys()]).toEqual(['t']);
  });
});
