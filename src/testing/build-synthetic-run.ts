import type { RunRecord, TrialRecord } from '../schema/index.js';

export interface SyntheticRunOptions {
  /** A real run and its trials: the source of every synthetic trial. */
  readonly run: RunRecord;
  readonly trials: readonly TrialRecord[];
  readonly tasks: number;
  readonly trialsPerTask: number;
  /** Run id of the result (default: the source's with `-synthetic`). */
  readonly runId?: string;
}

/**
 * A large run made of copies of a real one's trials, for benchmarks and
 * tests of reports at scale: task `j` is a copy of the source's task
 * `j mod n` (id `task~j`), and its trial `a` a copy of one of that task's
 * trials, shifted by `j` so verdicts vary from task to task. No randomness.
 */
export function buildSyntheticRun(options: SyntheticRunOptions): {
  run: RunRecord;
  trials: TrialRecord[];
} {
  const byTask = new Map<string, TrialRecord[]>();
  for (const trial of options.trials) {
    if (!trial.valid) continue;
    byTask.set(trial.task_id, [...(byTask.get(trial.task_id) ?? []), trial]);
  }
  const sources = [...byTask.entries()];
  if (sources.length === 0) throw new Error('buildSyntheticRun needs at least one valid trial');
  const runId = options.runId ?? `${options.run.run_id}-synthetic`;
  const taskIds: string[] = [];
  const revisions: Record<string, number> = {};
  const trials: TrialRecord[] = [];
  for (let task = 0; task < options.tasks; task++) {
    const [sourceId, pool] = sources[task % sources.length] as [string, TrialRecord[]];
    const taskId = `${sourceId}~${task}`;
    taskIds.push(taskId);
    revisions[taskId] = pool[0]?.task_revision ?? 1;
    for (let attempt = 1; attempt <= options.trialsPerTask; attempt++) {
      const source = pool[(attempt - 1 + task) % pool.length] as TrialRecord;
      trials.push({
        ...source,
        run_id: runId,
        trial_id: `${runId}/${taskId}/${attempt}.0`,
        task_id: taskId,
        attempt,
        rerun: 0,
        seed: task * 1000 + attempt,
      });
    }
  }
  const run: RunRecord = {
    ...options.run,
    run_id: runId,
    suite: { ...options.run.suite, task_ids: taskIds, revisions },
    trials_per_task: options.trialsPerTask,
  };
  return { run, trials };
}
