import type { TrialRecord } from '../../schema/index.js';
import { clusterRatioBootstrapInterval } from '../../stats/index.js';

/**
 * A 95% interval for cost per success (total cost / successes) that
 * resamples tasks, as the success rate's does: each task brings its whole
 * spend (every attempt, invalid ones included, as in `cost.total_usd`) and
 * its successes. Null when nothing succeeded. With one task the bounds are
 * NaN (no spread between tasks to resample); the upper bound is +Infinity
 * (null in JSON) when so few tasks succeed that many resamples hold no
 * success at all. Seeded: the same records and seed give the same interval.
 * The caller asks only when every cost is known: an unknown one counts 0 here.
 */
export function costPerSuccessInterval(
  trials: readonly TrialRecord[],
  seed: number,
): readonly [number, number] | null {
  const byTask = new Map<string, { numerator: number; denominator: number }>();
  for (const trial of trials) {
    const task = byTask.get(trial.task_id) ?? { numerator: 0, denominator: 0 };
    task.numerator += trial.usage.cost_usd ?? 0;
    if (trial.valid && trial.success) task.denominator++;
    byTask.set(trial.task_id, task);
  }
  const interval = clusterRatioBootstrapInterval([...byTask.values()], { seed });
  return interval.method === 'no-denominator' ? null : [interval.lower, interval.upper];
}
