import { VALIDATION_JUDGE } from './validation-judge.js';
import { createOracleAgent } from '../agent/index.js';
import { deriveSeed } from '../core/index.js';
import type { TrialRecord } from '../schema/index.js';
import { hashState } from '../state/index.js';
import { standaloneTasks } from '../task/index.js';
import type { Suite, Task } from '../task/index.js';
import { runTrial } from '../trial/index.js';
import { findLeak } from './find-leak.js';
import { failedChecks } from '../schema/index.js';

/** The label that makes a task a canary: `labels: { canary: true }`. */
export const CANARY_LABEL = 'canary';

/** What the canary found wrong with one task (nothing when it passed). */
export interface CanaryProblem {
  readonly task_id: string;
  readonly file: string;
  readonly check: 'reset' | 'oracle' | 'leak';
  readonly message: string;
}

/**
 * The suite's canary tasks: those labelled `canary: true`, or else its
 * first task. A task a sequence plays may need the state an earlier
 * episode leaves, so the first is taken among the tasks played on their
 * own, else among the sequences' first episodes on the base version.
 */
export function canaryTasks(suite: Suite): readonly Task[] {
  const labelled = suite.tasks.filter((task) => task.spec.labels[CANARY_LABEL] === 'true');
  if (labelled.length > 0) return labelled;
  const sequences = suite.sequences ?? [];
  if (sequences.length === 0) return suite.tasks.slice(0, 1);
  const alone = standaloneTasks(suite.tasks, sequences);
  const firstEpisodes = sequences.flatMap((sequence) =>
    sequence.episodes
      .slice(0, 1)
      .filter(
        (episode) => episode.version === null || episode.version === suite.environment.version,
      )
      .map((episode) => episode.task),
  );
  return [...alone, ...firstEpisodes].slice(0, 1);
}

/**
 * Runs before a run's first trial: each canary task's s0 must rehash to
 * its recorded hash (a reset gives back the fixture), and the oracle must
 * solve it. Then each solved task is played again, after all the others
 * (after another task of the suite when it is the only one; its record is
 * not judged), from a fresh reset and the same
 * seed: its tool results, end and final state must be the same, or
 * something outlives a trial (a module-level counter, a cache) and trials
 * would not be independent. A failure means the environment or the suite
 * is broken, so no trial of the run would mean anything.
 */
export async function runCanary(suite: Suite, seed = 0): Promise<CanaryProblem[]> {
  const problems: CanaryProblem[] = [];
  const solved: { task: Task; record: TrialRecord }[] = [];
  const tasks = canaryTasks(suite);
  for (const task of tasks) {
    const where = { task_id: task.id, file: task.file };
    if (hashState(task.initialState.snapshot) !== task.initialState.hash) {
      problems.push({
        ...where,
        check: 'reset',
        message:
          'its initial state does not hash to the fixture hash: a reset would not restore s0',
      });
      continue;
    }
    const record = await playOracle(suite, task, seed);
    const problem = oracleProblem(task, record);
    if (problem === undefined) solved.push({ task, record });
    else problems.push({ ...where, ...problem });
  }
  // Something in between, so a leak that only another task's calls stir up shows too.
  const between = tasks.length === 1 ? suite.tasks.find((task) => task !== tasks[0]) : undefined;
  if (solved.length > 0 && between !== undefined) await playOracle(suite, between, seed);
  const after =
    tasks.length > 1
      ? 'after the other canary tasks'
      : between === undefined
        ? 'right after the first'
        : `after task ${between.id}`;
  for (const { task, record } of solved) {
    const leak = findLeak(record, await playOracle(suite, task, seed));
    if (leak === undefined) continue;
    problems.push({
      task_id: task.id,
      file: task.file,
      check: 'leak',
      message: `a second play of its reference path (${after}, from a fresh reset, same seed) differs from the first: ${leak} (second vs first). The environment keeps something outside the trial's state (a module-level variable, a cache), so its trials are not independent`,
    });
  }
  return problems;
}

function playOracle(suite: Suite, task: Task, seed: number): Promise<TrialRecord> {
  return runTrial({
    task,
    environment: suite.environment,
    agent: createOracleAgent(),
    seed: deriveSeed(seed, task.id, 'canary'),
    attempt: 1,
    rerun: 0,
    runId: 'canary',
    suiteHash: suite.hash,
    systemHash: 'canary',
    // The canary checks reset and the hard checks; rubrics are graded at run time.
    judge: VALIDATION_JUDGE,
  });
}

function oracleProblem(
  task: Task,
  record: TrialRecord,
): Pick<CanaryProblem, 'check' | 'message'> | undefined {
  if (record.initial_state_hash !== task.initialState.hash) {
    return {
      check: 'reset',
      message: `the trial started from state ${String(record.initial_state_hash).slice(0, 12)}, not the fixture's ${task.initialState.hash.slice(0, 12)}`,
    };
  }
  if (record.success) return undefined;
  const failed = failedChecks(record).map((check) => `${check.id}: ${check.message}`);
  return {
    check: 'oracle',
    message: `the oracle (its reference path) did not succeed: ${record.terminal_reason}, exit ${record.exit_reason}${record.error === null ? '' : ` (${record.error})`}${failed.length > 0 ? `; failed ${failed.join('; ')}` : ''}`,
  };
}
