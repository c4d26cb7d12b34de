import { Option } from 'commander';
import { GATE_METRIC_NAMES } from './gate-metrics.js';
import { probability } from './parse-number.js';

/**
 * `--fail-under`, `--junit`, `--md` and `--task-gate`: the same options on
 * `run` and `report` (fresh objects per call: an option belongs to one command).
 */
export function ciOptions(): Record<'failUnder' | 'junit' | 'md' | 'taskGate', Option> {
  return {
    failUnder: new Option(
      '--fail-under <metric=value>',
      `exit 1 when a metric is under a value (repeatable); metrics: ${GATE_METRIC_NAMES}`,
    )
      // No default: commander would print it as "(default: [])".
      .argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    junit: new Option(
      '--junit <file>',
      "also write JUnit XML: a test case per task, failing under the task's gate",
    ),
    md: new Option('--md <file>', 'also write a Markdown summary (for a pull-request comment)'),
    // Unset, it is report's DEFAULT_TASK_GATE (ci-outputs.ts); not imported
    // here, as help loads no report code (ci-options.test.ts checks the text).
    taskGate: new Option(
      '--task-gate <p>',
      'JUnit and Markdown: the success rate a task needs unless its `gate` label sets one (default: 1, every trial)',
    ).argParser(probability),
  };
}
