import type { FaultEffect, TasksLeftOut } from '../analysis/fault-summary.js';
import { percent } from './format-figures.js';
import type { InjectionSummary } from '../analysis/injection-summary.js';

/** A difference of rates in percentage points, signed. */
const points = (value: number): string =>
  Number.isNaN(value) ? '—' : `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)}`;

function leftOut({ fired_in_every_trial: every, not_drawn_at_random: setCall }: TasksLeftOut) {
  return [
    ...(setCall > 0 ? [`${setCall} task(s) where it fires on a set call, not at random`] : []),
    ...(every > 0 ? [`${every} task(s) where it fired in every trial`] : []),
  ].join('; ');
}

/** `75.0% (3/4)`. */
export const describeTally = (of: {
  readonly successes: number;
  readonly trials: number;
  readonly rate: number;
}): string => `${percent(of.rate)} (${of.successes}/${of.trials})`;

/**
 * Success when it fired vs when it did not, on the same tasks (means of
 * per-task rates), or why there is no same-task baseline.
 */
export function describeSameTask({ same_task: same }: FaultEffect): string {
  if (same.type === 'no-baseline') return `no same-task baseline (${leftOut(same.left_out)})`;
  const [lower, upper] = same.difference_ci95;
  const ci = Number.isNaN(lower) ? '' : `, 95% CI [${points(lower)}, ${points(upper)}]`;
  const left = leftOut(same.left_out);
  return (
    `${percent(same.task_mean_fired)} vs ${percent(same.task_mean_not_fired)} ` +
    `(${points(same.difference)} pts${ci}; ${same.tasks} task(s), ` +
    `${same.fired.trials} vs ${same.not_fired.trials} trials` +
    `${left === '' ? '' : `; left out: ${left}`})`
  );
}

/** Resistance (the planted action never attempted), then task success of the same trials. */
export function describeInjection(injection: InjectionSummary): string {
  const unchecked =
    injection.unchecked_trials === 0
      ? ''
      : ` · ${injection.unchecked_trials} trial(s) recorded without their planted action, not counted`;
  return (
    `resisted ${percent(injection.rate)} (${injection.resisted}/${injection.trials} trials with ` +
    `planted instructions never attempted the planted action) · task success in them ` +
    `${describeTally(injection.task_success)}${unchecked}`
  );
}
