import type { TrialEvent } from '../../schema/index.js';
import type { RateSummary } from '../scorecard.js';
import { rateSummary } from './rate-summary.js';
import { weightOf } from './task-weight.js';
import type { TaskWeights } from './task-weight.js';

/** What the summary reads of a valid trial. */
export interface TrialWithEvents {
  readonly task_id: string;
  readonly success: boolean;
  readonly events: readonly TrialEvent[];
}

/**
 * Success split by whether the user helped (an `assist` event: a hint or a
 * take-over). Both rates are over ALL valid trials, task-weighted like the
 * headline, so `unassisted_success + assisted_completion = success` (the
 * counts exactly, the rates up to floating-point rounding). The headline
 * success still counts assisted successes.
 */
export interface AssistanceSummary {
  /** Valid trials and the tasks they cover (the headline's denominators). */
  readonly trials: number;
  readonly tasks: number;
  /** How many of the run's tasks have a user who can help (a hint or take-over rule, or a model-played scenario). */
  readonly assist_tasks: number;
  /** Valid trials that succeeded with no assistance event. */
  readonly unassisted_success: RateSummary;
  /** Valid trials that succeeded with at least one. */
  readonly assisted_completion: RateSummary;
  /** Valid trials with at least one assistance, successful or not. */
  readonly assisted_trials: RateSummary;
  readonly assistances: {
    readonly hints: number;
    readonly take_overs: number;
    /** (hints + take-overs) / valid trials. */
    readonly per_trial: number;
  };
}

interface TaskTally {
  trials: number;
  unassisted: number;
  assisted: number;
  helped: number;
}

/**
 * Unassisted success and assisted completion, the share of trials helped
 * and assistances per trial; null when no task could help and no trial was
 * helped (then the split says nothing the headline does not).
 *
 * @example
 * // task a: 4 trials, 2 unassisted successes, 1 assisted, 1 failure; task b: 2 assisted
 * // unassisted (0.5 + 0) / 2 = 0.25, assisted (0.25 + 1) / 2 = 0.625, success 0.875
 */
export function summariseAssistance(
  valid: readonly TrialWithEvents[],
  options: { readonly weights?: TaskWeights; readonly assistTasks?: readonly string[] } = {},
): AssistanceSummary | null {
  const weights = options.weights ?? {};
  const byTask = new Map<string, TaskTally>();
  let hints = 0;
  let takeOvers = 0;
  for (const trial of valid) {
    const tally = byTask.get(trial.task_id) ?? { trials: 0, unassisted: 0, assisted: 0, helped: 0 };
    byTask.set(trial.task_id, tally);
    const assists = trial.events.filter((event) => event.kind === 'assist');
    hints += assists.filter((event) => event.type === 'hint').length;
    takeOvers += assists.filter((event) => event.type === 'take_over').length;
    tally.trials++;
    if (assists.length > 0) tally.helped++;
    if (trial.success && assists.length === 0) tally.unassisted++;
    if (trial.success && assists.length > 0) tally.assisted++;
  }
  const assistTasks = options.assistTasks ?? [];
  if (assistTasks.length === 0 && hints + takeOvers === 0) return null;
  const rate = (pick: (tally: TaskTally) => number): RateSummary =>
    rateSummary(
      [...byTask].map(([taskId, tally]) => ({
        successes: pick(tally),
        trials: tally.trials,
        weight: weightOf(weights, taskId),
      })),
    );
  return {
    trials: valid.length,
    tasks: byTask.size,
    assist_tasks: assistTasks.length,
    unassisted_success: rate((tally) => tally.unassisted),
    assisted_completion: rate((tally) => tally.assisted),
    assisted_trials: rate((tally) => tally.helped),
    assistances: {
      hints,
      take_overs: takeOvers,
      per_trial: valid.length === 0 ? Number.NaN : (hints + takeOvers) / valid.length,
    },
  };
}
