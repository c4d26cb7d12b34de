import { checkFinite, checkLevel } from './check-estimator-input.js';

export interface SignFlipIntervalOptions {
  /** Two-sided confidence level, in (0, 1); default 0.95. */
  readonly confidence?: number;
}

/**
 * The interval, or why it has no finite ends. `bounded`: the shifts the
 * test keeps. `unbounded`: too few differences for the test ever to reject
 * at this level (2/2^n ≥ α), so every shift is kept. `too-many`: past
 * {@link MAX_SIGN_FLIP_INTERVAL_DIFFERENCES} differences that are not all
 * equal, the subset means are not enumerated.
 */
export type SignFlipInterval =
  | { readonly type: 'bounded'; readonly lower: number; readonly upper: number }
  | { readonly type: 'unbounded' }
  | { readonly type: 'too-many' };

/** Up to this many differences every one of the 2^n − 1 subset means is enumerated. */
export const MAX_SIGN_FLIP_INTERVAL_DIFFERENCES = 20;

/**
 * The confidence interval of the centre of symmetry δ of paired
 * differences got by inverting the exact sign-flip test (see
 * signFlipPermutationTest): every δ at which the test of d_i − δ has a
 * two-sided p-value of at least α = 1 − confidence. Under "the differences
 * are symmetric about δ" it covers δ with probability at least the
 * confidence, with no other assumption.
 *
 * The p-value at δ changes only where δ is the mean of a subset of the
 * differences: flipping the signs of a subset S moves Σ(d_i − δ) past its
 * observed value exactly when mean(S) is on the far side of δ. So with the
 * m = 2^n − 1 subset means sorted, M_(1) ≤ … ≤ M_(m), and j the smallest
 * whole number with j ≥ α·2^(n−1) − 1, the interval is [M_(j), M_(m+1−j)]
 * (Hartigan 1969); when j ≤ 0 the test never rejects and the interval is
 * unbounded (n ≤ 5 at 95%). When every difference is the same value c the
 * subset means are all c and, with 6 or more differences, the interval is
 * [c, c]: the test sees no spread to doubt c with.
 *
 * Hand-worked example: [0.1, 0.4, 0.3, 0.8, 0.2, 0.5, 0.6, 0.05] at 95%:
 * α·2^7 − 1 = 5.4, so j = 6. The smallest subset means are 0.05 {0.05},
 * 0.075 {0.05, 0.1}, 0.1 {0.1}, 0.1167 {0.05, 0.1, 0.2}, 0.125 {0.05, 0.2}
 * and 0.15 {0.1, 0.2}; the largest 0.8 {0.8}, 0.7 {0.8, 0.6}, 0.65 {0.8,
 * 0.5}, 0.6333 {0.8, 0.6, 0.5}, 0.6 {0.8, 0.4} and 0.6 {0.8, 0.6, 0.4}: the
 * interval is [0.15, 0.6].
 *
 * @example
 * signFlipInterval([0.1, 0.4, 0.3, 0.8, 0.2, 0.5, 0.6, 0.05]);
 * // { type: 'bounded', lower: 0.15, upper: 0.6 }
 */
export function signFlipInterval(
  differences: readonly number[],
  options: SignFlipIntervalOptions = {},
): SignFlipInterval {
  const confidence = options.confidence ?? 0.95;
  const fn = 'signFlipInterval';
  differences.forEach((difference, index) =>
    checkFinite({ fn, path: `differences[${index}]` }, difference),
  );
  checkLevel({ fn, path: 'options.confidence' }, confidence);
  const count = differences.length;
  const alpha = 1 - confidence;
  // The smallest count of subset means beyond δ that keeps δ (p ≥ α).
  const j = Math.ceil(alpha * 2 ** (count - 1) - 1 - 1e-12);
  if (count === 0 || j <= 0) return { type: 'unbounded' };
  const first = differences[0] ?? 0;
  if (differences.every((difference) => difference === first)) {
    return { type: 'bounded', lower: first, upper: first };
  }
  if (count > MAX_SIGN_FLIP_INTERVAL_DIFFERENCES) return { type: 'too-many' };
  const means = subsetMeans(differences).sort();
  return {
    type: 'bounded',
    lower: means[j - 1] ?? Number.NaN,
    upper: means[means.length - j] ?? Number.NaN,
  };
}

/** The mean of each of the 2^n − 1 non-empty subsets. */
function subsetMeans(values: readonly number[]): Float64Array {
  const size = 2 ** values.length;
  const sums = new Float64Array(size);
  const sizes = new Uint8Array(size);
  for (let bit = 0; bit < values.length; bit += 1) {
    const value = values[bit] ?? 0;
    const step = 2 ** bit;
    for (let subset = 0; subset < step; subset += 1) {
      sums[step + subset] = (sums[subset] ?? 0) + value;
      sizes[step + subset] = (sizes[subset] ?? 0) + 1;
    }
  }
  const means = new Float64Array(size - 1);
  for (let subset = 1; subset < size; subset += 1) {
    means[subset - 1] = (sums[subset] ?? 0) / (sizes[subset] ?? 1);
  }
  return means;
}
