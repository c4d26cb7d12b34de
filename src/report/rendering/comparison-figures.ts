import { percent } from './format-figures.js';
import type {
  Comparison,
  ComparedRun,
  ComparisonWeighting,
  PairedDifference,
  TaskChange,
  TaskCounts,
  TheseTasksDifference,
} from '../analysis/comparison.js';

/** A difference of rates in percentage points, signed: `+4.2 pts`, `-12.5 pts`. */
export function points(value: number): string {
  if (Number.isNaN(value)) return '—';
  const text = (Math.abs(value) * 100).toFixed(1);
  const sign = text === '0.0' ? '' : value > 0 ? '+' : '-';
  return `${sign}${text} pts`;
}

/** `[-38.0, -14.7]` in points, unsigned past the sign of each bound. */
export function pointsInterval([lower, upper]: readonly [number, number]): string {
  const bound = (value: number): string =>
    Number.isNaN(value) ? '—' : (value * 100).toFixed(1).replace(/^-0\.0$/, '0.0');
  return `[${bound(lower)}, ${bound(upper)}]`;
}

/** A p-value with the digits that matter: `0.076`, `0.0021`, `< 0.0001`. */
export function pValue(p: number): string {
  if (Number.isNaN(p)) return '—';
  if (p < 0.0001) return '< 0.0001';
  return p < 0.01 ? p.toPrecision(2) : p.toFixed(3);
}

/** `p = 0.076`, or `p < 0.0001`. */
export const pIs = (p: number): string => {
  const text = pValue(p);
  return text.startsWith('<') ? `p ${text}` : `p = ${text}`;
};

/** `88.2% (67/76)` for a side, `3/4` for a task. */
export const sideRate = (side: ComparedRun): string =>
  `${percent(side.success_rate)} (${side.successes}/${side.trials})`;
export const taskRate = (counts: TaskCounts): string => `${counts.successes}/${counts.trials}`;

/** How the sign-flip test got its p-value: `exact, 4 changed tasks`. */
export function signFlipHow({ sign_flip: test }: Comparison['tests']): string {
  return test.method === 'exact'
    ? `exact, ${test.changed_tasks} changed task(s)`
    : `Monte Carlo, ${test.sign_patterns} sign patterns, seed ${test.seed}`;
}

/** The paired t statistic and its degrees of freedom: `t = 0.80, df 4`. */
export function pairedTHow(test: NonNullable<Comparison['tests']['paired_t']>): string {
  const t = Number.isNaN(test.t)
    ? '—'
    : Number.isFinite(test.t)
      ? test.t.toFixed(2)
      : String(test.t);
  const df = Number.isNaN(test.degrees_of_freedom) ? '—' : String(test.degrees_of_freedom);
  return `t = ${t}, df ${df}`;
}

/** How a difference's interval was got, for the line that shows it. */
export function intervalHow(
  difference: PairedDifference,
  weighting?: Pick<ComparisonWeighting, 'method' | 'effective_tasks'>,
): string {
  const isWeighted = weighting?.method === 'suite';
  if (difference.method === 'paired-t') {
    return isWeighted
      ? `weighted paired t over tasks, one difference per task, ${weighting.effective_tasks.toFixed(1)} effective tasks`
      : 'paired t over tasks, one difference per task';
  }
  return "exact: inverted sign-flip test over tasks, widened to Hoeffding's bound over trials";
}

/** What the task-population interval is about, for the line that shows it. */
export const POPULATION_ESTIMAND =
  'the task population: the tasks read as a sample of those the suite stands for';

/** `these 5 tasks`: what the fixed-task figures are about. */
export const theseTasks = (these: TheseTasksDifference): string => `these ${these.tasks} tasks`;

/**
 * The fixed-task interval and the exact test beside it:
 * `B − A -100.0 pts  95% CI [-100.0, -79.5] pts  (MOVER–Wilson) · exact stratified permutation p < 0.0001 (B worse, one-sided: < 0.0001)`.
 */
export function theseTasksFigures(
  these: TheseTasksDifference,
  format: (p: number) => string,
): string {
  const test = these.test_method === 'stratified-permutation-exact' ? 'exact' : 'Monte Carlo';
  return `B − A ${points(these.value)}  95% CI ${pointsInterval(these.ci95)} pts  (MOVER–Wilson over their trials) · stratified permutation test (${test}, trials relabelled within each task) ${format(these.p)}, B worse one-sided ${format(these.p_worse)}`;
}

/** A test's level in percent: `2.5%`, `1.25%`, `0.35%`, `under 0.01%`. */
export const percentLevel = (alpha: number): string =>
  alpha > 0 && alpha < 0.0001 ? 'under 0.01%' : `${Number.parseFloat((alpha * 100).toFixed(2))}%`;

/** Which figure the `--fail-if-worse` gate reads, and why; and the per-task list's share of its level. */
export function gateBasis({ gate }: Comparison): string {
  const share = percentLevel(gate.list_alpha);
  const alpha = percentLevel(gate.alpha);
  const total = percentLevel(gate.list_alpha + gate.test_alpha);
  const split =
    gate.list_alpha_method === 'assumed'
      ? `past 40 trials in a task that list is assumed to take ${share}, and the test keeps ${percentLevel(gate.test_alpha)}, so equal systems may fail up to ${total} of the time`
      : gate.test_alpha > 0
        ? `of its ${alpha}, ${share} goes to that list`
        : `on these tasks that list alone could name a regression between equal systems ${share} of the time, so it takes the whole ${alpha}`;
  return `--fail-if-worse decides on ${gate.reason}. With margin 0, a task listed regressed fails success_rate too (${split})`;
}

/** How the side rates and mean differences weigh tasks: `task-weighted` or `suite-weighted`. */
export const weightingWord = ({ weighting }: Pick<Comparison, 'weighting'>): string =>
  weighting.method === 'suite' ? 'suite-weighted' : 'task-weighted';

/** The headline p-value and the tests beside it, in one line of text. */
export function testsLine(
  { difference, tests }: Comparison,
  format: (p: number) => string,
): string {
  const signFlip = `${format(tests.sign_flip.p)} sign-flip permutation (${signFlipHow(tests)}`;
  return tests.paired_t === null
    ? `${format(difference.p)} exact sign-flip and Hoeffding (primary, the larger of the two: it agrees with the interval; the paired t-test does not apply) · ${signFlip})`
    : `${format(difference.p)} paired t (${pairedTHow(tests.paired_t)}; primary) · ${signFlip})`;
}

/** A task's change for a table cell: `regressed`, `improved`, `within noise` or empty. */
export const changeText = (change: TaskChange): string =>
  change === 'within-noise' ? 'within noise' : change === 'unchanged' ? '' : change;

/** Tasks left out of the paired figures, grouped by why, empty groups dropped. */
export function leftOut({ unpaired }: Comparison): [reason: string, taskIds: readonly string[]][] {
  const groups: [string, readonly string[]][] = [
    ['only in A', unpaired.only_in_a],
    ['only in B', unpaired.only_in_b],
    ['no valid trial on a side', unpaired.without_valid_trials],
  ];
  return groups.filter(([, taskIds]) => taskIds.length > 0);
}

/** Changed tasks, worst regression first, then by id. */
export function changedTasks(comparison: Comparison): Comparison['tasks'] {
  return comparison.tasks
    .filter((task) => task.difference !== 0)
    .slice()
    .sort((x, y) => x.difference - y.difference || x.task_id.localeCompare(y.task_id));
}
