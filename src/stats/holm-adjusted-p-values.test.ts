import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import { expectClose } from '../../test/support/stats-reference.js';
import { compareReference } from '../../test/support/compare-reference.js';
import { holmAdjustedPValues } from './holm-adjusted-p-values.js';

describe('holmAdjustedPValues', () => {
  it("matches the reference adjustments (statsmodels' 'holm', by hand in Python)", () => {
    expect(compareReference.holm.length).toBeGreaterThanOrEqual(5);
    for (const { p, holm } of compareReference.holm) {
      holmAdjustedPValues(p).forEach((value, index) => expectClose(value, holm[index] ?? NaN));
    }
  });

  it('matches the hand-worked example', () => {
    const adjusted = holmAdjustedPValues([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((value, index) =>
      expect(adjusted[index]).toBeCloseTo(value, 15),
    );
  });

  it('gives an empty list for no p-values and refuses a p-value out of [0, 1]', () => {
    expect(holmAdjustedPValues([])).toEqual([]);
    expect(() => holmAdjustedPValues([0.2, Number.NaN])).toThrow(
      new RangeError('holmAdjustedPValues: pValues[1] is NaN; it must be a number from 0 to 1'),
    );
    expect(() => holmAdjustedPValues([1.2])).toThrow(/pValues\[0\] is 1\.2/);
  });

  it('rejects any of 20 true hypotheses at most 5% of the time (simulated, uniform p-values)', () => {
    const rng = createRng(7);
    const replicates = 4000;
    let anyRejected = 0;
    for (let replicate = 0; replicate < replicates; replicate += 1) {
      const p = Array.from({ length: 20 }, () => rng.next());
      if (holmAdjustedPValues(p).some((value) => value < 0.05)) anyRejected += 1;
    }
    // Only the smallest p-value decides whether any is rejected: 1 − (1 − 0.05/20)^20 = 4.88%
    // with independent uniforms; three standard errors over 4000 replicates are 1.0%.
    expect(anyRejected / replicates).toBeLessThanOrEqual(0.06);
    expect(anyRejected / replicates).toBeGreaterThanOrEqual(0.039);
  });
});
