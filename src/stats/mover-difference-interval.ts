/** One rate with its own two-sided interval (a Wilson interval, or a suite rate's `successRateInterval`). */
export interface RateWithInterval {
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
}

export interface MoverDifferenceInterval {
  /** a − b. */
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
}

/**
 * The interval of a − b for two independently estimated rates, recovered
 * from each rate's own interval (MOVER, "method of variance estimates
 * recovery": Zou and Donner, Statistics in Medicine 27, 2008). With
 * Wilson intervals in, it is Newcombe's hybrid score interval (method 10
 * of Newcombe, Statistics in Medicine 17, 1998):
 *
 *   lower = (a − b) − √((a − l_a)² + (u_b − b)²)
 *   upper = (a − b) + √((u_a − a)² + (b − l_b)²)
 *
 * It inherits what the rates' intervals do well: bounds that stay in
 * [−1, 1], and a positive width whenever each interval has one (two rates
 * that are both 100% still give an interval around 0, not a point).
 * It treats the two estimates as independent; when the same clusters
 * feed both and their rates move together (a positive correlation) it is
 * conservative.
 *
 * Hand-worked example (Newcombe 1998, Table II, example (a)): 56/70
 * against 48/80, Wilson intervals [0.6917, 0.8778] and [0.4908, 0.6999]:
 * 0.2 − √(0.1083² + 0.0999²) = 0.0524 and 0.2 + √(0.0778² + 0.1092²) = 0.3339.
 *
 * A NaN in any input gives NaN bounds.
 *
 * @example
 * moverDifferenceInterval(
 *   { value: 0.8, ...wilsonInterval(56, 70) },
 *   { value: 0.6, ...wilsonInterval(48, 80) },
 * ); // { value: 0.2, lower: 0.0524…, upper: 0.3339… }
 */
export function moverDifferenceInterval(
  a: RateWithInterval,
  b: RateWithInterval,
): MoverDifferenceInterval {
  const value = a.value - b.value;
  return {
    value,
    lower: Math.max(-1, value - Math.hypot(a.value - a.lower, b.upper - b.value)),
    upper: Math.min(1, value + Math.hypot(a.upper - a.value, b.value - b.lower)),
  };
}
