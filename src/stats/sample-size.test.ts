import { describe, expect, it } from 'vitest';
import { sampleSize } from './sample-size.js';

// Reference values computed outside this code, with SciPy 1.17:
//   z_0.975 = 1.9599639845   z_0.8 = 0.8416212336   (z_0.975 + z_0.8)² = 7.8488797343
//   t quantiles: stats.t.ppf(q, ν); exact power of the two-sided paired t-test
//   for normal differences: stats.nct (noncentral t, noncentrality D·√n/σ_d).
// "power(n)" below is that exact power at n tasks, so each expected n is the
// smallest that reaches 80% by an independent computation.

describe('sampleSize: a paired difference', () => {
  it('needs 95 tasks, not 41, for 0.5 → 0.6 with 4 trials, r = 0.3, ρ = 0.784 (pairing leaves the trial noise)', () => {
    // v_A = 0.25, v_B = 0.24, √(v_A·v_B) = 0.2449489743
    // between: 0.3·(0.49 − 2·0.784·0.2449489743) = 0.0317760025
    // within:  0.7·0.49/4 = 0.08575;  σ_d² = 0.1175260025
    // n₀ = 7.8488797343·11.75260025 = 92.24; t rule: 95 (t_{0.975,94} = 1.98552, t_{0.8,94} = 0.84546)
    // power(95) = 0.8034, power(94) = 0.7992. The old formula, 2(1 − ρ)·p(1 − p)·DE/k, gave 41.
    const plan = sampleSize({
      type: 'difference',
      p: 0.5,
      delta: 0.1,
      trialsPerTask: 4,
      icc: 0.3,
      correlation: 0.784,
    });
    expect(plan.alternativeRate).toBeCloseTo(0.6, 15);
    expect(plan.betweenTaskVariance).toBeCloseTo(0.0317760025, 9);
    expect(plan.withinTaskVariance).toBeCloseTo(0.08575, 15);
    expect(plan.variance).toBeCloseTo(0.1175260025, 9);
    expect(plan.normalTasks).toBeCloseTo(92.2447, 3);
    expect(plan.tasks).toBe(95);
    expect(plan.tLevel).toBeCloseTo(1.985523441866604, 9);
    expect(plan.tPower).toBeCloseTo(0.8454618033095178, 9);
  });

  it('needs 293 tasks for 0.7 → 0.8 with one trial per task (r does not matter when ρ = 0)', () => {
    // σ_d² = 0.21 + 0.16 = 0.37; n₀ = 290.41; power(293) = 0.8009, power(292) = 0.7995
    const plan = sampleSize({ type: 'difference', p: 0.7, delta: 0.1 });
    expect(plan.variance).toBeCloseTo(0.37, 15);
    expect(plan.normalTasks).toBeCloseTo(290.4086, 3);
    expect(plan.tasks).toBe(293);
    expect(sampleSize({ type: 'difference', p: 0.7, delta: 0.1, icc: 0.9 }).tasks).toBe(293);
  });

  it('needs fewer tasks with more trials per task, never fewer than the r floor', () => {
    // p = 0.7 → 0.8, r = 0.3, ρ = 0: σ_d² = 0.3·0.37 + 0.7·0.37/k
    //   k = 2: 0.2405  → 191 (power 0.8006, 190: 0.7986)
    //   k = 4: 0.17575 → 140 (0.8004, 139: 0.7975)
    //   k = 8: 0.143375 → 115 (0.8018, 114: 0.7984)
    //   k → ∞: 0.111 → 90
    const tasks = [2, 4, 8].map(
      (k) =>
        sampleSize({ type: 'difference', p: 0.7, delta: 0.1, trialsPerTask: k, icc: 0.3 }).tasks,
    );
    expect(tasks).toEqual([191, 140, 115]);
    const plan = sampleSize({ type: 'difference', p: 0.7, delta: 0.1, trialsPerTask: 8 });
    expect(plan.tasksWithUnlimitedTrials).toBe(90);
  });

  it('lets ρ reduce only the between-task part even with one trial per task', () => {
    // k = 1, r = 0.3, ρ = 0.5: σ_d² = 0.37 − 2·0.5·0.3·√(0.21·0.16) = 0.3150090917 → 250
    // (power 0.8013, 249: 0.7997); 2(1 − ρ)·p(1 − p) would have said 165.
    const plan = sampleSize({ type: 'difference', p: 0.7, delta: 0.1, correlation: 0.5 });
    expect(plan.variance).toBeCloseTo(0.3150090917, 9);
    expect(plan.tasks).toBe(250);
  });

  it('takes the other system at p − D when p + D is above 1', () => {
    // 0.95 → 0.85: σ_d² = 0.0475 + 0.1275 = 0.175 → 140
    const plan = sampleSize({ type: 'difference', p: 0.95, delta: 0.1 });
    expect(plan.alternativeRate).toBeCloseTo(0.85, 15);
    expect(plan.variance).toBeCloseTo(0.175, 15);
    expect(plan.tasks).toBe(140);
  });

  it('adds several tasks to the normal approximation when few tasks are needed', () => {
    // 0.5 → 0.8, k = 8, r = 0.1, ρ = 0.8: σ_d² = 0.055125, n₀ = 4.81 but 7 tasks
    // (power(7) = 0.8031, power(6) = 0.7076)
    const plan = sampleSize({
      type: 'difference',
      p: 0.5,
      delta: 0.3,
      trialsPerTask: 8,
      icc: 0.1,
      correlation: 0.8,
    });
    expect(plan.variance).toBeCloseTo(0.055125, 15);
    expect(plan.normalTasks).toBeCloseTo(4.8074, 3);
    expect(plan.tasks).toBe(7);
  });

  it('needs 554 tasks at the 1% level with 90% power', () => {
    const plan = sampleSize({ type: 'difference', p: 0.7, delta: 0.1, alpha: 0.01, power: 0.9 });
    expect(plan).toMatchObject({
      zLevel: expect.closeTo(2.5758293035, 9),
      zPower: expect.closeTo(1.2815515655, 9),
    });
    expect(plan.normalTasks).toBeCloseTo(550.5373, 3);
    expect(plan.tasks).toBe(554);
  });

  it('gives NaN for inputs out of range', () => {
    expect(sampleSize({ type: 'difference', p: 1, delta: 0.1 }).tasks).toBeNaN();
    expect(sampleSize({ type: 'difference', p: 0.5, delta: 0 }).tasks).toBeNaN();
    expect(sampleSize({ type: 'difference', p: 0.5, delta: 0.6 }).tasks).toBeNaN();
    expect(
      sampleSize({ type: 'difference', p: 0.5, delta: 0.1, trialsPerTask: 1.5 }).tasks,
    ).toBeNaN();
    expect(
      sampleSize({ type: 'difference', p: 0.5, delta: 0.1, correlation: 1.1 }).tasks,
    ).toBeNaN();
    expect(sampleSize({ type: 'difference', p: 0.5, delta: 0.1, icc: 1.2 }).tasks).toBeNaN();
    expect(
      sampleSize({ type: 'difference', p: 0.5, delta: 0.1, power: 0.02, alpha: 0.05 }).tasks,
    ).toBeNaN();
  });
});

