import type { Comparison } from './comparison.js';
import type { HtmlReportSection } from '../rendering/html-report-data.js';
import { describeJudgeValidation } from './judge-validation-status.js';
import { describeSettingDifferences } from './run-settings.js';

const percent = (value: number): string =>
  Number.isNaN(value) ? '—' : `${(value * 100).toFixed(1)}%`;
const points = (value: number): string => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} pts`;
const pValue = (p: number): string => (p < 0.0001 ? '< 0.0001' : p.toFixed(4));

/**
 * The comparison as a section of run B's HTML report: the headline
 * figures, then one row per paired task (B − A), worst first. Every figure
 * comes from the comparison; the report draws it as tables.
 */
export function comparisonSection(comparison: Comparison): HtmlReportSection {
  const { a, b, difference, tests, changes, weighting } = comparison;
  const judged = comparison.judge_validation;
  return {
    id: 'comparison',
    title: `Compared with ${a.run_id}`,
    data: {
      summary: {
        'run A (baseline)': `${a.run_id} · ${a.agent}`,
        'run B (this report)': `${b.run_id} · ${b.agent}`,
        'systems differ in': comparison.system_differences.join(', ') || 'nothing',
        'settings differ in':
          describeSettingDifferences(comparison.setting_differences) || 'nothing',
        'success A': `${percent(a.success_rate)} (${a.successes}/${a.trials})`,
        'success B': `${percent(b.success_rate)} (${b.successes}/${b.trials})`,
        'difference B − A': `${points(difference.value)} (95% CI ${points(difference.ci95[0])} to ${points(difference.ci95[1])}; ${difference.tasks} paired tasks; ${difference.method})`,
        ...(tests.paired_t === null
          ? {
              'p (exact sign-flip, primary)': `${pValue(difference.p)} (the paired t-test does not apply)`,
            }
          : {
              'p (paired t, primary)': `${pValue(tests.paired_t.p)} (t = ${tests.paired_t.t.toFixed(2)}, df ${tests.paired_t.degrees_of_freedom})`,
            }),
        'p (sign-flip permutation)': `${pValue(tests.sign_flip.p)} (${tests.sign_flip.method})`,
        'outcome-only difference B − A': `${points(comparison.outcome_difference.value)} (95% CI ${points(comparison.outcome_difference.ci95[0])} to ${points(comparison.outcome_difference.ci95[1])})`,
        improved: changes.improved.join(', ') || 'none',
        regressed: changes.regressed.join(', ') || 'none',
        'within noise': String(changes.within_noise.length),
        'task changes by':
          "each task's trials: Boschloo's exact test, Holm-adjusted across tasks (5% family-wise)",
        'cost per success A': a.cost.per_success_usd,
        'cost per success B': b.cost.per_success_usd,
        ...(weighting.method === 'suite'
          ? {
              'task weights': `the suite's, in ${weighting.weighted.join(', ')} (${weighting.effective_tasks.toFixed(1)} effective tasks); every task the same in ${weighting.equal.join(', ')}`,
            }
          : {}),
        ...(judged === undefined
          ? {}
          : {
              'judge A': judged.a.map(describeJudgeValidation).join('; ') || 'not judged',
              'judge B': judged.b.map(describeJudgeValidation).join('; ') || 'not judged',
            }),
      },
      tasks: [...comparison.tasks]
        .sort((x, y) => x.difference - y.difference || x.task_id.localeCompare(y.task_id))
        .map((task) => ({
          task: task.task_id,
          A: `${task.a.successes}/${task.a.trials}`,
          B: `${task.b.successes}/${task.b.trials}`,
          'B − A': points(task.difference),
          'p (Holm)': pValue(task.p_adjusted),
          change: task.change,
        })),
      notes: comparison.notes,
    },
  };
}
