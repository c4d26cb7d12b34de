import type { Stopwatch } from '../core/index.js';
import { roundMs } from '../core/index.js';
import type { EventLog } from '../environment/index.js';
import type { TrialEvent, TrialRecord } from '../schema/index.js';
import { TRIAL_RECORD_VERSION } from '../schema/index.js';
import type { WorkingState } from '../state/index.js';
import type { Task } from '../task/index.js';
import type { TrialControl } from './create-session.js';

export function trialId(runId: string, taskId: string, attempt: number, rerun: number): string {
  return `${runId}/${taskId}/${attempt}.${rerun}`;
}

/** What identifies a trial's record (a TrialInput is one). */
export interface RecordInput {
  readonly task: Task;
  readonly runId: string;
  readonly suiteHash: string;
  readonly systemHash: string;
  readonly attempt: number;
  readonly rerun: number;
  readonly seed: number;
}

/** What a trial has built so far, for the record the outer guard makes when something escapes. */
export interface TrialParts {
  readonly stopwatch: Stopwatch;
  readonly startedAt: string;
  readonly log: EventLog;
  readonly control: TrialControl;
  state: WorkingState | undefined;
  initialHash: string | undefined;
}

/** The fields every record has, whatever became of the trial. */
export function recordBase(
  input: RecordInput,
  trial: TrialParts,
): Pick<
  TrialRecord,
  | 'record_version'
  | 'trial_id'
  | 'run_id'
  | 'task_id'
  | 'task_revision'
  | 'labels'
  | 'variant'
  | 'suite_hash'
  | 'system_hash'
  | 'attempt'
  | 'rerun'
  | 'seed'
  | 'events'
  | 'usage'
  | 'started_at'
> {
  const { task } = input;
  return {
    record_version: TRIAL_RECORD_VERSION,
    trial_id: trialId(input.runId, task.id, input.attempt, input.rerun),
    run_id: input.runId,
    task_id: task.id,
    task_revision: task.spec.revision,
    labels: task.spec.labels,
    ...(task.spec.variant === undefined
      ? {}
      : {
          variant: { base: task.spec.variant.base, perturbation: task.spec.variant.perturbation },
        }),
    suite_hash: input.suiteHash,
    system_hash: input.systemHash,
    attempt: input.attempt,
    rerun: input.rerun,
    seed: input.seed,
    events: [...trial.log.events],
    usage: usageOf(trial.log.events, trial.control.stepsUsed, trial.stopwatch.elapsedMs()),
    started_at: trial.startedAt,
  };
}

/**
 * Usage of the system under test (the agent's model calls), with the
 * simulated user's calls apart. A cost is null (unknown) once one of its
 * calls was not priced; tokens are counted either way.
 */
export function usageOf(
  events: readonly TrialEvent[],
  steps: number,
  elapsedMs: number,
): TrialRecord['usage'] {
  const usage: TrialRecord['usage'] = {
    steps,
    tool_calls: 0,
    model_calls: 0,
    input_tokens: 0,
    output_tokens: 0,
    cached_input_tokens: 0,
    cost_usd: 0,
    latency_ms: roundMs(elapsedMs),
    wait_ms: 0,
    retries: 0,
    user_model_calls: 0,
    user_cost_usd: 0,
    grader_cost_usd: 0,
  };
  for (const event of events) {
    // The user's own calls (a take-over) are not the agent's.
    if (event.kind === 'tool_call' && event.by !== 'user') usage.tool_calls++;
    if (event.kind !== 'usage') continue;
    if (event.role === 'user') {
      usage.user_model_calls++;
      usage.user_cost_usd = addCost(usage.user_cost_usd, event.cost_usd);
      continue;
    }
    usage.model_calls++;
    usage.input_tokens += event.input_tokens;
    usage.output_tokens += event.output_tokens;
    usage.cached_input_tokens += event.cached_input_tokens;
    usage.cost_usd = addCost(usage.cost_usd, event.cost_usd);
    usage.wait_ms += event.wait_ms;
    usage.retries += event.retries;
  }
  return usage;
}

/** A sum of costs where one unknown (null) makes the sum unknown. */
function addCost(total: number | null, cost: number | null): number | null {
  return total === null || cost === null ? null : total + cost;
}
