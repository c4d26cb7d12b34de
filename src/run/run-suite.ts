import type { Agent } from '../agent/index.js';
import { hashJson, wallClockIso } from '../core/index.js';
import type { JsonObject } from '../core/index.js';
import { checkRunWeights } from '../schema/index.js';
import type {
  DiagnosisMode,
  JudgeCaller,
  RunPricing,
  RunRecord,
  SystemSpec,
  TrialIdentity,
  TrialRecord,
} from '../schema/index.js';
import { compareTrials } from '../store/index.js';
import type { RunStore } from '../store/index.js';
import { standaloneTasks } from '../task/index.js';
import type { Sequence, Suite, Task } from '../task/index.js';
import type { RunFaults } from '../trial/index.js';
import type { UserFactory } from '../user/index.js';
import type { RunEvent } from './run-events.js';
import { assistTasks } from './assist-tasks.js';
import { buildSystemSpec, hashSystemSpec } from './system-spec.js';
import { runAttempt } from './run-attempt.js';
import { planAttempts, planSequenceAttempts } from './resume-plan.js';
import type { PendingAttempt, PendingSequenceAttempt } from './resume-plan.js';
import { runSequenceJob } from './run-sequence-attempt.js';
import { outlineOf } from './trial-outline.js';
import { createWriteTracker } from './write-tracker.js';

export interface RunSuiteOptions {
  readonly suite: Suite;
  readonly agent: Agent;
  /** Which tasks to play on their own (default: the suite's tasks that no sequence names). */
  readonly tasks?: readonly Task[];
  /**
   * Which sequences to play (default: all of the suite's); each episode
   * enters the run's task ids as `<sequence>@<episode>`.
   */
  readonly sequences?: readonly Sequence[];
  /** k: trials per task. */
  readonly trials: number;
  readonly concurrency?: number;
  readonly seed?: number;
  /** Reruns of an invalid trial (environment or grader failure) before giving up. */
  readonly maxReruns?: number;
  readonly store: RunStore;
  readonly onEvent?: (event: RunEvent) => void;
  /** Simulated users other than the tasks' scripts (a model playing the user), and how the system spec names them. */
  readonly users?: { readonly factory: UserFactory; readonly spec: SystemSpec['user'] };
  /**
   * The judge model for tasks with a rubric (`--judge`): one caller per
   * trial (its calls are recorded under the trial), and how the system
   * spec names it. Without it, a task with a rubric is a grader failure.
   */
  readonly judge?: RunJudge;
  /**
   * A diagnosis mode (default `dialogue`, the normal run): it enters the
   * system spec, so the run's hash differs and its results are never pooled
   * with normal runs. A resumed run keeps its own.
   */
  readonly mode?: DiagnosisMode;
  /**
   * Keep every trial record in memory to return it (default true). Long
   * runs can leave it off and read the trials back from the store: holding
   * thousands of records makes garbage collection a large share of the run.
   */
  readonly collect?: boolean;
  /** Faults and injections added to every task (`--faults`). */
  readonly faults?: RunFaults;
  /**
   * The system spec of `agent`, `users`, `judge` and `mode`, when the
   * caller built it already (a run plan); default: built from them.
   */
  readonly system?: SystemSpec;
  /** The prices applied to the run's model calls and their tables, kept with the run record. */
  readonly pricing?: RunPricing;
  /** The limits on requests per provider endpoint the run's model calls were held to, kept with the run record. */
  readonly requestLimits?: RunRecord['request_limits'];
  /**
   * Go on with a stored run instead of starting one: its finished trials
   * are kept, the rest are played with the same seeds. The caller checks
   * that the suite and the system are the run's own.
   */
  readonly resume?: { readonly run: RunRecord; readonly trials: readonly TrialRecord[] };
  /**
   * Asked before every trial and after each: once it returns an error (a
   * provider refusing every request, say) no more trials start, nothing is
   * rerun, the trials in flight finish and are stored (invalid ones are
   * dropped, so a resumed run plays them again), the run is marked
   * interrupted for `--resume`, and runSuite throws the error.
   */
  readonly stop?: () => Error | undefined;
}

