import { EndstateError, jsonEqual } from '../../core/index.js';
import type { Problem } from '../../core/index.js';
import type { RunRecord, TrialRecord } from '../../schema/index.js';
import { checkTaskRevisions } from './check-task-revisions.js';

/** A stored run with its trial records. */
export interface RunTrials {
  readonly run: RunRecord;
  readonly trials: readonly TrialRecord[];
}

/** Each task's revision in a run: as the run recorded it, else as its trials carry it. */
function revisionsOf({ run, trials }: RunTrials): Map<string, number> {
  const revisions = new Map<string, number>();
  for (const trial of trials) revisions.set(trial.task_id, trial.task_revision);
  for (const [taskId, revision] of Object.entries(run.suite.revisions)) {
    revisions.set(taskId, revision);
  }
  return revisions;
}

/** Each grader's versions among a run's trials, as their grades record them (a regrade may mix). */
function graderVersionsOf(trials: readonly TrialRecord[]): Map<string, Set<string>> {
  const versions = new Map<string, Set<string>>();
  for (const trial of trials) {
    for (const [grader, grade] of Object.entries(trial.grades)) {
      const seen = versions.get(grader) ?? new Set<string>();
      seen.add(grade.version);
      versions.set(grader, seen);
    }
  }
  return versions;
}

const listed = (versions: ReadonlySet<string>): string => [...versions].sort().join(' and ');

/**
 * The run-level grader version covers the built-in graders; an
 * environment's own graders, and a grader bumped on its own, show only in
 * the versions each grade records. Two runs whose trials were graded by
 * different versions of a grader they share are not compared.
 */
function checkGraderVersions(a: RunTrials, b: RunTrials): void {
  const versionsA = graderVersionsOf(a.trials);
  const versionsB = graderVersionsOf(b.trials);
  const problems: Problem[] = [];
  for (const [grader, inA] of versionsA) {
    const inB = versionsB.get(grader);
    if (inB === undefined) continue;
    if (inA.size !== inB.size || [...inA].some((version) => !inB.has(version))) {
      problems.push({
        message: `grader ${grader}: version ${listed(inA)} in run ${a.run.run_id}, version ${listed(inB)} in run ${b.run.run_id}`,
      });
    }
  }
  if (problems.length > 0) {
    throw new EndstateError(
      'E_NOT_COMPARABLE',
      `cannot compare run ${a.run.run_id} with run ${b.run.run_id}: ${problems.length} grader(s) graded them at different versions`,
      {
        problems,
        hint: `A difference would mix the systems' with the graders'. Regrade the older run with today's graders (endstate regrade RUN, with --allow-suite-change if its suite changed) and compare the regraded run.`,
      },
    );
  }
}

/** `provider:id` (and decoding, when not the default) of a judge as a system spec keeps it. */
function describeJudge(judge: Readonly<Record<string, unknown>>): string {
  const { provider, id, base_url: baseUrl, temperature } = judge;
  const name =
    typeof provider === 'string' && typeof id === 'string'
      ? `${provider}:${typeof baseUrl === 'string' ? `${baseUrl}#` : ''}${id}`
      : JSON.stringify(judge);
  return temperature === undefined || temperature === 0
    ? name
    : `${name} at temperature ${JSON.stringify(temperature)}`;
}

/**
 * Two runs can be paired task by task only when they ran the same suite
 * (same name, or same content hash) and every task they share at the same
 * revision, graded by the same grader version (the run's, and each
 * grader's as the trials' grades record it), their rubrics by the same
 * judge model when both had one:
 * otherwise `E_NOT_COMPARABLE`, naming every such task. Trials of
 * one run that mix revisions are refused first (`E_MIXED_REVISIONS`).
 * Returns the revision of each shared task (null where neither run
 * recorded one).
 */
export function checkComparable(a: RunTrials, b: RunTrials): Map<string, number | null> {
  checkTaskRevisions(a.run, a.trials);
  checkTaskRevisions(b.run, b.trials);
  const suiteA = a.run.suite;
  const suiteB = b.run.suite;
  if (suiteA.name !== suiteB.name && suiteA.hash !== suiteB.hash) {
    throw new EndstateError(
      'E_NOT_COMPARABLE',
      `cannot compare run ${a.run.run_id} (suite ${suiteA.name}) with run ${b.run.run_id} (suite ${suiteB.name}): they ran different suites`,
      {
        hint: 'Compare two runs of one suite: tasks are paired by id, and tasks of different suites are different tasks.',
      },
    );
  }
  const gradersA = a.run.system.grader_version;
  const gradersB = b.run.system.grader_version;
  if (gradersA !== gradersB) {
    throw new EndstateError(
      'E_NOT_COMPARABLE',
      `cannot compare run ${a.run.run_id} with run ${b.run.run_id}: they were graded by different grader versions (${gradersA}, ${gradersB})`,
      {
        hint: `A difference would mix the systems' with the graders'. Regrade the older run with today's graders (endstate regrade RUN) and compare the regraded run.`,
      },
    );
  }
  checkGraderVersions(a, b);
  const judgeA = a.run.system.judge;
  const judgeB = b.run.system.judge;
  if (judgeA !== undefined && judgeB !== undefined && !jsonEqual(judgeA, judgeB)) {
    throw new EndstateError(
      'E_NOT_COMPARABLE',
      `cannot compare run ${a.run.run_id} with run ${b.run.run_id}: their rubrics were graded by different judges (${describeJudge(judgeA)}, ${describeJudge(judgeB)})`,
      {
        hint: `A difference would mix the systems' with the judges'. Regrade one run with the other's judge (endstate regrade RUN --judge ${describeJudge(judgeA)}) and compare that.`,
      },
    );
  }
  const revisionsA = revisionsOf(a);
  const revisionsB = revisionsOf(b);
  const inB = new Set(suiteB.task_ids);
  const shared = new Map<string, number | null>();
  const problems: Problem[] = [];
  for (const taskId of suiteA.task_ids.filter((id) => inB.has(id))) {
    const revisionA = revisionsA.get(taskId);
    const revisionB = revisionsB.get(taskId);
    if (revisionA !== undefined && revisionB !== undefined && revisionA !== revisionB) {
      problems.push({
        message: `task ${taskId}: revision ${revisionA} in run ${a.run.run_id}, revision ${revisionB} in run ${b.run.run_id}`,
      });
    }
    shared.set(taskId, revisionA ?? revisionB ?? null);
  }
  if (problems.length > 0) {
    throw new EndstateError(
      'E_NOT_COMPARABLE',
      `cannot compare run ${a.run.run_id} with run ${b.run.run_id}: ${problems.length} task(s) they share ran at different revisions`,
      {
        problems,
        hint: 'Results of different task revisions are never pooled or paired: run both systems on the current suite, or compare runs made before the revision bump.',
      },
    );
  }
  return shared;
}
