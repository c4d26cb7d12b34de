import { describe, expect, it } from 'vitest';
import { simulateCalibration } from '../../test/support/simulate-calibration.js';
import { createRng } from '../core/index.js';
import { eceUpperBound } from './ece-upper-bound.js';
import { expandedZ } from './expanded-z.js';
import { expectedCalibrationError } from './expected-calibration-error.js';
import { normalCdf } from './normal-cdf.js';
import { quantile } from './quantile.js';

const right = (confidence: number) => ({ confidence, correct: true });
const wrong = (confidence: number) => ({ confidence, correct: false });

describe('eceUpperBound', () => {
  it('gives the pooled ECE as its value: 0.9 said twice, right once → 0.4', () => {
    const bound = eceUpperBound([[right(0.9)], [wrong(0.9)]], { seed: 1 });
    expect(bound.value).toBeCloseTo(0.4, 15);
    expect(bound).toMatchObject({
      tasks: 2,
      predictions: 2,
      method: 'cluster-bootstrap-expanded-percentile-one-sided',
    });
    // A resample of the two tasks has ECE 0.1 (two right), 0.9 (two wrong) or 0.4: the top is 0.9.
    expect(bound.upper).toBeCloseTo(0.9, 12);
  });

  it('gives no bound for one task, none for no predictions, and refuses a bad confidence', () => {
    expect(eceUpperBound([[right(0.9), wrong(0.9)]], { seed: 1 })).toMatchObject({
      method: 'single-task',
    });
    expect(eceUpperBound([[right(0.9), wrong(0.9)]], { seed: 1 }).upper).toBeNaN();
    expect(eceUpperBound([[], []], { seed: 1 }).method).toBe('no-predictions');
    expect(() => eceUpperBound([[right(0.5)], [right(1.5)]], { seed: 1 })).toThrow(
      new RangeError(
        'eceUpperBound: tasks[1][0].confidence is 1.5; it must be a number from 0 to 1',
      ),
    );
    const two = [[right(0.9)], [wrong(0.9)]];
    expect(() => eceUpperBound(two, { seed: 1, confidence: 95 })).toThrow(
      /options\.confidence is 95/,
    );
    expect(() => eceUpperBound(two, { seed: 1, resamples: 0.5 })).toThrow(
      /options\.resamples is 0\.5/,
    );
  });

  it('is the same for the same seed', () => {
    const suite = simulateCalibration(createRng(3), {
      tasks: 12,
      trials: 4,
      a: 2,
      b: 2,
      confidence: Math.sqrt,
    });
    expect(eceUpperBound(suite, { seed: 9 })).toEqual(eceUpperBound(suite, { seed: 9 }));
  });

  it('is the percentile of the ECE of task lists drawn with replacement, drawn as documented', () => {
    // Confidences in a few bins only, and in every bin, with tasks of different sizes; and a
    // suite whose tasks come twice each (equal rows of bin sums, counted together).
    for (const [confidence, copies] of [
      [(x: number) => 0.35 + x / 10, 1],
      [Math.sqrt, 1],
      [Math.sqrt, 2],
    ] as const) {
      const once = simulateCalibration(createRng(4), {
        tasks: 15,
        trials: 5,
        a: 2,
        b: 3,
        confidence,
      });
      const suite = Array.from({ length: copies }, () => once).flat();
      const resamples = 300;
      const rng = createRng(21);
      const replicates = Array.from({ length: resamples }, () => {
        const drawn = Array.from({ length: suite.length }, () =>
          Math.floor(rng.next() * suite.length),
        );
        return expectedCalibrationError(
          drawn.flatMap((task) => suite[task]!),
          10,
        ).ece;
      });
      const level = normalCdf(-expandedZ(2 * 0.95 - 1, suite.length));
      expect(eceUpperBound(suite, { seed: 21, resamples }).upper).toBeCloseTo(
        quantile(replicates, level),
        12,
      );
    }
  });
});
