import {
  hoeffdingInterval,
  pairedTTest,
  signFlipInterval,
  signFlipPermutationTest,
} from '../stats/index.js';
import type { PairedTTest } from '../stats/index.js';
import type { PairedDifference } from './comparison.js';

/** One task's B − A rate difference and the valid trials behind each side. */
export interface TaskDifference {
  readonly difference: number;
  readonly trialsA: number;
  readonly trialsB: number;
}

/** A rate difference lies in [−1, 1]. */
const BOUNDS = [-1, 1] as const;

/**
 * The mean of per-task differences with its 95% interval and p-value: the
 * paired t interval and test over tasks, unless the t-test is degenerate
 * (fewer than two tasks, or no spread, which gives t = ±∞ and p = 0 or a
 * zero-width interval). Then, exact instead (`sign-flip-hoeffding`, see
 * DifferenceMethod): p from the exact sign-flip test over tasks, and the
 * interval spanning the inverted sign-flip test's and Hoeffding's over the
 * trials of these tasks. Each of the two intervals covers on its own (the
 * first the centre of the tasks' differences, the second the mean
 * difference on these very tasks), so their hull covers both; it is the
 * conservative choice, and may hold 0 while p < 0.05.
 */
export function pairedDifference(
  tasks: readonly TaskDifference[],
  options: { seed: number },
): { difference: PairedDifference; tTest: PairedTTest } {
  const differences = tasks.map((task) => task.difference);
  const tTest = pairedTTest(differences);
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
        value: tTest.mean,
        ci95: [tTest.lower, tTest.upper],
        p: tTest.p,
        method: 'paired-t',
        fallback_reason: null,
        ...spread,
      },
    };
  }
  return {
    tTest,
    difference: { ...exactDifference(tasks, options.seed), fallback_reason: reason, ...spread },
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
): Pick<PairedDifference, 'value' | 'ci95' | 'p' | 'method'> {
  const differences = tasks.map((task) => task.difference);
  const count = tasks.length;
  const value = differences.reduce((sum, difference) => sum + difference, 0) / count;
  const signFlip = signFlipPermutationTest(differences, { seed });
  const inverted = signFlipInterval(differences);
  // The mean difference is a sum over trials of ±1/(count·trials) terms.
  const sumSquaredRanges =
    tasks.reduce((sum, task) => sum + 1 / task.trialsA + 1 / task.trialsB, 0) / count ** 2;
  const hoeffding = hoeffdingInterval({ estimate: value, sumSquaredRanges, bounds: BOUNDS });
  const [lower, upper] =
    inverted.type === 'bounded' ? [inverted.lower, inverted.upper] : [BOUNDS[0], BOUNDS[1]];
  return {
    value,
    ci95: [
      Math.max(BOUNDS[0], Math.min(lower, hoeffding.lower)),
      Math.min(BOUNDS[1], Math.max(upper, hoeffding.upper)),
    ],
    p: signFlip.p,
    method: 'sign-flip-hoeffding',
  };
}
