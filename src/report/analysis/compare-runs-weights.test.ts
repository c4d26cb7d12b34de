import { describe, expect, it } from 'vitest';
import { isEndstateError } from '../../core/index.js';
import type { RunRecord, TrialRecord } from '../../schema/index.js';
import { buildTrialRecord } from '../../testing/index.js';
import { compareRuns } from './compare-runs.js';
import type { Comparison } from './comparison.js';
import { comparisonSection } from './comparison-section.js';
import { renderComparisonMarkdown } from '../rendering/render-comparison-markdown.js';
import { renderComparisonTerminal } from '../rendering/render-comparison-terminal.js';

function run(runId: string, taskIds: string[], weights?: Record<string, number>): RunRecord {
  return {
    run_id: runId,
    created_at: '2026-11-30T00:00:00.000Z',
    finished_at: '2026-11-30T00:01:00.000Z',
    status: 'finished',
    suite: {
      name: 'demo',
      path: '/demo',
      hash: 'a'.repeat(64),
      task_ids: taskIds,
      revisions: Object.fromEntries(taskIds.map((id) => [id, 1])),
      ...(weights === undefined ? {} : { weights }),
    },
    system: {
      agent: { kind: 'simulated', name: 'simulated', version: '1', options: { slip: 0.1 } },
      model: null,
      prompt: null,
      user: { kind: 'scripted', prompt_version: null },
      harness_version: '0.0.0',
      grader_version: '1',
    },
    system_hash: runId.padEnd(64, '0'),
    trials_per_task: 4,
    seed: 3,
    concurrency: 1,
    max_reruns: 2,
  };
}

/** One task's trials: '1' success, '0' failure. */
function trials(taskId: string, outcomes: string): TrialRecord[] {
  return [...outcomes].map((char, index) =>
    buildTrialRecord({ task_id: taskId, attempt: index + 1, success: char === '1' }),
  );
}

const TASKS = ['t1', 't2', 't3', 't4', 't5'];
const TRIALS_A = ['1111', '1000', '1100', '1110', '0000'];
const TRIALS_B = ['1111', '1110', '1111', '1000', '0010'];

function compareWith(
  weightsA?: Record<string, number>,
  weightsB: Record<string, number> | undefined = weightsA,
): Comparison {
  return compareRuns(
    {
      run: run('run-a', TASKS, weightsA),
      trials: TASKS.flatMap((t, i) => trials(t, TRIALS_A[i]!)),
    },
    {
      run: run('run-b', TASKS, weightsB),
      trials: TASKS.flatMap((t, i) => trials(t, TRIALS_B[i]!)),
    },
  );
}

/**
 * The worked example of compare-runs.test.ts (differences 0, +0.5, +0.5,
 * −0.5, +0.25) with weights 1, 3, 1, 2, 1, by hand. Shares p = w/8; the
 * weighted mean is (0 + 1.5 + 0.5 − 1 + 0.25)/8 = 0.15625 (0.15 unweighted).
 * Deviations −0.15625, 0.34375, 0.34375, −0.65625, 0.09375; Σ w²·dev² =
 * 0.0244140625 + 9·0.1181640625 + 0.1181640625 + 4·0.4306640625 +
 * 0.0087890625 = 2.9375, so V = 5/4 · 2.9375/64 = 0.057373046875. Kish:
 * 8²/(1 + 9 + 1 + 4 + 1) = 4 effective tasks, so 3 degrees of freedom;
 * t = 0.15625/√V = 0.65233, and for ν = 3, p = 1 − 2(θ + sinθ·cosθ)/π
 * with θ = atan(t/√3). Success A = (1 + 3·0.25 + 0.5 + 2·0.75 + 0)/8 =
 * 0.46875, B = (1 + 3·0.75 + 1 + 2·0.25 + 0.25)/8 = 0.625.
 */
const WEIGHTS = { t1: 1, t2: 3, t3: 1, t4: 2, t5: 1 };

