import { createOracleAgent, createPathAgent } from '../../src/agent/index.js';
import type { JsonObject } from '../../src/core/index.js';
import { jsonEqual } from '../../src/core/index.js';
import { replayCalls } from '../../src/environment/index.js';
import type { Step } from '../../src/schema/index.js';
import type { Suite, Task } from '../../src/task/index.js';
import { runTrial } from '../../src/trial/index.js';

/**
 * One task of what scripts/taubench-airline-gold.py writes: tau-bench's own
 * airline code replaying the task's gold actions.
 */
export interface AirlineGoldEntry {
  /** Each action's observation when it is an error ("Error: ..."), else null. */
  readonly errors: readonly (string | null)[];
  /** Every record that differs from the seed afterwards (null: removed). */
  readonly changed: Readonly<Record<string, Readonly<Record<string, JsonObject | null>>>>;
  readonly hash: string;
  readonly outputs: readonly string[];
  /** tau-bench's reward with the reference's summary said, and with "All done." only. */
  readonly reward: { readonly said: number; readonly silent: number };
}

export interface AirlineParity {
  readonly tasks: number;
  /** Tasks whose gold actions got the same error texts, action by action. */
  readonly errorsEqual: number;
  /** Tasks whose oracle trial ended in tau-bench's end state, record for record. */
  readonly endStatesEqual: number;
  /** Tasks whose oracle trial passed the outcome check (tau-bench's data hash check passes on gold). */
  readonly outcomesPassed: number;
  /** Tasks whose response verdict equals tau-bench's outputs verdict, summary said and not. */
  readonly saidVerdictsEqual: number;
  readonly silentVerdictsEqual: number;
  /** What differed, task by task. */
  readonly mismatches: readonly string[];
}

function toolSteps(task: Task): { tool: string; args: JsonObject }[] {
  return task.spec.reference.flatMap((step) =>
    'tool' in step ? [{ tool: step.tool, args: step.args }] : [],
  );
}

function trialInput(suite: Suite, task: Task) {
  return {
    task,
    environment: suite.environment,
    seed: 1,
    attempt: 1,
    rerun: 0,
    runId: 'parity',
    suiteHash: suite.hash,
    systemHash: 'parity',
  };
}

/** The records that differ between a trial's diff and tau-bench's changed records. */
function endStateMismatches(
  diff: Readonly<Record<string, Readonly<Record<string, { after: unknown }>>>>,
  gold: AirlineGoldEntry,
): string[] {
  const found: string[] = [];
  for (const [collection, records] of Object.entries(diff)) {
    for (const [id, change] of Object.entries(records)) {
      if (!jsonEqual(change.after ?? null, gold.changed[collection]?.[id] ?? null)) {
        found.push(`${collection}/${id}`);
      }
    }
  }
  for (const [collection, records] of Object.entries(gold.changed)) {
    for (const id of Object.keys(records)) {
      if (diff[collection]?.[id] === undefined) found.push(`missing ${collection}/${id}`);
    }
  }
  return found;
}

/**
 * Plays an imported airline suite against tau-bench's gold replay: for each
 * task (test-000, test-001, ... against the gold entries in order) the
 * gold actions' error texts, the oracle's end state and outcome, and the
 * response verdict with the reference's summary and with no summary.
 */
export async function compareAirlineSuite(
  suite: Suite,
  gold: readonly AirlineGoldEntry[],
): Promise<AirlineParity> {
  const tasks = [...suite.tasks].sort((a, b) => a.id.localeCompare(b.id));
  const mismatches: string[] = [];
  let errorsEqual = 0;
  let endStatesEqual = 0;
  let outcomesPassed = 0;
  let saidVerdictsEqual = 0;
  let silentVerdictsEqual = 0;
  for (const [index, task] of tasks.entries()) {
    const entry = gold[index];
    if (entry === undefined || task.id !== `test-${String(index).padStart(3, '0')}`) {
      mismatches.push(`${task.id}: no gold entry ${index}`);
      continue;
    }
    const replay = await replayCalls(suite.environment, task.initialState, toolSteps(task));
    const errors = replay.results.map((result) =>
      result.ok ? null : `Error: ${result.error.message}`,
    );
    if (jsonEqual(errors, [...entry.errors])) errorsEqual++;
    else mismatches.push(`${task.id} errors ${JSON.stringify(errors)}`);

    const oracle = await runTrial({ ...trialInput(suite, task), agent: createOracleAgent() });
    const differing = endStateMismatches(oracle.state_diff ?? {}, entry);
    if (differing.length === 0) endStatesEqual++;
    else mismatches.push(`${task.id} end state: ${differing.join(', ')}`);
    if (oracle.grades.outcome?.pass === true) outcomesPassed++;
    else mismatches.push(`${task.id}: the oracle fails the outcome check`);
    const said = oracle.grades.response?.pass ?? true;
    if (said === (entry.reward.said === 1)) saidVerdictsEqual++;
    else
      mismatches.push(`${task.id}: response ${said}, tau-bench said-reward ${entry.reward.said}`);

    const silentSteps: Step[] = [...toolSteps(task), { say: 'All done.' }];
    const silent = await runTrial({
      ...trialInput(suite, task),
      agent: createPathAgent('silent', silentSteps),
    });
    const silentVerdict = silent.grades.response?.pass ?? true;
    if (silentVerdict === (entry.reward.silent === 1)) silentVerdictsEqual++;
    else
      mismatches.push(
        `${task.id}: silent response ${silentVerdict}, tau-bench silent-reward ${entry.reward.silent}`,
      );
  }
  return {
    tasks: tasks.length,
    errorsEqual,
    endStatesEqual,
    outcomesPassed,
    saidVerdictsEqual,
    silentVerdictsEqual,
    mismatches,
  };
}
