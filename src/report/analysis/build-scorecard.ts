import {
  checkRunWeights,
  isOutcomeOnlySuccess,
  sourceVerdict,
  verdictSources,
} from '../../schema/index.js';
import type { RunRecord, StoredFailureLabel, TrialRecord } from '../../schema/index.js';
import {
  EXIT_REASONS,
  NORMAL_EXIT_REASONS,
  TERMINAL_REASONS,
  failedChecks,
} from '../../schema/index.js';
import {
  describeSample,
  intraTaskCorrelation,
  suitePassK,
  suitePassKIntervals,
  wilsonInterval,
} from '../../stats/index.js';
import { rateSummary } from './rate-summary.js';
import { summariseCost } from './cost-summary.js';
import { summariseFailureLabels } from './failure-label-summary.js';
import { SCORECARD_SECTIONS } from '../sections/index.js';
import { summariseSections } from '../summarise-sections.js';
import { checkTaskRevisions } from './check-task-revisions.js';
import { agentErrorKinds } from './agent-error-groups.js';
import { summariseAgentErrors } from './agent-error-summary.js';
import { describeSandbox } from '../rendering/describe-sandbox.js';
import { countInvalidReasons } from './invalid-reasons.js';
import type { SampleSummary, Scorecard, SliceSummary, TaskSummary } from '../scorecard.js';
import type { SectionInput } from '../scorecard-section.js';
import { agentLabel } from './agent-label.js';

/** Fewer tasks than this and the headline interval is flagged as resting on few tasks. */
const FEW_TASKS = 10;

/**
 * Warnings for the headline interval: it rests on tasks, not trials, so
 * few tasks, or tasks that mostly all pass (or all fail) every trial,
 * leave it wide whatever the number of trials.
 */
export function intervalWarnings(
  counted: readonly { successes: number; trials: number }[],
): string[] {
  const tasks = counted.length;
  if (tasks === 0) return [];
  const warnings: string[] = [];
  if (tasks < FEW_TASKS) {
    warnings.push(
      `the interval rests on ${tasks} task(s): trials of a task are not independent, so ${FEW_TASKS} or more tasks are needed before it means much`,
    );
  }
  // With one trial per task, every task passed or failed all its trials: the few-tasks warning says it.
  if (counted.every((task) => task.trials <= 1)) return warnings;
  const allPassed = counted.filter((task) => task.successes === task.trials).length;
  const allFailed = counted.filter((task) => task.successes === 0).length;
  for (const [count, verb] of [
    [allPassed, 'passed'],
    [allFailed, 'failed'],
  ] as const) {
    if (count > tasks / 2) {
      warnings.push(
        `${count} of ${tasks} tasks ${verb} every trial: the interval rests on the ${tasks} tasks, not on the trials`,
      );
    }
  }
  return warnings;
}

function summarise(values: readonly number[]): SampleSummary {
  const { count, mean: average, p50, p95 } = describeSample(values);
  return { count, mean: average, p50, p95 };
}

function countBy<T extends string>(keys: readonly T[], values: readonly T[]): Record<T, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<T, number>;
  for (const value of values) counts[value]++;
  return counts;
}

const NORMAL_EXITS: ReadonlySet<string> = new Set(NORMAL_EXIT_REASONS);

/**
 * Why a failed trial failed, in words that compare across tasks: an
 * abnormal exit (`exit:loop_detected`) and the kinds of checks that failed
 * (`outcome:insert`, `response:communicate`, `claims:claim`): a gate
 * grader's id and the check's kind, or `constraint:` and the kind for
 * constraint graders (`constraint:consent`).
 */
export function failureReasons(trial: TrialRecord): string[] {
  const reasons = new Set<string>();
  if (trial.terminal_reason === 'harness_incompatibility') reasons.add('harness_incompatibility');
  if (!NORMAL_EXITS.has(trial.exit_reason)) reasons.add(`exit:${trial.exit_reason}`);
  for (const check of failedChecks(trial)) {
    reasons.add(`${check.role === 'constraint' ? 'constraint' : check.grader}:${check.kind}`);
  }
  return [...reasons];
}

function countFailureReasons(trials: readonly TrialRecord[]): Scorecard['failure_reasons'] {
  const counts = new Map<string, number>();
  for (const trial of trials) {
    if (!trial.valid || trial.success) continue;
    for (const reason of failureReasons(trial)) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts]
    .map(([reason, count]) => ({ reason, trials: count }))
    .sort((a, b) => b.trials - a.trials || a.reason.localeCompare(b.reason));
}

function kNote(
  maxK: number,
  planned: number,
  countedTasks: number,
  allTasks: number,
): string | null {
  if (maxK >= planned) return null;
  const missing =
    countedTasks < allTasks
      ? `; ${allTasks - countedTasks} task(s) have none and are left out`
      : '';
  return `k stops at ${maxK}, not ${planned}: invalid trials left some task with only ${maxK} valid trial(s)${missing}`;
}

