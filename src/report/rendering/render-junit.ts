import { modeLine } from './mode-line.js';
import type { TrialRecord } from '../../schema/index.js';
import { failedChecks } from '../../schema/index.js';
import { failureReasons } from '../analysis/build-scorecard.js';
import { escapeXml, escapeXmlAttribute } from './escape-xml.js';
import { percent } from './format-figures.js';
import { describeJudgeValidation } from '../analysis/judge-validation-status.js';
import type { Scorecard } from '../scorecard.js';
import { valueOf } from '../scorecard-section.js';
import { SCORECARD_SECTIONS } from '../sections/index.js';
import { judgeTasks } from '../analysis/task-gate.js';
import type { TaskGate, TaskVerdict } from '../analysis/task-gate.js';

export interface RenderJunitInput {
  readonly scorecard: Scorecard;
  /** The run's trial records: the failure bodies quote their check messages. */
  readonly trials: readonly TrialRecord[];
  /** Gate of a task without a `gate` label: the least success rate that passes (1: every trial). */
  readonly taskGate: number;
  /** A warning about the run's stored records (e.g. TAMPERED), written as the first property `integrity`. */
  readonly integrity?: string | undefined;
}

/** Failed checks and failed trials listed in a failure's body, at most. */
const MAX_CHECKS = 5;
const MAX_TRIALS = 10;

const seconds = (ms: number): string => (ms / 1000).toFixed(3);
const figure = (value: number): string => (Number.isNaN(value) ? 'n/a' : String(value));

function attributes(values: Readonly<Record<string, string | number>>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join('');
}

function describeGate(gate: TaskGate): string {
  return `${gate.value} (${gate.source === 'label' ? "the task's gate label" : '--task-gate'})`;
}

function properties(card: Scorecard, taskGate: number): [string, string][] {
  const rate = card.success_rate;
  return [
    ['run_id', card.run_id],
    ['suite_hash', card.suite.hash],
    ['system_hash', card.system_hash],
    ['agent', card.agent],
    ...(card.mode === undefined ? [] : [['mode', modeLine(card.mode)] as [string, string]]),
    ['success_rate', figure(rate.value)],
    ['success_rate_ci95_lower', figure(rate.ci95[0])],
    ['success_rate_ci95_upper', figure(rate.ci95[1])],
    ['success_rate_method', rate.method],
    ['successes', String(rate.successes)],
    ['valid_trials', String(card.counts.valid_trials)],
    ['invalid_attempts', String(card.counts.invalid_attempts)],
    ['trials_per_task', String(card.counts.trials_per_task)],
    ...Object.entries(card.pass_hat_k).map(([k, value]): [string, string] => [
      `pass_hat_k@${k}`,
      figure(value),
    ]),
    [
      'cost_per_success_usd',
      card.cost.per_success_usd !== null
        ? String(card.cost.per_success_usd)
        : card.cost.unpriced_trials > 0
          ? 'unknown'
          : 'n/a',
    ],
    ['task_gate', String(taskGate)],
    ...SCORECARD_SECTIONS.flatMap((entry) => {
      const drawn = valueOf(entry, card);
      return drawn?.section.junit?.(drawn.value, card) ?? [];
    }),
  ];
}

/** The first message of each failed check, from the task's failed valid trials. */
function checkMessages(trials: readonly TrialRecord[]): Map<string, string> {
  const messages = new Map<string, string>();
  for (const trial of trials) {
    if (!trial.valid || trial.success) continue;
    for (const check of failedChecks(trial)) {
      if (!messages.has(check.id)) messages.set(check.id, check.message);
    }
  }
  return messages;
}

function failureBody(verdict: TaskVerdict, trials: readonly TrialRecord[]): string {
  const { task, gate } = verdict;
  const lines = [
    `${task.task_id}: ${task.successes} of ${task.trials} valid trial(s) succeeded, ${percent(task.success_rate)} (95% CI ${percent(task.ci95[0])} to ${percent(task.ci95[1])}); gate ${describeGate(gate)}`,
  ];
  if (task.invalid_attempts > 0)
    lines.push(`${task.invalid_attempts} invalid attempt(s) were rerun`);
  const messages = checkMessages(trials);
  if (task.failed_checks.length > 0) {
    lines.push('', 'Most failed checks (failed trials, check, kind, first message):');
    for (const check of task.failed_checks.slice(0, MAX_CHECKS)) {
      lines.push(
        `  ${check.trials}x ${check.check} (${check.kind}): ${messages.get(check.check) ?? ''}`,
      );
    }
    const more = task.failed_checks.length - MAX_CHECKS;
    if (more > 0) lines.push(`  ...and ${more} more failed check(s)`);
  }
  const failed = trials.filter((trial) => trial.valid && !trial.success);
  lines.push('', 'Failed trials:');
  for (const trial of failed.slice(0, MAX_TRIALS)) {
    const reasons = failureReasons(trial);
    lines.push(
      `  attempt ${trial.attempt} (seed ${trial.seed}): exit ${trial.exit_reason}${reasons.length > 0 ? `; ${reasons.join(', ')}` : ''}${trial.error === null ? '' : `; ${trial.error}`}`,
    );
  }
  if (failed.length > MAX_TRIALS) lines.push(`  ...and ${failed.length - MAX_TRIALS} more`);
  return lines.join('\n');
}

