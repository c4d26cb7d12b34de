import type { Comparison, PairedDifference, TheseTasksDifference } from '../report/index.js';

/*
 * Apart from worse-gates.ts, which parses and checks the gates: the help of
 * `--fail-if-worse` lists these names, and help loads no report code.
 */

export interface WorseGateMetric {
  readonly name: string;
  readonly about: string;
  /** The difference over the task population. */
  readonly difference: (comparison: Comparison) => PairedDifference;
  /** The same difference on exactly the paired tasks. */
  readonly theseTasks: (comparison: Comparison) => TheseTasksDifference;
  /** Tasks the per-task list shows regressed; null when the list is not about this metric. */
  readonly regressed: (comparison: Comparison) => readonly string[] | null;
}

/** Every metric `--fail-if-worse` can name: the differences the comparison has an interval for. */
export const WORSE_GATE_METRICS: readonly WorseGateMetric[] = [
  {
    name: 'success_rate',
    about: 'the paired task-level difference of success rates',
    difference: (comparison) => comparison.difference,
    theseTasks: (comparison) => comparison.these_tasks.difference,
    regressed: (comparison) => comparison.changes.regressed,
  },
  {
    name: 'outcome_rate',
    about: 'the same for outcome-only rates (state and facts, constraints ignored)',
    difference: (comparison) => comparison.outcome_difference,
    theseTasks: (comparison) => comparison.these_tasks.outcome_difference,
    regressed: () => null,
  },
];

/** `success_rate, outcome_rate`: for the help text. */
export const WORSE_GATE_METRIC_NAMES = WORSE_GATE_METRICS.map((metric) => metric.name).join(', ');
