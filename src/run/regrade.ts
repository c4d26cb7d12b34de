import { hashJson, wallClockIso } from '../core/index.js';
import { GRADER_VERSION } from '../grade/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import type { RunStore } from '../store/index.js';
import type { Suite } from '../task/index.js';
import { regradeTrial, trialId } from '../trial/index.js';
import type { RegradedTrial } from '../trial/index.js';
import { suiteChangedError } from './suite-changes.js';
import type { RunJudge } from './run-suite.js';
import { hashSystemSpec } from './system-spec.js';

export interface RegradeOptions {
  readonly store: RunStore;
  /** The stored run to regrade; it is never changed. */
  readonly run: RunRecord;
  /** The run's suite, loaded again: the graders take the tasks' expectations and constraints from it. */
  readonly suite: Suite;
  /** Grade against the suite even though its hash is not the run's (the new run records the new hash). */
  readonly allowSuiteChange?: boolean;
  /**
   * The judge model for tasks with a rubric (`--judge`); the new run's
   * system spec names it, and each regraded trial is judged by
   * `judge.forTrial(trial)`. Without it, a task with a rubric is a grader failure.
   */
  readonly judge?: RunJudge;
}

/** A trial named the way a person looks it up. */
export interface TrialRef {
  readonly task_id: string;
  readonly attempt: number;
  readonly rerun: number;
}

/** What a regrade changed, for the terminal and `--json`. */
export interface RegradeSummary {
  readonly regraded_from: string;
  readonly run_id: string;
  readonly grader_version: { readonly from: string; readonly to: string };
  readonly suite_hash: { readonly from: string; readonly to: string };
  readonly trials: number;
  readonly regraded: number;
  /** Regraded trials whose final state was rebuilt by replaying their tool calls. */
  readonly rebuilt: number;
  /** Invalid trials where the environment or the harness broke: nothing to grade, copied as they were. */
  readonly not_graded: number;
  readonly fail_to_pass: readonly TrialRef[];
  readonly pass_to_fail: readonly TrialRef[];
  /** Copied with their old verdict. */
  readonly not_regradable: readonly (TrialRef & { readonly reason: string })[];
}

export interface RegradeResult {
  /** The new run: the old one's trials with new grades. */
  readonly run: RunRecord;
  readonly trials: readonly TrialRecord[];
  readonly summary: RegradeSummary;
}

const refOf = (trial: TrialRecord): TrialRef => ({
  task_id: trial.task_id,
  attempt: trial.attempt,
  rerun: trial.rerun,
});

/**
 * Re-runs the graders on every stored trial of a run and stores the result
 * as a new run (the old one is left as it was): same trials, events and
 * final states, the current graders and the suite's tasks. Final states
 * that were not stored are rebuilt by replaying the recorded tool calls. A
 * grader fix is measured this way without a single new model call.
 *
 * @example
 * const { run, summary } = await regrade({ store, run: (await store.latestRun())!, suite });
 * console.log(run.run_id, summary.fail_to_pass.length);
 */
export async function regrade(options: RegradeOptions): Promise<RegradeResult> {
  const { store, run: from, suite } = options;
  const stored = await store.listTrials(from.run_id);
  if (suite.hash !== from.suite.hash && options.allowSuiteChange !== true) {
    throw suiteChangedError(from, stored, suite);
  }
  const tasks = new Map(suite.tasks.map((task) => [task.id, task]));
  const results: RegradedTrial[] = [];
  for (const record of stored) {
    results.push(
      await regradeTrial({
        record,
        task: tasks.get(record.task_id),
        environment: suite.environment,
        judge: options.judge?.forTrial({
          task_id: record.task_id,
          attempt: record.attempt,
          rerun: record.rerun,
          seed: record.seed,
        }),
      }),
    );
  }

  const run = regradedRun(from, suite, results, wallClockIso(), options.judge);
  const trials = results.map((result) => copyTrial(result, run, from));
  await store.createRun(run);
  try {
    for (const trial of trials) await store.putTrial(trial);
  } catch (error) {
    await store.finishRun(run.run_id, 'interrupted', wallClockIso());
    throw error;
  }
  const finishedAt = wallClockIso();
  await store.finishRun(run.run_id, 'finished', finishedAt);
  return {
    run: { ...run, status: 'finished', finished_at: finishedAt },
    trials,
    summary: summarise(stored, results, from, run),
  };
}