/** A run's judge model: a caller for each trial, and its entry in the system spec. */
export interface RunJudge {
  readonly forTrial: (trial: TrialIdentity) => JudgeCaller;
  readonly spec: JsonObject;
}

export interface RunResult {
  readonly run: RunRecord;
  /** Every trial record, invalid attempts included, in task order (empty when not collected). */
  readonly trials: readonly TrialRecord[];
}

/**
 * A run: every task × k trials, each from a fresh s0 with its own seed,
 * `concurrency` at a time, invalid trials rerun up to `maxReruns`. Each
 * trial is stored as soon as it finishes. Rejects with `E_TASK_INVALID`,
 * before anything is stored, when a task's weight is not a finite number
 * above 0 (a suite built in code rather than loaded from task files).
 *
 * @example
 * const { run, trials } = await runSuite({ suite, agent: createOracleAgent(), trials: 4, store });
 */
export async function runSuite(options: RunSuiteOptions): Promise<RunResult> {
  const { suite, agent, store } = options;
  const sequences = options.sequences ?? suite.sequences ?? [];
  const tasks = options.tasks ?? standaloneTasks(suite.tasks, sequences);
  const run = options.resume?.run ?? createRunRecord(options, tasks, sequences);
  // A weight no suite mean can use fails here, before any trial plays, not at the scorecard.
  checkRunWeights(run.suite.weights, `run suite ${suite.name}`);
  // The run is recorded before any trial plays. Playing while a store's
  // writer starts would keep the first few hundred trial records alive
  // until their run is stored: long enough for the garbage collector to
  // move them to the old generation, which then slows the whole run.
  if (options.resume === undefined) await store.createRun(run);
  const episodes = sequences.reduce((sum, sequence) => sum + sequence.episodes.length, 0);
  const plannedTrials = (tasks.length + episodes) * run.trials_per_task;
  const taskPlan = planAttempts(tasks, run.trials_per_task, run.max_reruns, options.resume?.trials);
  const sequencePlan = planSequenceAttempts(
    sequences,
    run.trials_per_task,
    run.max_reruns,
    options.resume?.trials,
  );
  const plan = {
    done: taskPlan.done + sequencePlan.done,
    pending: [...taskPlan.pending, ...sequencePlan.pending] as (
      PendingAttempt | PendingSequenceAttempt
    )[],
  };
  const stored = { successes: 0, invalid: 0 };
  for (const trial of options.resume?.trials ?? []) {
    if (trial.success) stored.successes++;
    if (!trial.valid) stored.invalid++;
  }
  options.onEvent?.({ type: 'run-start', run, plannedTrials, alreadyDone: plan.done, stored });

  const records: TrialRecord[] = [];
  let completed = plan.done;
  // The first failed write stops the run; every write settles before it ends.
  const writes = createWriteTracker();
  const queue = plan.pending;
  const runFaults = run.faults;
  let next = 0;
  const shouldStop = (): Error | undefined => writes.error ?? options.stop?.();
  const onTrial = (record: TrialRecord, willRerun: boolean): void => {
    writes.track(store.putTrial(record));
    if (options.collect !== false) records.push(record);
    if (!willRerun) completed++;
    options.onEvent?.({
      type: 'trial-end',
      trial: outlineOf(record),
      completed,
      plannedTrials,
      willRerun,
    });
  };
  const users = options.users?.factory;
  const judge = options.judge?.forTrial;
  const onTrials = (records: readonly TrialRecord[], willRerun: boolean): void => {
    for (const record of records) onTrial(record, willRerun);
  };
  const play = async (): Promise<void> => {
    for (let job = queue[next++]; job !== undefined; job = queue[next++]) {
      if ('sequence' in job) {
        await runSequenceJob({
          sequence: job.sequence,
          attempt: job.attempt,
          firstRerun: job.firstRerun,
          environment: suite.environment,
          agent,
          run,
          suiteHash: suite.hash,
          users,
          judge,
          runFaults,
          shouldStop,
          onTrials,
        });
        continue;
      }
      // Every field spelled out: spreading objects per attempt showed in a fast run's profile.
      await runAttempt({
        task: job.task,
        attempt: job.attempt,
        firstRerun: job.firstRerun,
        environment: suite.environment,
        agent,
        run,
        suiteHash: suite.hash,
        users,
        judge,
        runFaults,
        shouldStop,
        onTrial,
      });
    }
  };

  try {
    // Every worker settles before the run is closed, so no trial in flight is lost.
    const workers = await Promise.allSettled(
      Array.from({ length: options.concurrency ?? run.concurrency }, play),
    );
    const failed = workers.find((worker) => worker.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    // Nothing more will be played: the last trials need not wait for a group commit.
    store.flush?.();
    await writes.settled();
    if (writes.error !== undefined) throw writes.error;
  } catch (error) {
    await store.finishRun(run.run_id, 'interrupted', wallClockIso());
    throw error;
  }
  const finishedAt = wallClockIso();
  await store.finishRun(run.run_id, 'finished', finishedAt);
  const finished: RunRecord = { ...run, status: 'finished', finished_at: finishedAt };
  options.onEvent?.({ type: 'run-end', run: finished });
  records.sort(compareTrials(run.suite.task_ids));
  return { run: finished, trials: records };
}

/** What a new run's record is made from. */
export type RunRecordInput = Pick<
  RunSuiteOptions,
  | 'suite'
  | 'agent'
  | 'trials'
  | 'concurrency'
  | 'seed'
  | 'maxReruns'
  | 'users'
  | 'judge'
  | 'mode'
  | 'faults'
  | 'system'
  | 'pricing'
  | 'requestLimits'
>;

/**
 * The record of a new run of `tasks`: its id (from the time, the suite,
 * the system and the seed), suite, system spec and settings. runSuite
 * makes it; a run played by workers is recorded with it before its jobs
 * are queued.
 */
export function createRunRecord(
  options: RunRecordInput,
  tasks: readonly Task[],
  sequences: readonly Sequence[] = [],
): RunRecord {
  const { suite, agent } = options;
  const system =
    options.system ??
    buildSystemSpec(agent.spec, {
      user: options.users?.spec,
      judge: options.judge?.spec,
      mode: options.mode,
    });
  const systemHash = hashSystemSpec(system);
  const seed = options.seed ?? 0;
  const createdAt = wallClockIso();
  // A sequence's episodes are planned like tasks, under their `<sequence>@<episode>` ids.
  const planned = [
    ...tasks.map((task) => ({ id: task.id, spec: task.spec })),
    ...sequences.flatMap((sequence) =>
      sequence.episodes.map((episode) => ({ id: episode.id, spec: episode.task.spec })),
    ),
  ];
  const stamp = createdAt.replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return {
    run_id: `run-${stamp}-${hashJson([createdAt, suite.hash, systemHash, seed]).slice(0, 6)}`,
    created_at: createdAt,
    finished_at: null,
    status: 'running',
    suite: {
      name: suite.name,
      path: suite.path,
      hash: suite.hash,
      task_ids: planned.map((task) => task.id),
      revisions: Object.fromEntries(planned.map((task) => [task.id, task.spec.revision])),
      ...(planned.every((task) => task.spec.weight === 1)
        ? {}
        : { weights: Object.fromEntries(planned.map((task) => [task.id, task.spec.weight])) }),
      ...assistTasksField(tasks, options.users?.spec),
    },
    system,
    system_hash: systemHash,
    trials_per_task: options.trials,
    seed,
    concurrency: options.concurrency ?? 4,
    max_reruns: options.maxReruns ?? 2,
    ...(options.faults === undefined ||
    (options.faults.faults.length === 0 && options.faults.inject.length === 0)
      ? {}
      : { faults: { faults: [...options.faults.faults], inject: [...options.faults.inject] } }),
    ...(options.pricing === undefined ? {} : { pricing: options.pricing }),
    ...(options.requestLimits === undefined ? {} : { request_limits: options.requestLimits }),
  };
}

function assistTasksField(
  tasks: readonly Task[],
  users: SystemSpec['user'] | undefined,
): { assist_tasks?: string[] } {
  const ids = assistTasks(tasks, users);
  return ids.length === 0 ? {} : { assist_tasks: ids };
}