/** A success rate with its interval, and pass@k and pass^k with theirs, from per-task counts. */
function rateOf(counts: readonly { successes: number; trials: number; weight: number }[]) {
  const counted = counts.filter((task) => task.trials > 0);
  const perTask = counted.map((task) => ({
    n: task.trials,
    c: task.successes,
    weight: task.weight,
  }));
  const toPairs = (record: Record<number, { lower: number; upper: number }>) =>
    Object.fromEntries(
      Object.entries(record).map(([k, { lower, upper }]) => [k, [lower, upper] as const]),
    );
  const intervals = suitePassKIntervals(perTask);
  return {
    rate: rateSummary(counted),
    passK: suitePassK(perTask),
    passAtKCi95: toPairs(intervals.passAtK),
    passHatKCi95: toPairs(intervals.passHatK),
  };
}

/** What a scorecard reads besides the run and its trials. */
export interface ScorecardOptions {
  /** The run's stored failure labels, for the failure-label summary. */
  readonly failureLabels?: readonly StoredFailureLabel[];
  /** An oracle run's trials of the same suite, for the drift regret. */
  readonly oracleTrials?: readonly TrialRecord[];
}

/**
 * The scorecard of a run, from its trial records alone. Suite figures are
 * task-weighted; the interval resamples tasks (trials of a task are not
 * independent); pass^k uses valid trials only, up to the smallest count of
 * any task. Trials of one task from different revisions are refused, never pooled.
 * `failureLabels`: people's labels of failed trials (`endstate labels import`).
 * `oracleTrials`: an oracle run's records on the same suite, the reference
 * of the drift regret (every episode passes when absent).
 *
 * Throws `E_TASK_INVALID` when a weight in `run.suite.weights` is not a
 * finite number above 0 (a run record built in code), naming each task;
 * `E_MIXED_REVISIONS` when trials of one task carry different revisions.
 */
export function buildScorecard(
  run: RunRecord,
  trials: readonly TrialRecord[],
  options: ScorecardOptions = {},
): Scorecard {
  checkRunWeights(run.suite.weights, `build the scorecard of run ${run.run_id}`);
  checkTaskRevisions(run, trials);
  const input = scorecardSectionInput(run, trials, options);
  const { valid, tasks } = input;
  const taskIds = run.suite.task_ids;
  const counted = tasks.filter((task) => task.trials > 0);
  const full = rateOf(tasks);
  const outcomeOnly = rateOf(
    tasks.map((task) => ({
      successes: task.outcome_only_successes,
      trials: task.trials,
      weight: task.weight,
    })),
  );
  const correlation = intraTaskCorrelation(counted);
  const passK = full.passK;
  const successes = full.rate.successes;
  const total = (pick: (usage: TrialRecord['usage']) => number, of = trials): number =>
    of.reduce((sum, trial) => sum + pick(trial.usage), 0);
  const succeeded = valid.filter((trial) => trial.success);
  return {
    run_id: run.run_id,
    suite: { name: run.suite.name, hash: run.suite.hash },
    system_hash: run.system_hash,
    agent: agentLabel(run.system),
    sandbox: run.system.sandbox ?? null,
    isolation: describeSandbox(run.system.sandbox ?? null, run.system.agent.kind),
    ...(run.system.mode === undefined ? {} : { mode: run.system.mode }),
    counts: {
      tasks: taskIds.length,
      trials_per_task: run.trials_per_task,
      planned_trials: taskIds.length * run.trials_per_task,
      valid_trials: valid.length,
      incompatible_trials: valid.filter(
        (trial) => trial.terminal_reason === 'harness_incompatibility',
      ).length,
      invalid_attempts: trials.length - valid.length,
      missing_trials: taskIds.length * run.trials_per_task - valid.length,
      successes,
      refused_connections: countEvents(trials, (event) => event.kind === 'endpoint_refused'),
      agent_connections: countEvents(
        trials,
        (event) => event.kind === 'connection' && event.allowed,
      ),
      refused_egress: countEvents(trials, (event) => event.kind === 'connection' && !event.allowed),
    },
    success_rate: full.rate,
    warnings: intervalWarnings(counted),
    outcome_only: {
      verdict_of: verdictSources(valid),
      unmeasured_trials: valid.filter((trial) => sourceVerdict(trial) === 'unmeasured').length,
      success_rate: outcomeOnly.rate,
      pass_hat_k: outcomeOnly.passK.passHatK,
      pass_hat_k_ci95: outcomeOnly.passHatKCi95,
    },
    pass_at_k: passK.passAtK,
    pass_at_k_ci95: full.passAtKCi95,
    pass_hat_k: passK.passHatK,
    pass_hat_k_ci95: full.passHatKCi95,
    intra_task_correlation: {
      icc: correlation.icc,
      design_effect: correlation.designEffect,
      mean_trials_per_task: correlation.meanTrialsPerTask,
      status: correlation.status,
    },
    k: {
      planned: run.trials_per_task,
      max: passK.maxK,
      note: kNote(passK.maxK, run.trials_per_task, counted.length, taskIds.length),
    },
    terminal_reasons: countBy(
      TERMINAL_REASONS,
      trials.map((trial) => trial.terminal_reason),
    ),
    exit_reasons: countBy(
      EXIT_REASONS,
      trials.map((trial) => trial.exit_reason),
    ),
    cost: summariseCost(trials, succeeded, successes, run.seed),
    pricing: run.pricing ?? null,
    model_usage: {
      calls: total((usage) => usage.model_calls),
      input_tokens: total((usage) => usage.input_tokens),
      output_tokens: total((usage) => usage.output_tokens),
      cached_input_tokens: total((usage) => usage.cached_input_tokens),
      retries: total((usage) => usage.retries),
      wait_ms: total((usage) => usage.wait_ms),
      user_simulator_calls: total((usage) => usage.user_model_calls),
    },
    steps: {
      successes: summarise(succeeded.map((trial) => trial.usage.steps)),
      failures: summarise(
        valid.filter((trial) => !trial.success).map((trial) => trial.usage.steps),
      ),
    },
    latency_ms: summarise(valid.map((trial) => trial.usage.latency_ms)),
    failure_reasons: countFailureReasons(trials),
    failure_labels: summariseFailureLabels(trials, options.failureLabels),
    invalid_reasons: countInvalidReasons(trials),
    agent_errors: summariseAgentErrors(taskIds, trials),
    agent_error_kinds: agentErrorKinds(trials),
    incompatibility_example:
      valid.find((trial) => trial.terminal_reason === 'harness_incompatibility')?.error ?? null,
    ...summariseSections(SCORECARD_SECTIONS, input),
    tasks,
    slices: buildSlices(tasks),
  };
}

