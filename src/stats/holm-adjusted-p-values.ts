import { checkUnitValue } from './check-estimator-input.js';

/**
 * Holm's step-down adjustment of m p-values, for testing m hypotheses at
 * once with the family-wise error rate held at α: reject every hypothesis
 * whose adjusted p-value is below α, and the chance of rejecting any true
 * one is at most α, whatever the dependence between the tests. Sorted
 * ascending, the i-th smallest (from 1) gets max over j ≤ i of
 * min(1, (m − j + 1)·p_(j)); results come back in the input's order.
 * Uniformly more powerful than Bonferroni (m·p), which is its first step.
 *
 * Hand-worked example: [0.01, 0.04, 0.03, 0.005] sorted is 0.005, 0.01,
 * 0.03, 0.04; times 4, 3, 2, 1: 0.02, 0.03, 0.06, 0.04, and the running
 * maximum makes the last 0.06; in input order [0.03, 0.06, 0.06, 0.02].
 *
 * @example
 * holmAdjustedPValues([0.01, 0.04, 0.03, 0.005]); // [0.03, 0.06, 0.06, 0.02]
 *
 * Throws RangeError when a p-value is outside [0, 1] or NaN, naming its index.
 */
export function holmAdjustedPValues(pValues: readonly number[]): number[] {
  const count = pValues.length;
  pValues.forEach((p, index) =>
    checkUnitValue({ fn: 'holmAdjustedPValues', path: `pValues[${index}]` }, p),
  );
  const order = pValues.map((_, index) => index).sort((x, y) => pValues[x]! - pValues[y]!);
  const adjusted = new Array<number>(count).fill(0);
  let running = 0;
  order.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (count - rank) * pValues[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}
