import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clopperPearsonInterval } from './clopper-pearson-interval.js';

interface ReferenceCase {
  readonly n: number;
  readonly c: number;
  readonly clopper_pearson: readonly [number, number];
}
/** Computed independently with SciPy (shared/reference, copied into the fixtures). */
const reference = JSON.parse(
  readFileSync(new URL('../../test/fixtures/stats-reference.json', import.meta.url), 'utf8'),
) as { binomial_intervals_95: { cases: ReferenceCase[] } };

describe('clopperPearsonInterval', () => {
  it('matches SciPy for every reference case', () => {
    const cases = reference.binomial_intervals_95.cases;
    expect(cases.length).toBeGreaterThan(20);
    for (const {
      n,
      c,
      clopper_pearson: [lower, upper],
    } of cases) {
      const interval = clopperPearsonInterval(c, n);
      expect(interval.lower, `${c}/${n}`).toBeCloseTo(lower, 10);
      expect(interval.upper, `${c}/${n}`).toBeCloseTo(upper, 10);
    }
  });

  it('covers every true rate at least 95% of the time, by exact binomial enumeration (n = 17)', () => {
    const n = 17;
    const intervals = Array.from({ length: n + 1 }, (_, c) => clopperPearsonInterval(c, n));
    for (let rate = 0.005; rate < 1; rate += 0.01) {
      let coverage = 0;
      let probability = (1 - rate) ** n;
      for (let c = 0; c <= n; c++) {
        const { lower, upper } = intervals[c]!;
        if (lower <= rate && rate <= upper) coverage += probability;
        probability *= ((n - c) / (c + 1)) * (rate / (1 - rate));
      }
      expect(coverage, `rate ${rate}`).toBeGreaterThanOrEqual(0.95 - 1e-9);
    }
  });

  it('is never a point and is NaN without trials', () => {
    expect(clopperPearsonInterval(4, 4).lower).toBeCloseTo(0.025 ** (1 / 4), 12);
    expect(clopperPearsonInterval(0, 4).upper).toBeCloseTo(1 - 0.025 ** (1 / 4), 12);
    expect(clopperPearsonInterval(0, 0).lower).toBeNaN();
  });

  it('throws a RangeError naming the argument for impossible counts', () => {
    expect(() => clopperPearsonInterval(5, 4)).toThrow(
      new RangeError(
        'clopperPearsonInterval: successes is 5; it must be a number from 0 to trials (4)',
      ),
    );
    expect(() => clopperPearsonInterval(1, 4, 95)).toThrow(
      'clopperPearsonInterval: confidence is 95;',
    );
  });
});
