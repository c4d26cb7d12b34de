import { EndstateError } from '../core/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import type { RunStore } from '../store/index.js';
import type { Task } from '../task/index.js';
import type { RunEvent } from './run-events.js';
import type { RunPlan } from './run-plan.js';
import { createRunRecord, runSuite } from './run-suite.js';
import type { RunRecordInput } from './run-suite.js';

/** A run whose attempts workers play: recorded in the store before it is queued. */
export interface QueuedRun {
  /** The run, already in the store. */
  readonly run: RunRecord;
  /** Where the workers' trials are kept. */
  readonly store: RunStore;
  /** The run's tasks, in its order. */
  readonly tasks: readonly Task[];
  /** Trials a resumed run has stored: their attempts are not queued again. */
  readonly stored?: readonly TrialRecord[];
  /** run-start, trial-end and run-end, as the jobs report them. */
  readonly onEvent?: (event: RunEvent) => void;
  /** Asked between waits: once it returns an error, the run is marked interrupted and it is thrown. */
  readonly stop?: () => Error | undefined;
}

/**
 * Where a run's trials are played by workers rather than here: queues one
 * job per pending attempt, follows them and closes the run
 * (`createRunQueue` of the queue module, over BullMQ).
 */
export interface RunQueue {
  /** Queues the run's pending attempts, follows them and closes the run (`finished`, or `interrupted` and thrown). */
  play(run: QueuedRun): Promise<RunRecord>;
}

/** How `playRun` plays a plan: where, what it tells, and what stops it. */
export interface PlayRunOptions {
  /** Workers play the trials (default: this process, `plan.concurrency` at a time). */
  readonly queue?: RunQueue;
  /** run-start, trial-end and run-end, as they happen. */
  readonly onEvent?: (event: RunEvent) => void;
  /**
   * Asked before every trial (and between waits on a queue): once it
   * returns an error (an interruption, say) no more trials start, the run
   * is marked interrupted for a resume, and the error is thrown. The
   * plan's model refusal stops the run the same way.
   */
  readonly stop?: () => Error | undefined;
}

/**
 * Plays a plan: a new run is recorded in `store` and every task × k
 * trials played (a resumed one goes on with the attempts it lacks), here
 * or on the queue; each trial is stored as it finishes. Read the trials
 * back with `store.listTrials(run.run_id)`.
 *
 * @param plan what `planRun` resolved
 * @param store where the run and its trials are kept
 * @returns the run's record, closed (`finished`)
 * @throws EndstateError `E_USAGE` when a queue is asked to play sequences; whatever stopped
 *   the run (the run is then marked `interrupted`)
 *
 * @example
 * const run = await playRun(plan, store);
 * const scorecard = buildScorecard(run, await store.listTrials(run.run_id));
 */
export async function playRun(
  plan: RunPlan,
  store: RunStore,
  options: PlayRunOptions = {},
): Promise<RunRecord> {
  const stop = (): Error | undefined => options.stop?.() ?? plan.refusal();
  const onEvent = options.onEvent;
  if (options.queue === undefined) {
    const result = await runSuite({
      ...recordInputOf(plan),
      tasks: plan.tasks,
      sequences: plan.sequences,
      store,
      collect: false,
      ...(plan.resume === undefined ? {} : { resume: plan.resume }),
      ...(onEvent === undefined ? {} : { onEvent }),
      stop,
    });
    return result.run;
  }
  checkQueuePlayable(plan);
  const run = plan.resume?.run ?? createRunRecord(recordInputOf(plan), plan.tasks);
  if (plan.resume === undefined) await store.createRun(run);
  return options.queue.play({
    run,
    store,
    tasks: plan.tasks,
    ...(plan.resume === undefined ? {} : { stored: plan.resume.trials }),
    ...(onEvent === undefined ? {} : { onEvent }),
    stop,
  });
}

/** Workers play one attempt of one task per job: a sequence's episodes share state, so they are played here. */
export function checkQueuePlayable(plan: Pick<RunPlan, 'suite' | 'sequences'>): void {
  const { sequences } = plan;
  if (sequences.length === 0) return;
  throw new EndstateError(
    'E_USAGE',
    `--queue cannot play the sequences of suite ${plan.suite.name} (${sequences.map((sequence) => sequence.id).join(', ')})`,
    {
      hint: 'Play a suite with sequences in one process (leave out --queue), or select only plain tasks with --tasks.',
    },
  );
}

/** What the run record is made of, from the plan: the system spec it already built included. */
function recordInputOf(plan: RunPlan): RunRecordInput {
  return {
    suite: plan.suite,
    agent: plan.agent,
    trials: plan.trials,
    concurrency: plan.concurrency,
    seed: plan.seed,
    maxReruns: plan.maxReruns,
    mode: plan.mode,
    system: plan.system,
    ...(plan.users === undefined ? {} : { users: plan.users }),
    ...(plan.judge === undefined ? {} : { judge: plan.judge }),
    ...(plan.faults === undefined ? {} : { faults: plan.faults }),
    ...(plan.pricing === undefined ? {} : { pricing: plan.pricing }),
    ...(plan.requestLimits === undefined ? {} : { requestLimits: plan.requestLimits }),
  };
}
