import { EndstateError } from '../../core/index.js';
import type { Problem } from '../../core/index.js';
import type { RunRecord, TrialRecord } from '../../schema/index.js';

/**
 * Results of different revisions of a task are never pooled: throws
 * `E_MIXED_REVISIONS` when the trials of one task carry more than one
 * revision, or one other than the revision the run recorded for it. One
 * run loads its suite once, so its own trials always pass.
 */
export function checkTaskRevisions(run: RunRecord, trials: readonly TrialRecord[]): void {
  const byTask = new Map<string, Map<number, number>>();
  for (const trial of trials) {
    const counts = byTask.get(trial.task_id) ?? new Map<number, number>();
    counts.set(trial.task_revision, (counts.get(trial.task_revision) ?? 0) + 1);
    byTask.set(trial.task_id, counts);
  }
  const problems: Problem[] = [];
  for (const [taskId, counts] of byTask) {
    const recorded = run.suite.revisions[taskId];
    const revisions = [...counts.keys()].sort((a, b) => a - b);
    if (revisions.length > 1) {
      const parts = revisions.map((revision) => `revision ${revision} (${counts.get(revision)})`);
      problems.push({ message: `task ${taskId} has trials of ${parts.join(' and ')}` });
    } else if (recorded !== undefined && revisions[0] !== recorded) {
      problems.push({
        message: `task ${taskId} has trials of revision ${revisions[0]}, but run ${run.run_id} ran revision ${recorded}`,
      });
    }
  }
  if (problems.length === 0) return;
  throw new EndstateError(
    'E_MIXED_REVISIONS',
    `cannot pool these trials into one scorecard of run ${run.run_id}:`,
    {
      problems,
      hint: 'Results of different task revisions are never pooled: build each scorecard from the trials of one run.',
    },
  );
}
