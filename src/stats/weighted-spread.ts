/**
 * The weighted mean of task estimates, the cluster-robust variance of that
 * mean and the effective number of tasks, for weights w_i (normalised to
 * shares p_i = w_i / Σ w):
 *
 *   v̄_w = Σ p_i·v_i
 *   V   = m/(m − 1) · Σ p_i²·(v_i − v̄_w)²   (the clustered "sandwich"
 *         variance of a weighted mean, with the small-sample factor)
 *   m_eff = 1 / Σ p_i²                       (Kish's effective number of tasks)
 *
 * With equal weights V = s²/m and m_eff = m: the unweighted figures,
 * exactly (equal weights are detected and take the unweighted path, so
 * rounding cannot move them).
 */
export function weightedSpread(
  estimates: readonly number[],
  weights?: readonly number[],
): { readonly value: number; readonly varianceOfMean: number; readonly effectiveTasks: number } {
  const tasks = estimates.length;
  const isEqual = weights === undefined || weights.every((weight) => weight === weights[0]);
  if (isEqual) {
    const value = estimates.reduce((sum, estimate) => sum + estimate, 0) / tasks;
    const squares = estimates.reduce((sum, estimate) => sum + (estimate - value) ** 2, 0);
    return {
      value,
      varianceOfMean: tasks > 1 ? squares / (tasks - 1) / tasks : Number.NaN,
      effectiveTasks: tasks,
    };
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = weights.map((weight) => weight / total);
  const value = estimates.reduce((sum, estimate, i) => sum + shares[i]! * estimate, 0);
  const spread = estimates.reduce(
    (sum, estimate, i) => sum + shares[i]! ** 2 * (estimate - value) ** 2,
    0,
  );
  return {
    value,
    varianceOfMean: tasks > 1 ? (tasks / (tasks - 1)) * spread : Number.NaN,
    effectiveTasks: 1 / shares.reduce((sum, share) => sum + share ** 2, 0),
  };
}