describe('sampleSize: an interval width', () => {
  it('needs 387 for ±0.05 at p = 0.5, two more than the textbook normal 385', () => {
    // n₀ = 1.9599639845²·0.25/0.05² = 384.15; t_{0.975,386} = 1.96618 gives 387,
    // where t·√(0.25/387) = 0.049972 ≤ 0.05 (and 386 gives 0.050036)
    const plan = sampleSize({ type: 'width', p: 0.5, halfWidth: 0.05 });
    expect(plan.normalTasks).toBeCloseTo(384.1459, 3);
    expect(plan.tasks).toBe(387);
  });

  it('needs 326 tasks for ±0.05 at p = 0.7 with one trial, 156 with four', () => {
    // k = 1: σ² = 0.21 → 326;  k = 4, r = 0.3: σ² = 0.21·1.9/4 = 0.09975 → 156
    // k → ∞: σ² = 0.21·0.3 = 0.063 → 100
    expect(sampleSize({ type: 'width', p: 0.7, halfWidth: 0.05 }).tasks).toBe(326);
    const plan = sampleSize({ type: 'width', p: 0.7, halfWidth: 0.05, trialsPerTask: 4 });
    expect(plan.variance).toBeCloseTo(0.09975, 15);
    expect(plan.tasks).toBe(156);
    expect(plan.tasksWithUnlimitedTrials).toBe(100);
  });

  it('falls to the two-task minimum as its floor when trials are independent (r = 0)', () => {
    // k = 4, r = 0: σ² = 0.0525 → 84
    const plan = sampleSize({ type: 'width', p: 0.7, halfWidth: 0.05, trialsPerTask: 4, icc: 0 });
    expect(plan.tasks).toBe(84);
    expect(plan.tasksWithUnlimitedTrials).toBe(2);
  });

  it('gives NaN for a width outside (0, 1)', () => {
    expect(sampleSize({ type: 'width', p: 0.5, halfWidth: 0 }).tasks).toBeNaN();
  });
});

describe('sampleSize: many tasks', () => {
  it('keeps the t rule past 100 000 tasks, where a series replaces the exact t quantile', () => {
    // 0.5 → 0.502: σ_d² = 0.25 + 0.249996 = 0.499996; n₀ = 981 102.12 and
    // SciPy's t quantiles give 981 105.
    const plan = sampleSize({ type: 'difference', p: 0.5, delta: 0.002 });
    expect(plan.normalTasks).toBeCloseTo(981_102.118, 2);
    expect(plan.tasks).toBe(981_105);
  });
});
