import { describe, expect, it } from 'vitest';
import type {
  Comparison,
  Estimand,
  PairedDifference,
  TheseTasksDifference,
} from '../report/index.js';
import { WORSE_GATE_METRICS } from './worse-gate-metrics.js';
import { checkWorseGate, parseWorseGate } from './worse-gates.js';

const differenceWith = (
  value: number,
  ci95: [number, number],
  pWorse = value < 0 ? 0.005 : 0.995,
): PairedDifference => ({
  estimand: 'task-population',
  value,
  ci95,
  p: Math.min(1, 2 * pWorse),
  p_worse: pWorse,
  method: 'paired-t',
  fallback_reason: null,
  tasks: 20,
  standard_deviation: 0.1,
  standard_error: 0.02,
});

const theseTasksWith = (
  value: number,
  ci95: [number, number],
  pWorse: number,
  tasks = 5,
): TheseTasksDifference => ({
  estimand: 'these-tasks',
  tasks,
  value,
  ci95,
  interval_method: 'mover-wilson',
  test_method: 'stratified-permutation-exact',
  p: Math.min(1, 2 * pWorse),
  p_worse: pWorse,
  p_better: 1 - pWorse,
});

const SAME = theseTasksWith(0, [-0.1, 0.1], 0.5, 20);

/** Only the differences, the gate's basis and the regressed tasks are read by the gates. */
const comparisonWith = (
  success: PairedDifference,
  outcome: PairedDifference,
  options: {
    these?: TheseTasksDifference;
    decidedBy?: Estimand;
    regressed?: readonly string[];
  } = {},
): Comparison =>
  ({
    difference: success,
    outcome_difference: outcome,
    these_tasks: { difference: options.these ?? SAME, outcome_difference: options.these ?? SAME },
    gate: {
      decided_by: options.decidedBy ?? 'task-population',
      reason: '',
      alpha: 0.025,
      list_alpha: 0.005,
      list_alpha_method: 'exact-bound',
      test_alpha: 0.02,
    },
    changes: { regressed: options.regressed ?? [] },
  }) as unknown as Comparison;

describe('parseWorseGate', () => {
  it('reads METRIC with margin 0, and METRIC=MARGIN', () => {
    expect(parseWorseGate('success_rate')).toEqual({ metric: 'success_rate', margin: 0 });
    expect(parseWorseGate(' outcome_rate=0.02 ')).toEqual({ metric: 'outcome_rate', margin: 0.02 });
    for (const { name } of WORSE_GATE_METRICS) {
      expect(parseWorseGate(`${name}=0`)).toEqual({ metric: name, margin: 0 });
    }
  });

  it.each([
    ['success', /^--fail-if-worse success: unknown metric "success"/],
    ['pass_hat_k@4=0.1', /unknown metric "pass_hat_k@4"/],
    ['success_rate=2', /the margin must be a number from 0 up to 1, got "2"/],
    ['success_rate=-0.1', /got "-0.1"/],
    ['success_rate=', /got ""/],
    ['success_rate=abc', /got "abc"/],
  ])('refuses %s as a usage error naming the flag and the metrics', (text, message) => {
    let caught: unknown;
    try {
      parseWorseGate(text);
    } catch (error) {
      caught = error;
    }
    expect((caught as { code?: string }).code).toBe('E_USAGE');
    expect((caught as Error).message).toMatch(message);
    expect((caught as { hint?: string }).hint).toMatch(/success_rate .*outcome_rate/);
  });
});

