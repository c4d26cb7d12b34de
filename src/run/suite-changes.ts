import { EndstateError, jsonEqual } from '../core/index.js';
import type { Problem } from '../core/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import type { Suite } from '../task/index.js';

const short = (hash: string): string => hash.slice(0, 12);

/**
 * How the suite differs from the one a run was made on, task by task:
 * tasks gone, revisions changed, labels changed. The run keeps one hash for
 * the whole suite, so an edit without a revision bump (a task's content, a
 * fixture, the environment) is named as such, not by file.
 */
export function suiteChanges(
  run: Pick<RunRecord, 'suite'>,
  trials: readonly TrialRecord[],
  suite: Suite,
): Problem[] {
  if (suite.hash === run.suite.hash) return [];
  const tasks = new Map(suite.tasks.map((task) => [task.id, task]));
  const trialOf = new Map<string, TrialRecord>();
  for (const trial of trials) if (!trialOf.has(trial.task_id)) trialOf.set(trial.task_id, trial);
  const problems: Problem[] = [];
  for (const id of run.suite.task_ids) {
    const task = tasks.get(id);
    if (task === undefined) {
      problems.push({ message: `task ${id} is no longer in the suite` });
      continue;
    }
    const trial = trialOf.get(id);
    const then = run.suite.revisions[id] ?? trial?.task_revision;
    if (then !== undefined && then !== task.spec.revision) {
      problems.push({
        file: task.file,
        message: `task ${id} is at revision ${task.spec.revision}; the run's trials used revision ${then}`,
      });
    }
    if (trial !== undefined && !jsonEqual(trial.labels, task.spec.labels)) {
      problems.push({ file: task.file, message: `the labels of task ${id} changed` });
    }
  }
  if (problems.length === 0) {
    problems.push({
      message:
        "no task's revision or labels changed: a task file, a fixture or the environment was edited without a revision bump (the run keeps one hash for the whole suite, not one per file)",
    });
  }
  return problems;
}

/** The refusal to grade a run's trials against a suite that is not the run's. */
export function suiteChangedError(
  run: Pick<RunRecord, 'run_id' | 'suite'>,
  trials: readonly TrialRecord[],
  suite: Suite,
): EndstateError {
  return new EndstateError(
    'E_SUITE_CHANGED',
    `suite ${suite.name} changed since run ${run.run_id} was made (suite hash ${short(run.suite.hash)} then, ${short(suite.hash)} now)`,
    {
      problems: suiteChanges(run, trials, suite),
      hint: 'Restore the suite as it was, or regrade against the suite as it is now with --allow-suite-change (the new run records the new suite hash).',
      details: { run_id: run.run_id, suite_hash_then: run.suite.hash, suite_hash_now: suite.hash },
    },
  );
}
