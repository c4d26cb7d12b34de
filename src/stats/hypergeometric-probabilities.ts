export interface HypergeometricInput {
  /** Items in all (N). */
  readonly population: number;
  /** Items among them that are successes (K). */
  readonly successes: number;
  /** Items drawn without replacement (n). */
  readonly draws: number;
}

export interface HypergeometricProbabilities {
  /** The least number of successes a draw can hold, max(0, n − (N − K)). */
  readonly low: number;
  /** P(X = low + i) for each possible count, in order. */
  readonly probabilities: readonly number[];
}

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let k = logFactorials.length; k <= n; k += 1) {
    logFactorials.push(logFactorials[k - 1]! + Math.log(k));
  }
  return logFactorials[n]!;
}

const logChoose = (n: number, k: number): number =>
  logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/**
 * The hypergeometric distribution: the number X of successes among n items
 * drawn without replacement from N of which K are successes, P(X = x) =
 * C(K, x)·C(N − K, n − x) / C(N, n). Given a task's pooled successes, B's
 * count among its n_B trials has this law when A and B share one rate
 * (N = n_A + n_B, K = c_A + c_B, n = n_B): the null of Fisher's exact test
 * and of {@link stratifiedPermutationTest}.
 *
 * Hand-worked example: N = 16, K = 8, n = 8: P(X = 0) = 1/C(16, 8) =
 * 1/12 870 and P(X = 4) = C(8, 4)²/12 870 = 4 900/12 870.
 *
 * Counts must be whole, with 0 ≤ K ≤ N and 0 ≤ n ≤ N.
 *
 * @example
 * hypergeometricProbabilities({ population: 4, successes: 2, draws: 2 });
 * // { low: 0, probabilities: [1/6, 4/6, 1/6] }
 */
export function hypergeometricProbabilities(
  input: HypergeometricInput,
): HypergeometricProbabilities {
  const { population, successes, draws } = input;
  const low = Math.max(0, draws - (population - successes));
  const high = Math.min(successes, draws);
  const logTotal = logChoose(population, draws);
  const probabilities: number[] = [];
  for (let x = low; x <= high; x += 1) {
    probabilities.push(
      Math.exp(logChoose(successes, x) + logChoose(population - successes, draws - x) - logTotal),
    );
  }
  return { low, probabilities };
}
