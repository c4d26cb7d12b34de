import { percent } from './format-figures.js';
import type { PartialSummary } from '../analysis/partial-summary.js';
import type { PlanSummary } from '../analysis/plan-summary.js';

const interval = (ci: readonly [number, number]): string =>
  `95% CI [${percent(ci[0])}, ${percent(ci[1])}]`;

/**
 * The mean partial score beside the same trials' success, in one line for
 * the terminal and Markdown reports.
 *
 * @example
 * // 'mean 62.5% (95% CI [40.1%, 80.2%]; 12 trials, 3 tasks with sub-goals) beside success 25.0% (95% CI [...]) of the same trials'
 */
export function describePartial(partial: PartialSummary): string {
  return `mean ${percent(partial.mean)} (${interval(partial.ci95)}; ${partial.trials} trials, ${partial.tasks} tasks with sub-goals) beside success ${percent(partial.success.rate)} (${interval(partial.success.ci95)}; ${partial.success.successes}/${partial.trials}) of the same trials`;
}

/**
 * Micro and macro plan pass rates and adherence, in one line.
 *
 * @example
 * // 'micro 83.3% (5/6 checks of 3 stated plans) · macro 50.0% (2/4 trials passed every check; 95% CI [...]) · 1 without a plan · adherence 62.5% (...)'
 */
export function describePlans(plans: PlanSummary): string {
  const micro =
    plans.micro === null
      ? 'micro — (no plan checks made)'
      : `micro ${percent(plans.micro.rate)} (${plans.micro.passed}/${plans.micro.of} checks of ${plans.plans} stated plan(s); ${interval(plans.micro.ci95)})`;
  const macro = `macro ${percent(plans.macro.rate)} (${plans.macro.passed}/${plans.macro.of} trials' plans passed every check; ${interval(plans.macro.ci95)})`;
  const adherence =
    plans.adherence === null
      ? 'adherence —'
      : `adherence ${percent(plans.adherence.mean)} (${interval(plans.adherence.ci95)}; ${plans.adherence.trials} plan(s))`;
  return `${micro} · ${macro} · ${plans.no_plan} trial(s) without a plan · ${adherence}`;
}
