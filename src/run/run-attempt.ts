import type { Agent } from '../agent/index.js';
import { deriveSeed, yieldToEventLoop } from '../core/index.js';
import type { Environment } from '../environment/index.js';
import type { JudgeCaller, RunRecord, TrialIdentity, TrialRecord } from '../schema/index.js';
import type { Task } from '../task/index.js';
import { runTrial } from '../trial/index.js';
import type { RunFaults } from '../trial/index.js';
import type { UserFactory } from '../user/index.js';

export interface AttemptInput {
  readonly task: Task;
  /** 1..k. */
  readonly attempt: number;
  /** Where to start (a resumed run goes on after the reruns it stored). */
  readonly firstRerun?: number;
  readonly environment: Environment;
  readonly agent: Agent;
  /** The run; its system spec's `mode` (a diagnosis mode) shapes every trial. */
  readonly run: Pick<RunRecord, 'run_id' | 'seed' | 'max_reruns' | 'system_hash'> & {
    readonly system?: Pick<RunRecord['system'], 'mode'>;
  };
  readonly suiteHash: string;
  readonly users?: UserFactory | undefined;
  /** The run's judge model, made for each trial (its calls are recorded under the trial). */
  readonly judge?: ((trial: TrialIdentity) => JudgeCaller) | undefined;
  readonly runFaults?: RunFaults | undefined;
  /** Called after every trial; `willRerun` when the trial was invalid and another try follows. */
  readonly onTrial: (record: TrialRecord, willRerun: boolean) => void;
  /**
   * Stops before the next try when it returns an error (a failed write, a
   * refusing provider); an invalid trial that ends while it does is not kept.
   */
  readonly shouldStop?: () => Error | undefined;
}

/**
 * One of a task's k trials: tried until valid, up to the run's rerun limit.
 * Seeds derive from the run seed, the task, the attempt and the rerun, so
 * the records are the same whichever thread plays them.
 */
export async function runAttempt(input: AttemptInput): Promise<void> {
  const { task, attempt, run } = input;
  for (let rerun = input.firstRerun ?? 0; rerun <= run.max_reruns; rerun++) {
    await yieldToEventLoop();
    const stop = input.shouldStop?.();
    if (stop !== undefined) throw stop;
    const seed = deriveSeed(run.seed, task.id, attempt, rerun);
    const judge = input.judge?.({ task_id: task.id, attempt, rerun, seed });
    const record = await runTrial({
      task,
      environment: input.environment,
      agent: input.agent,
      seed,
      attempt,
      rerun,
      runId: run.run_id,
      suiteHash: input.suiteHash,
      systemHash: run.system_hash,
      users: input.users,
      judge,
      runFaults: input.runFaults,
      mode: run.system?.mode,
    });
    // A trial ended by what stopped the run (invalid, or a refusal counted as
    // incompatibility) is dropped: the resumed run plays it again.
    const stopped = input.shouldStop?.();
    const isEndedByStop = !record.valid || record.terminal_reason === 'harness_incompatibility';
    if (stopped !== undefined && isEndedByStop) throw stopped;
    const willRerun = !record.valid && rerun < run.max_reruns;
    input.onTrial(record, willRerun);
    if (!willRerun) return;
  }
}
