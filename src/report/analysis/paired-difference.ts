import {
  hoeffdingInterval,
  pairedTTest,
  signFlipInterval,
  signFlipPermutationTest,
  studentTCdf,
  weightedPairedTTest,
} from '../../stats/index.js';
import type { PairedTTest } from '../../stats/index.js';
import type { PairedDifference } from './comparison.js';

/** One task's B − A rate difference and the valid trials behind each side. */
export interface TaskDifference {
  readonly difference: number;
  readonly trialsA: number;
  readonly trialsB: number;
  /** The task's weight in the suite's means (> 0); default 1. */
  readonly weight?: number;
}

/** The tasks' weights, or undefined when every task weighs the same (today's unweighted path). */
export function unequalWeights(
  tasks: readonly { readonly weight?: number }[],
): number[] | undefined {
  const weights = tasks.map((task) => task.weight ?? 1);
  return weights.every((weight) => weight === weights[0]) ? undefined : weights;
}

/** A rate difference lies in [−1, 1]. */
const BOUNDS = [-1, 1] as const;

/**
 * The mean of per-task differences with its 95% interval and p-value: the
 * paired t interval and test over tasks, unless the t-test is degenerate
 * (fewer than two tasks, or no spread, which gives t = ±∞ and p = 0 or a
 * zero-width interval). Then, exact instead (`sign-flip-hoeffding`, see
 * DifferenceMethod): the interval spanning the inverted sign-flip test's
 * over tasks and Hoeffding's over the trials of these tasks, and p the
 * larger of the two tests' (the exact sign-flip test's and Hoeffding's), so
 * that p < 0.05 exactly when the interval excludes 0. Each of the two
 * intervals covers on its own (the first the centre of the tasks'
 * differences, the second the mean difference on these very tasks), so
 * their hull covers both; it is the conservative choice. The paired t
 * interval is clamped to [−1, 1].
 *
 * When the tasks weigh unequally, the mean is the weighted mean of the
 * differences and the t-test {@link weightedPairedTTest}'s (the sandwich
 * variance, t on ⌊m_eff⌋ − 1 degrees of freedom). Its fallback is the same:
 * the sign-flip test and its inverted interval stay unweighted, which in
 * the two degenerate cases changes nothing (one task, or every difference
 * the same: only the all-plus and all-minus patterns reach the observed
 * sum, whatever the weights), and Hoeffding's terms are ±p_i/n_i.
 */
export function pairedDifference(
  tasks: readonly TaskDifference[],
  options: { seed: number },
): { difference: PairedDifference; tTest: PairedTTest } {
  const differences = tasks.map((task) => task.difference);
  const weights = unequalWeights(tasks);
  const tTest =
    weights === undefined ? pairedTTest(differences) : weightedPairedTTest(differences, weights);
  const spread = {
    tasks: tasks.length,
    standard_deviation: tTest.standardDeviation,
    standard_error: tTest.standardError,
  };
  const reason = degenerateReason(differences, tTest);
  if (reason === null) {
    return {
      tTest,
      difference: {
        estimand: 'task-population',
        value: tTest.mean,
        // The t interval knows no bounds; a rate difference lies in [−1, 1].
        ci95: [Math.max(BOUNDS[0], tTest.lower), Math.min(BOUNDS[1], tTest.upper)],
        p: tTest.p,
        p_worse: studentTCdf(tTest.t, tTest.degreesOfFreedom),
        method: 'paired-t',
        fallback_reason: null,
        ...spread,
      },
    };
  }
  return {
    tTest,
    difference: {
      estimand: 'task-population',
      ...exactDifference(tasks, options.seed),
      fallback_reason: reason,
      ...spread,
    },
  };
}

/** Why the paired t-test cannot be used here, or null when it can. */
function degenerateReason(differences: readonly number[], tTest: PairedTTest): string | null {
  if (differences.length === 0) return null;
  if (differences.length === 1) return 'one paired task: the t-test needs two';
  if (tTest.standardError > 0 && Number.isFinite(tTest.t)) return null;
  const common = (differences[0] ?? 0) * 100;
  const text = `${common > 0 ? '+' : ''}${common.toFixed(1)} pts`;
  return `every task's difference is the same (${text}): the t-test has no spread to work with`;
}

function exactDifference(
  tasks: readonly TaskDifference[],
  seed: number,
): Pick<PairedDifference, 'value' | 'ci95' | 'p' | 'p_worse' | 'method'> {
  const differences = tasks.map((task) => task.difference);
  const count = tasks.length;
  const weights = unequalWeights(tasks);
  const signFlip = signFlipPermutationTest(differences, { seed });
  const inverted = signFlipInterval(differences);
  let value: number;
  let sumSquaredRanges: number;
  if (weights === undefined) {
    value = differences.reduce((sum, difference) => sum + difference, 0) / count;
    // The mean difference is a sum over trials of ±1/(count·trials) terms.
    sumSquaredRanges =
      tasks.reduce((sum, task) => sum + 1 / task.trialsA + 1 / task.trialsB, 0) / count ** 2;
  } else {
    // Weighted, the terms are ±p_i/trials with shares p_i = w_i / Σ w.
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const shares = weights.map((weight) => weight / total);
    value = differences.reduce((sum, difference, i) => sum + shares[i]! * difference, 0);
    sumSquaredRanges = tasks.reduce(
      (sum, task, i) => sum + shares[i]! ** 2 * (1 / task.trialsA + 1 / task.trialsB),
      0,
    );
  }
  const hoeffding = hoeffdingInterval({ estimate: value, sumSquaredRanges, bounds: BOUNDS });
  const [lower, upper] =
    inverted.type === 'bounded' ? [inverted.lower, inverted.upper] : [BOUNDS[0], BOUNDS[1]];
  const p = Math.max(signFlip.p, hoeffding.p);
  return {
    value,
    ci95: [
      Math.max(BOUNDS[0], Math.min(lower, hoeffding.lower)),
      Math.min(BOUNDS[1], Math.max(upper, hoeffding.upper)),
    ],
    // The hull excludes 0 only when both intervals do, so its test is the
    // larger of their p-values; p and interval then never disagree.
    p,
    // Both tests are symmetric about 0: a one-sided p is half the two-sided one.
    p_worse: value < 0 ? p / 2 : value > 0 ? 1 - p / 2 : 0.5 + p / 2,
    method: 'sign-flip-hoeffding',
  };
}