/**
 * Each task's revision in the regraded run: the one its trials now carry
 * when they agree (regraded trials carry the current task's), else the
 * current task's. So `compare` never pairs a regraded run with a run of
 * another revision as if they shared it.
 */
function regradedRevisions(
  from: RunRecord,
  suite: Suite,
  results: readonly RegradedTrial[],
): Record<string, number> {
  const current = new Map(suite.tasks.map((task) => [task.id, task.spec.revision]));
  const carried = new Map<string, Set<number>>();
  for (const { record } of results) {
    const revisions = carried.get(record.task_id) ?? new Set<number>();
    revisions.add(record.task_revision);
    carried.set(record.task_id, revisions);
  }
  const revisions: Record<string, number> = {};
  for (const taskId of from.suite.task_ids) {
    const [only, ...more] = carried.get(taskId) ?? [];
    const revision =
      only !== undefined && more.length === 0
        ? only
        : (current.get(taskId) ?? from.suite.revisions[taskId]);
    if (revision !== undefined) revisions[taskId] = revision;
  }
  return revisions;
}

/** The new run: the old one's spec but the current grader version and task revisions, a derived id and `regraded_from`. */
function regradedRun(
  from: RunRecord,
  suite: Suite,
  results: readonly RegradedTrial[],
  createdAt: string,
  judge: RunJudge | undefined,
): RunRecord {
  const system = {
    ...from.system,
    grader_version: GRADER_VERSION,
    ...(judge === undefined ? {} : { judge: judge.spec }),
  };
  const systemHash = hashSystemSpec(system);
  // A regrade of a regrade stays one suffix long; regraded_from names the run it came from.
  const base = from.run_id.replace(/-regrade-[0-9a-f]{6}$/, '');
  const suffix = hashJson([createdAt, from.run_id, suite.hash, systemHash]).slice(0, 6);
  return {
    ...from,
    run_id: `${base}-regrade-${suffix}`,
    created_at: createdAt,
    finished_at: null,
    status: 'running',
    suite: { ...from.suite, hash: suite.hash, revisions: regradedRevisions(from, suite, results) },
    system,
    system_hash: systemHash,
    regraded_from: from.run_id,
  };
}

function copyTrial(result: RegradedTrial, run: RunRecord, from: RunRecord): TrialRecord {
  const { record } = result;
  const events =
    result.type === 'not_regradable'
      ? [
          ...record.events,
          {
            kind: 'note' as const,
            t_ms: record.events.at(-1)?.t_ms ?? 0,
            text: `regrade: not regraded (${result.reason}); the verdict is run ${from.run_id}'s, grader version ${from.system.grader_version}`,
          },
        ]
      : record.events;
  return {
    ...record,
    trial_id: trialId(run.run_id, record.task_id, record.attempt, record.rerun),
    run_id: run.run_id,
    suite_hash: run.suite.hash,
    system_hash: run.system_hash,
    events,
  };
}

function summarise(
  stored: readonly TrialRecord[],
  results: readonly RegradedTrial[],
  from: RunRecord,
  run: RunRecord,
): RegradeSummary {
  const flips = (was: boolean): TrialRef[] =>
    results.flatMap((result, index) =>
      result.type === 'regraded' && stored[index]?.success === was && result.record.success !== was
        ? [refOf(result.record)]
        : [],
    );
  const regraded = results.filter((result) => result.type === 'regraded');
  return {
    regraded_from: from.run_id,
    run_id: run.run_id,
    grader_version: { from: from.system.grader_version, to: run.system.grader_version },
    suite_hash: { from: from.suite.hash, to: run.suite.hash },
    trials: results.length,
    regraded: regraded.length,
    rebuilt: regraded.filter((result) => result.finalState === 'replayed').length,
    not_graded: results.filter((result) => result.type === 'not_graded').length,
    fail_to_pass: flips(false),
    pass_to_fail: flips(true),
    not_regradable: results.flatMap((result) =>
      result.type === 'not_regradable' ? [{ ...refOf(result.record), reason: result.reason }] : [],
    ),
  };
}
