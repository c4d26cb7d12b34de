import { describe, expect, it } from 'vitest';
import { buildRunRecord, buildTrialRecord } from '../../testing/index.js';
import { compareRuns } from './compare-runs.js';
import { comparisonSection } from './comparison-section.js';
import type { RunRecord } from '../../schema/index.js';

const run = (id: string, slip: number): RunRecord =>
  buildRunRecord(['t1', 't2'], {
    run_id: id,
    suite: { hash: 'h' },
    agentOptions: { slip },
    system_hash: `s${slip}`,
    max_reruns: 0,
  });
const trials = (runId: string, outcomes: Record<string, boolean[]>) =>
  Object.entries(outcomes).flatMap(([task, list]) =>
    list.map((success, index) =>
      buildTrialRecord({ task_id: task, attempt: index + 1, success, run_id: runId }),
    ),
  );

describe('comparisonSection', () => {
  it('puts the headline figures and the tasks, worst first, into the section', () => {
    // t1: A 2/2, B 0/2 (−100 pts; Boschloo p = 0.125, Holm 0.25: within noise); t2: A 1/2, B 2/2 (+50 pts).
    const comparison = compareRuns(
      { run: run('a', 0.1), trials: trials('a', { t1: [true, true], t2: [true, false] }) },
      { run: run('b', 0.4), trials: trials('b', { t1: [false, false], t2: [true, true] }) },
    );
    const section = comparisonSection(comparison);
    expect(section.id).toBe('comparison');
    const data = section.data as {
      summary: Record<string, unknown>;
      tasks: { task: string; 'B − A': string; change: string }[];
    };
    expect(data.summary['success A']).toBe('75.0% (3/4)');
    expect(data.summary['success B']).toBe('50.0% (2/4)');
    expect(String(data.summary['difference B − A'])).toMatch(/^-25\.0 pts \(95% CI /);
    expect(data.summary.regressed).toBe('none');
    expect(data.summary['within noise']).toBe('2');
    expect(data.tasks.map((row) => [row.task, row['B − A'], row.change])).toEqual([
      ['t1', '-100.0 pts', 'within-noise'],
      ['t2', '+50.0 pts', 'within-noise'],
    ]);
  });
});
