/**
 * n_K = Σ n_i² / N with N = Σ n_i: the trial-weighted mean trials per task
 * (Kish 1965), the task size that sets the design effect when tasks have
 * unequal trials. It equals n̄ when every task has n̄ trials and exceeds
 * the mean n̄ = N / m otherwise, since a trial of a large task has more
 * correlated siblings than a trial of a small one. NaN without trials.
 *
 * @example
 * kishTrialsPerTask([2, 3, 5]); // 3.8 (= 38 / 10; the mean is 3.33)
 */
export function kishTrialsPerTask(trialsPerTask: readonly number[]): number {
  let trials = 0;
  let sumOfSquares = 0;
  for (const n of trialsPerTask) {
    trials += n;
    sumOfSquares += n * n;
  }
  return trials === 0 ? Number.NaN : sumOfSquares / trials;
}

/**
 * The design effect of trials clustered within tasks with intra-task
 * correlation ρ: the factor by which the variance of a rate over N trials
 * exceeds that of N independent trials, so the N trials count as N / DE
 * independent ones. Kish's form for unequal trials per task:
 *
 *   DE = 1 + (n_K − 1)·ρ,   n_K = Σ n_i² / N   ({@link kishTrialsPerTask})
 *
 * `trialsPerTask` is either every task's trials (n_i) or a single k that
 * every task has (a plan), where n_K = k and DE = 1 + (k − 1)·ρ. With one
 * trial per task DE is 1 whatever ρ, even an unknown (NaN) one.
 *
 * @example
 * designEffect(4, 0.3); // 1.9
 * designEffect([2, 3, 5], 0.5); // 2.4 (the mean 3.33 trials per task would say 2.17)
 */
export function designEffect(trialsPerTask: number | readonly number[], icc: number): number {
  const taskSize =
    typeof trialsPerTask === 'number' ? trialsPerTask : kishTrialsPerTask(trialsPerTask);
  if (taskSize === 1) return 1;
  return 1 + (taskSize - 1) * icc;
}
