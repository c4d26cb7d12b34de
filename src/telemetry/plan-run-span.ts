import type { RunRecord, RunStatus, TrialRecord } from '../schema/index.js';
import type { SpanAttributeValue, SpanError } from './planned-span.js';
import { ENDSTATE, GEN_AI, STABLE } from './span-attributes.js';

/** The run span as it starts: it ends when the run is closed (`runSpanEnd`). */
export interface RunSpanStart {
  readonly name: string;
  readonly startMs: number;
  readonly attributes: Readonly<Record<string, SpanAttributeValue>>;
}

/** What the run span says once closed, from the trials this process recorded. */
export interface RunSpanEnd {
  readonly endMs: number;
  readonly attributes: Readonly<Record<string, SpanAttributeValue>>;
  readonly error: SpanError | null;
}

/**
 * The root of a run's trace. A new run's span starts when the run was
 * created; a resumed run gets a new span from `resumedAtMs`, as the time
 * between the first process and this one was no part of either.
 */
export function runSpanStart(run: RunRecord, resumedAtMs?: number): RunSpanStart {
  return {
    name: `run ${run.suite.name}`,
    startMs: resumedAtMs ?? Date.parse(run.created_at),
    attributes: {
      [ENDSTATE.runId]: run.run_id,
      [ENDSTATE.suiteName]: run.suite.name,
      [ENDSTATE.suiteHash]: run.suite.hash,
      [ENDSTATE.systemHash]: run.system_hash,
      [ENDSTATE.agentKind]: run.system.agent.kind,
      [GEN_AI.agentName]: run.system.agent.name,
      [ENDSTATE.runSeed]: run.seed,
      [ENDSTATE.runTrialsPerTask]: run.trials_per_task,
      [ENDSTATE.runResumed]: resumedAtMs !== undefined,
    },
  };
}

/** Counts of the trials a run span covers. */
export interface RunTally {
  trials: number;
  successes: number;
  /** Null once a trial's cost is unknown (an unpriced model): never counted as 0. */
  costUsd: number | null;
}

export function emptyTally(): RunTally {
  return { trials: 0, successes: 0, costUsd: 0 };
}

export function addToTally(tally: RunTally, trial: TrialRecord): void {
  tally.trials++;
  if (trial.success) tally.successes++;
  tally.costUsd =
    tally.costUsd === null || trial.usage.cost_usd === null
      ? null
      : tally.costUsd + trial.usage.cost_usd;
}

/** An interrupted run (Ctrl-C, a refused model, a failed write) ended in an error. */
export function runSpanEnd(status: RunStatus, finishedAt: string, tally: RunTally): RunSpanEnd {
  const error: SpanError | null =
    status === 'interrupted'
      ? { type: 'interrupted', message: 'the run was interrupted; --resume goes on with it' }
      : null;
  return {
    endMs: Date.parse(finishedAt),
    attributes: {
      [ENDSTATE.runStatus]: status,
      [ENDSTATE.runTrials]: tally.trials,
      [ENDSTATE.runSuccesses]: tally.successes,
      ...(tally.costUsd === null ? {} : { [ENDSTATE.costUsd]: tally.costUsd }),
      ...(error === null ? {} : { [STABLE.errorType]: error.type }),
    },
    error,
  };
}
