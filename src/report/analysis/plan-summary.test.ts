import { describe, expect, it } from 'vitest';
import type { Grade } from '../../schema/index.js';
import { taskMeanInterval, successRateInterval } from '../../stats/index.js';
import { summarisePartial } from './partial-summary.js';
import { summarisePlans } from './plan-summary.js';
import type { TrialWithGrades } from './plan-summary.js';

const grade = (role: Grade['role'], checks: boolean[], score: number | null = null): Grade => ({
  version: '1',
  role,
  pass: checks.every(Boolean),
  score,
  checks: checks.map((pass, index) => ({
    id: index === 0 ? 'plan.found' : `plan.checks[${index - 1}]`,
    kind: 'k',
    pass,
    message: '',
    evidence: null,
  })),
  evidence: null,
  error: null,
});

/** A trial whose plan was found (unless `found` is false) with these check verdicts. */
function planned(
  task_id: string,
  checks: boolean[],
  adherence: number | null,
  found = true,
): TrialWithGrades {
  return {
    task_id,
    success: found && checks.every(Boolean),
    grades: {
      plan: grade('constraint', found ? [true, ...checks] : [false]),
      plan_adherence: grade('diagnostic', [adherence === 1], found ? adherence : null),
    },
  };
}

describe('summarisePlans', () => {
  it('worked example: micro over the checks of stated plans, macro over trials, adherence over plans', () => {
    const trials = [
      planned('a', [true, true], 1), // passes both checks
      planned('a', [true, false], 0.5), // breaks one
      planned('b', [], null, false), // no plan
      planned('b', [true, true], 0.5),
      { task_id: 'c', success: true, grades: {} }, // no plan declared: left out
    ];
    const summary = summarisePlans(trials);
    // Plans: 3 of 4 graded trials. Checks: 2 + 2 + 2 made, 2 + 1 + 2 passed: micro 5/6.
    expect(summary).toMatchObject({ trials: 4, tasks: 2, plans: 3, no_plan: 1 });
    expect(summary?.micro).toMatchObject({ passed: 5, of: 6, rate: 5 / 6 });
    // Macro: plans passing every check over graded trials: trial 1 and trial 4, 2 of 4.
    expect(summary?.macro).toMatchObject({ passed: 2, of: 4, rate: 0.5 });
    // The macro interval is the success-rate interval of a 1/2 and b 1/2.
    const macro = successRateInterval([
      { successes: 1, trials: 2 },
      { successes: 1, trials: 2 },
    ]);
    expect(summary?.macro.ci95).toEqual([macro.lower, macro.upper]);
    // Adherence: task a (1 + 0.5)/2 = 0.75, task b 0.5: task-weighted mean 0.625 over 3 plans.
    expect(summary?.adherence?.mean).toBeCloseTo(0.625, 15);
    expect(summary?.adherence?.trials).toBe(3);
    const adherence = taskMeanInterval([0.75, 0.5], { maxEffectiveTrials: 3 });
    expect(summary?.adherence?.ci95).toEqual([adherence.lower, adherence.upper]);
  });

  it('is null without plan grades; micro and adherence are null when no plan was stated', () => {
    expect(summarisePlans([{ task_id: 'a', success: true, grades: {} }])).toBeNull();
    const none = summarisePlans([planned('a', [true], null, false)]);
    expect(none).toMatchObject({ plans: 0, no_plan: 1, micro: null, adherence: null });
    expect(none?.macro.rate).toBe(0);
  });
});

describe('summarisePartial', () => {
  const scored = (task_id: string, score: number, success: boolean): TrialWithGrades => ({
    task_id,
    success,
    grades: { partial: grade('diagnostic', [score === 1], score) },
  });

  it('worked example: the task-weighted mean score with its clustered interval, beside success', () => {
    const summary = summarisePartial([
      scored('a', 1, true),
      scored('a', 0.5, false),
      scored('b', 0.25, false),
      { task_id: 'c', success: true, grades: {} },
    ]);
    // Task means 0.75 and 0.25: mean 0.5 over 3 trials of 2 tasks.
    expect(summary).toMatchObject({ trials: 3, tasks: 2, mean: 0.5 });
    const interval = taskMeanInterval([0.75, 0.25], { maxEffectiveTrials: 3 });
    expect(summary?.ci95).toEqual([interval.lower, interval.upper]);
    // Success of the same trials: a 1/2, b 0/1, task-weighted 0.25.
    expect(summary?.success).toMatchObject({ successes: 1, rate: 0.25 });
  });

  it('is null when no trial has a partial score', () => {
    expect(summarisePartial([{ task_id: 'a', success: true, grades: {} }])).toBeNull();
  });
});
