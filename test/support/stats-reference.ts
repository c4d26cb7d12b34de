import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/**
 * The independently computed reference values (Python fractions and SciPy)
 * in test/fixtures/stats-reference.json, typed for the sections tests read.
 */
export interface StatsReference {
  readonly pass_at_k_and_pass_hat_k: {
    readonly cases: readonly {
      n: number;
      c: number;
      k: number;
      pass_at_k: number;
      pass_hat_k: number;
    }[];
  };
  readonly pass_hat_k_suite_example: {
    readonly tasks: readonly { n: number; c: number }[];
    readonly pass_hat_k: Readonly<Record<string, number>>;
  };
  readonly binomial_intervals_95: {
    readonly cases: readonly {
      n: number;
      c: number;
      wilson: [number, number];
      clopper_pearson: [number, number];
    }[];
  };
  readonly quantiles: {
    readonly normal: readonly { p: number; x: number }[];
    readonly student_t: readonly { p: number; df: number; x: number }[];
  };
  /** Per-task rates of two runs; differences are b − a. */
  readonly paired_comparison: {
    readonly cases: readonly {
      a: number[];
      b: number[];
      mean_difference: number;
      paired_t: { statistic: number; p_two_sided: number; ci95: [number, number] };
      /** Present where 2^n is small enough to enumerate. */
      sign_flip_permutation_p_two_sided_exact?: number;
    }[];
  };
  readonly mcnemar_exact: readonly { b: number; c: number; p_two_sided: number }[];
  readonly expected_calibration_error: {
    readonly confidence: readonly number[];
    readonly correct: readonly (0 | 1)[];
    readonly ece: number;
  };
}

export const statsReference = JSON.parse(
  readFileSync(new URL('../fixtures/stats-reference.json', import.meta.url), 'utf8'),
) as StatsReference;

/** Equal within the reference file's stated tolerance: 1e-12 relative (1e-15 absolute near 0). */
export function expectClose(actual: number | undefined, expected: number): void {
  expect(actual).toBeDefined();
  expect(Math.abs((actual ?? Number.NaN) - expected)).toBeLessThanOrEqual(
    Math.max(1e-12 * Math.abs(expected), 1e-15),
  );
}

/** Every k-subset of 0..n−1, as lists of indices (for brute-force enumeration). */
export function subsetsOf(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  const subsets: number[][] = [];
  for (let first = 0; first <= n - k; first += 1) {
    for (const rest of subsetsOf(n - first - 1, k - 1)) {
      subsets.push([first, ...rest.map((index) => index + first + 1)]);
    }
  }
  return subsets;
}

/** C(n, k) exactly. */
export function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** numerator / denominator as a double, from exact integers. */
export function exactRatio(numerator: bigint, denominator: bigint): number {
  return Number((numerator << 200n) / denominator) / 2 ** 200;
}
