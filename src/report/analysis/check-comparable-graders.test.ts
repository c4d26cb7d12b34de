import { describe, expect, it } from 'vitest';
import type { EndstateError } from '../../core/index.js';
import { buildGrade, buildRunRecord, buildTrialRecord } from '../../testing/index.js';
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

  it('refuses runs whose trials a grader they share graded at different versions, as each grade records it', () => {
    // Same run-level grader version: an environment's own grader was bumped between the runs.
    const run = (id: string, versions: Record<string, string>) => ({
      run: buildRunRecord(['t'], { run_id: id }),
      trials: [1, 2].map((attempt) =>
        buildTrialRecord({
          task_id: 't',
          attempt,
          grades: Object.fromEntries(
            Object.entries(versions).map(([grader, version]) => [
              grader,
              buildGrade([], { version }),
            ]),
          ),
        }),
      ),
    });
    const before = run('a', { outcome: '1', 'no-shouting': '1' });
    const after = run('b', { outcome: '1', 'no-shouting': '2' });
    let error: EndstateError | undefined;
    try {
      checkComparable(before, after);
    } catch (caught) {
      error = caught as EndstateError;
    }
    expect(error?.code).toBe('E_NOT_COMPARABLE');
    expect(error?.problems.map((problem) => problem.message)).toEqual([
      'grader no-shouting: version 1 in run a, version 2 in run b',
    ]);
    expect(error?.hint).toContain('endstate regrade');
    // The same versions compare; a grader only one run has (a task only it ran) does not block.
    expect([
      ...checkComparable(before, run('c', { outcome: '1', 'no-shouting': '1' })).keys(),
    ]).toEqual(['t']);
    expect([...checkComparable(before, run('d', { outcome: '1' })).keys()]).toEqual(['t']);
  });
});
