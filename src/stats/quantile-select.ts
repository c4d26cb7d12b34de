/**
 * The k-th smallest of `values` (0-based), found by Hoare's selection in
 * place: linear time on average where a sort takes n·log n. The array is
 * reordered; the k smallest end up before index k.
 */
function selectInPlace(values: Float64Array, k: number): number {
  let left = 0;
  let right = values.length - 1;
  while (left < right) {
    const pivot = values[(left + right) >> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! < pivot) i += 1;
      while (values[j]! > pivot) j -= 1;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return values[k]!;
}

/**
 * The same p-quantile as `quantileSorted` (linear interpolation between
 * order statistics, NumPy's default) of values that are not sorted,
 * without sorting them: for a tail quantile of thousands of draws. The
 * array is reordered. NaN for no values or p outside [0, 1]; values must
 * not be NaN.
 *
 * @example quantileSelect(Float64Array.from([4, 1, 3, 2]), 0.95); // 3.85
 */
export function quantileSelect(values: Float64Array, p: number): number {
  const count = values.length;
  if (count === 0 || !(p >= 0 && p <= 1)) return Number.NaN;
  const position = (count - 1) * p;
  const below = Math.floor(position);
  const lower = selectInPlace(values, below);
  let upper = lower;
  if (below + 1 < count) {
    upper = Number.POSITIVE_INFINITY;
    for (let index = below + 1; index < count; index += 1)
      if (values[index]! < upper) upper = values[index]!;
  }
  const fraction = position - below;
  return fraction < 0.5
    ? lower + (upper - lower) * fraction
    : upper - (upper - lower) * (1 - fraction);
}
