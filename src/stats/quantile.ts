/**
 * The p-quantile of `values` by linear interpolation between order
 * statistics: position h = (count − 1)·p in the sorted list, interpolated
 * between its neighbours. This is Hyndman and Fan's type 7, the default of
 * NumPy (`method='linear'`) and R, so reports agree with a notebook.
 *
 * Returns NaN when `values` is empty or contains NaN, or when p is outside
 * [0, 1].
 *
 * @example
 * quantile([1, 2, 3, 4], 0.95); // 3.85: h = 2.85, between 3 and 4
 * quantile([1, 2, 3, 4], 0.5); // 2.5
 */
export function quantile(values: readonly number[], p: number): number {
  if (values.some(Number.isNaN)) return Number.NaN;
  return quantileSorted(Float64Array.from(values).sort(), p);
}

/**
 * {@link quantile} of values already sorted in ascending order, without
 * copying; for callers that take several quantiles of one sample.
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const count = sorted.length;
  if (count === 0 || !(p >= 0 && p <= 1)) return Number.NaN;
  const position = (count - 1) * p;
  const below = Math.floor(position);
  const lower = sorted[below] ?? Number.NaN;
  const upper = sorted[Math.min(below + 1, count - 1)] ?? Number.NaN;
  const fraction = position - below;
  // NumPy's lerp: interpolate from the nearer end so p = 1 lands exactly on the maximum.
  return fraction < 0.5
    ? lower + (upper - lower) * fraction
    : upper - (upper - lower) * (1 - fraction);
}
