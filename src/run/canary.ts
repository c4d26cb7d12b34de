import { createOracleAgent } from '../agent/index.js';
import { deriveSeed } from '../core/index.js';
import { hashState } from '../state/index.js';
import type { Suite, Task } from '../task/index.js';
import { runTrial } from '../trial/index.js';

/** The label that makes a task a canary: `labels: { canary: true }`. */
export const CANARY_LABEL = 'canary';

/** What the canary found wrong with one task (nothing when it passed). */
export interface CanaryProblem {
  readonly task_id: string;
  readonly file: string;
  readonly check: 'reset' | 'oracle';
  readonly message: string;
}

/** The suite's canary tasks: those labelled `canary: true`, or else its first task. */
export function canaryTasks(suite: Suite): readonly Task[] {
  const labelled = suite.tasks.filter((task) => task.spec.labels[CANARY_LABEL] === 'true');
  return labelled.length > 0 ? labelled : suite.tasks.slice(0, 1);
}

/**
 * Runs before a run's first trial: each canary task's s0 must rehash to
 * its recorded hash (a reset gives back the fixture), and the oracle must
 * solve it. A failure means the environment or the suite is broken, so no
 * trial of the run would mean anything.
 */
export async function runCanary(suite: Suite, seed = 0): Promise<CanaryProblem[]> {
  const problems: CanaryProblem[] = [];
  for (const task of canaryTasks(suite)) {
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
    const record = await runTrial({
      task,
      environment: suite.environment,
      agent: createOracleAgent(),
      seed: deriveSeed(seed, task.id, 'canary'),
      attempt: 1,
      rerun: 0,
      runId: 'canary',
      suiteHash: suite.hash,
      systemHash: 'canary',
    });
    if (record.initial_state_hash !== task.initialState.hash) {
      problems.push({
        ...where,
        check: 'reset',
        message: `the trial started from state ${String(record.initial_state_hash).slice(0, 12)}, not the fixture's ${task.initialState.hash.slice(0, 12)}`,
      });
    } else if (!record.success) {
      const failed = [...record.outcome.checks, ...record.response.checks, ...record.constraints]
        .filter((check) => !check.pass)
        .map((check) => `${check.id}: ${check.message}`);
      problems.push({
        ...where,
        check: 'oracle',
        message: `the oracle (its reference path) did not succeed: ${record.terminal_reason}, exit ${record.exit_reason}${record.error === null ? '' : ` (${record.error})`}${failed.length > 0 ? `; failed ${failed.join('; ')}` : ''}`,
      });
    }
  }
  return problems;
}