describe('checkWorseGate', () => {
  const worse = differenceWith(-0.3, [-0.45, -0.15]);
  const unclear = differenceWith(-0.05, [-0.12, 0.02], 0.08);

  it('fails when the upper end of the interval is below −margin, saying by how much', () => {
    const verdict = checkWorseGate(comparisonWith(worse, unclear), {
      metric: 'success_rate',
      margin: 0.1,
    });
    expect(verdict.pass).toBe(false);
    expect(verdict.message).toBe(
      '--fail-if-worse success_rate=0.1 failed: B is worse than A by more than 10.0 pts (decided by the paired t interval over the task population: B − A -30.0 pts, 95% CI [-45.0 pts, -15.0 pts]: its upper end is below -10.0 pts)',
    );
  });

  it('passes when the upper end reaches −margin, however low the estimate', () => {
    const comparison = comparisonWith(worse, unclear);
    expect(checkWorseGate(comparison, { metric: 'success_rate', margin: 0.15 }).pass).toBe(true);
    expect(checkWorseGate(comparison, { metric: 'success_rate', margin: 0.149 }).pass).toBe(false);
    expect(checkWorseGate(comparison, { metric: 'outcome_rate', margin: 0 }).pass).toBe(true);
  });

  it('fails when there is no interval (no paired task)', () => {
    const none = differenceWith(Number.NaN, [Number.NaN, Number.NaN]);
    const verdict = checkWorseGate(comparisonWith(none, none), {
      metric: 'outcome_rate',
      margin: 0,
    });
    expect(verdict).toMatchObject({ pass: false });
    expect(verdict.message).toMatch(/no paired task, so no interval/);
  });

  it('with few tasks, fails on the exact stratified test of their trials though the population interval spans 0', () => {
    const wide = differenceWith(-1, [-1, 1]);
    const these = theseTasksWith(-1, [-1, -0.8], 1e-20);
    const comparison = comparisonWith(wide, wide, { these, decidedBy: 'these-tasks' });
    const verdict = checkWorseGate(comparison, { metric: 'success_rate', margin: 0 });
    expect(verdict.pass).toBe(false);
    expect(verdict.message).toBe(
      '--fail-if-worse success_rate=0 failed: B is worse than A by more than 0.0 pts (decided by the exact stratified permutation test of the trials of these 5 tasks: one-sided p = 1.0e-20 that B is worse, at level 2% (2.5% less 0.5% for the per-task list); B − A -100.0 pts, 95% CI [-100.0 pts, -80.0 pts] on these 5 tasks)',
    );
  });

  it('with few tasks, passes at a one-sided p of 0.025 or more, and reads their interval past a margin', () => {
    const wide = differenceWith(-0.2, [-1, 1]);
    const these = theseTasksWith(-0.2, [-0.3, -0.05], 0.02);
    const comparison = comparisonWith(wide, wide, { these, decidedBy: 'these-tasks' });
    // success_rate gives 0.5% of the 2.5% to the per-task list; outcome_rate has no list.
    expect(checkWorseGate(comparison, { metric: 'success_rate', margin: 0 }).pass).toBe(true);
    expect(checkWorseGate(comparison, { metric: 'outcome_rate', margin: 0 }).pass).toBe(false);
    expect(checkWorseGate(comparison, { metric: 'success_rate', margin: 0.04 })).toMatchObject({
      pass: false,
      message: expect.stringContaining('decided by the MOVER–Wilson interval of these 5 tasks'),
    });
    expect(checkWorseGate(comparison, { metric: 'success_rate', margin: 0.05 }).pass).toBe(true);
  });

  it('fails with margin 0 when the per-task list shows a regression, whatever the interval', () => {
    const comparison = comparisonWith(unclear, unclear, { regressed: ['t1', 't4'] });
    const verdict = checkWorseGate(comparison, { metric: 'success_rate', margin: 0 });
    expect(verdict.pass).toBe(false);
    expect(verdict.message).toBe(
      "--fail-if-worse success_rate=0 failed: B is worse than A (decided by the per-task list: 2 task(s) regressed beyond the noise of their own trials, Boschloo's exact test, Holm-adjusted: t1, t4; the paired t test over the task population alone does not show it: one-sided p = 0.080 that B is worse, at level 2% (2.5% less 0.5% for the per-task list); B − A -5.0 pts, 95% CI [-12.0 pts, +2.0 pts])",
    );
    // A margin tolerates a drop; the per-task list speaks of any drop, so it does not apply.
    expect(checkWorseGate(comparison, { metric: 'success_rate', margin: 0.2 }).pass).toBe(true);
    // The per-task list is of success rates only.
    expect(checkWorseGate(comparison, { metric: 'outcome_rate', margin: 0 }).pass).toBe(true);
  });

  it('past 40 trials a task, keeps half the level for the test and says the list is assumed to take the rest', () => {
    const wide = differenceWith(-0.2, [-1, 1]);
    const these = theseTasksWith(-0.2, [-0.3, -0.05], 0.01);
    const comparison = {
      ...comparisonWith(wide, wide, { these, decidedBy: 'these-tasks' }),
      gate: {
        decided_by: 'these-tasks',
        reason: '',
        alpha: 0.025,
        list_alpha: 0.025,
        list_alpha_method: 'assumed',
        test_alpha: 0.0125,
      },
    } as Comparison;
    const verdict = checkWorseGate(comparison, { metric: 'success_rate', margin: 0 });
    expect(verdict.pass).toBe(false);
    expect(verdict.message).toContain(
      'at level 1.25% (half of 2.5%; the per-task list is assumed to take 2.5%)',
    );
  });
});
