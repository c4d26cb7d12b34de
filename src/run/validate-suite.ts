import { VALIDATION_JUDGE } from './validation-judge.js';
import type { Agent } from '../agent/index.js';
import { createDoNothingAgent, createOracleAgent, createPathAgent } from '../agent/index.js';
import { deriveSeed } from '../core/index.js';
import { findBrokenAssertions, typeCheckAssertions } from '../grade/index.js';
import type { ProbeState } from '../grade/index.js';
import type { TrialRecord } from '../schema/index.js';
import { createWorkingState, hashState } from '../state/index.js';
import type { FrozenState } from '../state/index.js';
import { standaloneTasks } from '../task/index.js';
import type { Sequence, Suite, Task } from '../task/index.js';
import { runSequenceAttempt, runTrial } from '../trial/index.js';
import { trajectoryOf } from './trajectory-of.js';
import { failedChecks } from '../schema/index.js';
import { describePathFailure, describeTrialFailure } from './validate-suite-failure.js';

export interface ValidationCheck {
  /** `reset`, `oracle`, `known_good:<name>`, `known_bad:<name>`, `expect.assert[i]`, `do_nothing`, `replay`. */
  readonly name: string;
  readonly pass: boolean;
  /** A warning does not make the task unusable. */
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

export interface TaskValidation {
  readonly task_id: string;
  readonly file: string;
  readonly usable: boolean;
  readonly checks: readonly ValidationCheck[];
}

export interface SuiteValidation {
  readonly usable: boolean;
  readonly tasks: readonly TaskValidation[];
}

/** Names of the checks that failed in a trial. */
function failedCheckIds(record: TrialRecord): string[] {
  return failedChecks(record).map((check) => check.id);
}

/** The names of a path validate plays with no reference messages of its own (known-bad, do-nothing). */
const PATH = { path: 'the path', message: "the path's message" } as const;

/**
 * Whether a sequence is usable: the oracle, playing each episode's
 * reference in order on the state the previous episode left, succeeds on
 * every episode. (Its tasks are not checked alone: an episode may need
 * what an earlier one left.)
 */
async function validateSequence(
  suite: Suite,
  sequence: Sequence,
  seed: number,
): Promise<TaskValidation> {
  const records = await runSequenceAttempt({
    sequence,
    environment: suite.environment,
    agent: createOracleAgent(),
    runSeed: deriveSeed(seed, sequence.id, 'oracle'),
    attempt: 1,
    rerun: 0,
    runId: 'validate',
    suiteHash: suite.hash,
    systemHash: 'oracle',
    judge: () => VALIDATION_JUDGE,
  });
  const checks: ValidationCheck[] = sequence.episodes.map((episode, index) => {
    const record = records[index];
    const pass = record?.success === true;
    return {
      name: `episode:${episode.episode}`,
      pass,
      severity: 'error',
      message:
        record === undefined
          ? `${episode.id} (${episode.task.id}) was not played: an earlier episode was invalid`
          : pass
            ? `${episode.id} (${episode.task.id}): the reference path succeeds on the carried state`
            : `${episode.id} (${episode.task.id}): ${describePathFailure(record, {
                path: 'its reference path, on the carried state,',
                message: 'the reference message',
              })}`,
    };
  });
  return {
    task_id: sequence.id,
    file: sequence.file,
    usable: checks.every((check) => check.pass),
    checks,
  };
}

/**
 * Whether each task of a suite is usable: its reset restores s0, the oracle
 * solves it, every known-good path succeeds too (the outcome checks accept
 * more than the reference), every known-bad path fails (on the named check), a do-nothing
 * agent fails it when it requires a change, every CEL assertion evaluates
 * to a boolean on s0 and on the final states of the reference, known-good
 * and known-bad paths, and a replay of the oracle's trial reaches the same final state.
 * Tasks a sequence plays are checked through their sequences (validateSequence).
 */
export async function validateSuite(
  suite: Suite,
  options: { seed?: number } = {},
): Promise<SuiteValidation> {
  const tasks: TaskValidation[] = [];
  // s0 is usually shared by many tasks: rehash each distinct one once.
  const rehashed = new Map<FrozenState, boolean>();
  const isIntact = (state: FrozenState): boolean => {
    if (!rehashed.has(state)) rehashed.set(state, hashState(state.snapshot) === state.hash);
    return rehashed.get(state)!;
  };
  const sequences = suite.sequences ?? [];
  for (const task of standaloneTasks(suite.tasks, sequences))
    tasks.push(await validateTask(suite, task, options.seed ?? 0, isIntact));
  for (const sequence of sequences)
    tasks.push(await validateSequence(suite, sequence, options.seed ?? 0));
  return { usable: tasks.every((task) => task.usable), tasks };
}

async function validateTask(
  suite: Suite,
  task: Task,
  seed: number,
  isIntact: (state: FrozenState) => boolean,
): Promise<TaskValidation> {
  const play = (agent: Agent, label: string): Promise<TrialRecord> =>
    runTrial({
      task,
      environment: suite.environment,
      agent,
      seed: deriveSeed(seed, task.id, label),
      attempt: 1,
      rerun: 0,
      runId: 'validate',
      suiteHash: suite.hash,
      systemHash: label,
      // Validate checks the hard checks; rubrics are graded at run time by --judge.
      judge: VALIDATION_JUDGE,
    });
  const checks: ValidationCheck[] = [];
  const error = (name: string, pass: boolean, message: string): void =>
    void checks.push({ name, pass, severity: 'error', message });

  const oracle = await play(createOracleAgent(), 'oracle');
  error(
    'oracle',
    oracle.success,
    oracle.success
      ? 'the reference path succeeds'
      : describePathFailure(oracle, {
          path: 'its reference path',
          message: 'the reference message',
        }),
  );

  const fresh = createWorkingState(task.initialState);
  const resetOk =
    fresh.hash() === task.initialState.hash &&
    isIntact(task.initialState) &&
    oracle.initial_state_hash === task.initialState.hash;
  error(
    'reset',
    resetOk,
    resetOk
      ? `s0 hash ${task.initialState.hash.slice(0, 12)} restored before and after a trial`
      : 'the state after reset differs from the fixture',
  );

  const probes: ProbeState[] = [{ name: 's0 (nothing changed)', diff: {} }];
  if (oracle.state_diff !== null) {
    probes.push({ name: "the reference path's final state", diff: oracle.state_diff });
  }
  for (const good of task.spec.known_good) {
    const record = await play(createPathAgent(good.name, good.actions), `known_good:${good.name}`);
    if (record.state_diff !== null) {
      probes.push({
        name: `the final state of known-good path ${good.name}`,
        diff: record.state_diff,
      });
    }
    error(
      `known_good:${good.name}`,
      record.success,
      record.success
        ? 'this known-good path succeeds'
        : describePathFailure(record, {
            path: `its known-good path ${good.name}`,
            message: "the path's message",
          }),
    );
  }
  for (const bad of task.spec.known_bad) {
    const record = await play(createPathAgent(bad.name, bad.actions), `known_bad:${bad.name}`);
    if (record.state_diff !== null) {
      probes.push({
        name: `the final state of known-bad path ${bad.name}`,
        diff: record.state_diff,
      });
    }
    const failed = failedCheckIds(record);
    const named = bad.fails;
    const failsAsNamed =
      named === undefined ||
      failed.some((id) => id === named || id.startsWith(`${named}[`) || id.startsWith(`${named}.`));
    const pass = !record.success && record.valid && failsAsNamed;
    error(
      `known_bad:${bad.name}`,
      pass,
      record.success
        ? 'this known-bad path succeeds: the graders do not catch it'
        : !record.valid
          ? `the path made the trial invalid (${describeTrialFailure(record, PATH)})`
          : failsAsNamed
            ? `fails as expected: ${failed.join(', ')}`
            : `fails, but not on ${named}: failed ${failed.join(', ')}`,
    );
  }

  checks.push(...assertionChecks(task, probes));

  const idle = await play(createDoNothingAgent(), 'do_nothing');
  const requiresChange = task.spec.expect.changes.length > 0;
  checks.push({
    name: 'do_nothing',
    pass: !idle.success,
    severity: requiresChange ? 'error' : 'warning',
    message: idle.success
      ? task.spec.judge === undefined
        ? 'an agent that does nothing passes this task'
        : 'an agent that does nothing passes every check but the rubric, which only the judge grades (validate runs no judge model)'
      : idle.valid
        ? `an agent that does nothing fails (${failedCheckIds(idle).join(', ')})`
        : `an agent that does nothing makes the trial invalid (${describeTrialFailure(idle, PATH)})`,
  });

  const replay = await play(
    createPathAgent('replay-of-oracle', trajectoryOf(oracle).steps),
    'replay',
  );
  const replayOk = replay.final_state_hash === oracle.final_state_hash;
  error(
    'replay',
    replayOk,
    replayOk
      ? 'replaying the oracle trial reaches the same final state'
      : 'replaying the oracle trial reaches a different final state',
  );

  return {
    task_id: task.id,
    file: task.file,
    usable: checks.every((check) => check.pass || check.severity === 'warning'),
    checks,
  };
}

/**
 * One check per CEL assertion: it must evaluate to a boolean on every state
 * probed, else a trial ending there would be a grader failure, and it must
 * type-check against the fields the records of those states have, so that a
 * branch no probed state reaches cannot read a field no record has.
 */
function assertionChecks(task: Task, probes: readonly ProbeState[]): ValidationCheck[] {
  const input = { assert: task.spec.expect.assert, s0: task.initialState.snapshot };
  const broken = findBrokenAssertions({ ...input, states: probes });
  const mistyped = typeCheckAssertions({ ...input, diffs: probes.map((probe) => probe.diff) });
  return task.spec.expect.assert.map((expression, index) => {
    const problem = broken.find((b) => b.index === index);
    const typeError = mistyped.find((t) => t.index === index);
    return {
      name: `expect.assert[${index}]`,
      pass: problem === undefined && typeError === undefined,
      severity: 'error',
      message:
        problem !== undefined
          ? `${expression} cannot be evaluated on ${problem.state}: ${problem.error}`
          : typeError !== undefined
            ? `${expression} does not type-check against the fields of the records in s0 and the reference and known-bad paths' final states: ${typeError.error}`
            : `${expression} evaluates on s0 and on the reference and known-bad paths' final states`,
    };
  });
}
