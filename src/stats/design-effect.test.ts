import { describe, expect, it } from 'vitest';
import { designEffect, kishTrialsPerTask } from './design-effect.js';
import { intraTaskCorrelation } from './intra-task-correlation.js';

/**
 * The variance of the mean of N unit-variance trials, correlated ρ within
 * a task and independent across tasks, over that of N independent trials:
 * the sum of every entry of the N × N correlation matrix, divided by N.
 */
function bruteForceDesignEffect(trialsPerTask: readonly number[], icc: number): number {
  const task = trialsPerTask.flatMap((n, index) => Array<number>(n).fill(index));
  let sum = 0;
  for (const a of task.keys()) {
    for (const b of task.keys()) {
      sum += a === b ? 1 : task[a] === task[b] ? icc : 0;
    }
  }
  return sum / task.length;
}

describe('designEffect', () => {
  it('is 1 + (k − 1)·ρ for k trials of every task', () => {
    expect(designEffect(4, 0.3)).toBeCloseTo(1.9, 15);
    expect(designEffect([4, 4, 4], 0.3)).toBeCloseTo(1.9, 15);
    expect(designEffect(5, 0)).toBe(1);
    expect(designEffect(5, 1)).toBe(5);
  });

  it('takes Kish’s Σn²/N, not the mean, as the task size when trials are unequal', () => {
    // Tasks of 2, 3 and 5 trials: N = 10, Σn² = 4 + 9 + 25 = 38, n_K = 3.8,
    // while the mean is 10/3. At ρ = 0.5: DE = 1 + 2.8·0.5 = 2.4, where the
    // mean would give 1 + (7/3)·0.5 = 2.1667.
    expect(kishTrialsPerTask([2, 3, 5])).toBeCloseTo(3.8, 15);
    expect(designEffect([2, 3, 5], 0.5)).toBeCloseTo(2.4, 15);
    expect(designEffect(10 / 3, 0.5)).toBeCloseTo(2.1667, 4);
    expect(designEffect([2, 3, 5], 0.5)).toBeCloseTo(bruteForceDesignEffect([2, 3, 5], 0.5), 12);
    expect(designEffect([1, 1, 6, 12], 0.2)).toBeCloseTo(
      bruteForceDesignEffect([1, 1, 6, 12], 0.2),
      12,
    );
  });

  it('is 1 with one trial per task, whatever ρ', () => {
    expect(designEffect(1, 0.3)).toBe(1);
    expect(designEffect([1, 1, 1], Number.NaN)).toBe(1);
  });

  it('is NaN without trials or with an unknown ρ', () => {
    expect(designEffect([], 0.3)).toBeNaN();
    expect(designEffect([3, 3], Number.NaN)).toBeNaN();
  });

  it('is the design effect the intra-task correlation reports', () => {
    // The worked example of intra-task-correlation.test.ts: tasks 2/2, 0/3, 3/5,
    // ρ̂ = (0.65 − 1.2/7) / (0.65 + 2.1·1.2/7) = 0.47383; DE = 1 + 2.8·ρ̂ = 2.32673
    // (the mean trials per task would give 1 + (7/3)·ρ̂ = 2.10561).
    const estimate = intraTaskCorrelation([
      { successes: 2, trials: 2 },
      { successes: 0, trials: 3 },
      { successes: 3, trials: 5 },
    ]);
    expect(estimate.icc).toBeCloseTo(0.47383, 5);
    expect(estimate.designEffect).toBeCloseTo(2.32673, 5);
  });
});
