import { describe, expect, it } from 'vitest';
import { successRateInterval } from './success-rate-interval.js';
import { suitePassKIntervals } from './suite-pass-k-intervals.js';

describe('suitePassKIntervals', () => {
  it('equals the success-rate interval at k = 1', () => {
    const tasks = [
      { n: 4, c: 4 },
      { n: 4, c: 1 },
      { n: 6, c: 3 },
    ];
    const success = successRateInterval(tasks.map(({ n, c }) => ({ successes: c, trials: n })));
    const { passHatK, passAtK } = suitePassKIntervals(tasks);
    for (const interval of [passHatK[1]!, passAtK[1]!]) {
      expect(interval.lower).toBeCloseTo(success.lower, 14);
      expect(interval.upper).toBeCloseTo(success.upper, 14);
    }
  });

  it('gives an interval for every k up to the smallest trial count, never a point', () => {
    const { passHatK } = suitePassKIntervals([
      { n: 3, c: 3 },
      { n: 3, c: 3 },
    ]);
    expect(Object.keys(passHatK)).toEqual(['1', '2', '3']);
    for (const interval of Object.values(passHatK)) {
      expect(interval.upper).toBe(1);
      expect(interval.lower).toBeLessThan(1);
    }
  });

  it('throws a RangeError naming the task with impossible counts or the bad level', () => {
    expect(() =>
      suitePassKIntervals([
        { n: 4, c: 2 },
        { n: 3.5, c: 1 },
      ]),
    ).toThrow(
      new RangeError(
        'suitePassKIntervals: tasks[1].n is 3.5; it must be a whole number, 0 or more',
      ),
    );
    expect(() => suitePassKIntervals([{ n: 4, c: 2 }], { level: 0 })).toThrow(
      'suitePassKIntervals: options.level is 0;',
    );
  });

  it('gives no intervals, not an error, when a task has no trials', () => {
    expect(
      suitePassKIntervals([
        { n: 4, c: 2 },
        { n: 0, c: 0 },
      ]),
    ).toEqual({ passAtK: {}, passHatK: {} });
  });
});
