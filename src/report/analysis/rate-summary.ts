import { successRateInterval } from '../../stats/index.js';
import type { RateSummary } from '../scorecard.js';

/** A task-weighted success rate with its 95% interval, from per-task counts (and weights, default 1). */
export function rateSummary(
  counts: readonly { successes: number; trials: number; weight?: number }[],
): RateSummary {
  const interval = successRateInterval(counts);
  return {
    value: interval.value,
    ci95: [interval.lower, interval.upper],
    method: interval.method,
    successes: counts.reduce((sum, task) => sum + task.successes, 0),
    trials: interval.trials,
    tasks: interval.tasks,
    effective_trials: interval.effectiveTrials,
  };
}