describe('compareRuns with task weights', () => {
  it('gives the hand-worked weighted difference, interval and p-value', () => {
    const comparison = compareWith(WEIGHTS);
    const variance = (5 / 4) * (2.9375 / 64);
    const t = 0.15625 / Math.sqrt(variance);
    const theta = Math.atan(t / Math.sqrt(3));
    expect(comparison.difference.value).toBeCloseTo(0.15625, 15);
    expect(comparison.difference.standard_error).toBeCloseTo(Math.sqrt(variance), 15);
    expect(comparison.tests.paired_t).toEqual({
      t: expect.closeTo(t, 13) as number,
      degrees_of_freedom: 3,
      p: expect.closeTo(1 - (2 * (theta + Math.sin(theta) * Math.cos(theta))) / Math.PI, 12),
    });
    // t_{0.975, 3} = 3.182446305284263 (SciPy t.ppf).
    const halfWidth = 3.182446305284263 * Math.sqrt(variance);
    expect(comparison.difference.ci95[0]).toBeCloseTo(0.15625 - halfWidth, 12);
    expect(comparison.difference.ci95[1]).toBeCloseTo(0.15625 + halfWidth, 12);
    expect(comparison.outcome_difference.value).toBeCloseTo(0.15625, 15);
    expect(comparison.a.success_rate).toBeCloseTo(0.46875, 15);
    expect(comparison.b.success_rate).toBeCloseTo(0.625, 15);
    expect(comparison.tasks.map((task) => task.weight)).toEqual([1, 3, 1, 2, 1]);
  });

  it('leaves the exchangeable-task tests unweighted and says which figure weighs what', () => {
    const weighted = compareWith(WEIGHTS);
    const unweighted = compareWith();
    expect(weighted.tests.sign_flip).toEqual(unweighted.tests.sign_flip);
    expect(weighted.changes).toEqual(unweighted.changes);
    expect(weighted.weighting).toEqual({
      method: 'suite',
      effective_tasks: 4,
      weighted: [
        'a.success_rate',
        'b.success_rate',
        'difference',
        'outcome_difference',
        'tests.paired_t',
      ],
      equal: ['tests.sign_flip', 'tests.mcnemar', 'changes'],
    });
    expect(weighted.notes).toContain(
      'the suite weighs its tasks unequally (4.0 effective of 5 paired tasks): the success rates, the mean differences and the paired t-test use its weights; the sign-flip, McNemar and per-task tests weigh every task the same',
    );
    expect(renderComparisonTerminal(weighted)).toContain(
      'weighted by the suite over 5 paired task(s)',
    );
    expect(renderComparisonMarkdown(weighted)).toContain(
      'success (5 paired tasks, suite-weighted)',
    );
    expect(comparisonSection(weighted).data).toMatchObject({
      summary: {
        'task weights':
          "the suite's, in a.success_rate, b.success_rate, difference, outcome_difference, tests.paired_t (4.0 effective tasks); every task the same in tests.sign_flip, tests.mcnemar, changes",
      },
    });
    expect(comparisonSection(unweighted).data).not.toHaveProperty(['summary', 'task weights']);
  });

  it('takes the unweighted path exactly when every task weighs the same', () => {
    const unweighted = compareWith();
    expect(compareWith({ t1: 1, t2: 1, t3: 1, t4: 1, t5: 1 })).toEqual(unweighted);
    const doubled = compareWith({ t1: 2, t2: 2, t3: 2, t4: 2, t5: 2 });
    expect({ ...doubled, tasks: doubled.tasks.map((task) => ({ ...task, weight: 1 })) }).toEqual(
      unweighted,
    );
    expect(unweighted.weighting.method).toBe('equal');
  });

  it('refuses runs whose shared tasks weigh differently, naming the first such task', () => {
    let error: unknown;
    try {
      compareWith(WEIGHTS, { ...WEIGHTS, t4: 1, t5: 5 });
    } catch (caught) {
      error = caught;
    }
    expect(isEndstateError(error) && error.code).toBe('E_NOT_COMPARABLE');
    expect((error as Error).message).toContain('task t4 weighs 2 in run run-a and 1 in run run-b');
  });

  it('weighs Hoeffding terms by share when every difference is the same', () => {
    // Each of six tasks loses 1 of 4 trials: no spread, so the exact fallback runs; with six
    // equal differences the inverted sign-flip interval is the point −0.25 and the hull is
    // Hoeffding's, whose terms are ±p_i/4 with shares 1/8 (five tasks) and 3/8.
    const ids = ['t1', 't2', 't3', 't4', 't5', 't6'];
    const weights = { t1: 1, t2: 1, t3: 1, t4: 1, t5: 1, t6: 3 };
    const comparison = compareRuns(
      { run: run('run-a', ids, weights), trials: ids.flatMap((id) => trials(id, '1111')) },
      { run: run('run-b', ids, weights), trials: ids.flatMap((id) => trials(id, '1110')) },
    );
    expect(comparison.difference.method).toBe('sign-flip-hoeffding');
    expect(comparison.difference.value).toBe(-0.25);
    const sumSquaredShares = (5 + 9) / 64;
    const halfWidth = Math.sqrt((Math.log(2 / 0.05) * sumSquaredShares * (1 / 4 + 1 / 4)) / 2);
    expect(comparison.difference.ci95[0]).toBeCloseTo(-0.25 - halfWidth, 12);
    expect(comparison.difference.ci95[1]).toBeCloseTo(-0.25 + halfWidth, 12);
  });
});
