import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import type { Rng } from '../core/index.js';
import { sampleBeta } from '../testing/sample-beta.js';
import { boundedMeanInterval } from './bounded-mean-interval.js';
import { taskMeanInterval } from './task-mean-interval.js';

describe('boundedMeanInterval', () => {
  it('is the task-mean interval of the task means', () => {
    const interval = boundedMeanInterval([[1, 0.5], [0.25, 0.25], [0.75], []]);
    const reference = taskMeanInterval([0.75, 0.25, 0.75], { maxEffectiveTrials: 5 });
    expect(interval).toEqual({
      value: reference.value,
      lower: reference.lower,
      upper: reference.upper,
      method: 'pseudo-task-bootstrap',
      tasks: 3,
      trials: 5,
    });
    expect(interval.value).toBeCloseTo(1.75 / 3, 15);
  });

  it('weighs each task by its weight, as the weighted success rate does; equal weights change nothing', () => {
    const values = [[1, 0.5], [0.25, 0.25], [], [0.75]];
    // Task means 0.75, 0.25 and 0.75 with weights 1, 3 and 1 (the empty task's 5 is left out with it).
    const weighted = boundedMeanInterval(values, { weights: [1, 3, 5, 1] });
    expect(weighted.value).toBeCloseTo((0.75 + 3 * 0.25 + 0.75) / 5, 15);
    // The weighted clustered interval, its cap scaled by Kish's share (Σw)²/(m·Σw²) = 25/33.
    const reference = taskMeanInterval([0.75, 0.25, 0.75], {
      maxEffectiveTrials: (5 * 25) / 33,
      weights: [1, 3, 1],
    });
    expect(weighted).toMatchObject({
      lower: reference.lower,
      upper: reference.upper,
      tasks: 3,
      trials: 5,
    });
    expect(boundedMeanInterval(values, { weights: [1, 1, 1, 1] })).toEqual(
      boundedMeanInterval(values),
    );
    expect(() => boundedMeanInterval(values, { weights: [1, 3] })).toThrow(
      'boundedMeanInterval: options.weights.length is 2; give one weight per entry of valuesByTask (4)',
    );
    expect(() => boundedMeanInterval(values, { weights: [1, 0, 1, 1] })).toThrow(
      new RangeError(
        "boundedMeanInterval: options.weights[1] is 0; a task's weight must be a finite number above 0",
      ),
    );
  });

  it('throws on a value outside [0, 1], naming its task and place', () => {
    expect(() => boundedMeanInterval([[1], [0.5, 1.5]])).toThrow(
      new RangeError(
        'boundedMeanInterval: valuesByTask[1][1] is 1.5; it must be a number from 0 to 1',
      ),
    );
    expect(() => boundedMeanInterval([[0.5, Number.NaN]])).toThrow(
      'boundedMeanInterval: valuesByTask[0][1] is NaN;',
    );
  });

  it('gives NaN, not an error, for no tasks', () => {
    expect(boundedMeanInterval([]).method).toBe('no-tasks');
    expect(boundedMeanInterval([[], []]).value).toBeNaN();
  });

  /**
   * Partial scores as sub-goals make them: each task has its own chance of
   * meeting each sub-goal (Beta-distributed over tasks), a trial meets each
   * by a coin with that chance, and its score is the met weight over the
   * total weight. The true mean is Σ w·E[p] / Σ w.
   */
  function simulateRun(rng: Rng, tasks: number, trials: number): number[][] {
    const weights = [1, 3, 1, 1];
    // Means 0.8, 0.5, 0.25 and 0.5, spread widely over tasks: trials of a task agree.
    const shapes: [number, number][] = [
      [0.8, 0.2],
      [0.5, 0.5],
      [0.25, 0.75],
      [0.5, 0.5],
    ];
    return Array.from({ length: tasks }, () => {
      const chances = shapes.map(([a, b]) => sampleBeta(rng, a, b));
      return Array.from({ length: trials }, () => {
        const met = weights.reduce(
          (sum, weight, index) => sum + (rng.chance(chances[index]!) ? weight : 0),
          0,
        );
        return met / 6;
      });
    });
  }
  const trueMean = (1 * 0.8 + 3 * 0.5 + 1 * 0.25 + 1 * 0.5) / 6;

  it.each([
    [20, 4],
    [8, 3],
  ])(
    'covers the true mean in at least 90%% of 200 simulated runs (%i tasks, k = %i)',
    (tasks, k) => {
      const rng = createRng(1906 + tasks);
      let covered = 0;
      const runs = 200;
      for (let run = 0; run < runs; run += 1) {
        const interval = boundedMeanInterval(simulateRun(rng, tasks, k));
        if (interval.lower <= trueMean && trueMean <= interval.upper) covered += 1;
      }
      expect(covered / runs).toBeGreaterThanOrEqual(0.9);
    },
  );
});
