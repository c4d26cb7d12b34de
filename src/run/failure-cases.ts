import type {
  FailureCaseIndex,
  FailureVerdict,
  RunRecord,
  Step,
  TrajectoryFile,
  TrialRecord,
} from '../schema/index.js';
import { compareTrials } from '../store/index.js';
import { trajectoryOf } from './trajectory-of.js';
import { failedChecks } from '../schema/index.js';

/** One failed trial as a regression case: the steps to replay and the verdict to expect. */
export interface FailureCase {
  /** `<task id>--a<attempt>`: the stem of the case's files. */
  readonly name: string;
  readonly taskId: string;
  readonly attempt: number;
  readonly steps: readonly Step[];
  readonly verdict: FailureVerdict;
}

/** A file of a saved set of cases: its name inside the folder and its JSON content. */
export interface FailureCaseFile {
  readonly name: string;
  readonly content: unknown;
}

/** The name of the merged trajectory file (one case per task). */
export const MERGED_TRAJECTORIES = 'trajectories.json';
export const CASE_INDEX = 'index.json';

/** Task ids are identifiers already; anything else is kept out of file names. */
const fileSafe = (text: string): string => text.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The failed trials of a run as regression cases, in the run's task order.
 * Only trials that count as failures are kept: valid trials that did not
 * succeed. Invalid attempts (a broken environment, a grader that could not
 * decide) are not the agent's failures and are left out.
 */
export function failureCases(
  trials: readonly TrialRecord[],
  run: Pick<RunRecord, 'suite' | 'system'>,
): FailureCase[] {
  return trials
    .filter((trial) => trial.valid && !trial.success)
    .sort(compareTrials(run.suite.task_ids))
    .map((trial) => {
      const trajectory = trajectoryOf(trial);
      return {
        name: `${fileSafe(trial.task_id)}--a${trial.attempt}`,
        taskId: trial.task_id,
        attempt: trial.attempt,
        steps: trajectory.steps,
        verdict: {
          task_id: trial.task_id,
          task_revision: trial.task_revision,
          attempt: trial.attempt,
          rerun: trial.rerun,
          seed: trial.seed,
          run_id: trial.run_id,
          trial_id: trial.trial_id,
          suite_hash: trial.suite_hash,
          system_hash: trial.system_hash,
          grader_version: run.system.grader_version,
          success: trial.success,
          exit_reason: trial.exit_reason,
          terminal_reason: trial.terminal_reason,
          failed_checks: failedChecks(trial),
          final_answer: trial.final_answer,
          error: trial.error,
          replay: { reproduces_exit: trajectory.reproducesExit, note: trajectory.note },
        },
      };
    });
}

/**
 * The files of a saved set of cases: per case `<case>.trajectory.json` (the
 * `--trajectory` format, one task id) and `<case>.verdict.json`; then
 * `trajectories.json` with the first failed attempt of each task, and
 * `index.json` listing every case. `dir` is only named in the index's text.
 */
export function failureCaseFiles(
  cases: readonly FailureCase[],
  run: Pick<RunRecord, 'run_id' | 'seed' | 'suite' | 'system' | 'system_hash'>,
  dir: string,
): FailureCaseFile[] {
  const files: FailureCaseFile[] = [];
  const merged: TrajectoryFile = {};
  const entries: FailureCaseIndex['cases'] = [];
  for (const failure of cases) {
    const trajectory = `${failure.name}.trajectory.json`;
    const verdict = `${failure.name}.verdict.json`;
    const inMerged = !Object.hasOwn(merged, failure.taskId);
    if (inMerged) merged[failure.taskId] = [...failure.steps];
    files.push(
      { name: trajectory, content: { [failure.taskId]: failure.steps } },
      { name: verdict, content: failure.verdict },
    );
    entries.push({
      case: failure.name,
      task_id: failure.taskId,
      attempt: failure.attempt,
      trajectory,
      verdict,
      merged: inMerged,
      exit_reason: failure.verdict.exit_reason,
      failed_checks: failure.verdict.failed_checks.map((check) => check.id),
      reproduces_exit: failure.verdict.replay.reproduces_exit,
    });
  }
  const index: FailureCaseIndex = {
    about: aboutText(cases, run, dir, Object.keys(merged).length),
    run_id: run.run_id,
    run_seed: run.seed,
    suite: { name: run.suite.name, path: run.suite.path, hash: run.suite.hash },
    system_hash: run.system_hash,
    grader_version: run.system.grader_version,
    trajectories: MERGED_TRAJECTORIES,
    cases: entries,
  };
  files.push({ name: MERGED_TRAJECTORIES, content: merged }, { name: CASE_INDEX, content: index });
  return files;
}

function aboutText(
  cases: readonly FailureCase[],
  run: Pick<RunRecord, 'run_id' | 'suite'>,
  dir: string,
  tasks: number,
): string {
  if (cases.length === 0) return `Run ${run.run_id} has no failed valid trial: nothing to replay.`;
  const sep = dir.endsWith('/') ? '' : '/';
  return [
    `${cases.length} failed trial(s) of run ${run.run_id} saved as regression cases.`,
    `Replay them: endstate run ${run.suite.path} --agent replay --trajectory ${dir}${sep}${MERGED_TRAJECTORIES}`,
    `${MERGED_TRAJECTORIES} holds one case per task (${tasks} tasks), its first failed attempt (cases with merged: true);`,
    `replay any other case with --trajectory ${dir}${sep}<case>.trajectory.json.`,
    'Each <case>.verdict.json holds the verdict to expect: exit reason and failed checks with their evidence.',
  ].join(' ');
}
