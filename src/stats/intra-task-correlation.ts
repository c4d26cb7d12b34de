import { designEffect, kishTrialsPerTask } from './design-effect.js';
import { checkObservedTasks } from './check-estimator-input.js';

/** Successes out of valid trials of one task. */
export interface TaskCounts {
  readonly successes: number;
  readonly trials: number;
}

/**
 * Why the correlation could not be estimated: fewer than two tasks, no
 * task with two or more trials (the within-task spread is unseen), or
 * every trial with the same outcome (no spread at all to divide).
 */
export type IntraTaskCorrelationStatus =
  'estimated' | 'too-few-tasks' | 'one-trial-per-task' | 'no-variation';

export interface IntraTaskCorrelation {
  /**
   * ρ̂, the one-way ANOVA estimate of the correlation of two trial
   * outcomes of the same task, clipped to [0, 1]; NaN unless `status` is
   * `estimated`.
   */
  readonly icc: number;
  /** The estimate before clipping (the ANOVA estimator can fall below 0 by chance). */
  readonly rawIcc: number;
  /**
   * 1 + (n_K − 1)·ρ̂ with n_K = Σ n_i² / N ({@link designEffect}, Kish's
   * form): how many times the variance of a rate over the trials exceeds
   * that of as many independent trials. 1 when every task has one trial;
   * NaN when ρ̂ is NaN and some task has more than one.
   */
  readonly designEffect: number;
  readonly tasks: number;
  readonly trials: number;
  /** n̄, the mean valid trials per task. */
  readonly meanTrialsPerTask: number;
  /** n_K = Σ n_i² / N, the trial-weighted mean trials per task (n̄ when all are equal). */
  readonly kishTrialsPerTask: number;
  readonly status: IntraTaskCorrelationStatus;
}

/**
 * The intra-task correlation of binary trial outcomes, by one-way analysis
 * of variance with unequal trials per task (Fleiss, Levin and Paik,
 * Statistical Methods for Rates and Proportions, 3rd ed., §15.5; Donner
 * 1986). With m tasks, n_i trials and rate p̂_i of task i, N = Σ n_i and
 * p̄ = Σ n_i·p̂_i / N:
 *
 *   MSB = Σ n_i (p̂_i − p̄)² / (m − 1)
 *   MSW = Σ n_i p̂_i (1 − p̂_i) / (N − m)
 *   n₀  = (N − Σ n_i² / N) / (m − 1)
 *   ρ̂   = (MSB − MSW) / (MSB + (n₀ − 1)·MSW)
 *
 * ρ̂ near 1 means a task's trials agree (an agent that fails a task fails
 * it every time); near 0, they vary as independently as coin flips. The
 * variance of a rate over the N trials is the binomial variance times the
 * design effect 1 + (n_K − 1)·ρ, n_K = Σ n_i² / N ({@link designEffect}).
 *
 * Throws RangeError when a task's trials is not a whole number ≥ 1 (leave
 * out tasks with no trials) or its successes is not whole in [0, trials],
 * naming the index, e.g. `intraTaskCorrelation: counts[1].successes is 3;
 * it must be a whole number from 0 to counts[1].trials (2)`.
 *
 * @example
 * intraTaskCorrelation([
 *   { successes: 4, trials: 4 },
 *   { successes: 0, trials: 4 },
 * ]).icc; // 1
 */
export function intraTaskCorrelation(counts: readonly TaskCounts[]): IntraTaskCorrelation {
  checkObservedTasks({ fn: 'intraTaskCorrelation', path: 'counts' }, counts, 'successes');
  const tasks = counts.length;
  const trials = counts.reduce((sum, task) => sum + task.trials, 0);
  const meanTrialsPerTask = tasks === 0 ? Number.NaN : trials / tasks;
  const sizes = counts.map((task) => task.trials);
  const result = (status: IntraTaskCorrelationStatus, rawIcc = Number.NaN) => {
    const icc = Number.isNaN(rawIcc) ? Number.NaN : Math.min(1, Math.max(0, rawIcc));
    return {
      icc,
      rawIcc,
      designEffect: designEffect(sizes, icc),
      tasks,
      trials,
      meanTrialsPerTask,
      kishTrialsPerTask: kishTrialsPerTask(sizes),
      status,
    };
  };
  if (tasks < 2) return result('too-few-tasks');
  if (trials === tasks) return result('one-trial-per-task');
  const pooled = counts.reduce((sum, task) => sum + task.successes, 0) / trials;
  let betweenSquares = 0;
  let withinSquares = 0;
  let sumOfSquaredSizes = 0;
  for (const { successes, trials: n } of counts) {
    const rate = successes / n;
    betweenSquares += n * (rate - pooled) ** 2;
    withinSquares += n * rate * (1 - rate);
    sumOfSquaredSizes += n * n;
  }
  const meanSquareBetween = betweenSquares / (tasks - 1);
  const meanSquareWithin = withinSquares / (trials - tasks);
  const n0 = (trials - sumOfSquaredSizes / trials) / (tasks - 1);
  const denominator = meanSquareBetween + (n0 - 1) * meanSquareWithin;
  if (denominator === 0) return result('no-variation');
  return result('estimated', (meanSquareBetween - meanSquareWithin) / denominator);
}
