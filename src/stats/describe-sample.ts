import { mean } from './mean.js';
import { quantileSorted } from './quantile.js';

/** A one-line summary of a sample, in the unit of its values. */
export interface Description {
  readonly count: number;
  readonly mean: number;
  /** Median, by linear interpolation (see {@link quantile}). */
  readonly p50: number;
  /** 95th percentile, by linear interpolation (see {@link quantile}). */
  readonly p95: number;
  readonly min: number;
  readonly max: number;
}

/**
 * Count, mean, median, 95th percentile and range of a sample, such as
 * per-trial durations in milliseconds or costs in USD, for a scorecard.
 * Sorts once for all order statistics.
 *
 * An empty sample gives count 0 and NaN everywhere else, so a missing
 * measurement is never reported as 0. A sample containing NaN gives NaN
 * statistics with the true count.
 *
 * @example
 * describeSample([120, 80, 100, 300]);
 * // { count: 4, mean: 150, p50: 110, p95: 273, min: 80, max: 300 }
 */
export function describeSample(values: readonly number[]): Description {
  const count = values.length;
  if (count === 0 || values.some(Number.isNaN)) {
    const nan = Number.NaN;
    return { count, mean: nan, p50: nan, p95: nan, min: nan, max: nan };
  }
  const sorted = Float64Array.from(values).sort();
  return {
    count,
    mean: mean(values),
    p50: quantileSorted(sorted, 0.5),
    p95: quantileSorted(sorted, 0.95),
    min: sorted[0] ?? Number.NaN,
    max: sorted[count - 1] ?? Number.NaN,
  };
}