function errorBody(verdict: TaskVerdict, trials: readonly TrialRecord[]): string {
  if (trials.length === 0) {
    return `${verdict.task.task_id}: no trial of this task is stored (the run was interrupted or is still going)`;
  }
  const lines = [
    `${verdict.task.task_id}: all ${trials.length} attempt(s) were invalid, so the task could not be judged`,
  ];
  for (const trial of trials.slice(0, MAX_TRIALS)) {
    lines.push(
      `  attempt ${trial.attempt} rerun ${trial.rerun}: ${trial.terminal_reason} (exit ${trial.exit_reason})${trial.error === null ? '' : `: ${trial.error}`}`,
    );
  }
  if (trials.length > MAX_TRIALS) lines.push(`  ...and ${trials.length - MAX_TRIALS} more`);
  return lines.join('\n');
}

function testcase(suiteName: string, verdict: TaskVerdict, trials: readonly TrialRecord[]): string {
  const { task } = verdict;
  const timeMs = trials.reduce((sum, trial) => sum + trial.usage.latency_ms, 0);
  const open = `    <testcase${attributes({ classname: suiteName, name: task.task_id, time: seconds(timeMs) })}`;
  if (verdict.type === 'pass') return `${open}/>`;
  const child =
    verdict.type === 'fail'
      ? `<failure${attributes({
          message: `${task.successes}/${task.trials} trials succeeded (${percent(task.success_rate)}), under the gate ${verdict.gate.value}`,
          type: 'under-gate',
        })}>${escapeXml(failureBody(verdict, trials))}</failure>`
      : `<error${attributes({
          message:
            verdict.reason === 'invalid'
              ? `no valid trial: ${task.invalid_attempts} invalid attempt(s)`
              : 'no trial stored',
          type: verdict.reason === 'invalid' ? 'no-valid-trial' : 'missing-trials',
        })}>${escapeXml(errorBody(verdict, trials))}</error>`;
  return `${open}>\n      ${child}\n    </testcase>`;
}

/**
 * The run as JUnit XML (the Jenkins / Ant dialect CI servers read): one
 * `<testsuite>` for the run, one `<testcase>` per task. A task fails when
 * its success rate is under its gate (its `gate` label, else `taskGate`)
 * and errs when it has no valid trial. Times are the tasks' trial
 * latencies summed, so they exceed the wall clock of a concurrent run.
 */
export function renderJunit({
  scorecard: card,
  trials,
  taskGate,
  integrity,
}: RenderJunitInput): string {
  const verdicts = judgeTasks(card.tasks, taskGate);
  const byTask = new Map<string, TrialRecord[]>(card.tasks.map((task) => [task.task_id, []]));
  for (const trial of trials) byTask.get(trial.task_id)?.push(trial);
  const failures = verdicts.filter((verdict) => verdict.type === 'fail').length;
  const errors = verdicts.filter((verdict) => verdict.type === 'error').length;
  const timeMs = trials
    .filter((trial) => byTask.has(trial.task_id))
    .reduce((sum, trial) => sum + trial.usage.latency_ms, 0);
  const totals = { tests: verdicts.length, failures, errors };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: 'endstate', ...totals, time: seconds(timeMs) })}>`,
    `  <testsuite${attributes({ name: card.suite.name, ...totals, skipped: 0, time: seconds(timeMs), id: card.run_id })}>`,
    '    <properties>',
    ...[
      ...(integrity === undefined ? [] : [['integrity', integrity] as [string, string]]),
      ...properties(card, taskGate),
      // One per judge model and rubric: an unvalidated judge is said in CI too.
      ...(card.judge_validation ?? []).map((status): [string, string] => [
        'judge',
        describeJudgeValidation(status),
      ]),
    ].map(([name, value]) => `      <property${attributes({ name, value })}/>`),
    '    </properties>',
    ...verdicts.map((verdict) =>
      testcase(card.suite.name, verdict, byTask.get(verdict.task.task_id) ?? []),
    ),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