/**
 * What the scorecard's sections summarise from: the valid trials picked
 * and the per-task summaries made once, for every section.
 */
export function scorecardSectionInput(
  run: RunRecord,
  trials: readonly TrialRecord[],
  options: ScorecardOptions = {},
): Omit<SectionInput, 'use'> {
  const byTask = new Map<string, TrialRecord[]>(run.suite.task_ids.map((id) => [id, []]));
  for (const trial of trials) byTask.get(trial.task_id)?.push(trial);
  return {
    run,
    trials,
    valid: trials.filter((trial) => trial.valid),
    weights: run.suite.weights ?? {},
    tasks: run.suite.task_ids.map((taskId) =>
      summariseTask(taskId, byTask.get(taskId) ?? [], run.suite.weights?.[taskId] ?? 1),
    ),
    failureLabels: options.failureLabels,
    oracleTrials: options.oracleTrials,
  };
}

function summariseTask(
  taskId: string,
  trials: readonly TrialRecord[],
  weight: number,
): TaskSummary {
  const valid = trials.filter((trial) => trial.valid);
  const successes = valid.filter((trial) => trial.success).length;
  const wilson = wilsonInterval(successes, valid.length);
  const failed = new Map<string, { check: string; kind: string; trials: number }>();
  for (const trial of valid) {
    if (trial.success) continue;
    for (const { id: check, kind } of failedChecks(trial)) {
      const entry = failed.get(check) ?? { check, kind, trials: 0 };
      entry.trials++;
      failed.set(check, entry);
    }
  }
  return {
    task_id: taskId,
    labels: trials[0]?.labels ?? {},
    weight,
    trials: valid.length,
    successes,
    outcome_only_successes: valid.filter(isOutcomeOnlySuccess).length,
    invalid_attempts: trials.length - valid.length,
    success_rate: valid.length === 0 ? Number.NaN : successes / valid.length,
    ci95: [wilson.lower, wilson.upper],
    failed_checks: [...failed.values()].sort(
      (a, b) => b.trials - a.trials || a.check.localeCompare(b.check),
    ),
  };
}

function buildSlices(tasks: readonly TaskSummary[]): Record<string, Record<string, SliceSummary>> {
  const groups = new Map<string, Map<string, TaskSummary[]>>();
  for (const task of tasks) {
    for (const [label, value] of Object.entries(task.labels)) {
      const byValue = groups.get(label) ?? new Map<string, TaskSummary[]>();
      byValue.set(value, [...(byValue.get(value) ?? []), task]);
      groups.set(label, byValue);
    }
  }
  const slices: Record<string, Record<string, SliceSummary>> = {};
  for (const [label, byValue] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    slices[label] = {};
    for (const [value, members] of [...byValue].sort(([a], [b]) => a.localeCompare(b))) {
      const rate = rateSummary(members);
      slices[label][value] = {
        tasks: members.length,
        trials: rate.trials,
        successes: rate.successes,
        success_rate: rate.value,
        ci95: rate.ci95,
        method: rate.method,
      };
    }
  }
  return slices;
}

function countEvents(
  trials: readonly TrialRecord[],
  counts: (event: TrialRecord['events'][number]) => boolean,
): number {
  return trials.reduce((sum, trial) => sum + trial.events.filter(counts).length, 0);
}
