import { describe, expect, it } from 'vitest';
import { expectClose, statsReference } from '../../test/support/stats-reference.js';
import { pairedTTest } from './paired-t-test.js';

const differencesOf = (a: readonly number[], b: readonly number[]): number[] =>
  b.map((value, index) => value - (a[index] ?? Number.NaN));

describe('pairedTTest', () => {
  it('matches SciPy ttest_rel and its 95% interval on the reference cases', () => {
    const { cases } = statsReference.paired_comparison;
    expect(cases.length).toBeGreaterThanOrEqual(3);
    for (const { a, b, mean_difference, paired_t } of cases) {
      const test = pairedTTest(differencesOf(a, b));
      expectClose(test.mean, mean_difference);
      expectClose(test.t, paired_t.statistic);
      expectClose(test.p, paired_t.p_two_sided);
      expectClose(test.lower, paired_t.ci95[0]);
      expectClose(test.upper, paired_t.ci95[1]);
      expect(test.degreesOfFreedom).toBe(a.length - 1);
    }
  });

  it('matches the hand-worked example: t = √6 on 3 degrees of freedom', () => {
    const test = pairedTTest([0.5, 0, 0.25, 0.25]);
    expect(test.mean).toBe(0.25);
    expectClose(test.standardDeviation, Math.sqrt(1 / 24));
    expectClose(test.t, Math.sqrt(6));
    // ν = 3 closed form: p = 1 − 2(θ + sinθ·cosθ)/π with θ = atan(√2), sinθ·cosθ = √2/3.
    expectClose(test.p, 1 - (2 * (Math.atan(Math.SQRT2) + Math.SQRT2 / 3)) / Math.PI);
  });

  it('gives p = 1 and a zero-width interval when every difference is 0', () => {
    expect(pairedTTest([0, 0, 0])).toMatchObject({ t: 0, p: 1, lower: 0, upper: 0 });
  });

  it('gives p = 0 when every difference is the same non-zero value', () => {
    expect(pairedTTest([-0.25, -0.25, -0.25])).toMatchObject({ t: -Infinity, p: 0 });
  });

  it('is NaN with fewer than two differences', () => {
    const test = pairedTTest([0.5]);
    expect(test.mean).toBe(0.5);
    expect(test.p).toBeNaN();
    expect(test.lower).toBeNaN();
    expect(pairedTTest([]).mean).toBeNaN();
  });

  it('refuses a difference that is not finite and a confidence outside (0, 1), naming them', () => {
    expect(() => pairedTTest([0.5, Number.NaN, 0])).toThrow(
      'pairedTTest: differences[1] is NaN; a difference must be a finite number',
    );
    expect(() => pairedTTest([0.5, 0], { confidence: 1 })).toThrow(
      'pairedTTest: options.confidence is 1;',
    );
  });

  it('widens with the confidence level', () => {
    const differences = [0.5, 0, 0.25, 0.25, -0.25];
    const narrow = pairedTTest(differences, { confidence: 0.8 });
    const wide = pairedTTest(differences, { confidence: 0.99 });
    expect(wide.upper - wide.lower).toBeGreaterThan(narrow.upper - narrow.lower);
  });
});
